// One book of a batch run to its end: its steps and the story bible's update after each part (book-steps.ts), its
// files written, and its events. A failed request is retried by the provider alone (engine/providers/retry.ts): the
// batch counts and shows those retries, and a 429 pauses every book's calls meanwhile (call-queue.ts), but asks
// nothing again itself. Its calls (book-calls.ts) go through the batch's shared queue and token window (BatchCalls,
// built by runBatch in scheduler.ts); a fatal error (a bad key, a broken configuration) stops every book's further
// calls.
import {
  ExportLimitError,
  forgetTexts,
  retryAfterMs,
  type BookSession,
  type BookState,
  type Lang,
} from '../../engine/index.js';
import { isPlainFsError, plainFsError } from '../fs-check.js';
import { exportLimitMessage } from '../export-format.js';
import { FATAL_CODES, asGenerationError } from './book-calls.js';
import type { BatchCalls, BookProgress, BookRun, SeriesTold } from './book-run-types.js';
import { BookTally, endBook, openBook, runSteps } from './book-steps.js';
import { isFileTheProgress } from './files.js';

export { continuityOfBook } from './book-end-work.js';
export type { BatchCalls, BatchEvent, BookProgress, BookRun, SeriesTold, StepTokens } from './book-run-types.js';
export { retryAfterMs };

/**
 * One book run to its end: its steps and memory updates in order, its files written; never throws. `progress` (its
 * admission, admission.ts) is told each step done and when its last call is done.
 */
export async function runBook(
  run: BatchCalls,
  book: BookRun,
  told?: SeriesTold,
  progress?: BookProgress,
): Promise<'done' | 'failed' | 'unfinished'> {
  const tally = new BookTally(run, book);
  if (book.isComplete) tally.start();
  try {
    // A finished book is not written again (its file is, from the saved parts, if it went missing);
    // a cover keeps no saved progress: its file is its progress.
    const session = book.isComplete ? null : await openBook(run, book, told);
    if (session && !(await runSteps(run, book, session, tally, progress))) return 'unfinished';
    progress?.callsDone();
    await endOfRun(run, book, session, tally);
    return 'done';
  } catch (error) {
    if (run.signal?.aborted) return 'unfinished';
    failBook(run, book, tally, error);
    return 'failed';
  }
}

/**
 * A book's last call done: its files written, its continuity read and its near-duplicate check, then its job_done
 * event; its texts dropped after.
 */
async function endOfRun(run: BatchCalls, book: BookRun, session: BookSession | null, tally: BookTally): Promise<void> {
  const { job } = book;
  const { words, calls, shortParts, repeatingParts } = tally;
  // Not reported done before it is compared with the owner's other books and the batch's done before it. The
  // check starts (and keeps the book in the catalogue) as soon as its last part is in, before its files are
  // written: the book finished first is the original, however long writing its files takes.
  const closing = run.nearDuplicates
    ? run.nearDuplicates(job, session?.state ?? book.state)
    : Promise.resolve({ closeTo: [] });
  closing.catch(() => undefined);
  // Its end read in the book-end thread, its texts are read here no more: the caches let go of what they keep of them
  // (a part's runs, ~24 KB of typed arrays) now, not once that thread has answered; the books of a batch's last
  // second end together and wait for it, each holding its parts' runs meanwhile. (Should the thread be lost, what its
  // end reads here again stays until newer texts push it out: TEXTS_KEPT.)
  const last = session?.state ?? book.state;
  if (run.bookEnds) forgetTexts(textsOf(last));
  // Its files written and its continuity read in the book-end thread (book-end.ts) while the near-duplicate check
  // runs in its own; this thread goes on with the other books' calls. (A finished piece whose file is its progress
  // has no saved text to write it again from.)
  const ask = {
    write: !tally.isWritten && !(book.isComplete && isFileTheProgress(job.spec)),
    continuity: session !== null,
    marks: false,
  };
  const continuity =
    ask.write || ask.continuity ? await endBook(run, job, session?.state ?? book.state, tally.png, ask) : {};
  run.totals.shortParts += shortParts;
  run.totals.repeatingParts += repeatingParts;
  const close = await closing;
  if (close.closeTo.length) run.totals.tooClose++;
  run.emit({
    type: 'job_done',
    job: job.name,
    index: job.index,
    out: job.outFile,
    words,
    seconds: Number(((performance.now() - tally.startedAt) / 1000).toFixed(3)),
    calls,
    ...(shortParts ? { shortParts } : {}),
    ...(repeatingParts ? { repeatingParts } : {}),
    ...continuity,
    ...close,
  });
  // Written out: its text is dropped, and what the checks read of it, so a batch's memory stays bounded by the books in
  // progress.
  if (!run.bookEnds) forgetTexts(textsOf(last));
  book.state = withoutText(book.state);
}

/** A book's texts, as the caches keep what was read of them. */
function textsOf(state: BookState): Array<string | undefined> {
  return [...state.content, state.outline, state.memory, state.characterDetails];
}

/** A book's state without its texts (what a finished book in a batch keeps in memory). */
function withoutText(state: BookState): BookState {
  const { outline: _outline, characterDetails: _details, memory: _memory, chapterTitles: _titles, ...rest } = state;
  return { ...rest, content: [] };
}

/** A book that failed: its job_failed event (a fatal failure stops every book's further calls). */
function failBook(run: BatchCalls, book: BookRun, tally: BookTally, error: unknown): void {
  const { job } = book;
  const failure = asGenerationError(error);
  if (FATAL_CODES.has(failure.code) && !run.fatal) run.fatal = failure;
  tally.start();
  run.emit({
    type: 'job_failed',
    job: job.name,
    index: job.index,
    step: tally.label,
    code: failure.code,
    message:
      failure.code === 'unexpected' && error instanceof Error
        ? unexpectedMessage(error, book.state.lang)
        : failure.message,
    ...(failure.code !== 'unexpected' ? { params: failure.params ?? {} } : {}),
    ...(failure.status ? { status: failure.status } : {}),
  });
}

/**
 * A failure that is not the model's, in words (a file that could not be written: in `lang`, the book's), an export
 * limit, else its message.
 */
function unexpectedMessage(error: Error, lang: Lang): string {
  if (error instanceof ExportLimitError) return exportLimitMessage(error, lang);
  if (!isPlainFsError(error)) return error.message;
  const file = (error as NodeJS.ErrnoException).path;
  return `${file ? `${file}: ` : ''}${plainFsError(error, lang)}`;
}
