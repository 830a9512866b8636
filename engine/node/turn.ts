// The batch schedulers' turns of Node's event loop (cli/batch/book-run.ts, server/queue/batch.ts): a book's own work
// on an answer waits for the I/O already in (the answers that came with it, the calls being sent) to be read first.

/**
 * Answers whose work runs in one turn of the event loop before it looks at its I/O again. One at a time (a look
 * after every answer) read each answer's stream in more pieces and cost the 400-book batch a tenth more CPU; all of
 * them at once (a wave of a hundred answers, ~250 ms of work) held every call slot freed meanwhile until the wave was
 * done: calls took 220–240 ms on average for the model's 200 ms. Four a turn: 209 ms, and the least CPU.
 */
const ANSWERS_PER_TURN = 4;

/** The answers waiting for their turn, oldest first (from `head`). */
const waiting: Array<(() => void) | undefined> = [];
let head = 0;
let isTurning = false;

/** One turn: the next few answers' work (as their promises resolve), then the next turn after the I/O. */
function turn(): void {
  for (let n = 0; n < ANSWERS_PER_TURN && head < waiting.length; n++) {
    const resume = waiting[head]!;
    waiting[head++] = undefined;
    resume();
  }
  if (head < waiting.length) {
    // A queue that never empties (a worker busy for days) drops the answers already resumed now and then.
    if (head >= 1024) {
      waiting.splice(0, head);
      head = 0;
    }
    setImmediate(turn);
    return;
  }
  waiting.length = 0;
  head = 0;
  isTurning = false;
}

/**
 * `value` once the I/O already waiting has been read: answers come in waves (calls sent together come back
 * together), and a book's own work on its answer would otherwise hold back the next call of every call slot freed
 * after it in the wave, and the answers of the calls still out. The answers waiting go a few a turn, in order.
 */
export function afterWaitingIo<T>(value: T): Promise<T> {
  return new Promise((resolve) => {
    waiting.push(() => resolve(value));
    if (isTurning) return;
    isTurning = true;
    setImmediate(turn);
  });
}
