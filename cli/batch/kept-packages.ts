// The packages an earlier `karya batch --publish` made, kept on a run again: a writer re-runs the same jobs
// file and state once a failed book is fixed, and the books already packaged must not have their publishing
// steps asked of the model (and paid) again, nor their files written again. Each package folder holds, written
// after its files, a note of the book it was made from (its text and the facts the job gave) and of what the
// schedule said of it; a package whose book or facts have changed since, or whose files are missing, is made again.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BookState, ScheduleRow } from '../../engine/index.js';
import type { JobCover } from './job-cover.js';

/** The note's file in the package folder (hidden: the folder is what a writer uploads). */
export const KEPT_NOTE = '.karya-batch.json';

/** What the schedule and --json said of a package when it was made. */
export interface PackageSaid {
  row: ScheduleRow;
  title: string;
  author: string;
  publishOn: string | null;
  ready: boolean;
  blocking: number;
  held?: { book: string; title: string; share: number };
}

interface KeptNote extends PackageSaid {
  /** The book's text and the job's publishing facts the package was made from (bookMark). */
  book: string;
}

/** What a package was made from: the book's parts and the facts (author, title, cover…) its job gave. */
export function bookMark(state: Pick<BookState, 'content'>, given: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([state.content, given]))
    .digest('hex');
}

/**
 * A job's cover as its package is made from it: the writer's picture by its bytes (a writer who replaces the picture
 * under the same name wants the new one on the book), a typographic cover as it is given.
 */
export function coverMark(cover: JobCover | undefined): unknown {
  if (cover?.kind !== 'picture') return cover ?? null;
  try {
    return { given: cover.given, bytes: createHash('sha256').update(readFileSync(cover.file)).digest('hex') };
  } catch {
    // Unreadable now: no mark an earlier package can match, so the package is made again and the picture's own
    // check says what is wrong with it.
    return { given: cover.given, unreadable: true, at: Date.now() };
  }
}

/**
 * The package in `dir` an earlier run made from this same book and facts, with every file of it there; else undefined.
 */
export function keptPackage(dir: string, mark: string, files: readonly string[]): PackageSaid | undefined {
  const file = path.join(dir, KEPT_NOTE);
  if (!existsSync(file)) return undefined;
  let note: Partial<KeptNote>;
  try {
    note = JSON.parse(readFileSync(file, 'utf8')) as Partial<KeptNote>;
  } catch {
    return undefined;
  }
  if (note.book !== mark || !note.row || !files.every((name) => existsSync(path.join(dir, name)))) return undefined;
  const { book: _book, ...said } = note as KeptNote;
  return said;
}

/** Note a package as made, once its files are all written. */
export async function notePackage(dir: string, mark: string, said: PackageSaid): Promise<void> {
  const note: KeptNote = { book: mark, ...said };
  await writeFile(path.join(dir, KEPT_NOTE), `${JSON.stringify(note)}\n`);
}
