// A batch's near-duplicate reading off the thread that schedules its calls: the fingerprint, the reuse and the
// passages of each finished book (engine/publish/near-duplicate-check.ts ClosenessReading) read in one worker
// thread, first in first out (reply.ts answers there; run by ../worker-pool.ts): a thread of its own
// (closeness-worker.ts), or a batch's book-end thread, which answers these requests too. A 400-book batch spends a
// few ms of CPU on each book's end; on the one thread that also streams a hundred answers, every one of them waits
// for it. The books are kept in the catalogue in the order they finished. Should the thread fail (its heap, its
// time), that book is read on the caller's thread instead: a check is never lost.
import {
  measureBook,
  passagesHere,
  type BookMeasure,
  type ClosenessReading,
  type SharedPassage,
} from '../../publish/index.js';
import { WorkerPool, workerEntry, type PoolFailures, type PoolLimits } from '../worker-pool.js';
import { PARTS_KEPT, type ClosenessRequest, type MeasureReply, type PassagesReply } from './protocol.js';

/**
 * One thread; a whole book's reading in well under a second, so a minute means it is stuck; every finished book
 * may wait. Parts and ends are given to it as they come, many ahead of its answers (perThread): given one at a
 * time, the next only once this thread read the answer before, it sat idle while a batch's thread was busy with
 * a hundred answers, and read most of a 400-book batch's parts after the last call (1.8 of 2.4 s of its work in
 * the batch's last 4 s, with prose written as asked).
 */
export const CLOSENESS_LIMITS: PoolLimits = {
  workers: 1,
  timeoutMs: 60_000,
  memoryMb: 1024,
  youngMb: 8,
  maxQueued: 100_000,
  countsWaiting: false,
  perKey: Infinity,
  perThread: 1024,
};

const FAILURES: PoolFailures = {
  busy: () => new Error('the near-duplicate thread is busy'),
  tooSlow: () => new Error('the near-duplicate thread ran out of time'),
  tooLarge: () => new Error('the near-duplicate thread ran out of memory'),
  revive: (error) => Object.assign(new Error(error.message), { name: error.name }),
};

/** Each request's failures and its time limit (its own in a shared thread, whose pool has another). */
const OPTIONS = { failures: FAILURES, timeoutMs: CLOSENESS_LIMITS.timeoutMs };

type Request = DistributiveOmit<ClosenessRequest, 'id'>;
type DistributiveOmit<T, K extends keyof T> = T extends unknown ? Omit<T, K> : never;

/** A pool whose thread answers the closeness requests (reply.ts) among its own: one a caller shares with its work. */
export type ClosenessThread = Pick<WorkerPool<object, unknown>, 'run' | 'warm' | 'close'>;

export class ClosenessPool implements ClosenessReading {
  private readonly pool: ClosenessThread;
  /** Whether the thread is this reading's own (closed with it), not one its caller shares with it. */
  private readonly isOwn: boolean;

  /**
   * Read in a thread of its own, or in `shared`, a thread whose entry also answers these requests (a batch's book-end
   * thread: an isolate fewer, 20-30 MB of a 400-book batch's peak memory); its caller closes it.
   */
  constructor(shared?: ClosenessThread) {
    this.pool =
      shared ?? new WorkerPool<Request, unknown>(workerEntry(import.meta.url, 'closeness-worker'), CLOSENESS_LIMITS);
    this.isOwn = !shared;
  }

  /** Load the thread now, beside the batch's first calls: the first book to finish does not wait for it. */
  warm(): void {
    this.pool.warm();
  }

  /**
   * Parts sent ahead (prepare), by their number there: a book's end names each with its text, and the thread reads its
   * print kept under that number instead of the text again.
   */
  private readonly sent = new Map<string, number>();
  private nextPart = 1;

  /**
   * Parts given in this turn of the event loop, sent together once it ends (one message and one reply for all of
   * them): a message each cost the batch's thread ~0.05 ms a part, and a hundred answers come in within a turn or two.
   */
  private unsent: Array<{ part: number; text: string }> = [];

  prepare(part: string): void {
    if (this.sent.has(part)) return;
    const id = this.nextPart++;
    this.sent.set(part, id);
    if (this.sent.size > PARTS_KEPT) this.sent.delete(this.sent.keys().next().value!);
    if (!this.unsent.length) setImmediate(() => this.sendParts());
    this.unsent.push({ part: id, text: part });
  }

  /** The parts given since the last were sent (a book's end sends them first: it may name them). */
  private sendParts(): void {
    if (!this.unsent.length) return;
    const parts = this.unsent;
    this.unsent = [];
    this.pool.run({ kind: 'parts', parts }, OPTIONS).catch(() => {
      for (const { part, text } of parts) if (this.sent.get(text) === part) this.sent.delete(text);
    });
  }

  async measure(book: { key: string; parts: readonly string[] }): Promise<BookMeasure> {
    this.sendParts();
    try {
      const sent = book.parts.map((p) => this.sent.get(p) ?? 0);
      const asked = this.pool.run({ kind: 'measure', key: book.key, parts: book.parts, sent }, OPTIONS);
      // Named now, the book's parts are the thread's (kept there with the book, for its passages): this thread lets
      // go of them (held to the batch's end, a 400-book batch's parts were ~20 MB of its heap).
      for (const p of book.parts) this.sent.delete(p);
      return (await asked) as MeasureReply;
    } catch {
      // Read here below.
    }
    return measureBook(book.parts);
  }

  async passages(
    book: { key: string; parts: readonly string[] },
    others: readonly string[],
    partsOf: (key: string) => Promise<readonly string[] | null>,
    count: number,
  ): Promise<SharedPassage[][]> {
    if (!others.length) return [];
    this.sendParts();
    const ask = (given?: Record<string, readonly string[] | null>) =>
      this.pool.run(
        { kind: 'passages', key: book.key, others, count, ...(given ? { given } : {}) },
        OPTIONS,
      ) as Promise<PassagesReply>;
    try {
      let reply = await ask();
      // The thread did not keep some of them (a book of an earlier batch, a thread started again): sent once.
      if ('missing' in reply) {
        const given: Record<string, readonly string[] | null> = {};
        for (const key of reply.missing) given[key] = key === book.key ? book.parts : await partsOf(key);
        reply = await ask(given);
      }
      if ('passages' in reply) return reply.passages;
    } catch {
      // Read here below.
    }
    return passagesHere(book.parts, others, partsOf, count);
  }

  close(): Promise<void> {
    this.unsent = [];
    return this.isOwn ? this.pool.close() : Promise.resolve();
  }
}
