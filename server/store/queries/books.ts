// Saved books, once for both databases: the book repository's use cases (Start New, kept and finished books,
// an import, a draft, Continue). The rows read back as a book are ./book-rows.ts, hand edits and a header's
// columns ./book-edits.ts, the packages and release days ./book-packages.ts, a step's save ./step.ts. Loading a book
// and saving its memory are each adapter's hot
// path (SQLite: statements prepared once; Postgres: the queue's workers) and stay in ./sqlite and ./postgres.
import { sql, type Selectable } from 'kysely';
import type { BookState, StepSave } from '../../../engine/index.js';
import type { BookRepository, UserBook } from '../ports.js';
import type { BooksTable } from '../schema.js';
import { bookOfRows, partsOf } from './book-rows.js';
import { editUseCases } from './book-edits.js';
import { packageUseCases } from './book-packages.js';
import type { Conn } from './conn.js';
import { headerOfState, saveStep } from './step.js';

/**
 * Kept books. The current book's key is its book type (the CLI's: its settings or job key), never with a
 * colon; "Start New" keeps the current book, finished or not, under `kept:<id>`, with its id, parts and
 * last change unchanged, and a kept book is made current again by taking its book type back ("Continue").
 * A finished book has its introduction written and every step done, so a single tool's saved output is
 * never one.
 */
export const KEPT_PREFIX = 'kept:';

async function userBookOfRow(conn: Conn, row: Selectable<BooksTable>): Promise<UserBook> {
  const parts = await conn.all(partsOf(conn.db, row.id));
  const book = bookOfRows(row, parts);
  // A book that says it is finished but never wrote its introduction (a single tool's output) is not a finished book.
  const isFinished = book.isFinished && parts.some((p) => p.position === 0);
  return { ...book, isFinished, id: row.id, key: row.book_key, isCurrent: !row.book_key.startsWith(KEPT_PREFIX) };
}

/** The key a book is kept under once another takes its place. */
const keptKey = sql<string>`CAST(${KEPT_PREFIX} AS text) || id`;

/**
 * Start anew under (owner, key): the book there, finished or not, is kept (moved to its kept key, same id
 * and parts); nothing is deleted. True when there was a book.
 */
async function startNewBook(conn: Conn, owner: string, key: string): Promise<boolean> {
  return (
    (await conn.run(
      conn.db.updateTable('books').set({ book_key: keptKey }).where('owner', '=', owner).where('book_key', '=', key),
    )) > 0
  );
}

/**
 * An imported manuscript as the owner's current book under `key` (the book there before kept), in one transaction; its
 * id.
 */
export function importBook(conn: Conn, owner: string, key: string, saves: readonly StepSave[]): Promise<number> {
  return conn.transaction(async (conn) => {
    await startNewBook(conn, owner, key);
    for (const save of saves) await saveStep(conn, owner, key, save);
    return (await conn.first(
      conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key),
    ))!.id;
  });
}

/**
 * A book with nothing written yet as the owner's current book under `key` (the book there before kept), in one
 * transaction: its settings saved, so that it is one of the owner's books from now on (a series' next book). Its id.
 */
function draftBook(
  conn: Conn,
  owner: string,
  input: { key: string; bookType: string; generatorId: string; state: BookState },
): Promise<number> {
  return conn.transaction(async (conn) => {
    await startNewBook(conn, owner, input.key);
    await conn.run(
      conn.db
        .insertInto('books')
        .values({ owner, book_key: input.key, ...headerOfState({ ...input, isFinished: false }) }),
    );
    return (await conn.first(
      conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', input.key),
    ))!.id;
  });
}

/**
 * "Continue" a book by id: it takes its book type back as its key (the current book of its type), and the
 * book that was current there is kept. The book type, or null when the owner has no such book.
 */
function continueBook(conn: Conn, owner: string, id: number): Promise<string | null> {
  return conn.transaction(async (conn) => {
    const row = await conn.first(
      conn.db
        .selectFrom('books')
        .select(['id', 'book_key', 'book_type'])
        .where('id', '=', id)
        .where('owner', '=', owner),
    );
    if (!row) return null;
    if (row.book_key === row.book_type) return row.book_type;
    await conn.run(
      conn.db
        .updateTable('books')
        .set({ book_key: keptKey })
        .where('owner', '=', owner)
        .where('book_key', '=', row.book_type),
    );
    await conn.run(conn.db.updateTable('books').set({ book_key: row.book_type }).where('id', '=', row.id));
    return row.book_type;
  });
}

/** The book repository; `hot`: the adapter's own load and memory save. */
export function bookRepository(conn: Conn, hot: Pick<BookRepository, 'load' | 'saveMemory'>): BookRepository {
  return {
    ...hot,
    ...editUseCases(conn),
    ...packageUseCases(conn),
    remove: ({ userId, key }) => startNewBook(conn, userId, key),
    saveImport: ({ userId, key, saves }) => importBook(conn, userId, key, saves),
    saveDraft: ({ userId, key, bookType, generatorId, state }) =>
      draftBook(conn, userId, { key, bookType, generatorId, state }),
    // The owner's books (current and kept, finished or not), the most recently changed first.
    list: ({ userId }) =>
      (async () => {
        const rows = await conn.all(
          conn.db
            .selectFrom('books')
            .selectAll()
            .where('owner', '=', userId)
            .orderBy('updated_at', 'desc')
            .orderBy('id', 'desc'),
        );
        const books: UserBook[] = [];
        for (const row of rows) books.push(await userBookOfRow(conn, row));
        return books;
      })(),
    find: ({ userId, id }) =>
      (async () => {
        const row = await conn.first(
          conn.db.selectFrom('books').selectAll().where('id', '=', id).where('owner', '=', userId),
        );
        return row ? await userBookOfRow(conn, row) : null;
      })(),
    removeById: async ({ userId, id }) =>
      (await conn.run(conn.db.deleteFrom('books').where('id', '=', id).where('owner', '=', userId))) > 0,
    continueBook: ({ userId, id }) => continueBook(conn, userId, id),
    findBookId: async ({ userId, key }) =>
      (
        await conn.first(
          conn.db.selectFrom('books').select('id').where('owner', '=', userId).where('book_key', '=', key),
        )
      )?.id ?? null,
  };
}
