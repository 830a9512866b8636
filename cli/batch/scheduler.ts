// The batch scheduler: every book is a chain of steps (outline → introduction → chapters → conclusion);
// all chains run at once and their calls share one p-queue, which bounds the calls in flight and the
// requests per window, with a token window (limits.ts) for tokens per minute. The book with the most
// steps left goes first, so the longest chain never ends up alone at the end. Progress is saved after
// every step under `karya generate`'s key; a 429 pauses every chain for the wait the server asks.
// One book's run (its steps, retries, memory updates and events) is book-run.ts.
import { setMaxListeners } from 'node:events';
import { catalogueMessage, stepsFor, SeriesError, startBook, type PromptRenderer } from '../../engine/index.js';
import type { ClosenessThread, Provider } from '../../engine/node.js';
import type { StateFile } from '../../server/index.js';
import { CLI_USER } from '../util.js';
import type { BatchJob } from './jobs.js';
import { callQueue, observedProvider, rateLimitPause, type BatchLimits } from './call-queue.js';
import { bookAdmission } from './admission.js';
import { withSpent } from './spent.js';
import { hasOutFile, isFileTheProgress } from './files.js';
import { BOOK_END_THREAD_FROM, BookEnds } from './book-end.js';
import type { CheckJob } from './near-duplicates.js';
import { runBook, type BatchCalls, type BatchEvent, type BookRun, type SeriesTold } from './book-run.js';

export type { BatchLimits } from './call-queue.js';
export { continuityOfBook, retryAfterMs, type BatchEvent, type BookRun, type StepTokens } from './book-run.js';

export interface BatchResult {
  books: number;
  succeeded: number;
  failed: number;
  /** Books left unfinished by an interrupt (their finished steps are saved). */
  unfinished: number;
  isInterrupted: boolean;
  /** Prose parts still under 0.85 of their target after their length extensions (kept, reported short). */
  shortParts: number;
  /** Prose parts whose words repeat what the book already wrote (engine/session/repeat.ts REPEATS_RATIO or more). */
  repeatingParts: number;
  /** Books too close to another of the owner's books or of the batch (--close-threshold). */
  tooClose: number;
  calls: number;
  retries: number;
  tokens: number;
  seconds: number;
}

export interface RunBatchInput {
  books: readonly BookRun[];
  renderer: PromptRenderer;
  provider: Provider;
  /** The state file the books are saved in (`openBatchState`). */
  state: StateFile;
  limits: BatchLimits;
  signal?: AbortSignal;
  onEvent?: (event: BatchEvent) => void;
  /** A series book's place and brief, asked once the book before it in the series is done (the jobs' `series`). */
  seriesOf?: (job: BatchJob) => Promise<SeriesTold | undefined>;
  /** Compares each finished book with the owner's others before it is reported done (cli/batch/near-duplicates.ts). */
  nearDuplicates?: CheckJob;
  /**
   * Where finished books' files are written and their texts read: a thread of their own, or this one (default:
   * bookEndsFor).
   */
  bookEnds?: 'thread' | 'here';
  /**
   * The thread they go to when a thread of their own: the caller's, which also reads its near-duplicates (book-end.ts
   * bookEndThread; the caller closes it). Without it, a thread of the batch's own.
   */
  endThread?: ClosenessThread;
  /**
   * Called once, when the first calls are out (or the first answer is in): threads needed only once a book ends are
   * started then (see runBatch).
   */
  onCallsOut?: () => void;
}

/**
 * A thread of its own for the books' ends once a batch has many calls in flight and many books to finish: there the
 * thread that reads the answers is busy all the time and each end (~2 ms) delays them. A small batch (a few books, a
 * few calls) has the time between its answers, and would wait for the thread to load (a second or more from the
 * TypeScript sources) longer than its ends take.
 */
export function bookEndsFor(input: Pick<RunBatchInput, 'books' | 'limits'>): 'thread' | 'here' {
  const left = input.books.filter((b) => !b.isComplete).length;
  return input.limits.concurrency >= BOOK_END_THREAD_FROM && left >= BOOK_END_THREAD_FROM ? 'thread' : 'here';
}

/**
 * Load each job's saved progress (saved under the job's id); a job whose file is its progress (files.ts) is done when
 * its file exists.
 */
export async function loadBooks(state: StateFile | undefined, jobs: readonly BatchJob[]): Promise<BookRun[]> {
  const books: BookRun[] = [];
  for (const job of jobs) {
    const { spec } = job;
    const fresh = startBook({ spec, settings: job.settings, totalChapters: job.totalChapters });
    const totalSteps = stepsFor(spec, job.totalChapters).length;
    if (isFileTheProgress(spec)) {
      const isDone = hasOutFile(job);
      books.push({ job, state: fresh, totalSteps, doneSteps: isDone ? totalSteps : 0, isComplete: isDone });
      continue;
    }
    const saved = state ? await state.repos.books.load({ userId: CLI_USER, key: job.key }) : null;
    const held = saved?.state ?? fresh;
    const doneSteps = saved ? held.content.length + (held.outline !== undefined ? 1 : 0) : 0;
    books.push({ job, state: held, totalSteps, doneSteps, isComplete: saved?.isFinished === true });
  }
  return books;
}

/** Books started together before the event loop gets a turn (runBatch). */
const START_GROUP = 8;

/**
 * A series book once the book before it is done: told the series as of that book's end, then run. When that book
 * failed or was left unfinished, this one is not started: it fails with series_previous_unfinished.
 */
