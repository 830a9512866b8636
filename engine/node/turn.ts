// One turn of Node's event loop, for the batch schedulers (cli/batch/book-run.ts, server/queue/batch.ts).

/**
 * `value` once the I/O already waiting has been read (a turn of the event loop): answers come in waves (calls sent
 * together come back together), and a book's own work on its answer would otherwise hold back the next call of every
 * call slot freed after it in the wave.
 */
export function afterWaitingIo<T>(value: T): Promise<T> {
  return new Promise((resolve) => setImmediate(resolve, value));
}
