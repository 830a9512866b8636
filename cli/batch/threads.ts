// A local batch on more than one thread. Every answer costs its book a few milliseconds of work on the thread
// that runs it (checked, measured, saved, the next prompt built); with a hundred calls in flight that thread
// is busy all the time and every call waits for it. When the batch is large enough and the machine has the
// cores for it, its books are shared
// between worker threads (thread-worker.ts), each running its share as a batch of its own (runBatch: same
// steps, same saves, same events) with its share of the calls in flight and of --rpm. This thread
// shows the progress, compares each finished book with the catalogue (near-duplicates are one catalogue for
// the whole batch) and sums the results. KARYA_BATCH_THREADS sets the number of threads (1: this thread only).
import { Worker } from 'node:worker_threads';
import { tableSources, withLanguages, workerEntry } from '../../engine/node.js';
import type { BookState, ErrorParams, PublishFacts } from '../../engine/index.js';
import type { CliState } from '../state.js';
import type { RawJob } from './jobs-file.js';
import type { BatchJob } from './jobs.js';
import type { CheckJob, JobNearDuplicates } from './near-duplicates.js';
import type { BatchEvent, BatchLimits, BatchResult } from './scheduler.js';
import { BatchThreadError, isBatchThreadCode, type BatchThreadCode } from './thread-errors.js';

/** What a thread is given to start: its jobs as the file has them, and how to run them. */
export interface ThreadStart {
  file: string;
  raw: RawJob[];
  outDir: string;
  given: PublishFacts;
  state: CliState;
  limits: BatchLimits;
  hasNearDuplicates: boolean;
}

/** Messages from a thread. */
export type FromThread =
  | { type: 'events'; events: BatchEvent[] }
  | { type: 'near'; id: number; key: string; state: BookState }
  | { type: 'done'; result: BatchResult }
  | { type: 'failed'; message: string; code?: BatchThreadCode; params?: ErrorParams };

/** Messages to a thread. */
export type ToThread = { type: 'go' } | { type: 'abort' } | { type: 'near'; id: number; value: JobNearDuplicates };

/** Each thread's share: --concurrency and --rpm divided (at least 1 each); a batch with --tpm runs on one thread. */
function shareOf(limits: BatchLimits, threads: number, t: number): BatchLimits {
  const part = (n: number) => Math.max(1, Math.floor(n / threads) + (t < n % threads ? 1 : 0));
  return { ...limits, concurrency: part(limits.concurrency), ...(limits.rpm ? { rpm: part(limits.rpm) } : {}) };
}

/** What the threads are told once this thread is ready for them: where events go, and the near-duplicate check. */
export interface ThreadsRun {
  signal: AbortSignal;
  onEvent: (event: BatchEvent) => void;
  nearDuplicates?: CheckJob;
}

/**
 * The batch on `threads` threads, started at once so that they load while this thread opens the books: each
 * thread's share dealt in turn (the jobs file's order); `run` lets them begin (once the state is open and
 * migrated here), shows their events as they come, compares each finished book here and sums their results.
 */
export function startBatchThreads(input: {
  threads: number;
  file: string;
  jobs: readonly BatchJob[];
  raw: readonly RawJob[];
  outDir: string;
  given: PublishFacts;
  state: CliState;
  limits: BatchLimits;
  hasNearDuplicates: boolean;
}): { run: (how: ThreadsRun) => Promise<BatchResult>; stop: () => Promise<void> } {
  const started = performance.now();
  const byLine = new Map(input.raw.map((r) => [r.index, r]));
  const byKey = new Map(input.jobs.map((j) => [j.key, j]));
  const shares = Array.from({ length: input.threads }, (_, t) =>
    input.jobs.filter((_, i) => i % input.threads === t).map((j) => byLine.get(j.index)!),
  );
  const threads = shares.map((raw, t) =>
    startThread(
      {
        file: input.file,
        raw,
        outDir: input.outDir,
        given: input.given,
        state: input.state,
        limits: shareOf(input.limits, input.threads, t),
        hasNearDuplicates: input.hasNearDuplicates,
      },
      byKey,
    ),
  );
  return {
    run: async (how) => {
      const results = await Promise.all(threads.map((t) => t.run(how)));
      const sum = (key: keyof BatchResult) => results.reduce((n, r) => n + (r[key] as number), 0);
      return {
        books: sum('books'),
        succeeded: sum('succeeded'),
        failed: sum('failed'),
        unfinished: sum('unfinished'),
        isInterrupted: results.some((r) => r.isInterrupted),
        shortParts: sum('shortParts'),
        repeatingParts: sum('repeatingParts'),
        tooClose: sum('tooClose'),
        calls: sum('calls'),
        retries: sum('retries'),
        tokens: sum('tokens'),
        seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
      };
    },
    stop: async () => {
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

/** One thread: started now, its messages kept until `run` says where they go. */
function startThread(
  start: ThreadStart,
  byKey: ReadonlyMap<string, BatchJob>,
): { worker: Worker; run: (how: ThreadsRun) => Promise<BatchResult> } {
  // Handed the language table as the command read it: the thread's Node door reads no file of it again.
  const worker = new Worker(workerEntry(import.meta.url, 'thread-worker'), {
    workerData: { ...start, ...withLanguages(tableSources()) },
  });
  const send = (message: ToThread) => worker.postMessage(message);
  let how: ThreadsRun | undefined;
  const early: FromThread[] = [];
  let result: BatchResult | undefined;
  let failure: Error | undefined;
  let settle: (() => void) | undefined;
  let hasExited = false;
  const handle = (message: FromThread) => {
    if (!how) return early.push(message);
    if (message.type === 'events') for (const event of message.events) how.onEvent(event);
    else if (message.type === 'near') {
      const job = byKey.get(message.key)!;
      const check = how.nearDuplicates ? how.nearDuplicates(job, message.state) : Promise.resolve({ closeTo: [] });
      check.then(
        (value) => send({ type: 'near', id: message.id, value }),
        () => send({ type: 'near', id: message.id, value: { closeTo: [] } }),
      );
    } else if (message.type === 'done') {
      result = message.result;
      void worker.terminate();
    } else if (message.type === 'failed') {
      const { code, params } = message;
      failure = isBatchThreadCode(code) ? new BatchThreadError(code, params) : new Error(message.message);
      void worker.terminate();
    }
  };
  worker.on('message', handle);
  worker.on('error', (error) => (failure ??= error));
  worker.on('exit', () => {
    hasExited = true;
    settle?.();
  });
  return {
    worker,
    run: (given) =>
      new Promise<BatchResult>((resolve, reject) => {
        how = given;
        const onAbort = () => send({ type: 'abort' });
        given.signal.addEventListener('abort', onAbort, { once: true });
        settle = () => {
          given.signal.removeEventListener('abort', onAbort);
          if (result) resolve(result);
          else reject(failure ?? new BatchThreadError('batch_thread_ended'));
        };
        for (const message of early.splice(0)) handle(message);
        if (hasExited) return settle();
        send({ type: 'go' });
        if (given.signal.aborted) onAbort();
      }),
  };
}
