// A book's steps in a batch, in order (book-run.ts runs the book): each step's calls (book-calls.ts), its file
// written when the file is its progress, its step_done event with the step's marks, the part read ahead for the
// near-duplicate check, and the story bible's update after it. The book's tally (BookTally) keeps what its
// job_started, job_done and job_failed events say.
import {
  BookSession,
  CallBudget,
  answerNotesOf,
  stepMarksOf,
  type BookState,
  type Lang,
  type Step,
  type StepResult as StepDone,
} from '../../engine/index.js';
import { rememberPart, runOneStep } from './book-calls.js';
import type { BatchCalls, BookProgress, BookRun, SeriesTold } from './book-run-types.js';
import { endOfBook, type BookEndAsk, type BookEndFigures } from './book-end-work.js';
import { isFileTheProgress } from './files.js';
import type { BatchJob } from './jobs.js';

/** What a book has done in this run: its events' counts, the step it is at and the picture it has. */
export class BookTally {
  readonly startedAt = performance.now();
  /** The book's budget of model calls: each step left and, for a book, the story bible's update after it. */
  readonly budget: CallBudget | undefined;
  /** Its steps done, the ones saved before this run included. */
  done: number;
  words = 0;
  calls = 0;
  shortParts = 0;
  repeatingParts = 0;
  /** The step at work (its job_failed names it). */
  label = '';
  png: Uint8Array | undefined;
  /** Whether the book's file is written already (a piece whose file is its progress). */
  isWritten = false;
  private hasStarted = false;

  constructor(
    private readonly run: BatchCalls,
    private readonly book: BookRun,
  ) {
    const { job } = book;
    this.done = book.doneSteps;
    this.budget = book.isComplete
      ? undefined
      : new CallBudget({
          planned: (book.totalSteps - this.done) * (job.spec.kind === 'book' ? 2 : 1),
          maxCalls: job.maxCalls,
        });
    if (this.budget) book.budget = this.budget;
  }

  /** The book's job_started, once: as its first call goes out (or at once for a finished book, or as it fails). */
  start(): void {
    if (this.hasStarted) return;
    this.hasStarted = true;
    const { run, book, budget } = this;
    const { job } = book;
    run.emit({
      type: 'job_started',
      job: job.name,
      index: job.index,
      generator: job.spec.id,
      lang: book.state.lang,
      steps: book.totalSteps,
      done: this.done,
      out: job.outFile,
      ...(budget ? { calls: { planned: budget.planned, bound: budget.bound } } : {}),
    });
  }
}

/** A book's end (its files, its continuity) in the batch's book-end thread, or here without one. */
export function endBook(
  run: BatchCalls,
  job: BatchJob,
  state: BookState,
  png: Uint8Array | undefined,
  ask: BookEndAsk,
): Promise<BookEndFigures> {
  return run.bookEnds ? run.bookEnds.end(job, state, png, ask) : endOfBook(job, state, png, ask);
}

/**
 * The book's session opened from its saved progress. A series book is told the series as of the book before it, its
 * brief filled from it (scheduler.ts waits for that book).
 */
export function openBook(run: BatchCalls, book: BookRun, told?: SeriesTold): Promise<BookSession> {
  const { job } = book;
  return BookSession.open({
    spec: job.spec,
    renderer: run.renderer,
    provider: run.provider,
    store: run.progressStore,
    key: job.key,
    settings: told?.settings ?? job.settings,
    totalChapters: job.totalChapters,
    onFinished: 'restart',
    ...(told ? { series: told.series } : {}),
    ...(job.voice ? { voice: job.voice } : {}),
  });
}

/**
 * The book's steps left, each with its memory update after it, in order: false when the batch was stopped
 * before one of them. `progress` (its admission, admission.ts) is told each step done.
 */
export async function runSteps(
  run: BatchCalls,
  book: BookRun,
  session: BookSession,
  tally: BookTally,
  progress?: BookProgress,
): Promise<boolean> {
  const { job } = book;
  const { spec } = job;
  for (let step = session.next(); step; step = session.next()) {
    if (run.signal?.aborted) return false;
    const label = session.label(step);
    tally.label = label;
    const partsBefore = session.state.content.length;
    const outcome = await runOneStep(run, book, session, step, label, book.totalSteps - tally.done, () => {
      tally.start();
      run.emit({
        type: 'step_started',
        job: job.name,
        index: job.index,
        step: label,
        done: tally.done,
        steps: book.totalSteps,
      });
    });
    tally.calls++;
    tally.png = outcome.png ?? tally.png;
    // A piece that keeps no saved progress is finished once its file is written (files.ts): not before, or a
    // batch killed in between would ask for it again.
    if (isFileTheProgress(spec)) {
      await endBook(run, job, session.state, tally.png, { write: true, continuity: false, marks: false });
      tally.isWritten = true;
      // Its answers were kept until now (engine/session/kept-answers.ts): a kill before the file was written lost none.
      await session.delivered();
    }
    tally.done++;
    progress?.stepDone();
    stepDone(run, book, session, step, outcome, tally);
    // A new part of a book, read ahead for its near-duplicate check (in a thread of its own).
    if (spec.kind === 'book' && run.nearDuplicates?.prepare && session.state.content.length > partsBefore)
      run.nearDuplicates.prepare(session.state.content.at(-1)!);
    await rememberPart(run, session, book.totalSteps - tally.done, { book, label }, book.budget);
  }
  return true;
}

/** A step done: its words and marks counted for the book, and its step_done event. */
function stepDone(
  run: BatchCalls,
  book: BookRun,
  session: BookSession,
  step: Step,
  outcome: StepDone & { budget: number },
  tally: BookTally,
): void {
  const { job } = book;
  const { label } = tally;
  tally.words += outcome.words;
  const marks = stepMarksOf(outcome);
  if (marks.short) tally.shortParts++;
  if (marks.repeats) tally.repeatingParts++;
  // (Its calls and tokens are in the totals already, each as it was sent: slotted.)
  const u = outcome.usage;
  run.emit({
    type: 'step_done',
    job: job.name,
    index: job.index,
    step: label,
    kind: step.kind,
    words: outcome.words,
    complete: outcome.isComplete,
    ...stepNotes(outcome, label, session.state.lang),
    tokens: u ? { prompt: u.promptTokens, completion: u.completionTokens, total: u.totalTokens } : null,
    ...(outcome.budget ? { budget: outcome.budget } : {}),
    seconds: Number(outcome.seconds.toFixed(3)),
    done: tally.done,
    steps: book.totalSteps,
    ...marks,
  });
}

/**
 * A step's notes on its answers (assistant paragraphs taken out, asked again, the time-out), in the book's language.
 */
function stepNotes(outcome: StepDone, label: string, lang: Lang): { notes?: string[] } {
  const notes = answerNotesOf(outcome, label, lang).map((n) => n.message);
  return notes.length ? { notes } : {};
}
