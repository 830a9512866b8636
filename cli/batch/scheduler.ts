// The batch scheduler: every book is a chain of steps (outline → introduction → chapters → conclusion);
// all chains run at once and their calls share one p-queue, which bounds the calls in flight and the
// requests per window, with a token window (limits.ts) for tokens per minute. The book with the most
// steps left goes first, so the longest chain never ends up alone at the end. Progress is saved after
// every step under `karya generate`'s key; a 429 pauses every chain for the wait the server asks.
// One book's run (its steps, retries, memory updates and events) is book-run.ts.
import { setMaxListeners } from 'node:events';
import PQueue from 'p-queue';
import { catalogueMessage, providerThrough, stepsFor, SeriesError, startBook, type PromptRenderer } from '../../engine/index.js';
import type { Provider, TextRequest } from '../../engine/node.js';
import type { StateFile } from '../../server/index.js';
import { CLI_USER } from '../util.js';
import type { BatchJob } from './jobs.js';
import { TokenWindow } from './limits.js';
import { bookAdmission } from './admission.js';
import { withSpent } from './spent.js';
import { hasOutFile, isFileTheProgress } from './files.js';
import { BOOK_END_THREAD_FROM, BookEnds } from './book-end.js';
import type { CheckJob } from './near-duplicates.js';
import { runBook, type BatchCalls, type BatchEvent, type BookRun, type SeriesTold } from './book-run.js';

export { continuityOfBook, retryAfterMs, type BatchEvent, type BookRun, type StepTokens } from './book-run.js';

export interface BatchLimits {
  /** Calls in flight at once. */
  concurrency: number;
  /** Requests per window (per minute by default). */
  rpm?: number;
  /** Tokens per window, counted as prompt + max_tokens. */
  tpm?: number;
  /** The window rpm and tpm count over, in ms (60 000; shorter in tests and the benchmark). */
  windowMs?: number;
  /**
   * Slack added to the window so that the delay between our send and the server's clock (prompt
   * rendering, a busy CPU, the network) never puts one request too many into the server's window
   * (default 1% of the window, at least 25 ms).
   */
  marginMs?: number;
}

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
  /** Where finished books' files are written and their texts read: a thread of their own, or this one (default: bookEndsFor). */
  bookEnds?: 'thread' | 'here';
  /** Called once, when the first calls are out (or the first answer is in): threads needed only once a book ends are started then (see runBatch). */
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

/** Load each job's saved progress (saved under the job's id); a job whose file is its progress (files.ts) is done when its file exists. */
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


/**
 * p-queue's sliding window for --rpm, cut into slices: at most `intervalCap` requests per `interval`,
 * where `interval` × (rpm ÷ intervalCap) spans the window plus the margin. Any window then holds at
 * most rpm requests, and they go at an even pace instead of a burst per window. A burst is what the
 * server sees out of order: requests started together reach it 10-100 ms apart (each start renders a
 * prompt and builds a request first), so a burst-shaped window overshoots at the server's clock.
 * @example requestPacing(60, 60_000, 600) // { interval: 1010, intervalCap: 1 }: one request a second
 */
export function requestPacing(rpm: number, windowMs: number, marginMs: number): { interval: number; intervalCap: number } {
  const span = windowMs + marginMs;
  // Slices of at least 50 ms: a timer that fires a little late then delays a few requests, not each one.
  const minSliceMs = 50;
  let best = { interval: span, intervalCap: rpm, rate: rpm / span };
  const first = Math.max(1, Math.floor((rpm * minSliceMs) / span));
  for (let cap = first; cap <= Math.min(rpm, first * 2 + 16); cap++) {
    const slices = Math.floor(rpm / cap);
    const interval = span / slices;
    const rate = (slices * cap) / span;
    if (interval >= minSliceMs && (rate > best.rate || (rate === best.rate && cap < best.intervalCap))) best = { interval, intervalCap: cap, rate };
  }
  return { interval: best.interval, intervalCap: best.intervalCap };
}

/** Books started together before the event loop gets a turn (runBatch). */
const START_GROUP = 8;


/**
 * A series book once the book before it is done: told the series as of that book's end, then run. When that book
 * failed or was left unfinished, this one is not started: it fails with series_previous_unfinished.
 */
