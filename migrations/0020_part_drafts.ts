// Drafts of hand edits (edits are never lost): the unsaved text of one written part of a book,
// saved by the studio while the writer edits, one per part. A draft goes with its book (Start New of an
// unfinished book, a deleted finished book) and when its part is saved. Server only.
import type { Kysely } from 'kysely';
import { defaultNow } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('part_drafts')
    .addColumn('book_id', 'integer', (c) => c.notNull().references('books.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', defaultNow(db))
    .addPrimaryKeyConstraint('part_drafts_pk', ['book_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('part_drafts').execute();
}
