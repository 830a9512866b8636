// How a checked batch runs (commands/batch.ts checks it and chooses): its books on this process's scheduler, or on
// its threads (cli/batch/threads.ts), each finished one compared with the others; with --queue, on `karya worker`
// processes (this one queues the steps, shows the progress and writes the books); its translation jobs after.
import type { StateFile } from '../../server/index.js';
import type { CliState } from '../state.js';
import { CLI_USER, CliExit, EXIT } from '../util.js';
import { batchNearDuplicates } from '../batch/near-duplicates.js';
import type { Provider } from '../../engine/node.js';
import { runTranslateJobs, type TranslateJob } from '../batch/translate-jobs.js';
import { batchThreads } from '../batch/thread-count.js';
import type { BatchJob, RawJob } from '../batch/jobs.js';
import type { BatchEvent, BatchLimits, BatchResult, BookRun } from '../batch/scheduler.js';
import type { QueuedBatchLink } from '../batch/queued.js';
import { HumanProgress, meterOf } from '../batch/report.js';
import { isPublicEvent, jsonEvent } from '../batch/ndjson.js';
import { endBatch, stopOutput, type JsonOut } from '../batch/end.js';
import { listenForInterrupt } from '../interrupt.js';
import { growHeapSlowly } from '../batch/heap.js';
import { exitOnFailure } from '../errors.js';
import { batchSeriesBook } from '../series.js';
import { startBook, type Catalog, type Lang, type PublishFacts } from '../../engine/index.js';

/** The queued batch's connections, opened now; `abandon` closes them when the batch does not run. */
export async function openQueuedEarly(): Promise<{ link: Promise<QueuedBatchLink>; abandon(): Promise<void> }> {
  // The module first, alone: imported alongside the jobs' check, it was only loaded once the check was over (the
  // check does not let the event loop turn), and the connections did not wait on the network meanwhile.
  const { connectQueuedBatch } = await import('../batch/queued.js');
  const link = connectQueuedBatch();
  // (A failure to connect is reported once the jobs have passed: queuedBatch.)
  link.catch(() => undefined);
  return { link, abandon: async () => (await link.catch(() => undefined))?.close() };
}

/** The batch's threads when it runs on more than one (cli/batch/threads.ts), started; none for one. */
export async function startThreads(input: {
  jobs: readonly BatchJob[];
  raw: readonly RawJob[];
  file: string;
  outDir: string;
  given: PublishFacts;
  place: CliState;
  limits: BatchLimits;
}) {
  // A --tpm budget stays whole on one thread: halved, a call budgeted above half of it would go alone each time.
  const threads = input.limits.tpm ? 1 : batchThreads(input.jobs, input.limits.concurrency);
  // (The threads' module only when they run: on one thread, its import only held the first calls back.)
  if (threads < 2) return undefined;
  const { startBatchThreads } = await import('../batch/threads.js');
  return startBatchThreads({
    threads,
    file: input.file,
    jobs: input.jobs,
    raw: input.raw,
    outDir: input.outDir,
    given: input.given,
    state: input.place,
    limits: input.limits,
    hasNearDuplicates: input.jobs.some((j) => j.spec.kind === 'book'),
  });
}

/**
 * The books run here (or on the batch's threads), with the progress shown and each finished book compared with the
 * others.
 */
