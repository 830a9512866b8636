// The batch scheduler: every book is a chain of steps (outline → introduction → chapters → conclusion);
// all chains run at once and their calls share one p-queue, which bounds the calls in flight and the
// requests per window, with a token window (limits.ts) for tokens per minute. The book with the most
// steps left goes first, so the longest chain never ends up alone at the end. Progress is saved after
// every step under `karya generate`'s key; a 429 pauses every chain for the wait the server asks.
import { setMaxListeners } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import PQueue from 'p-queue';
import {
  BookSession, ExportLimitError, GenerationError, MEMORY_WORDS, planSteps, renderPrompt, startBook,
  type BookState, type BookView, type CatalogueCode, type PromptRenderer, type Step, type StepResult, REPEATS_RATIO,
} from '../../engine/index.js';
import type { Provider, TextRequest } from '../../engine/node.js';
import { loadProviders } from '../../engine/node.js';
import { sleep } from '../../engine/index.js';

const { retryAfterMs } = await loadProviders();
export { retryAfterMs };
import type { StateFile } from '../../server/index.js';
import { CLI_USER } from '../util.js';
import { writeBookFiles } from './files.js';
import type { BatchJob } from './jobs.js';
import { isPlainFsError, plainFsError } from '../fs-check.js';
import { exportLimitMessage } from '../export-format.js';
import { TokenWindow, estimatePromptTokens, type TokenReservation } from './limits.js';

/**
 * Continuity of a finished book as its view shows it (recomputed from its story bible, with what the
 * model audit kept): how many findings its parts have, and the promises open past their due part.
 */
export function continuityOfBook(view: Pick<BookView, 'parts' | 'threads'> | undefined): { continuity?: number; overdueThreads?: string[] } {
  const findings = view?.parts.reduce((n, p) => n + (p.continuity?.length ?? 0), 0) ?? 0;
  const overdue = view?.threads?.filter((t) => t.is_overdue).map((t) => t.thread) ?? [];
  return { ...(findings ? { continuity: findings } : {}), ...(overdue.length ? { overdueThreads: overdue } : {}) };
}

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

export interface RetryPolicy {
  /** Attempts of one step answered 429 before the book fails with rate_limited. */
  rateLimitAttempts: number;
  /** Attempts of one step that failed with another retryable error (network, 503). */
  attempts: number;
  /** First back-off when the server gives no retry-after; doubles each time, at most 60 s. */
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { rateLimitAttempts: 6, attempts: 3, baseDelayMs: 1_000 };

/** A job with its saved progress loaded: what is left to do. */
export interface BookRun {
  job: BatchJob;
  state: BookState;
  totalSteps: number;
  doneSteps: number;
  isComplete: boolean;
}

export interface StepTokens {
  prompt: number;
  completion: number;
  total: number;
}

export type BatchEvent =
  | { type: 'job_started'; job: string; index: number; generator: string; lang: string; steps: number; done: number; out: string }
  | { type: 'step_started'; job: string; index: number; step: string; done: number; steps: number }
  | { type: 'step_done'; job: string; index: number; step: string; kind: Step['kind']; words: number; complete: boolean; short?: true; repeats?: true; target?: number; languageDrift?: { expected: string; found: string; resolved: boolean }; tokens: StepTokens | null; budget?: number; seconds: number; done: number; steps: number }
  | { type: 'step_retry'; job: string; index: number; step: string; code: CatalogueCode; status?: number; attempt: number; waitSeconds: number }
  | { type: 'job_done'; job: string; index: number; out: string; words: number; seconds: number; calls: number; shortParts?: number; repeatingParts?: number; continuity?: number; overdueThreads?: string[] }
  | { type: 'job_failed'; job: string; index: number; step: string; code: CatalogueCode; message: string; status?: number }
  | { type: 'rate_limited'; waitSeconds: number };

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
  retry?: Partial<RetryPolicy>;
  signal?: AbortSignal;
  onEvent?: (event: BatchEvent) => void;
}

