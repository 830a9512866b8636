// The release plan's days, shared by the server's database and the CLI's state file: one row per book that
// took a day in its owner's plan (a package made by POST /api/books/:bookType/publish, `karya publish` or
// `karya batch --publish`), the ISO day it may be published on or after. Kept by book id, so it stays with a
// book that Start New keeps aside, is replaced when the book is published again, and goes with the book.
import type { Kysely } from 'kysely';

export async function createReleaseTable(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_releases')
    .addColumn('book_id', 'integer', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
    .addColumn('publish_on', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('book_releases_day').on('book_releases').column('publish_on').execute();
}

export async function dropReleaseTable(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_releases').execute();
}
