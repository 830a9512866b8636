// How many threads a local batch runs on (threads.ts runs them): decided before the threads' module is loaded, so a
// batch on one thread (a two-core machine) never loads it.
import os from 'node:os';
import type { BatchJob } from './jobs.js';

/** Calls in flight a thread is given at least: below this, one thread keeps up with its answers. */
const LEAST_CALLS_PER_THREAD = 8;
const MOST_THREADS = 8;
/**
 * Cores a machine needs before a batch takes a second thread by default: besides the two threads, the command's
 * own thread and the near-duplicate thread need a core between them. On two cores, two batch threads only took
 * turns on them (a 400-book batch: about the same wall time, half as much CPU again for the caches and compiled
 * code each thread builds on its own).
 */
const CORES_FOR_TWO = 4;

/**
 * The threads a batch runs on: KARYA_BATCH_THREADS when set (1 to 8), else two when the machine has
 * CORES_FOR_TWO cores or more and the batch has at least 16 calls in flight and 2 books, one otherwise. A
 * series runs on one thread (each book waits for the one before it).
 */
export function batchThreads(
  jobs: readonly BatchJob[],
  concurrency: number,
  env: Readonly<Record<string, string | undefined>> = process.env,
): number {
  if (jobs.some((j) => j.series)) return 1;
  const open = jobs.length;
  const set = env.KARYA_BATCH_THREADS?.trim();
  const wanted =
    set && /^[0-9]{1,2}$/.test(set)
      ? Math.min(MOST_THREADS, Math.max(1, Number(set)))
      : os.availableParallelism() >= CORES_FOR_TWO && concurrency >= 2 * LEAST_CALLS_PER_THREAD
        ? 2
        : 1;
  return Math.max(1, Math.min(wanted, open, concurrency));
}
