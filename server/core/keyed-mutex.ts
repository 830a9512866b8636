// One task of a key at a time: the server's lock of one user's book (core/generation.ts bookLocks), in this
// process; across processes the queue's advisory locks hold a book (store/postgres/queue-tables.ts).
/** Runs tasks with the same key one after another (one book of one user advances one step at a time). */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  /** Whether a task of `key` runs (or waits) now: one more would wait its turn. */
  isHeld(key: string | null): boolean {
    return key !== null && this.tails.has(key);
  }

  async run<T>(key: string | null, task: () => Promise<T>): Promise<T> {
    if (key === null) return task();
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
