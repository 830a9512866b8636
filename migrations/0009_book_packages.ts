// A finished book's KDP package (POST /api/books/:bookType/publish), kept with the book for download:
// the zip and its readiness report as JSON. One per book (publishing again replaces it); it goes when
// the book goes. Server only: the CLI writes its packages to a folder.
import type { Kysely } from 'kysely';
import { binaryType } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_packages')
    .addColumn('book_id', 'integer', (c) => c.primaryKey().references('books.id').onDelete('cascade'))
    .addColumn('zip', binaryType(db), (c) => c.notNull())
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_packages').execute();
}
