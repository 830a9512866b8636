// Series, shared by the server's database and the CLI's state file: a named, ordered set of one
// owner's books in one language. A book joins at one number by its id; a book whose first step is not saved
// yet joins by the key it will be saved under (`book_key`, the CLI's `series:<id>:<n>`, the server's book
// type), and its id is filled in once it exists: a server's book keys change (Start New, Continue), its ids
// do not. `basis` is the series' bible the book was last written against (what changed for it since is
// derived from that).
import type { Kysely } from 'kysely';
import { autoId, defaultNow } from './dialect.js';

export async function createSeriesTables(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('series')
    .addColumn('id', ...autoId(db))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', defaultNow(db))
    .addUniqueConstraint('series_owner_name', ['owner', 'name'])
    .execute();
  await db.schema
    .createTable('series_books')
    .addColumn('series_id', 'integer', (c) => c.notNull().references('series.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('book_id', 'integer', (c) => c.references('books.id').onDelete('cascade'))
    .addColumn('book_key', 'text')
    .addColumn('basis', 'text')
    .addPrimaryKeyConstraint('series_books_pk', ['series_id', 'number'])
    // A book is in one series at most.
    .addUniqueConstraint('series_books_book', ['book_id'])
    .execute();
}

export async function dropSeriesTables(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('series_books').execute();
  await db.schema.dropTable('series').execute();
}
