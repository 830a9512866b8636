// Saved progress of books, shared by the CLI (`karya generate`, `karya batch`) and the server.
// progress_key is the book type for the server's one-per-user-per-type progress, and a hash of the
// generator and settings for the CLI, so one table serves both.
import type { Kysely } from 'kysely';
import { autoId, defaultNow } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('book_progress')
    .addColumn('id', ...autoId(db))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('progress_key', 'text', (c) => c.notNull())
    .addColumn('book_type', 'text', (c) => c.notNull())
    .addColumn('generator_id', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('current_chapter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_chapters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('outline', 'text')
    .addColumn('character_details', 'text')
    .addColumn('created_at', 'text', defaultNow(db))
    .addColumn('updated_at', 'text', defaultNow(db))
    .addUniqueConstraint('book_progress_user_key', ['user_id', 'progress_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('book_progress').execute();
}
