// `karya batch <jobs-file> --queue`: the batch's books go to the Postgres job queue (KARYA_DATABASE_URL)
// and any number of `karya worker` processes write them under the batch's one rpm/tpm budget
// (server/queue/batch.ts). This command queues the first step of every unfinished book, shows the
// workers' progress as it comes (LISTEN karya_batch), and writes each book's files here when it is
// done. Progress is saved in Postgres under the same keys as a local batch, so running the same command
// again (after an interrupt, or a failed book) continues where the books stopped. The books as they end are
// written by queued-ends.ts, a series' books queued one after another by queued-series.ts.
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { DEFAULT_CLOSE_THRESHOLD, KaryaError, stepsFor, type ClosenessReading } from '../../engine/index.js';
import {
  BATCH_OWNER,
  configFromEnv,
  openQueue,
  openStore,
  postgresBookStore,
  submitBatch,
  type BatchNotice,
  type StepQueue,
} from '../../server/index.js';
import type { BatchJob } from './jobs.js';
import { BOOK_END_THREAD_FROM, BookEnds, bookEndThread, endsHere, type BookEnder } from './book-end.js';
import type { BatchResult } from './scheduler.js';
import { batchNearDuplicates } from './near-duplicates.js';
import { withSpent } from './spent.js';
import { QueuedBatchSetupError } from './queue-setup.js';
import type { Progress, QueuedBatchInput, QueuedRun, SavedBooks } from './queued-run.js';
import { bookEnder, hearNotices, writeEnded } from './queued-ends.js';
import { seriesChains } from './queued-series.js';

export type { QueuedBatchInput } from './queued-run.js';

/** A queued batch's connections: the store, the queue and the progress listener (nothing written yet). */
export interface QueuedBatchLink {
  /** Run the batch: submit its books, show their progress, write each one as it ends. Closes the link. */
  run(input: QueuedBatchInput): Promise<BatchResult>;
  /** Close the link without running anything (the jobs did not pass). */
  close(): Promise<void>;
}

/** Open what a queued batch needs, side by side: the store, the queue and the progress listener. */
export async function connectQueuedBatch(): Promise<QueuedBatchLink> {
  let config;
  try {
    config = configFromEnv(process.env);
  } catch (error) {
    // A setting refused (a ConfigError), worded in the batch's language when it is said.
    if (!KaryaError.isInstance(error)) throw error;
    throw new QueuedBatchSetupError({ setting: error });
  }
  if (!config.databaseUrl) throw new QueuedBatchSetupError({ noDatabase: true });
  const store = await openStore(config);
  const postgres = store.postgres!;
  const batchId = randomUUID();
  let onNotice: (notice: BatchNotice) => void = () => undefined;
  // (The queue's warnings are the workers' business: this command shows the books' progress. No logger is loaded.)
  const queueOpened = openQueue(postgres, { warn: () => undefined }, { isSender: true });
  queueOpened.catch(() => undefined);
  // (A queue still starting is let start first, since it uses the store's pool; then both close.)
  const close = async () => {
    const opened = await queueOpened.catch(() => undefined);
    await Promise.all([opened?.close(), store.close()]);
  };
  let queue: StepQueue;
  try {
    queue = await queueOpened;
    // Progress notices from the workers, for this batch only, through the queue's listening connection
    // (listened again after a drop; a notice lost meanwhile only misses a progress line: the books' ends are read from
    // the table).
    await queue.channel.onBatch(batchId, (notice) => onNotice(notice as BatchNotice));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    close,
    run: async (input) => {
      try {
        return await runQueuedBatch({
          ...input,
          batchId,
          postgres,
          repos: store.repos,
          queue,
          onNotice: (handle) => (onNotice = handle),
        });
      } finally {
        // (A failure to close is not the batch's: its books are written and its result stands.)
        await close().catch(() => undefined);
      }
    },
  };
}

async function runQueuedBatch(input: QueuedRun): Promise<BatchResult> {
  // Each ended book's fingerprint and passages read in a thread (this process shares the machine with the workers),
  // and, in a batch of many books, its files written and its text read (words, marks, continuity) in the same one
  // (book-end.ts bookEndThread: one isolate for both).
  const thread = bookEndThread();
  const reading = new (await import('../../engine/node.js')).ClosenessPool(thread);
  const bookEnds = input.jobs.length >= BOOK_END_THREAD_FROM ? new BookEnds(thread) : undefined;
  bookEnds?.warm();
  try {
    return await runQueued(input, reading, bookEnds ?? endsHere);
  } finally {
    await thread.close();
  }
}

