// Manuscripts read off the caller's event loop, bounded in time and memory: every uploaded or imported file
// (text, Markdown, DOCX, EPUB; a manuscript or a voice sample) is read in a small pool of worker threads
// (parse-worker.ts, run by ../worker-pool.ts). A file that takes longer than the time limit in its thread or more
// memory than the heap limit is refused as `import_too_complex` (422) and its thread ended; the time limit starts
// when a thread takes the file, so ten writers uploading at once are never refused for having waited their turn.
// More files waiting than the queue holds, or one that waited longer than the wait limit, is `import_busy` (503,
// with Retry-After). On a server one writer's files are read one at a time (`perKey` 1), so another writer's file
// never waits behind them all.
//
// Limits (environment): KARYA_IMPORT_WORKERS (threads, default 2), KARYA_IMPORT_TIMEOUT_MS (per file in its
// thread, default 10000), KARYA_IMPORT_WAIT_MS (waiting for a thread, default 60000), KARYA_IMPORT_MEMORY_MB
// (heap of each thread, default 512).
import { ImportRefusal, type ReadManuscript } from '../../import/index.js';
import {
  limitFromEnv,
  WorkerPool,
  withLanguages,
  workerEntry,
  type PoolFailures,
  type PoolLimits,
} from '../worker-pool.js';
import { tableSources } from '../languages.js';
import type { ParseRequest } from './parse-worker.js';

export const DEFAULT_IMPORT_LIMITS: PoolLimits = {
  workers: 2,
  timeoutMs: 10_000,
  memoryMb: 512,
  maxQueued: 8,
  countsWaiting: false,
  waitMs: 60_000,
  perKey: 1,
};

/**
 * The limits from KARYA_IMPORT_WORKERS, KARYA_IMPORT_TIMEOUT_MS, KARYA_IMPORT_WAIT_MS and KARYA_IMPORT_MEMORY_MB;
 * throws naming a bad value.
 */
export function importLimitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): PoolLimits {
  const workers = limitFromEnv(env, 'KARYA_IMPORT_WORKERS', DEFAULT_IMPORT_LIMITS.workers, 1, 16);
  return {
    ...DEFAULT_IMPORT_LIMITS,
    workers,
    timeoutMs: limitFromEnv(env, 'KARYA_IMPORT_TIMEOUT_MS', DEFAULT_IMPORT_LIMITS.timeoutMs, 100, 600_000),
    waitMs: limitFromEnv(env, 'KARYA_IMPORT_WAIT_MS', DEFAULT_IMPORT_LIMITS.waitMs!, 100, 600_000),
    memoryMb: limitFromEnv(env, 'KARYA_IMPORT_MEMORY_MB', DEFAULT_IMPORT_LIMITS.memoryMb, 64, 16_384),
    maxQueued: DEFAULT_IMPORT_LIMITS.maxQueued * workers,
  };
}

/** A busy pool's advice to wait, in seconds (the Retry-After of a 503 import_busy). */
export const IMPORT_BUSY_RETRY_SECONDS = 5;

const nameOf = (file: string) => file.split(/[\\/]/).pop() ?? file;

function failuresFor(file: string): PoolFailures {
  const name = nameOf(file);
  return {
    busy: () => new ImportRefusal('import_busy', { file: name, seconds: String(IMPORT_BUSY_RETRY_SECONDS) }),
    tooSlow: () => new ImportRefusal('import_too_complex', { file: name }, 'the time limit was reached'),
    tooLarge: () => new ImportRefusal('import_too_complex', { file: name }, 'the memory limit was reached'),
    revive: (error) =>
      error.code
        ? new ImportRefusal(error.code as ImportRefusal['code'], error.params ?? { file: name }, error.detail)
        : new ImportRefusal('import_unreadable', { file: name, reason: 'content' }, error.message),
  };
}

export class ImportPool {
  private readonly pool: WorkerPool<Omit<ParseRequest, 'id'>, unknown>;

  constructor(readonly limits: PoolLimits = DEFAULT_IMPORT_LIMITS) {
    // A thread's refusals are worded from the language table: handed as this process read it, not read again there.
    this.pool = new WorkerPool(workerEntry(import.meta.url, 'parse-worker'), limits, {
      workerData: () => withLanguages(tableSources()),
      announcesReady: true,
    });
  }

  get load(): { running: number; queued: number } {
    return this.pool.load;
  }

  /** A manuscript's parts, read in a worker thread; an ImportRefusal when the file is refused or passes a limit. */
  readManuscript(
    file: string,
    bytes: Uint8Array,
    opts: { split?: RegExp; key?: string } = {},
  ): Promise<ReadManuscript> {
    return this.pool.run(
      { file, bytes, purpose: 'manuscript', ...(opts.split ? { split: opts.split } : {}) },
      { failures: failuresFor(file), ...(opts.key !== undefined ? { key: opts.key } : {}) },
    ) as Promise<ReadManuscript>;
  }

  /** A voice sample's text, read in a worker thread; an ImportRefusal as for a manuscript. */
  readVoiceSample(file: string, bytes: Uint8Array, opts: { key?: string } = {}): Promise<string> {
    return this.pool.run(
      { file, bytes, purpose: 'voice' },
      { failures: failuresFor(file), ...(opts.key !== undefined ? { key: opts.key } : {}) },
    ) as Promise<string>;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

let shared: ImportPool | undefined;

/**
 * The process's import pool, with the limits from the environment and `overrides` (made on first use: the
 * server's, or a CLI command's with `{ maxQueued: Infinity, countsWaiting: false }`).
 */
export function importPool(overrides: Partial<PoolLimits> = {}): ImportPool {
  const limits = { ...importLimitsFromEnv(), ...overrides };
  // A queue without bound (a CLI's files, each waiting its turn) has no wait limit either.
  if (limits.maxQueued === Infinity) delete limits.waitMs;
  return (shared ??= new ImportPool(limits));
}
