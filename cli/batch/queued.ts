// `karya batch <jobs-file> --queue`: the batch's books go to the Postgres job queue (KARYA_DATABASE_URL)
// and any number of `karya worker` processes write them under the batch's one rpm/tpm budget
// (server/queue/batch.ts). This command queues the first step of every unfinished book, shows the
// workers' progress as it comes (LISTEN karya_batch), and writes each book's files here when it is
// done. Progress is saved in Postgres under the same keys as a local batch, so running the same command
// again (after an interrupt, or a failed book) continues where the books stopped.
import { randomUUID } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { DEFAULT_CLOSE_THRESHOLD, catalogueMessage, KaryaError, stepsFor, SeriesError, startBook, type Catalog, type ClosenessReading, type SavedBook } from '../../engine/index.js';
import { BATCH_OWNER, configFromEnv, openQueue, openStore, postgresBookStore, sendBatchStep, submitBatch, type BatchBookJob, type BatchNotice, type EndedBatchBook, type StateRepositories, type StepQueue } from '../../server/index.js';
import { batchSeriesBook } from '../series.js';
import type { BatchJob } from './jobs.js';
import { BOOK_END_THREAD_FROM, BookEnds, endsHere, type BookEnder } from './book-end.js';
import type { BatchEvent, BatchResult } from './scheduler.js';
import { batchNearDuplicates, type CheckJob } from './near-duplicates.js';
import { withSpent, withoutSent } from './spent.js';
import { QueuedBatchSetupError } from './queue-setup.js';

export interface QueuedBatchInput {
  jobs: readonly BatchJob[];
  rpm?: number;
  tpm?: number;
  signal: AbortSignal;
  onEvent(event: BatchEvent): void;
  /** Called once the saved progress is known: steps in all and steps already written. */
  onPlanned?(plan: { totalSteps: number; doneSteps: number }): void;
  /** The generators (a series book's series is derived from its books'). */
  catalog?: Catalog;
  /** The near-duplicate threshold (default 15 %): a book done is compared with the owner's others first. */
  closeThreshold?: number;
}

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
    // (listened again after a drop; a notice lost meanwhile only misses a progress line: the books' ends are read from the table).
    await queue.channel.onBatch(batchId, (notice) => onNotice(notice as BatchNotice));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    close,
    run: async (input) => {
      try {
        return await runQueuedBatch({ ...input, batchId, postgres, repos: store.repos, queue, onNotice: (handle) => (onNotice = handle) });
      } finally {
        // (A failure to close is not the batch's: its books are written and its result stands.)
        await close().catch(() => undefined);
      }
    },
  };
}

type Postgres = NonNullable<Awaited<ReturnType<typeof openStore>>['postgres']>;
type QueuedRun = QueuedBatchInput & { batchId: string; postgres: Postgres; repos: StateRepositories; queue: StepQueue; onNotice(handle: (notice: BatchNotice) => void): void };
type Totals = { calls: number; tokens: number; retries: number; shortParts: number; repeatingParts: number; tooClose: number };
type SavedBooks = ReturnType<typeof postgresBookStore>;

/** What the command keeps of a batch while it runs: the books written (or failed), each one's steps done before and its start. */
interface Progress {
  written: Map<string, 'done' | 'failed'>;
  stepsDone: Map<string, number>;
  startedAt: Map<string, number>;
  totals: Totals;
}

async function runQueuedBatch(input: QueuedRun): Promise<BatchResult> {
  // Each ended book's fingerprint and passages read in a thread of their own: this process shares the machine with the workers.
  const reading = new (await import('../../engine/node.js')).ClosenessPool();
  // Each ended book's files written and its text read (words, marks, continuity) in a thread of their own too (book-end.ts).
  const bookEnds = input.jobs.length >= BOOK_END_THREAD_FROM ? new BookEnds() : undefined;
  bookEnds?.warm();
  try {
    return await runQueued(input, reading, bookEnds ?? endsHere);
  } finally {
    await Promise.all([reading.close(), bookEnds?.close()]);
  }
}

