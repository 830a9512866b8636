// What a worker pool (worker-pool.ts) is given: its limits (threads, time, memory, queue, jobs per key), a limit
// read from the environment, and the errors it answers a job with when one is passed.
import { LimitSettingError } from './limit-setting-error.js';
import type { SerializedError } from './worker-thread.js';

export interface PoolLimits {
  /** Worker threads at most (each runs one job at a time). */
  workers: number;
  /** Time a job may take, waiting included when `countsWaiting`, in ms. */
  timeoutMs: number;
  /** Heap of each worker thread, in MB. */
  memoryMb: number;
  /**
   * Its young generation, in MB (default an eighth of the heap, 8 to 32): a thread whose jobs leave little behind
   * them needs little, and each MB of it is resident once used.
   */
  youngMb?: number;
  /** Jobs waiting for a thread at most; more are refused at once (`busy`). */
  maxQueued: number;
  /**
   * Time a job may wait for a thread, in ms, when the time limit does not count waiting: past it the job answers
   * `busy` (a server's request ends in time); its own time limit starts when a thread takes it, so a job is never
   * refused as too slow for having waited. Unset: it waits as long as it takes (a CLI).
   */
  waitMs?: number;
  /**
   * The time limit counts from the moment the job is asked for (a server: the request ends in time, a long
   * wait answers `busy`), or false: from the moment a thread starts it (a CLI, whose files wait their turn).
   */
  countsWaiting: boolean;
  /** Jobs of one key running at once at most (Infinity: no such rule). */
  perKey: number;
  /**
   * Jobs given to a thread before it has answered the ones before (default 1): they wait in the thread's own
   * queue, each started as soon as the one before it ends, not when this thread has read that one's answer. A
   * thread that reads a batch's parts ahead while its caller streams answers is otherwise idle while the caller
   * is busy (its next job is given only once the caller gets to its last answer). A job's time counts from when it
   * is given (waiting in the thread included); a thread ended for one job's time ends the jobs queued in it too.
   */
  perThread?: number;
}

/** The pool's errors for a job: waited too long for a thread (or too many waiting), ran too long, ran out of memory. */
export interface PoolFailures {
  busy(): Error;
  tooSlow(): Error;
  tooLarge(): Error;
  /** A worker's error rebuilt (its class, code and params) from what crossed the thread. */
  revive(error: SerializedError): Error;
}

/** A whole-number limit from the environment, within [min, max], or `fallback`; a bad one throws LimitSettingError. */
export function limitFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= min && n <= max)) throw new LimitSettingError({ name, value: raw, min, max });
  return n;
}
