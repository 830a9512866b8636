// Saved books on Postgres: loading a book and saving its memory (the queue's workers and the server),
// awaited on a pool, with the row-to-book mapping shared (server/store/queries/book-rows.ts) and a step's
// save too (server/store/queries/step.ts).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookPartsTable, BooksTable, Database } from '../schema.js';
import type { MemorySave, ProgressStore, SavedBook } from '../../../engine/index.js';
import { bookOfRows, partsOf } from '../queries/book-rows.js';
import { saveStep } from '../queries/step.js';
import { dropKeptQuery, keptAnswersOf } from '../queries/kept-answers.js';
import { postgresConn } from './conn.js';

/** The schema's database (server/store/schema.ts): the tables these queries read and write are typed. */
type Db = Kysely<Database>;

/**
 * The current time as the text timestamp columns hold ("YYYY-MM-DD HH:MM:SS", UTC; migrations/dialect.ts). Built at
 * its first use, not as the module loads: a call at the top of the module kept it (and the chunk it shares with the
 * server's migrations) in every command's graph through the server's door, though only the queue's workers use it.
 */
const now = () => sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`;

async function bookOfRow(db: Db, row: Selectable<BooksTable>): Promise<SavedBook & { bookType: string }> {
  const parts = (await partsOf(db, row.id).execute()) as Array<
    Pick<Selectable<BookPartsTable>, 'position' | 'text' | 'is_complete' | 'title'>
  >;
  return bookOfRows(row, parts);
}

export async function loadBook(db: Db, owner: string, key: string): Promise<(SavedBook & { bookType: string }) | null> {
  const row = await db
    .selectFrom('books')
    .selectAll()
    .where('owner', '=', owner)
    .where('book_key', '=', key)
    .executeTakeFirst();
  return row ? bookOfRow(db, row) : null;
}

/** Keep a book's updated memory, then drop the answers kept for its update (`keptScope`) as their own statement. */
export async function writeMemory(db: Db, owner: string, key: string, save: MemorySave): Promise<void> {
  await db
    .updateTable('books')
    .set({ memory: save.memory, memory_up_to: save.upTo, updated_at: now() })
    .where('owner', '=', owner)
    .where('book_key', '=', key)
    .execute();
  if (save.keptScope !== undefined) await db.executeQuery(dropKeptQuery(db, owner, key, save.keptScope));
}

export async function removeBook(db: Db, owner: string, key: string): Promise<boolean> {
  const result = await db.deleteFrom('books').where('owner', '=', owner).where('book_key', '=', key).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Many books of one owner, read in one query (and their parts, for the books found): keyed by book key. */
export async function loadBooks(
  db: Db,
  owner: string,
  keys: readonly string[],
): Promise<Map<string, SavedBook & { bookType: string }>> {
  if (!keys.length) return new Map();
  const rows = await db
    .selectFrom('books')
    .selectAll()
    .where('owner', '=', owner)
    .where('book_key', 'in', keys)
    .execute();
  return new Map(await Promise.all(rows.map(async (row) => [row.book_key, await bookOfRow(db, row)] as const)));
}

/** The ProgressStore port for one owner on Postgres (workers and `karya batch --queue`). */
export function postgresBookStore(
  db: Kysely<Database>,
  owner: string,
): ProgressStore & {
  remove(key: string): Promise<boolean>;
  loadMany(keys: readonly string[]): ReturnType<typeof loadBooks>;
} {
  const conn = postgresConn(db);
  return {
    load: (key) => loadBook(db, owner, key),
    loadMany: (keys) => loadBooks(db, owner, keys),
    saveStep: (key, save) => saveStep(conn, owner, key, save),
    saveMemory: (key, save) => writeMemory(db, owner, key, save),
    saveVoice: async (key, voice) =>
      void (await db
        .updateTable('books')
        .set({ voice: voice ? JSON.stringify(voice) : null })
        .where('owner', '=', owner)
        .where('book_key', '=', key)
        .execute()),
    remove: (key) => removeBook(db, owner, key),
    // A step's answers kept as they arrive, before the step is saved (engine/session/kept-answers.ts).
    ...keptAnswersOf(conn, owner),
  };
}