async function runQueued(given: QueuedRun, reading: ClosenessReading, bookEnds: BookEnder): Promise<BatchResult> {
  const started = performance.now();
  const { batchId, postgres, queue } = given;
  const progress: Progress = { written: new Map(), stepsDone: new Map(), startedAt: new Map(), totals: { calls: 0, tokens: 0, retries: 0, shortParts: 0, repeatingParts: 0, tooClose: 0 } };
  // Each step's, retry's and book's event says the calls and tokens the workers sent since the one before (spent.ts).
  const input: QueuedRun = { ...given, onEvent: withSpent(progress.totals, given.onEvent) };
  const wakeUp = hearNotices(input, progress.totals);
  // The window --rpm and --tpm count over: a minute (tests and benchmarks shorten it, as for a local batch).
  const windowMs = Number(process.env.KARYA_BATCH_WINDOW_MS) > 0 ? Math.round(Number(process.env.KARYA_BATCH_WINDOW_MS)) : 60_000;
  const books = postgresBookStore(postgres.db, BATCH_OWNER);
  // The owner's catalogue of finished books (the store's repositories), for the near-duplicate check of each book as it is done.
  const nearDuplicates = await batchNearDuplicates(input.repos, BATCH_OWNER, input.jobs, input.closeThreshold ?? DEFAULT_CLOSE_THRESHOLD, reading);
  const { toQueue, rows } = await preflight(input, books, progress);
  // A series' books go one after another: a book is queued once the one before it in the series is done, told
  // the series as of that book's end (the later ones wait here, their rows queued).
  const chains = await seriesChains(input, { batchId, postgres, queue, repos: input.repos }, toQueue, rows);
  // The batch's row, its books' rows and their first jobs, in one transaction.
  await submitBatch(queue, { id: batchId, rpm: input.rpm ?? null, tpm: input.tpm ?? null, windowMs, books: rows, jobs: chains.first });
  await chains.failRefused();
  // A batch without a series queues nothing after this: the job queue's own connections are let go now, while the
  // books are written, rather than after the last one (about 30 ms of the command's end).
  if (!input.jobs.some((job) => job.series)) void queue.boss.stop({ graceful: false, close: true }).catch(() => undefined);
  const byKey = new Map(input.jobs.map((job) => [job.key, job]));
  const endBook = bookEnder(input, { byKey, nearDuplicates, bookEnds, nextInSeries: chains.nextInSeries }, progress);
  await writeEnded(input, { books, byKey, endBook, wakeUp }, progress);
  return reportQueued(input, progress, started);
}

/**
 * The books as they end, written from the saved progress (or the cover's PNG): those that ended since the last turn
 * read in one query and written side by side, while the next turn reads the books ending meanwhile (the last books
 * of a batch waited for the writing of the ones before them, ~20 ms a book on a loaded machine, to be read at all).
 */
async function writeEnded(input: QueuedRun, env: { books: SavedBooks; byKey: ReadonlyMap<string, BatchJob>; endBook: ReturnType<typeof bookEnder>; wakeUp: ReturnType<typeof hearNotices> }, progress: Progress): Promise<void> {
  const { books, byKey, endBook, wakeUp } = env;
  const writing = new Map<string, Promise<void>>();
  let failure: { error: unknown } | undefined;
  const isOver = () => failure !== undefined || input.signal.aborted;
  const isLeft = () => progress.written.size + writing.size < input.jobs.length && !isOver();
  while (progress.written.size < input.jobs.length && !isOver()) {
    while (isLeft()) {
      wakeUp.isWoken = false;
      // (The database away for a moment: read again at the next turn.)
      const ended = (await input.queue.batches.ended(input.batchId).catch(() => [])).filter((row) => !progress.written.has(row.job_key) && !writing.has(row.job_key));
      const endedBooks = await books.loadMany(ended.filter((row) => row.status !== 'failed' && byKey.get(row.job_key)!.spec.kind !== 'image').map((row) => row.job_key)).catch(() => new Map<string, never>());
      for (const row of ended) writing.set(row.job_key, endBook(row, endedBooks.get(row.job_key)).catch((error: unknown) => void (failure ??= { error })).finally(() => writing.delete(row.job_key)));
      if (isLeft() && !wakeUp.isWoken) await wakeUp.wait(); // the next end (or half a second), unless one came meanwhile
    }
    // Every book left is being written (a saved book not found yet is looked for again once those are).
    await Promise.all(writing.values());
  }
  if (failure) throw failure.error;
}

