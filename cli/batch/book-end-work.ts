// The end of a finished batch book: its files written (files.ts), its continuity read from its whole text, and (for
// a queued batch, which has only the saved book) its words and marks. Done in the book-end thread (book-end.ts,
// book-end-worker.ts), or here when that thread is lost. A failure crosses the thread as data and is rebuilt as
// the error it was, so the book fails with the same words as when its files were written on the calling thread.
import {
  bookContinuity,
  bookMarks,
  countWords,
  ExportLimitError,
  REPEATS_RATIO,
  type BookSpec,
  type BookState,
} from '../../engine/book-end.js';
import { writeBookFiles, type WriteHow } from './files.js';
import type { BatchJob } from './jobs.js';

/**
 * Continuity of a finished book as its view shows it (recomputed from its story bible, with what the
 * model audit kept): how many findings its parts have, and the promises open past their due part.
 */
export function continuityOfBook(
  spec: BookSpec,
  state: BookState | undefined,
): { continuity?: number; overdueThreads?: string[] } {
  if (!state || spec.kind !== 'book') return {};
  const { findings, overdueThreads } = bookContinuity(spec, state);
  return { ...(findings ? { continuity: findings } : {}), ...(overdueThreads.length ? { overdueThreads } : {}) };
}

/**
 * What a book's end is asked to do: write its files, read its continuity, count its words and marks (a queued batch).
 */
export interface BookEndAsk {
  write: boolean;
  continuity: boolean;
  marks: boolean;
}

/** What a book's end found (only what was asked). */
export interface BookEndFigures {
  continuity?: number;
  overdueThreads?: string[];
  words?: number;
  shortParts?: number;
  repeatingParts?: number;
}

/**
 * A book's end: its files first (a failure there fails the book before anything is counted), then its figures. `how`:
 * the book-end thread writes them at once (files.ts WriteHow).
 */
export async function endOfBook(
  job: BatchJob,
  state: BookState,
  png: Uint8Array | undefined,
  ask: BookEndAsk,
  how: WriteHow = {},
): Promise<BookEndFigures> {
  if (ask.write) await writeBookFiles(job, state, png, how);
  const figures: BookEndFigures = {};
  if (ask.marks) {
    figures.words = countWords(state.content.join(' '));
    const marks =
      job.spec.kind === 'book' ? bookMarks(job.spec, state, REPEATS_RATIO) : { shortParts: 0, repeatingParts: 0 };
    figures.shortParts = marks.shortParts;
    figures.repeatingParts = marks.repeatingParts;
  }
  return ask.continuity ? { ...figures, ...continuityOfBook(job.spec, state) } : figures;
}

/**
 * An error of a book's end as it crosses the thread: what the batch reads of it (its words, its file system code and
 * path, an export limit's code).
 */
export interface EndFailure {
  name: string;
  message: string;
  code?: string;
  path?: string;
  syscall?: string;
  errno?: number;
  vars?: Record<string, string>;
}

export function endFailureOf(error: unknown): EndFailure {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, path, syscall, errno } = error as NodeJS.ErrnoException;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(typeof path === 'string' ? { path } : {}),
    ...(typeof syscall === 'string' ? { syscall } : {}),
    ...(typeof errno === 'number' ? { errno } : {}),
    ...(error instanceof ExportLimitError ? { vars: { ...error.vars } } : {}),
  };
}

/**
 * The error again, on the calling thread: an export limit as an ExportLimitError, a file system failure with its code
 * and path.
 */
export function reviveEndFailure(failure: EndFailure): Error {
  if (failure.name === 'ExportLimitError' && failure.vars)
    return new ExportLimitError(failure.code as ConstructorParameters<typeof ExportLimitError>[0], failure.vars);
  const { name, message, vars: _vars, ...rest } = failure;
  return Object.assign(new Error(message), { name }, rest);
}
