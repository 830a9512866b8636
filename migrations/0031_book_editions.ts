// A book's editions in the other language (engine/session/translate): the link from a source book to its
// edition (by ids: a server's book keys change with Start New and Continue, its ids do not), the writer's
// glossary (term → rendering, kept before the edition exists), and each part's source paragraph hashes at
// translation time (a later change to the source marks the edition's paragraphs from it on as out of date), and
// the lease of the run making it, so that two servers cannot make the same edition at once.
import type { Kysely } from 'kysely';
import { defaultNow, epochMsType } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_editions')
    .addColumn('source_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('edition_id', 'integer', (c) => c.references('books.id').onDelete('cascade'))
    .addColumn('glossary', 'text')
    .addColumn('source_hashes', 'text', (c) => c.notNull().defaultTo('{}'))
    // While a run makes the edition (any process): until when its lease holds (ms since the epoch; renewed as each part
    // starts).
    .addColumn('running_until', epochMsType(db))
    .addColumn('created_at', 'text', defaultNow(db))
    .addPrimaryKeyConstraint('book_editions_pk', ['source_id', 'lang'])
    .addUniqueConstraint('book_editions_edition', ['edition_id'])
    .execute();
  await db.schema.createIndex('book_editions_owner').on('book_editions').column('owner').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_editions').execute();
}
