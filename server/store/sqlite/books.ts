// Saved books on SQLite, for the server and the CLI's state file alike: the engine's ProgressStore port.
// A step writes its own part and the book's small header row, never the whole book, so saving costs the
// same at chapter 95 as at chapter 1. Statements run synchronously on the connection, so a step's save
// (and, on the server, the rows it commits with it) is one transaction.
import type { Compilable, ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { BooksDatabase, BooksTable } from '../schema.js';
import type { FinishedBook } from '../ports.js';
import { sql } from 'kysely';
import { clearVersionsQuery, type VersionsDatabase } from '../versions.js';
import type { BookState, MemorySave, ProgressStore, SavedBook, StepSave } from '../../../engine/index.js';

/** Runs kysely-built queries synchronously (the SQLite adapter's Store is one). */
export interface SyncSql {
  readonly db: Kysely<any>;
  first<R>(query: Compilable<R>): R | undefined;
  all<R>(query: Compilable<R>): R[];
  run(query: Compilable<unknown>): number;
  transaction<T>(fn: () => T): T;
  /** A prepared statement of raw SQL, prepared once (the Store's): the hot path of every step's save. */
  raw?(sql: string): { run(...params: unknown[]): { changes: number }; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
}

// Every step's save (and every memory update) runs these: prepared once, with no query building per call.
const UPSERT_BOOK = `INSERT INTO books (owner, book_key, book_type, generator_id, lang, total_chapters, current_chapter, settings, character_details, memory, memory_up_to, is_finished)
  VALUES (@owner, @book_key, @book_type, @generator_id, @lang, @total_chapters, @current_chapter, @settings, @character_details, @memory, @memory_up_to, @is_finished)
  ON CONFLICT (owner, book_key) DO UPDATE SET book_type = excluded.book_type, generator_id = excluded.generator_id, lang = excluded.lang,
    total_chapters = excluded.total_chapters, current_chapter = excluded.current_chapter, settings = excluded.settings,
    character_details = excluded.character_details, memory = excluded.memory, memory_up_to = excluded.memory_up_to,
    is_finished = excluded.is_finished, updated_at = CURRENT_TIMESTAMP
  RETURNING id`;
const DELETE_PARTS = 'DELETE FROM book_parts WHERE book_id = ?';
const DELETE_VERSIONS = 'DELETE FROM part_versions WHERE book_id = ?';
const UPSERT_PART = `INSERT INTO book_parts (book_id, position, step, text, is_complete, title) VALUES (@book_id, @position, @step, @text, @is_complete, @title)
  ON CONFLICT (book_id, position) DO UPDATE SET step = excluded.step, text = excluded.text, is_complete = excluded.is_complete, title = excluded.title`;
const LOAD_BOOK = 'SELECT * FROM books WHERE owner = ? AND book_key = ?';
const LOAD_PARTS = 'SELECT position, text, is_complete, title FROM book_parts WHERE book_id = ? ORDER BY position';
const UPDATE_MEMORY = 'UPDATE books SET memory = ?, memory_up_to = ?, updated_at = CURRENT_TIMESTAMP WHERE owner = ? AND book_key = ?';

function db(runner: SyncSql): Kysely<BooksDatabase> {
  return runner.db as Kysely<BooksDatabase>;
}

/** SQLite's CURRENT_TIMESTAMP ("YYYY-MM-DD HH:MM:SS", UTC) as ISO 8601. */
function isoOf(stamp: string): string {
  return stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`;
}

/** The book saved under (owner, key), or null. */
export function loadBook(runner: SyncSql, owner: string, key: string): (SavedBook & { bookType: string }) | null {
  // Every book a batch opens (and every step the server runs) reads its book: prepared once, no query building.
  if (runner.raw) {
    const found = runner.raw(LOAD_BOOK).get(owner, key) as Selectable<BooksTable> | undefined;
    return found ? bookOfRows(found, runner.raw(LOAD_PARTS).all(found.id) as Parameters<typeof bookOfRows>[1]) : null;
  }
  const row = runner.first(db(runner).selectFrom('books').selectAll().where('owner', '=', owner).where('book_key', '=', key));
  return row ? bookOfRow(runner, row) : null;
}

/** A header row with its parts, as the engine's saved book. */
function bookOfRow(runner: SyncSql, row: Selectable<BooksTable>): SavedBook & { bookType: string } {
  return bookOfRows(row, runner.all(partsOf(db(runner), row.id)));
}

/** The parts of a book, in order (every adapter runs this query). */
export function partsOf(books: Kysely<BooksDatabase>, bookId: number) {
  return books.selectFrom('book_parts').select(['position', 'text', 'is_complete', 'title']).where('book_id', '=', bookId).orderBy('position');
}

/** A header row and its parts as the engine's saved book (shared by every adapter). */
export function bookOfRows(row: Selectable<BooksTable>, parts: Array<{ position: number; text: string; is_complete: number; title: string | null }>): SavedBook & { bookType: string } {
  const incompleteParts = parts.filter((p) => p.is_complete === 0).map((p) => p.position);
  const chapterTitles = Object.fromEntries(parts.filter((p) => p.title !== null).map((p) => [p.position, p.title!]));
  const outline = parts.find((p) => p.position < 0)?.text;
  const content = parts.filter((p) => p.position >= 0).map((p) => p.text);
  const state: BookState = {
    generatorId: row.generator_id,
    settings: JSON.parse(row.settings) as BookState['settings'],
    lang: row.lang === 'ms' ? 'ms' : 'en',
    totalChapters: row.total_chapters,
    ...(outline !== undefined ? { outline } : {}),
    content,
    currentChapter: row.current_chapter,
    ...(row.character_details !== null ? { characterDetails: row.character_details } : {}),
    isLocked: content.length > 0,
    ...(incompleteParts.length ? { incompleteParts } : {}),
    ...(Object.keys(chapterTitles).length ? { chapterTitles } : {}),
    ...(row.memory !== null ? { memory: row.memory } : {}),
    ...(row.memory_up_to !== null ? { memoryUpTo: row.memory_up_to } : {}),
  };
  return { state, isFinished: row.is_finished === 1, updatedAt: isoOf(row.updated_at), bookType: row.book_type };
}

/** The books row a saved step writes (both adapters). */
export function headerOfStep(save: StepSave) {
  const { state } = save;
  return {
    book_type: save.bookType,
    generator_id: save.generatorId,
    lang: state.lang,
    total_chapters: state.totalChapters,
    current_chapter: state.currentChapter,
    settings: JSON.stringify(state.settings),
    character_details: state.characterDetails ?? null,
    memory: state.memory ?? null,
    memory_up_to: state.memoryUpTo ?? null,
    is_finished: save.isFinished ? 1 : 0,
  };
}

/**
 * Save one step: upsert the header, drop earlier parts when the step starts a new book, add the part.
 * Synchronous, so callers can run it inside a larger transaction.
 */
export function writeStep(runner: SyncSql, owner: string, key: string, save: StepSave): void {
  if (!save.keepsProgress) return;
  const header = headerOfStep(save);
  const raw = runner.raw?.bind(runner);
  if (raw) {
    runner.transaction(() => {
      const { id: bookId } = raw(UPSERT_BOOK).get({ owner, book_key: key, ...header }) as { id: number };
      if (save.isFirst) {
        raw(DELETE_PARTS).run(bookId);
        raw(DELETE_VERSIONS).run(bookId);
      }
      raw(UPSERT_PART).run({ book_id: bookId, position: save.position, step: save.stepKey, text: save.text, is_complete: save.isComplete ? 1 : 0, title: save.title ?? null });
    });
    return;
  }
  runner.transaction(() => {
    const row = runner.first(
      db(runner)
        .insertInto('books')
        .values({ owner, book_key: key, ...header })
        .onConflict((oc) => oc.columns(['owner', 'book_key']).doUpdateSet({ ...header, updated_at: sql`CURRENT_TIMESTAMP` }))
        .returning('id'),
    );
    const bookId = row!.id;
    if (save.isFirst) {
      runner.run(db(runner).deleteFrom('book_parts').where('book_id', '=', bookId));
      runner.run(clearVersionsQuery(runner.db as Kysely<VersionsDatabase>, bookId));
    }
    runner.run(
      db(runner)
        .insertInto('book_parts')
        .values({ book_id: bookId, position: save.position, step: save.stepKey, text: save.text, is_complete: save.isComplete ? 1 : 0, title: save.title ?? null })
        .onConflict((oc) => oc.columns(['book_id', 'position']).doUpdateSet({ step: save.stepKey, text: save.text, is_complete: save.isComplete ? 1 : 0, title: save.title ?? null })),
    );
  });
}

/** Keep a book's updated memory: its header only. */
export function writeMemory(runner: SyncSql, owner: string, key: string, save: MemorySave): void {
  if (runner.raw) {
    runner.raw(UPDATE_MEMORY).run(save.memory, save.upTo, owner, key);
    return;
  }
  runner.run(db(runner).updateTable('books').set({ memory: save.memory, memory_up_to: save.upTo, updated_at: sql`CURRENT_TIMESTAMP` }).where('owner', '=', owner).where('book_key', '=', key));
}

/**
 * A part edited by hand: its text (complete now) and the header's character details and memory from the
 * edited state, in one transaction (the book's finishing time stays). False when the book or the part is missing.
 */
export function writePartEdit(runner: SyncSql, owner: string, key: string, edit: { position: number; text: string; state: BookState }): boolean {
  const { state } = edit;
  return runner.transaction(() => {
    const row = runner.first(db(runner).selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key));
    if (!row) return false;
    const changed = runner.run(db(runner).updateTable('book_parts').set({ text: edit.text, is_complete: 1 }).where('book_id', '=', row.id).where('position', '=', edit.position));
    if (changed === 0) return false;
    runner.run(
      db(runner)
        .updateTable('books')
        .set({ character_details: state.characterDetails ?? null, memory: state.memory ?? null, memory_up_to: state.memoryUpTo ?? null })
        .where('id', '=', row.id),
    );
    return true;
  });
}

/** Delete the book under (owner, key); true when there was one. */
export function removeBook(runner: SyncSql, owner: string, key: string): boolean {
  return runner.run(db(runner).deleteFrom('books').where('owner', '=', owner).where('book_key', '=', key)) > 0;
}

/**
 * Kept books. A live book's key is its book type (the CLI's: its settings or job key), never with a colon;
 * a finished book that its book type starts anew from is kept under `kept:<id>`, with its id, parts and
 * finishing time unchanged. "Finished books" are finished books (an introduction written, every step
 * done), so a single tool's saved output is never one.
 */
export const KEPT_PREFIX = 'kept:';

export function isFinishedBook(eb: ExpressionBuilder<BooksDatabase, 'books'>) {
  return eb.and([
    eb('books.is_finished', '=', 1),
    eb.exists(eb.selectFrom('book_parts').select('book_parts.book_id').whereRef('book_parts.book_id', '=', 'books.id').where('book_parts.step', '=', 'introduction')),
  ]);
}

function finishedOfRow(runner: SyncSql, row: Selectable<BooksTable>): FinishedBook {
  return { ...bookOfRow(runner, row), id: row.id, isCurrent: !row.book_key.startsWith(KEPT_PREFIX) };
}

/**
 * Start anew under (owner, key): a finished book is kept (moved to its kept key), anything else is
 * deleted, in one transaction. True when there was a book.
 */
export function startNewBook(runner: SyncSql, owner: string, key: string): boolean {
  return runner.transaction(() => {
    const kept = runner.run(
      db(runner)
        .updateTable('books')
        .set({ book_key: sql<string>`${KEPT_PREFIX} || id` })
        .where('owner', '=', owner)
        .where('book_key', '=', key)
        .where(isFinishedBook),
    );
    return kept > 0 || removeBook(runner, owner, key);
  });
}

/** The owner's finished books (kept and live), most recently finished first. */
export function listFinishedBooks(runner: SyncSql, owner: string): FinishedBook[] {
  const rows = runner.all(db(runner).selectFrom('books').selectAll().where('owner', '=', owner).where(isFinishedBook).orderBy('updated_at', 'desc').orderBy('id', 'desc'));
  return rows.map((row) => finishedOfRow(runner, row));
}

/** One finished book of the owner by id, or null (another owner's, unfinished or missing). */
export function findFinishedBook(runner: SyncSql, owner: string, id: number): FinishedBook | null {
  const row = runner.first(db(runner).selectFrom('books').selectAll().where('id', '=', id).where('owner', '=', owner).where(isFinishedBook));
  return row ? finishedOfRow(runner, row) : null;
}

/** Delete one finished book of the owner by id (its parts go with it); false when there is no such book. */
export function removeFinishedBook(runner: SyncSql, owner: string, id: number): boolean {
  return runner.run(db(runner).deleteFrom('books').where('id', '=', id).where('owner', '=', owner).where(isFinishedBook)) > 0;
}

/** Delete every book of an owner (a deleted account). */
export function removeBooksOf(runner: SyncSql, owner: string): number {
  return runner.run(db(runner).deleteFrom('books').where('owner', '=', owner));
}

/** The ProgressStore port for one owner (a user of the server, or the CLI). */
export function bookStore(runner: SyncSql, owner: string): ProgressStore & { remove(key: string): Promise<boolean> } {
  return {
    load: async (key) => loadBook(runner, owner, key),
    saveStep: async (key, save) => writeStep(runner, owner, key, save),
    saveMemory: async (key, save) => writeMemory(runner, owner, key, save),
    remove: async (key) => removeBook(runner, owner, key),
  };
}