/** The workers' notices shown as they come, counted; a book's end wakes the loop (`wait` answers then, or after half a second). */
function hearNotices(input: QueuedRun, totals: Totals): { isWoken: boolean; wait(): Promise<void> } {
  let wake: (() => void) | undefined;
  const state = {
    /** A book ended since the last read of the table. */
    isWoken: false,
    wait: () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, 500);
        function done() {
          clearTimeout(timer);
          wake = undefined;
          input.signal.removeEventListener('abort', done);
          resolve();
        }
        wake = done;
        input.signal.addEventListener('abort', done);
      }),
  };
  input.onNotice((notice) => {
    if (notice.type === 'step_started') input.onEvent(notice);
    else if (notice.type === 'step_retry') input.onEvent(withoutSent(notice));
    else if (notice.type === 'step_done') {
      // Every call the step sent (an answer asked again or continued, a memory update caught up first); a worker
      // that does not say counted one call and the step's own tokens.
      totals.calls += notice.sent?.calls ?? 1;
      totals.tokens += notice.sent ? notice.sent.tokens : notice.tokens?.total ?? 0;
      input.onEvent(withoutSent(notice));
    }
    // A part's memory update: calls of the writer's account as much as a step's (no line of its own, as in a local batch).
    else if (notice.type === 'memory_done') {
      totals.calls += notice.calls;
      totals.tokens += notice.tokens?.total ?? 0;
    }
    if (notice.type === 'step_retry') totals.retries++;
    // A failed attempt's calls were sent too (a local batch counts them as they go out).
    if ((notice.type === 'step_retry' || notice.type === 'book_failed') && notice.sent) {
      totals.calls += notice.sent.calls;
      totals.tokens += notice.sent.tokens;
    }
    // A book ended: read the table now rather than at the next turn.
    if (notice.type === 'book_done' || notice.type === 'book_failed') {
      state.isWoken = true;
      wake?.();
    }
  });
  return state;
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
    const done = job.spec.kind === 'image' ? (existsSync(job.outFile) && statSync(job.outFile).size > 0 ? steps : 0) : saved ? saved.state.content.length + (saved.state.outline !== undefined ? 1 : 0) : 0;
    const isFinished = job.spec.kind === 'image' ? done === steps : saved?.isFinished === true;
    totalSteps += steps;
    doneSteps += done;
    progress.stepsDone.set(job.key, done);
    progress.startedAt.set(job.key, performance.now());
    input.onEvent({ type: 'job_started', job: job.name, index: job.index, generator: job.spec.id, lang: saved?.state.lang ?? String(job.settings.language ?? job.spec.fixedLanguage), steps, done, out: job.outFile });
    rows.push({ key: job.key, isFinished });
    if (!isFinished) toQueue.push({ job, done });
  }
  input.onPlanned?.({ totalSteps, doneSteps });
  return { toQueue, rows };
}

/** A book that ended: its files written (or its failure told), the next book of its series queued, its job_done event. */
function bookEnder(input: QueuedRun, env: { byKey: ReadonlyMap<string, BatchJob>; nearDuplicates: CheckJob; bookEnds: BookEnder; nextInSeries(job: BatchJob, isDone: boolean): Promise<void> }, progress: Progress) {
  const { totals } = progress;
  return async (row: EndedBatchBook, saved: SavedBook | undefined): Promise<void> => {
    const job = env.byKey.get(row.job_key)!;
    if (row.status === 'failed') {
      progress.written.set(row.job_key, 'failed');
      input.onEvent({ type: 'job_failed', job: job.name, index: job.index, step: '', code: (row.error_code ?? 'unexpected') as never, message: row.message ?? '' });
      await env.nextInSeries(job, false);
      return;
    }
    if (job.spec.kind !== 'image' && !saved) return;
    // Compared with the owner's other books from the start (as a local batch's book is): its fingerprint is read in
    // the check's own thread while the book-end thread writes the files and reads the words, the marks (parts still
    // short after their extensions, or repeating the book, as the studio marks them) and the continuity.
    const closing = saved ? env.nearDuplicates(job, saved.state) : Promise.resolve({ closeTo: [] });
    closing.catch(() => undefined);
    const state = saved?.state ?? { generatorId: job.spec.id, settings: job.settings, lang: 'en', totalChapters: job.totalChapters, content: [], currentChapter: 0, isLocked: false };
    const { words = 0, shortParts = 0, repeatingParts = 0, ...continuity } = await env.bookEnds.end(job, state, row.png ? new Uint8Array(row.png) : undefined, { write: true, continuity: saved !== undefined, marks: saved !== undefined });
    progress.written.set(row.job_key, 'done');
    await env.nextInSeries(job, true);
    totals.shortParts += shortParts;
    totals.repeatingParts += repeatingParts;
    const close = await closing;
    if (close.closeTo.length) totals.tooClose++;
    const seconds = Number(((performance.now() - progress.startedAt.get(job.key)!) / 1000).toFixed(3));
    input.onEvent({ type: 'job_done', job: job.name, index: job.index, out: job.outFile, words, seconds, calls: stepsFor(job.spec, job.totalChapters).length - (progress.stepsDone.get(job.key) ?? 0), ...(shortParts ? { shortParts } : {}), ...(repeatingParts ? { repeatingParts } : {}), ...continuity, ...close });
  };
}

