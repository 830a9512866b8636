// Saved books on Postgres: loading a book and saving its steps and memory (the queue's workers and the
// server), awaited on a pool, with the row-to-book mapping shared (server/store/queries/books.ts, which
// also holds the book repository's other use cases).
import { clearVersionsQuery, type VersionsDatabase } from '../versions.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookPartsTable, BooksDatabase, BooksTable } from '../schema.js';
import type { BookState, MemorySave, ProgressStore, SavedBook, StepSave } from '../../../engine/index.js';
import { bookOfRows, headerOfStep, partsOf, type BookPackagesTable } from '../queries/books.js';

interface PackagesDatabase extends BooksDatabase {
  book_packages: BookPackagesTable;
}
type Db = Kysely<PackagesDatabase>;

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

/** Save one step: upsert the header, drop earlier parts when the step starts a new book, add the part. */
export async function writeStep(db: Db, owner: string, key: string, save: StepSave): Promise<void> {
  if (!save.keepsProgress) return;
  const header = headerOfStep(save);
  await inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('books')
      .values({ owner, book_key: key, ...header })
      .onConflict((oc) => oc.columns(['owner', 'book_key']).doUpdateSet({ ...header, updated_at: NOW }))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (save.isFirst) {
      await trx.deleteFrom('book_parts').where('book_id', '=', row.id).execute();
      await clearVersionsQuery(trx as unknown as Kysely<VersionsDatabase>, row.id).execute();
    }
    const part = { step: save.stepKey, text: save.text, is_complete: save.isComplete ? 1 : 0, title: save.title ?? null };
    await trx
      .insertInto('book_parts')
      .values({ book_id: row.id, position: save.position, ...part })
      .onConflict((oc) => oc.columns(['book_id', 'position']).doUpdateSet(part))
      .execute();
  });
}

export async function writeMemory(db: Db, owner: string, key: string, save: MemorySave): Promise<void> {
  await db.updateTable('books').set({ memory: save.memory, memory_up_to: save.upTo, updated_at: NOW }).where('owner', '=', owner).where('book_key', '=', key).execute();
}

export async function removeBook(db: Db, owner: string, key: string): Promise<boolean> {
  const result = await db.deleteFrom('books').where('owner', '=', owner).where('book_key', '=', key).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The ProgressStore port for one owner on Postgres (workers and `karya batch --queue`). */
export function postgresBookStore(db: Kysely<any>, owner: string): ProgressStore & { remove(key: string): Promise<boolean> } {
  return {
    load: (key) => loadBook(db, owner, key),
    saveStep: (key, save) => writeStep(db, owner, key, save),
    saveMemory: (key, save) => writeMemory(db, owner, key, save),
    remove: (key) => removeBook(db, owner, key),
  };
}