async function afterSeriesBook(
  run: BatchCalls,
  book: BookRun,
  before: Promise<'done' | 'failed' | 'unfinished'> | undefined,
  seriesOf: RunBatchInput['seriesOf'],
): Promise<'done' | 'failed' | 'unfinished'> {
  const { job } = book;
  if (before && (await before) !== 'done') {
    if (run.signal?.aborted) return 'unfinished';
    const params = { name: job.series!.name, number: String(job.series!.number - 1) };
    run.emit({
      type: 'job_failed',
      job: job.name,
      index: job.index,
      step: '',
      code: 'series_previous_unfinished',
      message: catalogueMessage('series_previous_unfinished', book.state.lang, params),
      params,
    });
    return 'failed';
  }
  let told: SeriesTold | undefined;
  try {
    told = await seriesOf?.(job);
  } catch (error) {
    if (!(error instanceof SeriesError)) throw error;
    const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
    run.emit({
      type: 'job_failed',
      job: job.name,
      index: job.index,
      step: '',
      code: error.code,
      message: catalogueMessage(error.code, book.state.lang, params),
      params,
    });
    return 'failed';
  }
  return runBook(run, book, told);
}

/** Run every book to its end (or until the signal aborts); never throws for a failed book. */
export async function runBatch(input: RunBatchInput): Promise<BatchResult> {
  const started = performance.now();
  const { signal, renderer } = input;
  const totals = { calls: 0, retries: 0, tokens: 0, shortParts: 0, repeatingParts: 0, tooClose: 0 };
  // Each step's, retry's and book's event says the calls and tokens sent since the one before (spent.ts).
  const emit = withSpent(totals, input.onEvent ?? (() => undefined));
  // Every queued call listens to the one signal: hundreds of listeners are expected, not a leak.
  if (signal) setMaxListeners(0, signal);
  const calls = callQueue(input.limits, signal);
  const pause = rateLimitPause(calls.queue, emit, signal);
  // Threads a book needs only at its end (its files and continuity, the near-duplicate reading) start once the first
  // calls are out (startBooks), in the wait for their answers: started beside the first calls, their loading took the
  // cores the first requests were being built on (a tenth of a second of the first call on two cores); started at the
  // first answer, it took them from the first answers' checks, saves and next calls (each thread a few hundred ms of
  // CPU). No book ends before its first answer; should an answer come first, it starts them.
  let callsOut: (() => void) | undefined = () => {
    callsOut = undefined;
    bookEnds?.warm();
    input.onCallsOut?.();
  };
  const run: BatchCalls = {
    provider: observedProvider(input.provider, pause.slowDown, () => callsOut?.()),
    renderer,
    progressStore: input.state.progress(CLI_USER),
    emit,
    schedule: calls.schedule,
    ...(signal ? { signal } : {}),
    ...(calls.tokenWindow ? { tokenWindow: calls.tokenWindow } : {}),
    totals,
    ...(input.nearDuplicates ? { nearDuplicates: input.nearDuplicates } : {}),
  };
  // Each finished book's files and continuity in a thread of their own (book-end.ts), loaded after the first answer.
  const bookEnds = (input.bookEnds ?? bookEndsFor(input)) === 'thread' ? new BookEnds(input.endThread) : undefined;
  if (bookEnds) run.bookEnds = bookEnds;
  try {
    const outcomes = await startBooks(run, input, () => callsOut?.());
    return {
      books: outcomes.length,
      succeeded: outcomes.filter((o) => o === 'done').length,
      failed: outcomes.filter((o) => o === 'failed').length,
      unfinished: outcomes.filter((o) => o === 'unfinished').length,
      isInterrupted: signal?.aborted === true,
      ...run.totals,
      seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
    };
  } finally {
    pause.close();
    calls.close();
    // Every book's end has answered by now (each book waits for its own): the thread only ends, and its heap is taken
    // apart while the caller writes the batch's end (its summary, the state file closed) rather than before it.
    void bookEnds?.close().catch(() => undefined);
  }
}

/**
 * Start the books in order, a few at a time: between them the event loop sends the requests already built, so
 * the first calls go out while the rest are still being opened (with 400 books, opening them all first held
 * every request back by a tenth of a second or more). A series' books in order: each waits for the one before
 * it (its bible is what the next book is told). `callsOut` is told a turn after every book is started: the first
 * calls are on their way then (the books beyond a wave wait for a place).
 */
async function startBooks(
  run: BatchCalls,
  input: RunBatchInput,
  callsOut: () => void,
): Promise<Array<'done' | 'failed' | 'unfinished'>> {
  const running: Array<Promise<'done' | 'failed' | 'unfinished'>> = [];
  // In waves when the batch is several rounds of its longest book (admission.ts): books end all along the run.
  const admit = bookAdmission(input.books, input.limits.concurrency);
  const lastOfSeries = new Map<string, Promise<'done' | 'failed' | 'unfinished'>>();
  for (const [i, book] of input.books.entries()) {
    const series = book.job.series;
    const before = series ? lastOfSeries.get(series.name) : undefined;
    const outcome = series
      ? afterSeriesBook(run, book, before, input.seriesOf)
      : admit(book, (progress) => runBook(run, book, undefined, progress));
    if (series) lastOfSeries.set(series.name, outcome);
    running.push(outcome);
    if (i % START_GROUP === START_GROUP - 1 && i < input.books.length - 1)
      await new Promise((resolve) => setImmediate(resolve));
  }
  setImmediate(callsOut);
  return Promise.all(running);
}