async function afterSeriesBook(run: BatchCalls, book: BookRun, before: Promise<'done' | 'failed' | 'unfinished'> | undefined, seriesOf: RunBatchInput['seriesOf']): Promise<'done' | 'failed' | 'unfinished'> {
  const { job } = book;
  if (before && (await before) !== 'done') {
    if (run.signal?.aborted) return 'unfinished';
    const params = { name: job.series!.name, number: String(job.series!.number - 1) };
    run.emit({ type: 'job_failed', job: job.name, index: job.index, step: '', code: 'series_previous_unfinished', message: catalogueMessage('series_previous_unfinished', book.state.lang, params), params });
    return 'failed';
  }
  let told: SeriesTold | undefined;
  try {
    told = await seriesOf?.(job);
  } catch (error) {
    if (!(error instanceof SeriesError)) throw error;
    const params = Object.fromEntries(Object.entries(error.params).map(([k, v]) => [k, String(v)]));
    run.emit({ type: 'job_failed', job: job.name, index: job.index, step: '', code: error.code, message: catalogueMessage(error.code, book.state.lang, params), params });
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
    provider: observedProvider(input.provider, pause.slowDown, () => callsOut?.()), renderer, progressStore: input.state.progress(CLI_USER), emit, schedule: calls.schedule,
    ...(signal ? { signal } : {}), ...(calls.tokenWindow ? { tokenWindow: calls.tokenWindow } : {}),
    totals,
    ...(input.nearDuplicates ? { nearDuplicates: input.nearDuplicates } : {}),
  };
  // Each finished book's files and continuity in a thread of their own (book-end.ts), loaded after the first answer.
  const bookEnds = (input.bookEnds ?? bookEndsFor(input)) === 'thread' ? new BookEnds() : undefined;
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

/** The batch's call queue at its limits (concurrency, rpm pacing, the tpm window) and `schedule`, which queues a call. */
function callQueue(limits: RunBatchInput['limits'], signal: AbortSignal | undefined) {
  const windowMs = limits.windowMs ?? 60_000;
  const marginMs = limits.marginMs ?? Math.max(25, Math.round(windowMs * 0.01));
  const queue = new PQueue({
    concurrency: Math.max(1, limits.concurrency),
    ...(limits.rpm ? { ...requestPacing(limits.rpm, windowMs, marginMs), strict: true } : {}),
  });
  const tokenWindow = limits.tpm ? new TokenWindow(limits.tpm, windowMs + marginMs) : undefined;
  // One abort listener for every waiting call. p-queue's per-task `signal` adds a listener per queued
  // call, and Node's EventTarget compares each new listener with every one already there: with hundreds
  // of books waiting, that comparison was a visible share of a batch's CPU. On abort the waiting calls
  // are dropped from the queue and rejected here; a running call ends through its own request's signal.
  const waiting = new Set<(reason: unknown) => void>();
  const onAbort = () => {
    queue.clear();
    for (const reject of waiting) reject(signal!.reason);
    waiting.clear();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const schedule = <T>(task: () => Promise<T>, priority: number): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      waiting.add(reject);
      queue.add(() => {
        waiting.delete(reject);
        return task();
      }, { priority }).then(resolve, reject);
    });
  const close = () => {
    signal?.removeEventListener('abort', onAbort);
    tokenWindow?.close();
    queue.clear();
  };
  return { queue, tokenWindow, schedule, close };
}

/** A 429 anywhere pauses every chain until the wait the server asked for has passed. */
function rateLimitPause(queue: PQueue, emit: (event: BatchEvent) => void, signal: AbortSignal | undefined) {
  let resumeAt = 0;
  let resumeTimer: NodeJS.Timeout | undefined;
  const slowDown = (ms: number) => {
    const until = Date.now() + ms;
    if (until <= resumeAt) return;
    resumeAt = until;
    queue.pause();
    emit({ type: 'rate_limited', waitSeconds: Number((ms / 1000).toFixed(3)) });
    if (resumeTimer) clearTimeout(resumeTimer);
    resumeTimer = setTimeout(() => {
      resumeTimer = undefined;
      if (!signal?.aborted) queue.start();
    }, ms);
  };
  const close = () => {
    if (resumeTimer) clearTimeout(resumeTimer);
  };
  return { slowDown, close };
}

/**
 * The provider retries a 429 itself, waiting the server's Retry-After, and says so through onRetry: every chain
 * pauses for that same wait (honoured once: the retry and the pause end together). `onAnswer` hears each call end.
 */
function observedProvider(provider: Provider, slowDown: (ms: number) => void, onAnswer: () => void): Provider {
  type RetryHook = (notice: { reason: string; delayMs: number }) => void;
  return providerThrough(provider, {
    text: (request, send) => {
      const own = (request as { onRetry?: RetryHook }).onRetry;
      const observed: TextRequest & { onRetry?: RetryHook } = {
        ...request,
        onRetry: (notice) => {
          if (notice.reason === 'rate_limited') slowDown(notice.delayMs);
          own?.(notice);
        },
      };
      const answer = send(observed);
      void answer.then(onAnswer, onAnswer);
      return answer;
    },
  });
}

/**
 * Start the books in order, a few at a time: between them the event loop sends the requests already built, so
 * the first calls go out while the rest are still being opened (with 400 books, opening them all first held
 * every request back by a tenth of a second or more). A series' books in order: each waits for the one before
 * it (its bible is what the next book is told). `callsOut` is told a turn after every book is started: the first
 * calls are on their way then (the books beyond a wave wait for a place).
 */
async function startBooks(run: BatchCalls, input: RunBatchInput, callsOut: () => void): Promise<Array<'done' | 'failed' | 'unfinished'>> {
  const running: Array<Promise<'done' | 'failed' | 'unfinished'>> = [];
  // In waves when the batch is several rounds of its longest book (admission.ts): books end all along the run.
  const admit = bookAdmission(input.books, input.limits.concurrency);
  const lastOfSeries = new Map<string, Promise<'done' | 'failed' | 'unfinished'>>();
  for (const [i, book] of input.books.entries()) {
    const series = book.job.series;
    const before = series ? lastOfSeries.get(series.name) : undefined;
    const outcome = series ? afterSeriesBook(run, book, before, input.seriesOf) : admit(book, (progress) => runBook(run, book, undefined, progress));
    if (series) lastOfSeries.set(series.name, outcome);
    running.push(outcome);
    if (i % START_GROUP === START_GROUP - 1 && i < input.books.length - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  setImmediate(callsOut);
  return Promise.all(running);
}
