// One book of a batch run to its end: its steps, the memory update after each part, its files written, and its
// events. A failed request is retried by the provider alone (engine/providers/retry.ts): the batch counts and
// shows those retries, and a 429 pauses every book's calls meanwhile (scheduler.ts), but asks nothing again itself. The calls go through the batch's
// shared queue and token window (BatchCalls, built by runBatch in scheduler.ts); a fatal error (a bad
// key, a broken configuration) stops every book's further calls.
import {
  BookSession, ExportLimitError, GenerationError, MEMORY_WORDS, renderPrompt,
  type BookSeries, type BookState, type CatalogueCode, type PromptRenderer, type Settings, type Step, type StepResult,
} from '../../engine/index.js';
import { CallBudget, answerNotesOf, forgetTexts, isBudgetStop, providerThrough, withBudget, retryAfterMs, stepMarksOf, type Lang, type StepMarks, type StepResult as StepDone } from '../../engine/index.js';
import { afterWaitingIo, type Provider } from '../../engine/node.js';
import type { StateFile } from '../../server/index.js';
import { isFileTheProgress } from './files.js';
import { endOfBook, type BookEndAsk, type BookEndFigures } from './book-end-work.js';
import type { BookEnds } from './book-end.js';
import type { BatchJob } from './jobs.js';
import { isPlainFsError, plainFsError } from '../fs-check.js';
import { exportLimitMessage } from '../export-format.js';
import { estimatePromptTokens, type TokenReservation, type TokenWindow } from './limits.js';
import type { CheckJob, JobNearDuplicates } from './near-duplicates.js';


export { continuityOfBook } from './book-end-work.js';

export { retryAfterMs };

/** A job with its saved progress loaded: what is left to do. */
export interface BookRun {
  job: BatchJob;
  state: BookState;
  totalSteps: number;
  doneSteps: number;
  isComplete: boolean;
  /** The book's budget of model calls in this run (engine/budget.ts): its steps left and their story-bible updates. */
  budget?: CallBudget;
}

export interface StepTokens {
  prompt: number;
  completion: number;
  total: number;
}

/** The calls and tokens sent since the event before that said them (spent.ts): the progress adds them up. */
type Spending = { spent?: { calls: number; tokens: number } };

export type BatchEvent =
  | { type: 'job_started'; job: string; index: number; generator: string; lang: string; steps: number; done: number; out: string; calls?: { planned: number; bound: number } }
  | { type: 'step_started'; job: string; index: number; step: string; done: number; steps: number }
  | ({ type: 'step_done'; job: string; index: number; step: string; kind: Step['kind']; words: number; complete: boolean; notes?: string[]; tokens: StepTokens | null; budget?: number; seconds: number; done: number; steps: number } & StepMarks & Spending)
  | ({ type: 'step_retry'; job: string; index: number; step: string; code: CatalogueCode; status?: number; attempt: number; waitSeconds: number } & Spending)
  | ({ type: 'job_done'; job: string; index: number; out: string; words: number; seconds: number; calls: number; shortParts?: number; repeatingParts?: number; continuity?: number; overdueThreads?: string[] } & JobNearDuplicates & Spending)
  | ({ type: 'job_failed'; job: string; index: number; step: string; code: CatalogueCode; message: string; params?: Readonly<Record<string, string>>; status?: number } & Spending)
  | { type: 'rate_limited'; waitSeconds: number };

/** What a series book of a batch is told before it starts: its place in the series and its settings with the brief filled from it. */
export interface SeriesTold {
  series: BookSeries;
  settings: Settings;
}

/** What every book of one batch shares: the provider, the call queue and its pacing, the totals, the first fatal error. */
export interface BatchCalls {
  provider: Provider;
  renderer: PromptRenderer;
  progressStore: ReturnType<StateFile['progress']>;
  signal?: AbortSignal;
  emit: (event: BatchEvent) => void;
  tokenWindow?: TokenWindow;
  /** Runs a call in the shared queue, the book with more steps left first. */
  schedule: <T>(task: () => Promise<T>, priority: number) => Promise<T>;
  totals: { calls: number; retries: number; tokens: number; shortParts: number; repeatingParts: number; tooClose: number };
  /** Compares a finished book with the owner's others and the batch's done before it (cli/batch/near-duplicates.ts). */
  nearDuplicates?: CheckJob;
  /** Where a finished book's files are written and its text read (book-end.ts): a thread of its own, else this one. */
  bookEnds?: Pick<BookEnds, 'end'>;
  fatal?: GenerationError;
}

