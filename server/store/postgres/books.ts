// Saved books on Postgres: loading a book and saving its steps and memory (the queue's workers and the
// server), awaited on a pool, with the row-to-book mapping shared (server/store/queries/books.ts, which
// also holds the book repository's other use cases).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookPartsTable, BooksTable, Database } from '../schema.js';
import type { BookState, MemorySave, ProgressStore, SavedBook, StepSave } from '../../../engine/index.js';
import { bookOfRows, headerOfStep, partCompleteness, partsOf } from '../queries/books.js';

/** The schema's database (server/store/schema.ts): the tables these queries read and write are typed. */
type Db = Kysely<Database>;

/** Run `fn` in a transaction, or inside the caller's when `db` is one already. */
export function inTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** The current time as the text timestamp columns hold ("YYYY-MM-DD HH:MM:SS", UTC; migrations/dialect.ts). */
const NOW = sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

async function bookOfRow(db: Db, row: Selectable<BooksTable>): Promise<SavedBook & { bookType: string }> {
  const parts = (await partsOf(db, row.id).execute()) as Array<Pick<Selectable<BookPartsTable>, 'position' | 'text' | 'is_complete' | 'title'>>;
  return bookOfRows(row, parts);
}

export async function loadBook(db: Db, owner: string, key: string): Promise<(SavedBook & { bookType: string }) | null> {
  const row = await db.selectFrom('books').selectAll().where('owner', '=', owner).where('book_key', '=', key).executeTakeFirst();
  return row ? bookOfRow(db, row) : null;
}

/**
 * Save one step in one statement (one round trip, atomic as any statement): upsert the header, and when
 * the step starts a new book drop its other parts and its earlier versions, then upsert the part. The
 * sub-statements of a WITH run on one snapshot in no set order, so none of them touches a row another
 * changes: the parts dropped are the ones at other positions than the step's own, which is upserted.
 */
export async function writeStep(db: Db, owner: string, key: string, save: StepSave): Promise<void> {
  if (!save.keepsProgress) return;
  const h = headerOfStep(save);
  const part = { step: save.stepKey, text: save.text, is_complete: partCompleteness(save), title: save.title ?? null };
  const clear = save.isFirst
    ? sql`, parts AS (DELETE FROM book_parts WHERE book_id = (SELECT id FROM book) AND position <> ${save.position}),
        versions AS (DELETE FROM part_versions WHERE book_id = (SELECT id FROM book))`
    : sql``;
  await sql`WITH book AS (
      INSERT INTO books (owner, book_key, book_type, generator_id, lang, total_chapters, current_chapter, settings, character_details, memory, memory_up_to, chapter_notes, audit_findings, authored_parts, provenance, voice, is_finished)
      VALUES (${owner}, ${key}, ${h.book_type}, ${h.generator_id}, ${h.lang}, ${h.total_chapters}, ${h.current_chapter}, ${h.settings}, ${h.character_details}, ${h.memory}, ${h.memory_up_to}, ${h.chapter_notes}, ${h.audit_findings}, ${h.authored_parts}, ${h.provenance}, ${h.voice}, ${h.is_finished})
      ON CONFLICT (owner, book_key) DO UPDATE SET book_type = excluded.book_type, generator_id = excluded.generator_id, lang = excluded.lang,
        total_chapters = excluded.total_chapters, current_chapter = excluded.current_chapter, settings = excluded.settings,
        character_details = excluded.character_details, memory = excluded.memory, memory_up_to = excluded.memory_up_to, chapter_notes = excluded.chapter_notes,
        audit_findings = excluded.audit_findings, authored_parts = excluded.authored_parts, provenance = excluded.provenance, voice = excluded.voice, is_finished = excluded.is_finished, updated_at = ${NOW}
      RETURNING id)${clear}
    INSERT INTO book_parts (book_id, position, step, text, is_complete, title)
    SELECT id, ${save.position}, ${part.step}, ${part.text}, ${part.is_complete}, ${part.title} FROM book
    ON CONFLICT (book_id, position) DO UPDATE SET step = excluded.step, text = excluded.text, is_complete = excluded.is_complete, title = excluded.title`.execute(db);
}

export async function writeMemory(db: Db, owner: string, key: string, save: MemorySave): Promise<void> {
  await db.updateTable('books').set({ memory: save.memory, memory_up_to: save.upTo, updated_at: NOW }).where('owner', '=', owner).where('book_key', '=', key).execute();
}

export async function removeBook(db: Db, owner: string, key: string): Promise<boolean> {
  const result = await db.deleteFrom('books').where('owner', '=', owner).where('book_key', '=', key).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Many books of one owner, read in one query (and their parts, for the books found): keyed by book key. */
export async function loadBooks(db: Db, owner: string, keys: readonly string[]): Promise<Map<string, SavedBook & { bookType: string }>> {
  if (!keys.length) return new Map();
  const rows = await db.selectFrom('books').selectAll().where('owner', '=', owner).where('book_key', 'in', keys).execute();
  return new Map(await Promise.all(rows.map(async (row) => [row.book_key, await bookOfRow(db, row)] as const)));
}

/** The ProgressStore port for one owner on Postgres (workers and `karya batch --queue`). */
export function postgresBookStore(db: Kysely<Database>, owner: string): ProgressStore & { remove(key: string): Promise<boolean>; loadMany(keys: readonly string[]): ReturnType<typeof loadBooks> } {
  return {
    load: (key) => loadBook(db, owner, key),
    loadMany: (keys) => loadBooks(db, owner, keys),
    saveStep: (key, save) => writeStep(db, owner, key, save),
    saveMemory: (key, save) => writeMemory(db, owner, key, save),
    saveVoice: async (key, voice) => void (await db.updateTable('books').set({ voice: voice ? JSON.stringify(voice) : null }).where('owner', '=', owner).where('book_key', '=', key).execute()),
    remove: (key) => removeBook(db, owner, key),
  };
}
