// Saved books on SQLite, for the server and the CLI's state file alike: the engine's ProgressStore port.
// A step writes its own part and the book's small header row, never the whole book, so saving costs the
// same at chapter 95 as at chapter 1. Statements run synchronously on the connection, so a step's save
// (and, on the server, the rows it commits with it) is one transaction.
import type { Compilable, Kysely } from 'kysely';
import type { BooksDatabase } from '../schema.js';
import { sql } from 'kysely';
import type { BookState, ProgressStore, SavedBook, StepSave } from '../../../engine/index.js';

/** Runs kysely-built queries synchronously (the SQLite adapter's Store is one). */
export interface SyncSql {
  readonly db: Kysely<any>;
  first<R>(query: Compilable<R>): R | undefined;
  all<R>(query: Compilable<R>): R[];
  run(query: Compilable<unknown>): number;
  transaction<T>(fn: () => T): T;
}

function db(runner: SyncSql): Kysely<BooksDatabase> {
  return runner.db as Kysely<BooksDatabase>;
}

/** SQLite's CURRENT_TIMESTAMP ("YYYY-MM-DD HH:MM:SS", UTC) as ISO 8601. */
function isoOf(stamp: string): string {
  return stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`;
}

/** The book saved under (owner, key), or null. */
export function loadBook(runner: SyncSql, owner: string, key: string): (SavedBook & { bookType: string }) | null {
  const row = runner.first(db(runner).selectFrom('books').selectAll().where('owner', '=', owner).where('book_key', '=', key));
  if (!row) return null;
  const parts = runner.all(db(runner).selectFrom('book_parts').select(['position', 'text']).where('book_id', '=', row.id).orderBy('position'));
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
  };
  return { state, isFinished: row.is_finished === 1, updatedAt: isoOf(row.updated_at), bookType: row.book_type };
}

/**
 * Save one step: upsert the header, drop earlier parts when the step starts a new book, add the part.
 * Synchronous, so callers can run it inside a larger transaction.
 */
export function writeStep(runner: SyncSql, owner: string, key: string, save: StepSave): void {
  if (!save.keepsProgress) return;
  const { state } = save;
  const header = {
    book_type: save.bookType,
    generator_id: save.generatorId,
    lang: state.lang,
    total_chapters: state.totalChapters,
    current_chapter: state.currentChapter,
    settings: JSON.stringify(state.settings),
    character_details: state.characterDetails ?? null,
    is_finished: save.isFinished ? 1 : 0,
  };
  runner.transaction(() => {
    const row = runner.first(
      db(runner)
        .insertInto('books')
        .values({ owner, book_key: key, ...header })
        .onConflict((oc) => oc.columns(['owner', 'book_key']).doUpdateSet({ ...header, updated_at: sql`CURRENT_TIMESTAMP` }))
        .returning('id'),
    );
    const bookId = row!.id;
    if (save.isFirst) runner.run(db(runner).deleteFrom('book_parts').where('book_id', '=', bookId));
    runner.run(
      db(runner)
        .insertInto('book_parts')
        .values({ book_id: bookId, position: save.position, step: save.stepKey, text: save.text })
        .onConflict((oc) => oc.columns(['book_id', 'position']).doUpdateSet({ step: save.stepKey, text: save.text })),
    );
  });
}

/** Delete the book under (owner, key); true when there was one. */
export function removeBook(runner: SyncSql, owner: string, key: string): boolean {
  return runner.run(db(runner).deleteFrom('books').where('owner', '=', owner).where('book_key', '=', key)) > 0;
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
    remove: async (key) => removeBook(runner, owner, key),
  };
}