/** The batch's result; an interrupted batch is stopped (its chains end after the steps running now, each saved when it finishes). */
async function reportQueued(input: QueuedRun, progress: Progress, started: number): Promise<BatchResult> {
  const { written, totals } = progress;
  const isInterrupted = input.signal.aborted && written.size < input.jobs.length;
  if (isInterrupted) await input.queue.batches.stop(input.batchId);
  const succeeded = [...written.values()].filter((v) => v === 'done').length;
  const failed = [...written.values()].filter((v) => v === 'failed').length;
  return {
    books: input.jobs.length, succeeded, failed, unfinished: input.jobs.length - succeeded - failed, isInterrupted,
    calls: totals.calls, retries: totals.retries, tokens: totals.tokens, shortParts: totals.shortParts, repeatingParts: totals.repeatingParts, tooClose: totals.tooClose, seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
  };
}

/**
 * A queued batch's series: the first job of every book that waits for none (a series' book waits for the one
 * before it), what a series book's job carries (the series as of the book before it, its brief filled from it),
 * and `nextInSeries`, which queues (or fails) the book after one that ended.
 */
async function seriesChains(
  input: QueuedBatchInput, env: { batchId: string; postgres: Postgres; queue: StepQueue; repos: StateRepositories },
  toQueue: ReadonlyArray<{ job: BatchJob; done: number }>, rows: ReadonlyArray<{ key: string; isFinished: boolean }>,
) {
  const { batchId, postgres, queue } = env;
  // The series are read and joined through the store's repositories, as every command's are.
  const series = input.jobs.some((job) => job.series) ? { repos: env.repos } : undefined;
  const held = new Map<string, { job: BatchJob; done: number }>();
  const finished = new Set(rows.filter((r) => r.isFinished).map((r) => r.key));
  const isWaiting = (job: BatchJob) => job.series !== undefined && input.jobs.some((j) => j.series?.name === job.series!.name && j.series.number < job.series!.number && !finished.has(j.key));
  for (const item of toQueue) if (isWaiting(item.job)) held.set(item.job.key, item);
  const langOf = (job: BatchJob) => startBook({ spec: job.spec, settings: job.settings, totalChapters: job.totalChapters }).lang;
  const dataOf = async (job: BatchJob): Promise<BatchBookJob> => {
    const base = { batchId, key: job.key, name: job.name, index: job.index, generatorId: job.spec.id, settings: job.settings, totalChapters: job.totalChapters, out: job.outFile, ...(job.voice ? { voice: job.voice } : {}) };
    if (!job.series || !series || !input.catalog || job.spec.kind !== 'book') return base;
    const told = await batchSeriesBook(series, input.catalog, { series: job.series, key: job.key, spec: job.spec, settings: job.settings, lang: langOf(job) });
    return { ...base, settings: told.settings, series: told.series };
  };
  /** A series book whose series cannot take it (another language, its place taken, the book before failed): failed unqueued. */
  const failBook = async (job: BatchJob, code: SeriesError['code'], params: Readonly<Record<string, string | number>>) => {
    const message = catalogueMessage(code, job.spec.kind === 'book' ? langOf(job) : 'en', Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])));
    await queue.batches.fail({ batchId, key: job.key, code, message });
  };
  const first: Array<{ job: BatchBookJob; step: string }> = [];
  const refused: Array<{ job: BatchJob; error: SeriesError }> = [];
  for (const { job, done } of toQueue.filter((item) => !held.has(item.job.key))) {
    try {
      first.push({ job: await dataOf(job), step: `from:${done}` });
    } catch (error) {
      if (!(error instanceof SeriesError)) throw error;
      refused.push({ job, error });
    }
  }
  return {
    first,
    /** After the batch is submitted: the books refused before they were queued are marked failed. */
    failRefused: async () => {
      for (const { job, error } of refused) await failBook(job, error.code, error.params);
    },
    /** The book after `job` in its series, once `job` ended: queued when `job` is done, else failed with it. */
    nextInSeries: async (job: BatchJob, isDone: boolean) => {
      const after = job.series && [...held.values()].find((h) => h.job.series?.name === job.series!.name && h.job.series.number === job.series!.number + 1);
      if (!after) return;
      held.delete(after.job.key);
      if (!isDone) return failBook(after.job, 'series_previous_unfinished', { name: job.series!.name, number: job.series!.number });
      try {
        await sendBatchStep(queue.boss, postgres.pool, await dataOf(after.job), `from:${after.done}`);
      } catch (error) {
        if (!(error instanceof SeriesError)) throw error;
        await failBook(after.job, error.code, error.params);
      }
    },
  };
}
