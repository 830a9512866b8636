// A writer's own cover picture for a book (PUT /api/books/:id/cover), checked against the stores' rules
// when it came: its bytes as given (JPEG or PNG), its format and size. One per book (a new one replaces
// it); every package the book is published as from then on is made from it, and it goes when the book
// goes. Server only: the CLI takes a picture's file with `karya publish --cover FILE`.
import type { Kysely } from 'kysely';
import { binaryType, defaultNow } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_covers')
    .addColumn('book_id', 'integer', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('image', binaryType(db), (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', defaultNow(db))
    .execute();
  await db.schema.createIndex('book_covers_owner').on('book_covers').column('owner').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_covers').execute();
}
