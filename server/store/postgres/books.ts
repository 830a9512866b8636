// Saved books and KDP packages on Postgres: the same queries as the SQLite adapter's (server/store/sqlite/
// books.ts, packages.ts), awaited on a pool, with the row-to-book mapping shared.
import { clearVersionsQuery, type VersionsDatabase } from '../versions.js';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { BookPartsTable, BooksDatabase, BooksTable } from '../schema.js';
import type { BookRepository, FinishedBook } from '../ports.js';
import type { BookState, MemorySave, ProgressStore, SavedBook, StepSave } from '../../../engine/index.js';
import type { KdpPackage } from '../../../engine/contract/index.js';
import { KEPT_PREFIX, bookOfRows, headerOfStep, isFinishedBook, partsOf } from '../sqlite/books.js';
import type { BookPackagesTable } from '../sqlite/packages.js';

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

async function finishedOfRow(db: Db, row: Selectable<BooksTable>): Promise<FinishedBook> {
  return { ...(await bookOfRow(db, row)), id: row.id, isCurrent: !row.book_key.startsWith(KEPT_PREFIX) };
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

/** A part edited by hand (the SQLite adapter's writePartEdit): its text, then the header's details and memory. */
export async function writePartEdit(db: Db, owner: string, key: string, edit: { position: number; text: string; state: BookState }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key).executeTakeFirst();
    if (!row) return false;
    const changed = await trx.updateTable('book_parts').set({ text: edit.text, is_complete: 1 }).where('book_id', '=', row.id).where('position', '=', edit.position).executeTakeFirst();
    if (changed.numUpdatedRows === 0n) return false;
    const { state } = edit;
    await trx.updateTable('books').set({ character_details: state.characterDetails ?? null, memory: state.memory ?? null, memory_up_to: state.memoryUpTo ?? null }).where('id', '=', row.id).execute();
    return true;
  });
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

export function postgresBooks(db: Kysely<any>): BookRepository {
  const books = db as Db;
  const packageOf = (owner: string, key: string) =>
    books.selectFrom('book_packages').innerJoin('books', 'books.id', 'book_packages.book_id').where('books.owner', '=', owner).where('books.book_key', '=', key);
  return {
    load: ({ userId, key }) => loadBook(books, userId, key),
    saveMemory: ({ userId, key, memory, upTo }) => writeMemory(books, userId, key, { memory, upTo }),
    savePartEdit: ({ userId, key, position, text, state }) => writePartEdit(books, userId, key, { position, text, state }),
    remove: ({ userId, key }) =>
      inTransaction(books, async (trx) => {
        const kept = await trx
          .updateTable('books')
          .set({ book_key: sql<string>`CAST(${KEPT_PREFIX} AS text) || id` })
          .where('owner', '=', userId)
          .where('book_key', '=', key)
          .where(isFinishedBook)
          .executeTakeFirst();
        return kept.numUpdatedRows > 0n || (await removeBook(trx, userId, key));
      }),
    listFinished: async ({ userId }) => {
      const rows = await books.selectFrom('books').selectAll().where('owner', '=', userId).where(isFinishedBook).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
      return Promise.all(rows.map((row) => finishedOfRow(books, row)));
    },
    findFinished: async ({ userId, id }) => {
      const row = await books.selectFrom('books').selectAll().where('id', '=', id).where('owner', '=', userId).where(isFinishedBook).executeTakeFirst();
      return row ? finishedOfRow(books, row) : null;
    },
    removeFinished: async ({ userId, id }) => (await books.deleteFrom('books').where('id', '=', id).where('owner', '=', userId).where(isFinishedBook).executeTakeFirst()).numDeletedRows > 0n,
    findBookId: async ({ userId, key }) => (await books.selectFrom('books').select('id').where('owner', '=', userId).where('book_key', '=', key).executeTakeFirst())?.id ?? null,
    savePackage: ({ userId, bookId, zip, report }) =>
      inTransaction(books, async (trx) => {
        if (!(await trx.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', userId).executeTakeFirst())) return false;
        const row = { zip: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength), report: JSON.stringify(report), created_at: report.created_at };
        await trx.insertInto('book_packages').values({ book_id: bookId, ...row }).onConflict((oc) => oc.column('book_id').doUpdateSet(row)).execute();
        return true;
      }),
    findPackage: async ({ userId, key }) => {
      const row = await packageOf(userId, key).select('book_packages.report').executeTakeFirst();
      return row ? (JSON.parse(row.report) as KdpPackage) : null;
    },
    packageZip: async ({ userId, key }) => {
      const row = await packageOf(userId, key).select(['book_packages.zip', 'book_packages.report']).executeTakeFirst();
      return row ? { zip: new Uint8Array(row.zip), report: JSON.parse(row.report) as KdpPackage } : null;
    },
  };
}
