// A batch's near-duplicate reading off the thread that schedules its calls: the fingerprint, the reuse and the
// passages of each finished book (engine/publish/near-duplicate-check.ts ClosenessReading) read in one worker
// thread of their own (closeness-worker.ts, run by ../worker-pool.ts). A 400-book batch spends a few ms of CPU
// on each book's end; on the one thread that also streams a hundred answers, every one of them waits for it.
// One thread, first in first out: the books are kept in the catalogue in the order they finished. Should the
// thread fail (its heap, its time), that book is read on the caller's thread instead: a check is never lost.
import { measureBook, passagesWith, type BookMeasure, type ClosenessReading, type SharedPassage } from '../../publish/index.js';
import { WorkerPool, workerEntry, type PoolFailures, type PoolLimits } from '../worker-pool.js';
import type { ClosenessRequest } from './closeness-worker.js';

/** One thread; a whole book's reading in well under a second, so a minute means it is stuck; every finished book may wait. */
export const CLOSENESS_LIMITS: PoolLimits = { workers: 1, timeoutMs: 60_000, memoryMb: 1024, maxQueued: 100_000, countsWaiting: false, perKey: Infinity };

const FAILURES: PoolFailures = {
  busy: () => new Error('the near-duplicate thread is busy'),
  tooSlow: () => new Error('the near-duplicate thread ran out of time'),
  tooLarge: () => new Error('the near-duplicate thread ran out of memory'),
  revive: (error) => Object.assign(new Error(error.message), { name: error.name }),
};

type Request = { kind: 'measure'; parts: readonly string[] } | { kind: 'passages'; parts: readonly string[]; others: ReadonlyArray<readonly string[]>; count: number };

export class ClosenessPool implements ClosenessReading {
  private readonly pool = new WorkerPool<Request, unknown>(workerEntry(import.meta.url, 'closeness-worker'), CLOSENESS_LIMITS);

  async measure(parts: readonly string[]): Promise<BookMeasure> {
    try {
      return (await this.pool.run({ kind: 'measure', parts }, { failures: FAILURES })) as BookMeasure;
    } catch {
      return measureBook(parts);
    }
  }

  async passages(parts: readonly string[], others: ReadonlyArray<readonly string[]>, count: number): Promise<SharedPassage[][]> {
    if (!others.length) return [];
    try {
      return (await this.pool.run({ kind: 'passages', parts, others, count }, { failures: FAILURES })) as SharedPassage[][];
    } catch {
      return passagesWith(parts, others, count);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

// The worker's request, as the pool sends it (the id is the pool's).
export type { ClosenessRequest };