/** Load each job's saved progress (saved under the job's id); images are done when their file exists. */
export async function loadBooks(state: StateFile | undefined, jobs: readonly BatchJob[]): Promise<BookRun[]> {
  const books: BookRun[] = [];
  for (const job of jobs) {
    const { spec } = job;
    const fresh = startBook({ spec, settings: job.settings, totalChapters: job.totalChapters });
    const totalSteps = planSteps(spec, job.totalChapters).length;
    if (spec.kind === 'image') {
      const isDone = existsSync(job.outFile) && statSync(job.outFile).size > 0;
      books.push({ job, state: fresh, totalSteps, doneSteps: isDone ? 1 : 0, isComplete: isDone });
      continue;
    }
    const saved = state ? await state.load(CLI_USER, job.key) : null;
    const held = saved?.state ?? fresh;
    const doneSteps = saved ? held.content.length + (held.outline !== undefined ? 1 : 0) : 0;
    books.push({ job, state: held, totalSteps, doneSteps, isComplete: saved?.isFinished === true });
  }
  return books;
}

/** A book's state without its texts (what a finished book in a batch keeps in memory). */
function withoutText(state: BookState): BookState {
  const { outline: _outline, characterDetails: _details, memory: _memory, chapterTitles: _titles, ...rest } = state;
  return { ...rest, content: [] };
}

