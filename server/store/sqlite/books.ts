// Saved books on SQLite, for the server and the CLI's state file alike: the engine's ProgressStore port.
// A step writes its own part and the book's small header row, never the whole book, so saving costs the
// same at chapter 95 as at chapter 1. Statements run synchronously on the connection, so a step's save
// (and, on the server, the rows it commits with it) is one transaction.
import type { Compilable, Kysely, Selectable } from 'kysely';
import type { BooksDatabase, BooksTable, Database } from '../schema.js';
import { sql } from 'kysely';
import { clearVersionsQuery, type VersionsDatabase } from '../versions.js';
import type { MemorySave, ProgressStore, SavedBook, StepSave } from '../../../engine/index.js';
import { bookOfRows, headerOfStep, partCompleteness, partsOf } from '../queries/books.js';

/** Runs kysely-built queries synchronously (the SQLite adapter's Store is one). */
export interface SyncSql {
  readonly db: Kysely<Database>;
  first<R>(query: Compilable<R>): R | undefined;
  all<R>(query: Compilable<R>): R[];
  run(query: Compilable<unknown>): number;
  transaction<T>(fn: () => T): T;
  /** A prepared statement of raw SQL, prepared once (the Store's): the hot path of every step's save. */
  raw?(sql: string): { run(...params: unknown[]): { changes: number }; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
}

// Every step's save (and every memory update) runs these: prepared once, with no query building per call.
const UPSERT_BOOK = `INSERT INTO books (owner, book_key, book_type, generator_id, lang, total_chapters, current_chapter, settings, character_details, memory, memory_up_to, chapter_notes, audit_findings, authored_parts, provenance, voice, is_finished)
  VALUES (@owner, @book_key, @book_type, @generator_id, @lang, @total_chapters, @current_chapter, @settings, @character_details, @memory, @memory_up_to, @chapter_notes, @audit_findings, @authored_parts, @provenance, @voice, @is_finished)
  ON CONFLICT (owner, book_key) DO UPDATE SET book_type = excluded.book_type, generator_id = excluded.generator_id, lang = excluded.lang,
    total_chapters = excluded.total_chapters, current_chapter = excluded.current_chapter, settings = excluded.settings,
    character_details = excluded.character_details, memory = excluded.memory, memory_up_to = excluded.memory_up_to, chapter_notes = excluded.chapter_notes, audit_findings = excluded.audit_findings, authored_parts = excluded.authored_parts, provenance = excluded.provenance, voice = excluded.voice,
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
      raw(UPSERT_PART).run({ book_id: bookId, position: save.position, step: save.stepKey, text: save.text, is_complete: partCompleteness(save), title: save.title ?? null });
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
        .values({ book_id: bookId, position: save.position, step: save.stepKey, text: save.text, is_complete: partCompleteness(save), title: save.title ?? null })
        .onConflict((oc) => oc.columns(['book_id', 'position']).doUpdateSet({ step: save.stepKey, text: save.text, is_complete: partCompleteness(save), title: save.title ?? null })),
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

/** Delete the book under (owner, key); true when there was one. */
export function removeBook(runner: SyncSql, owner: string, key: string): boolean {
  return runner.run(db(runner).deleteFrom('books').where('owner', '=', owner).where('book_key', '=', key)) > 0;
}

/** The ProgressStore port for one owner (a user of the server, or the CLI). */
export function bookStore(runner: SyncSql, owner: string): ProgressStore & { remove(key: string): Promise<boolean> } {
  return {
    load: async (key) => loadBook(runner, owner, key),
    saveStep: async (key, save) => writeStep(runner, owner, key, save),
    saveMemory: async (key, save) => writeMemory(runner, owner, key, save),
    saveVoice: async (key, voice) => void runner.run(db(runner).updateTable('books').set({ voice: voice ? JSON.stringify(voice) : null }).where('owner', '=', owner).where('book_key', '=', key)),
    saveSteps: async (key, saves) => runner.transaction(() => saves.forEach((save) => writeStep(runner, owner, key, save))),
    remove: async (key) => removeBook(runner, owner, key),
  };
}