async function runQueued(given: QueuedRun, reading: ClosenessReading, bookEnds: BookEnder): Promise<BatchResult> {
  const started = performance.now();
  const { batchId, postgres, queue } = given;
  const progress: Progress = {
    queued: new Set(),
    written: new Map(),
    stepsDone: new Map(),
    startedAt: new Map(),
    totals: { calls: 0, tokens: 0, retries: 0, shortParts: 0, repeatingParts: 0, tooClose: 0 },
  };
  // Each step's, retry's and book's event says the calls and tokens the workers sent since the one before (spent.ts).
  const input: QueuedRun = { ...given, onEvent: withSpent(progress.totals, given.onEvent) };
  const wakeUp = hearNotices(input, progress.totals);
  // The window --rpm and --tpm count over: a minute (tests and benchmarks shorten it, as for a local batch).
  const windowMs =
    Number(process.env.KARYA_BATCH_WINDOW_MS) > 0 ? Math.round(Number(process.env.KARYA_BATCH_WINDOW_MS)) : 60_000;
  const books = postgresBookStore(postgres.db, BATCH_OWNER);
  // The owner's catalogue of finished books (the store's repositories), for the near-duplicate check of each book as it
  // is done.
  const nearDuplicates = await batchNearDuplicates(
    input.repos,
    BATCH_OWNER,
    input.jobs,
    input.closeThreshold ?? DEFAULT_CLOSE_THRESHOLD,
    reading,
  );
  const { toQueue, rows } = await preflight(input, books, progress);
  // A series' books go one after another: a book is queued once the one before it in the series is done, told
  // the series as of that book's end (the later ones wait here, their rows queued).
  const chains = await seriesChains(input, { batchId, postgres, queue, repos: input.repos }, toQueue, rows);
  // The batch's row, its books' rows and their first jobs, in one transaction.
  await submitBatch(queue, {
    id: batchId,
    rpm: input.rpm ?? null,
    tpm: input.tpm ?? null,
    windowMs,
    books: rows,
    jobs: chains.first,
  });
  await chains.failRefused();
  // A batch without a series queues nothing after this: the job queue's own connections are let go now, while the
  // books are written, rather than after the last one (about 30 ms of the command's end).
  if (!input.jobs.some((job) => job.series))
    void queue.boss.stop({ graceful: false, close: true }).catch(() => undefined);
  const byKey = new Map(input.jobs.map((job) => [job.key, job]));
  const endBook = bookEnder(
    input,
    { byKey, nearDuplicates, bookEnds, nextInSeries: chains.nextInSeries, wakeUp },
    progress,
  );
  await writeEnded(input, { books, byKey, endBook, wakeUp }, progress);
  return reportQueued(input, progress, started);
}

/** Each book's saved progress: its job_started event, its row, and whether it still goes to the queue. */
async function preflight(input: QueuedRun, books: SavedBooks, progress: Progress) {
  const savedBooks = await books.loadMany(input.jobs.filter((job) => job.spec.kind !== 'image').map((job) => job.key));
  let totalSteps = 0;
  let doneSteps = 0;
  const toQueue: Array<{ job: BatchJob; done: number }> = [];
  const rows: Array<{ key: string; isFinished: boolean }> = [];
  for (const job of input.jobs) {
    const steps = stepsFor(job.spec, job.totalChapters).length;
    const saved = job.spec.kind === 'image' ? null : savedBooks.get(job.key);
    const done =
      job.spec.kind === 'image'
        ? existsSync(job.outFile) && statSync(job.outFile).size > 0
          ? steps
          : 0
        : saved
          ? saved.state.content.length + (saved.state.outline !== undefined ? 1 : 0)
          : 0;
    const isFinished = job.spec.kind === 'image' ? done === steps : saved?.isFinished === true;
    totalSteps += steps;
    doneSteps += done;
    progress.stepsDone.set(job.key, done);
    progress.startedAt.set(job.key, performance.now());
    input.onEvent({
      type: 'job_started',
      job: job.name,
      index: job.index,
      generator: job.spec.id,
      lang: saved?.state.lang ?? String(job.settings.language ?? job.spec.fixedLanguage),
      steps,
      done,
      out: job.outFile,
    });
    rows.push({ key: job.key, isFinished });
    if (!isFinished) {
      toQueue.push({ job, done });
      progress.queued.add(job.key);
    }
  }
  input.onPlanned?.({ totalSteps, doneSteps });
  return { toQueue, rows };
}

/**
 * The batch's result; an interrupted batch is stopped (its chains end after the steps running now, each saved when it
 * finishes).
 */
async function reportQueued(input: QueuedRun, progress: Progress, started: number): Promise<BatchResult> {
  const { written, totals } = progress;
  const isInterrupted = input.signal.aborted && written.size < input.jobs.length;
  if (isInterrupted) await input.queue.batches.stop(input.batchId);
  const succeeded = [...written.values()].filter((v) => v === 'done').length;
  const failed = [...written.values()].filter((v) => v === 'failed').length;
  return {
    books: input.jobs.length,
    succeeded,
    failed,
    unfinished: input.jobs.length - succeeded - failed,
    isInterrupted,
    calls: totals.calls,
    retries: totals.retries,
    tokens: totals.tokens,
    shortParts: totals.shortParts,
    repeatingParts: totals.repeatingParts,
    tooClose: totals.tooClose,
    seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
  };
}