export async function runLocal(input: {
  books: readonly BookRun[];
  jobs: readonly BatchJob[];
  store: StateFile;
  catalog: Catalog;
  provider: Provider;
  limits: BatchLimits;
  closeThreshold: number;
  threads: Awaited<ReturnType<typeof startThreads>>;
  progress: HumanProgress;
  emitJson: JsonOut | undefined;
}): Promise<BatchResult> {
  const { books, jobs, store, catalog, progress, emitJson } = input;
  const { runBatch } = await import('../batch/scheduler.js');
  const interrupt = listenForInterrupt({ onSecond: () => stopOutput(progress, emitJson) });
  const onEvent = (event: BatchEvent) => {
    progress.handle(event);
    if (emitJson && isPublicEvent(event) && event.type !== 'rate_limited') emitJson(jsonEvent(event, progress));
  };
  // Each finished book's fingerprint and passages are read off the thread that schedules the calls: in the thread its
  // books end in (one isolate for both, book-end.ts bookEndThread), or, its books on threads, in one of their own.
  const thread = input.threads ? undefined : (await import('../batch/book-end.js')).bookEndThread();
  const reading = new (await import('../../engine/node.js')).ClosenessPool(thread);
  // Loaded once the first calls are out (runBatch's onCallsOut), not beside them; no book ends before its first answer.
  const warmReading = books.some((b) => b.job.spec.kind === 'book' && !b.isComplete) ? () => reading.warm() : undefined;
  // The heaps grow slowly from then too (heap.ts): held at their first size until the first requests are sent.
  const callsOut = () => {
    growHeapSlowly();
    warmReading?.();
  };
  if (input.threads) callsOut();
  try {
    // A series book is told the series once the book before it is done (cli/series.ts).
    const seriesOf = async (job: BatchJob) => {
      if (!job.series || job.spec.kind !== 'book') return undefined;
      const { spec, settings } = job;
      const lang = startBook({ spec, settings, totalChapters: job.totalChapters }).lang;
      return batchSeriesBook(
        store,
        catalog,
        { series: job.series, key: job.key, spec, settings, lang },
        input.provider,
      );
    };
    // Each book done is compared with the owner's books and the batch's done before it (cli/batch/near-duplicates.ts).
    const nearDuplicates = await batchNearDuplicates(store.repos, CLI_USER, jobs, input.closeThreshold, reading);
    return input.threads
      ? await input.threads.run({ signal: interrupt.signal, onEvent, nearDuplicates })
      : await runBatch({
          books,
          renderer: catalog.renderer,
          provider: input.provider,
          state: store,
          limits: input.limits,
          signal: interrupt.signal,
          onEvent,
          seriesOf,
          nearDuplicates,
          ...(thread ? { endThread: thread } : {}),
          onCallsOut: callsOut,
        });
  } catch (error) {
    stopOutput(progress, emitJson);
    throw error;
  } finally {
    interrupt.release();
    // Every check has answered (each book waits for its own): the thread ends while the batch's end is written.
    void reading.close().catch(() => undefined);
    void thread?.close().catch(() => undefined);
  }
}

/** A batch's translation jobs, one after another; exit 1 when one failed. */
export async function translateOnly(
  jobs: readonly TranslateJob[],
  state: string | undefined,
  emitJson: JsonOut | undefined,
): Promise<void> {
  const failed = await runTranslateJobs(jobs, {
    ...(state !== undefined ? { state } : {}),
    ...(emitJson ? { emit: (event) => emitJson(event as never) } : {}),
  });
  emitJson?.flush();
  if (failed) throw new CliExit(EXIT.failed);
}

/** --queue: the workers write the steps; this process queues them, shows progress and writes the books. */
export async function queuedBatch(
  jobs: BatchJob[],
  opts: {
    rpm?: number;
    tpm?: number;
    concurrency: number;
    emitJson: JsonOut | undefined;
    catalog: Catalog;
    closeThreshold: number;
    link: Promise<QueuedBatchLink>;
    lang: Lang;
  },
): Promise<void> {
  const { QueuedBatchSetupError } = await import('../batch/queue-setup.js');
  let progress: HumanProgress | undefined;
  const early: BatchEvent[] = [];
  const interrupt = listenForInterrupt({ onSecond: () => stopOutput(progress, opts.emitJson) });
  const onEvent = (event: BatchEvent) => {
    if (progress) progress.handle(event);
    else early.push(event);
    if (opts.emitJson && isPublicEvent(event) && event.type !== 'rate_limited')
      opts.emitJson(jsonEvent(event, progress));
  };
  let result;
  try {
    let queued: QueuedBatchLink;
    try {
      queued = await opts.link;
    } catch (error) {
      exitOnFailure(error, opts.lang, { selfWorded: [QueuedBatchSetupError] });
      throw error;
    }
    result = await queued.run({
      jobs,
      ...(opts.rpm ? { rpm: opts.rpm } : {}),
      ...(opts.tpm ? { tpm: opts.tpm } : {}),
      signal: interrupt.signal,
      onEvent,
      catalog: opts.catalog,
      closeThreshold: opts.closeThreshold,
      onPlanned: ({ totalSteps, doneSteps }) => {
        progress = new HumanProgress({
          totalSteps,
          doneSteps,
          books: jobs.length,
          maxBars: Math.min(opts.concurrency, 10),
          ...meterOf(jobs),
          lang: opts.lang,
        });
        for (const event of early.splice(0)) progress.handle(event);
      },
    });
  } catch (error) {
    stopOutput(progress, opts.emitJson);
    throw error;
  } finally {
    interrupt.release();
  }
  await endBatch(result, progress, opts.emitJson);
}