function asGenerationError(error: unknown): GenerationError {
  if (error instanceof GenerationError) return error;
  return new GenerationError('unexpected', { cause: error });
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

/** Codes after which no other call can succeed either: the batch stops calling. */
const FATAL_CODES: ReadonlySet<string> = new Set(['auth_error', 'config_error', 'init_failed', 'init_error']);

/** A failure that is not the model's, in words: a file that could not be written, an export limit, else its message. */
function unexpectedMessage(error: Error): string {
  if (error instanceof ExportLimitError) return exportLimitMessage(error);
  if (!isPlainFsError(error)) return error.message;
  const file = (error as NodeJS.ErrnoException).path;
  return `${file ? `${file}: ` : ''}${plainFsError(error)}`;
}


/** Run every book to its end (or until the signal aborts); never throws for a failed book. */
export async function runBatch(input: RunBatchInput): Promise<BatchResult> {
  const started = performance.now();
  const { limits, signal, renderer } = input;
  const progressStore = input.state.progress(CLI_USER);
  const retry: RetryPolicy = { ...DEFAULT_RETRY, ...input.retry };
  const emit = input.onEvent ?? (() => undefined);
  // Every queued call listens to the one signal: hundreds of listeners are expected, not a leak.
  if (signal) setMaxListeners(0, signal);
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
  const totals = { calls: 0, retries: 0, tokens: 0, shortParts: 0, repeatingParts: 0 };
  let fatal: GenerationError | undefined;

  // A 429 anywhere pauses every chain until the wait the server asked for has passed.
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

  // Providers that retry a 429 themselves say so through onRetry: slow every chain down as well.
  type RetryHook = (notice: { reason: string; delayMs: number }) => void;
  const provider: Provider = {
    name: input.provider.name,
    isOffline: input.provider.isOffline,
    generateText: (request) => {
      const own = (request as { onRetry?: RetryHook }).onRetry;
      const observed: TextRequest & { onRetry?: RetryHook } = {
        ...request,
        onRetry: (notice) => {
          if (notice.reason === 'rate_limited') slowDown(notice.delayMs);
          own?.(notice);
        },
      };
      return input.provider.generateText(observed);
    },
    generateImage: (request) => input.provider.generateImage(request),
    ...(input.provider.contextWindow ? { contextWindow: () => input.provider.contextWindow!() } : {}),
  };

  /** One step, retried on 429 (after the server's wait) and on retryable failures. */
  const runOneStep = async (book: BookRun, session: BookSession, step: Step, label: string, stepsLeft: number, onStart: () => void): Promise<StepResult & { budget: number }> => {
    const { spec } = book.job;
    for (let attempt = 1; ; attempt++) {
      if (fatal) throw fatal;
      // The token budget needs the prompt rendered once more; only worth it when --tpm is limiting.
      let budget = 0;
      if (tokenWindow && step.kind !== 'image') {
        const prompt = renderPrompt({ spec, renderer, state: session.state, step });
        budget = estimatePromptTokens(prompt.system, prompt.user) + prompt.maxTokens;
      }
      let reservation: TokenReservation | undefined;
      try {
        if (tokenWindow && budget) reservation = await tokenWindow.acquire(budget, signal);
        const outcome = await schedule(
          async () => {
            // A call queued before an authentication error never goes out.
            if (fatal) throw fatal;
            // The task starts exactly when the request is sent: p-queue's window and the token window count now.
            reservation?.send();
            totals.calls++;
            onStart();
            try {
              // Saved before anything else happens: a kill after this never asks for this step again.
              return await session.advance({ provider, ...(signal ? { signal } : {}) });
            } catch (error) {
              // Marked before p-queue hands this slot to the next call.
              if (error instanceof GenerationError && FATAL_CODES.has(error.code)) fatal ??= error;
              throw error;
            }
          },
          stepsLeft,
        );
        return { ...outcome, budget };
      } catch (error) {
        reservation?.release();
        if (signal?.aborted) throw error;
        const failure = asGenerationError(error);
        const isRateLimited = failure.code === 'rate_limited' || failure.status === 429;
        const limit = isRateLimited ? retry.rateLimitAttempts : failure.isRetryable ? retry.attempts : 1;
        if (attempt >= limit) throw failure;
        const backoff = Math.min(60_000, retry.baseDelayMs * 2 ** (attempt - 1));
        // A server's retry-after is honoured up to 2 minutes (a longer one means a quota, not a rate).
        const wait = isRateLimited ? Math.min(retryAfterMs(error) ?? backoff, 120_000) : backoff;
        totals.retries++;
        emit({ type: 'step_retry', job: book.job.name, index: book.job.index, step: label, code: failure.code, ...(failure.status ? { status: failure.status } : {}), attempt, waitSeconds: Number((wait / 1000).toFixed(3)) });
        if (isRateLimited) slowDown(wait);
        else await sleep(wait, signal);
      }
    }
  };

  /**
   * The book's memory update after a part: one more call, scheduled and rate-limited like a step. A
   * failure other than a fatal one is left for the next step to catch up on.
   */
  const rememberPart = async (session: BookSession, stepsLeft: number): Promise<void> => {
    if (!session.needsMemory || fatal) return;
    const last = session.state.content.at(-1) ?? '';
    const budget = tokenWindow ? estimatePromptTokens(session.state.memory ?? '', last) + MEMORY_WORDS * 3 : 0;
    let reservation: TokenReservation | undefined;
    try {
      if (tokenWindow) reservation = await tokenWindow.acquire(budget, signal);
      await schedule(
        async () => {
          if (fatal) throw fatal;
          reservation?.send();
          totals.calls++;
          return session.remember({ provider, ...(signal ? { signal } : {}) });
        },
        stepsLeft,
      );
    } catch (error) {
      reservation?.release();
      if (signal?.aborted) throw error;
      if (error instanceof GenerationError && FATAL_CODES.has(error.code)) {
        fatal ??= error;
        throw error;
      }
    }
  };

  const runBook = async (book: BookRun): Promise<'done' | 'failed' | 'unfinished'> => {
    const { job } = book;
    const { spec } = job;
    const bookStarted = performance.now();
    let done = book.doneSteps;
    let words = 0;
    let calls = 0;
    let shortParts = 0;
    let repeatingParts = 0;
    let hasStarted = false;
    const start = () => {
      if (hasStarted) return;
      hasStarted = true;
      emit({ type: 'job_started', job: job.name, index: job.index, generator: spec.id, lang: book.state.lang, steps: book.totalSteps, done, out: job.outFile });
    };
    if (book.isComplete) start();
    let label = '';
    let png: Uint8Array | undefined;
    try {
      // A finished book is not written again (its file is, from the saved parts, if it went missing);
      // a cover keeps no saved progress: its file is its progress.
      const session = book.isComplete ? null : await BookSession.open({
        spec, renderer, provider, store: progressStore, key: job.key, settings: job.settings, totalChapters: job.totalChapters, onFinished: 'restart',
      });
      for (let step = session?.next() ?? null; session && step; step = session.next()) {
        if (signal?.aborted) return 'unfinished';
        label = session.label(step);
        const current = label;
        const outcome = await runOneStep(book, session, step, label, book.totalSteps - done, () => {
          start();
          emit({ type: 'step_started', job: job.name, index: job.index, step: current, done, steps: book.totalSteps });
        });
        calls++;
        png = outcome.png ?? png;
        done++;
        words += outcome.words;
        if (outcome.short) shortParts++;
        const repeats = (outcome.repeated ?? 0) >= REPEATS_RATIO;
        if (repeats) repeatingParts++;
        const u = outcome.usage;
        if (u) totals.tokens += u.totalTokens;
        emit({
          type: 'step_done', job: job.name, index: job.index, step: label, kind: step.kind, words: outcome.words, complete: outcome.isComplete,
          ...(outcome.short ? { short: true as const } : {}), ...(repeats ? { repeats: true as const } : {}), ...(outcome.target ? { target: outcome.target } : {}),
          ...(outcome.languageDrift ? { languageDrift: { expected: outcome.languageDrift.expected, found: outcome.languageDrift.found, resolved: outcome.languageDrift.isResolved } } : {}),
          tokens: u ? { prompt: u.promptTokens, completion: u.completionTokens, total: u.totalTokens } : null,
          ...(outcome.budget ? { budget: outcome.budget } : {}), seconds: Number(outcome.seconds.toFixed(3)), done, steps: book.totalSteps,
        });
        await rememberPart(session, book.totalSteps - done);
      }
      await writeBookFiles(job, session?.state ?? book.state, png);
      totals.shortParts += shortParts;
      totals.repeatingParts += repeatingParts;
      const view = session && spec.kind === 'book' ? session.view() : undefined;
      emit({ type: 'job_done', job: job.name, index: job.index, out: job.outFile, words, seconds: Number(((performance.now() - bookStarted) / 1000).toFixed(3)), calls, ...(shortParts ? { shortParts } : {}), ...(repeatingParts ? { repeatingParts } : {}), ...continuityOfBook(view) });
      // Written out: its text is dropped, so a batch's memory stays bounded by the books in progress.
      book.state = withoutText(book.state);
      return 'done';
    } catch (error) {
      if (signal?.aborted) return 'unfinished';
      const failure = asGenerationError(error);
      if (FATAL_CODES.has(failure.code) && !fatal) fatal = failure;
      start();
      emit({ type: 'job_failed', job: job.name, index: job.index, step: label, code: failure.code, message: failure.code === 'unexpected' && error instanceof Error ? unexpectedMessage(error) : failure.message, ...(failure.status ? { status: failure.status } : {}) });
      return 'failed';
    }
  };

  try {
    // Books start in order, a few at a time: between them the event loop sends the requests already
    // built, so the first calls go out while the rest are still being opened (with 400 books, opening
    // them all first held every request back by a tenth of a second or more).
    const running: Array<Promise<'done' | 'failed' | 'unfinished'>> = [];
    for (const [i, book] of input.books.entries()) {
      running.push(runBook(book));
      if (i % START_GROUP === START_GROUP - 1 && i < input.books.length - 1) await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.all(running);
    return {
      books: outcomes.length,
      succeeded: outcomes.filter((o) => o === 'done').length,
      failed: outcomes.filter((o) => o === 'failed').length,
      unfinished: outcomes.filter((o) => o === 'unfinished').length,
      isInterrupted: signal?.aborted === true,
      ...totals,
      seconds: Number(((performance.now() - started) / 1000).toFixed(3)),
    };
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (resumeTimer) clearTimeout(resumeTimer);
    tokenWindow?.close();
    queue.clear();
  }
}