/** A book's end (its files, its continuity) in the batch's book-end thread, or here without one. */
function endBook(run: BatchCalls, job: BatchJob, state: BookState, png: Uint8Array | undefined, ask: BookEndAsk): Promise<BookEndFigures> {
  return run.bookEnds ? run.bookEnds.end(job, state, png, ask) : endOfBook(job, state, png, ask);
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

/** Codes after which no other call can succeed either: the batch stops calling. */
const FATAL_CODES: ReadonlySet<string> = new Set(['auth_error', 'config_error', 'init_failed', 'init_error']);

/** A failure that is not the model's, in words (a file that could not be written: in `lang`, the book's), an export limit, else its message. */
function unexpectedMessage(error: Error, lang: Lang): string {
  if (error instanceof ExportLimitError) return exportLimitMessage(error, lang);
  if (!isPlainFsError(error)) return error.message;
  const file = (error as NodeJS.ErrnoException).path;
  return `${file ? `${file}: ` : ''}${plainFsError(error, lang)}`;
}

/** What a book's retried request is shown as: its step_retry event (the step it belongs to). */
interface RetryShown {
  book: BookRun;
  label: string;
}

/**
 * The provider a book's calls go through in a batch: each call (a step's own, a continuation, an extension, an answer
 * asked again, a memory update) waits for a slot of the batch's shared queue (the book with more steps left first)
 * and holds it only while the call is out; the book's own work between its calls (the checks, the save, the next
 * prompt) holds none, so the calls in flight stay at the batch's concurrency while the books around them work.
 * `first` runs as the first call takes its slot. A call queued before an authentication error never goes out. A text
 * answer is kept by the session first, then read after the answers that came with it have freed their slots
 * (the session's `afterAnswer`: afterWaitingIo), as the queued workers'; a picture is read after them here.
 * Every request sent is counted in the batch's totals, with its answer's tokens: a step's answer asked again, continued
 * or extended, a memory update caught up inside a step, and each request the provider sent again after a failure
 * (counted as a retry too, and shown as the step's step_retry) cost the writer as much as its first answer.
 */
function slotted(run: BatchCalls, stepsLeft: number, first: () => void, shown: RetryShown, budget?: CallBudget): Provider {
  let isFirst = true;
  const take = <T>(call: () => Promise<T>): Promise<T> =>
    run.schedule(async () => {
      if (run.fatal) throw run.fatal;
      if (isFirst) {
        isFirst = false;
        first();
      }
      run.totals.calls++;
      try {
        return await call();
      } catch (error) {
        // Marked before p-queue hands this slot to the next call.
        if (error instanceof GenerationError && FATAL_CODES.has(error.code)) run.fatal ??= error;
        throw error;
      }
    }, stepsLeft);
  const text = async (asked: Parameters<Provider['generateText']>[0], send: Provider['generateText']) => {
    // The call's first request is counted as it takes its slot (a provider that says nothing of its requests sent one);
    // each further one as the provider sends it.
    let sent = 0;
    const request: typeof asked = {
      ...asked,
      onRequest: () => {
        if (++sent > 1) {
          run.totals.calls++;
          run.totals.retries++;
        }
        asked.onRequest?.();
      },
      onRetry: (notice) => {
        const { book, label } = shown;
        run.emit({ type: 'step_retry', job: book.job.name, index: book.job.index, step: label, code: notice.code, ...(notice.status ? { status: notice.status } : {}), attempt: notice.attempt, waitSeconds: Number((notice.delayMs / 1000).toFixed(3)) });
        asked.onRetry?.(notice);
      },
    };
    const answer = await take(() => send(request));
    run.totals.tokens += answer.usage?.totalTokens ?? 0;
    return answer;
  };
  const provider = providerThrough(run.provider, { text, image: (request, send) => take(() => send(request)).then(afterWaitingIo) });
  // Counted in the book's budget before it waits for a slot: a call the budget refuses never takes one.
  return budget ? withBudget(provider, budget) : provider;
}

/**
 * One step: its calls (slotted) retried by the provider alone, never asked again here (a step the provider gave up
 * on fails its book; the next run of the batch takes it up again).
 */
async function runOneStep(run: BatchCalls, book: BookRun, session: BookSession, step: Step, label: string, stepsLeft: number, onStart: () => void): Promise<StepResult & { budget: number }> {
  const { spec } = book.job;
  if (run.fatal) throw run.fatal;
  // The token budget needs the prompt rendered once more; only worth it when --tpm is limiting.
  let budget = 0;
  if (run.tokenWindow && step.kind !== 'image') {
    const prompt = renderPrompt({ spec, renderer: run.renderer, state: session.state, step });
    budget = estimatePromptTokens(prompt.system, prompt.user) + prompt.maxTokens;
  }
  let reservation: TokenReservation | undefined;
  try {
    if (run.tokenWindow && budget) reservation = await run.tokenWindow.acquire(budget, run.signal);
    // The step's own work (its prompt, the checks, the save) runs outside the batch's call slots; each of its calls
    // takes one (slotted). Counted and shown started as its first call goes out.
    const outcome = await session.advance({
      provider: slotted(run, stepsLeft, () => {
        reservation?.send();
        onStart();
      }, { book, label }, book.budget),
      // Each answer kept before it waits for its turn (engine/session/kept-answers.ts).
      afterAnswer: afterWaitingIo,
      ...(run.signal ? { signal: run.signal } : {}),
    });
    return { ...outcome, budget };
  } catch (error) {
    reservation?.release();
    throw run.signal?.aborted ? error : asGenerationError(error);
  }
}

/** A step's notes on its answers (assistant paragraphs taken out, asked again, the time-out), in the book's language. */
function stepNotes(outcome: StepDone, label: string, lang: Lang): { notes?: string[] } {
  const notes = answerNotesOf(outcome, label, lang).map((n) => n.message);
  return notes.length ? { notes } : {};
}

/**
 * The book's memory update after a part: one more call, scheduled and rate-limited like a step. A
 * failure other than a fatal one is left for the next step to catch up on.
 */
async function rememberPart(run: BatchCalls, session: BookSession, stepsLeft: number, shown: RetryShown, calls?: CallBudget): Promise<void> {
  if (!session.needsMemory || run.fatal) return;
  const last = session.state.content.at(-1) ?? '';
  const budget = run.tokenWindow ? estimatePromptTokens(session.state.memory ?? '', last) + MEMORY_WORDS * 3 : 0;
  let reservation: TokenReservation | undefined;
  try {
    if (run.tokenWindow) reservation = await run.tokenWindow.acquire(budget, run.signal);
    await session.remember({
      // Its calls and tokens are the writer's as much as a step's: counted as they are sent (slotted).
      provider: slotted(run, stepsLeft, () => reservation?.send(), shown, calls),
      afterAnswer: afterWaitingIo,
      ...(run.signal ? { signal: run.signal } : {}),
    });
  } catch (error) {
    reservation?.release();
    // The book's budget spent stops the book, whatever call it stopped at.
    if (run.signal?.aborted || isBudgetStop(error)) throw error;
    if (error instanceof GenerationError && FATAL_CODES.has(error.code)) {
      run.fatal ??= error;
      throw error;
    }
  }
}

/** What a running book tells its admission (admission.ts): each step done, and when its calls are done. */
export interface BookProgress {
  stepDone(): void;
  callsDone(): void;
}

/**
 * One book run to its end: its steps and memory updates in order, its files written; never throws. `progress` (its
 * admission, admission.ts) is told each step done and when its last call is done.
 */
export async function runBook(run: BatchCalls, book: BookRun, told?: SeriesTold, progress?: BookProgress): Promise<'done' | 'failed' | 'unfinished'> {
  const { job } = book;
  const { spec } = job;
  const bookStarted = performance.now();
  let done = book.doneSteps;
  let words = 0;
  let calls = 0;
  let shortParts = 0;
  let repeatingParts = 0;
  let hasStarted = false;
  // The book's budget of model calls: each step left and, for a book, the story bible's update after it.
  const budget = book.isComplete ? undefined : new CallBudget({ planned: (book.totalSteps - done) * (spec.kind === 'book' ? 2 : 1), maxCalls: job.maxCalls });
  if (budget) book.budget = budget;
  const start = () => {
    if (hasStarted) return;
    hasStarted = true;
    run.emit({ type: 'job_started', job: job.name, index: job.index, generator: spec.id, lang: book.state.lang, steps: book.totalSteps, done, out: job.outFile, ...(budget ? { calls: { planned: budget.planned, bound: budget.bound } } : {}) });
  };
  if (book.isComplete) start();
  let label = '';
  let png: Uint8Array | undefined;
  let isWritten = false;
  try {
    // A finished book is not written again (its file is, from the saved parts, if it went missing);
    // a cover keeps no saved progress: its file is its progress.
    // A series book is told the series as of the book before it, its brief filled from it (scheduler.ts waits for that book).
    const session = book.isComplete ? null : await BookSession.open({
      spec, renderer: run.renderer, provider: run.provider, store: run.progressStore, key: job.key, settings: told?.settings ?? job.settings, totalChapters: job.totalChapters, onFinished: 'restart',
      ...(told ? { series: told.series } : {}), ...(job.voice ? { voice: job.voice } : {}),
    });
    for (let step = session?.next() ?? null; session && step; step = session.next()) {
      if (run.signal?.aborted) return 'unfinished';
      label = session.label(step);
      const current = label;
      const partsBefore = session.state.content.length;
      const outcome = await runOneStep(run, book, session, step, label, book.totalSteps - done, () => {
        start();
        run.emit({ type: 'step_started', job: job.name, index: job.index, step: current, done, steps: book.totalSteps });
      });
      calls++;
      png = outcome.png ?? png;
      // A piece that keeps no saved progress is finished once its file is written (files.ts): not before, or a
      // batch killed in between would ask for it again.
      if (isFileTheProgress(spec)) {
        await endBook(run, job, session.state, png, { write: true, continuity: false, marks: false });
        isWritten = true;
        // Its answers were kept until now (engine/session/kept-answers.ts): a kill before the file was written lost none.
        await session.delivered();
      }
      done++;
      progress?.stepDone();
      words += outcome.words;
      const marks = stepMarksOf(outcome);
      if (marks.short) shortParts++;
      if (marks.repeats) repeatingParts++;
      // (Its calls and tokens are in the totals already, each as it was sent: slotted.)
      const u = outcome.usage;
      run.emit({
        type: 'step_done', job: job.name, index: job.index, step: label, kind: step.kind, words: outcome.words, complete: outcome.isComplete,
        ...stepNotes(outcome, label, session.state.lang),
        tokens: u ? { prompt: u.promptTokens, completion: u.completionTokens, total: u.totalTokens } : null,
        ...(outcome.budget ? { budget: outcome.budget } : {}), seconds: Number(outcome.seconds.toFixed(3)), done, steps: book.totalSteps, ...marks,
      });
      // A new part of a book, read ahead for its near-duplicate check (in a thread of its own).
      if (spec.kind === 'book' && run.nearDuplicates?.prepare && session.state.content.length > partsBefore) run.nearDuplicates.prepare(session.state.content.at(-1)!);
      await rememberPart(run, session, book.totalSteps - done, { book, label }, book.budget);
    }
    progress?.callsDone();
    // Not reported done before it is compared with the owner's other books and the batch's done before it. The
    // check starts (and keeps the book in the catalogue) as soon as its last part is in, before its files are
    // written: the book finished first is the original, however long writing its files takes.
    const closing = run.nearDuplicates ? run.nearDuplicates(job, session?.state ?? book.state) : Promise.resolve({ closeTo: [] });
    closing.catch(() => undefined);
    // Its files written and its continuity read in the book-end thread (book-end.ts) while the near-duplicate check
    // runs in its own; this thread goes on with the other books' calls. (A finished piece whose file is its progress
    // has no saved text to write it again from.)
    const ask = { write: !isWritten && !(book.isComplete && isFileTheProgress(spec)), continuity: session !== null, marks: false };
    const continuity = ask.write || ask.continuity ? await endBook(run, job, session?.state ?? book.state, png, ask) : {};
    run.totals.shortParts += shortParts;
    run.totals.repeatingParts += repeatingParts;
    const close = await closing;
    if (close.closeTo.length) run.totals.tooClose++;
    run.emit({ type: 'job_done', job: job.name, index: job.index, out: job.outFile, words, seconds: Number(((performance.now() - bookStarted) / 1000).toFixed(3)), calls, ...(shortParts ? { shortParts } : {}), ...(repeatingParts ? { repeatingParts } : {}), ...continuity, ...close });
    // Written out: its text is dropped, and what the checks read of it, so a batch's memory stays bounded by the books in progress.
    const last = session?.state ?? book.state;
    forgetTexts([...last.content, last.outline, last.memory, last.characterDetails]);
    book.state = withoutText(book.state);
    return 'done';
  } catch (error) {
    if (run.signal?.aborted) return 'unfinished';
    const failure = asGenerationError(error);
    if (FATAL_CODES.has(failure.code) && !run.fatal) run.fatal = failure;
    start();
    run.emit({ type: 'job_failed', job: job.name, index: job.index, step: label, code: failure.code, message: failure.code === 'unexpected' && error instanceof Error ? unexpectedMessage(error, book.state.lang) : failure.message, ...(failure.code !== 'unexpected' ? { params: failure.params ?? {} } : {}), ...(failure.status ? { status: failure.status } : {}) });
    return 'failed';
  }
}

