// `karya batch --queue` (server/queue/batch.ts): a batch with its one rpm/tpm budget, each of its books'
// status (and a cover's PNG), and the calls counted against the budget, shared by every worker through
// Postgres. Created on SQLite too (same migrations everywhere), where nothing uses them.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { autoId, binaryType, epochMsType } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('rpm', 'integer')
    .addColumn('tpm', 'integer')
    .addColumn('window_ms', 'integer', (c) => c.notNull().defaultTo(60_000))
    .addColumn('created_at', epochMsType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('batch_books')
    .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id').onDelete('cascade'))
    .addColumn('job_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('queued', 'done', 'failed')`))
    .addColumn('steps_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_code', 'text')
    .addColumn('message', 'text')
    .addColumn('png', binaryType(db))
    .addColumn('updated_at', epochMsType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_books_pk', ['batch_id', 'job_key'])
    .execute();
  await db.schema
    .createTable('rate_calls')
    .addColumn('id', ...autoId(db))
    .addColumn('budget', 'text', (c) => c.notNull())
    .addColumn('at', epochMsType(db), (c) => c.notNull())
    .addColumn('tokens', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_calls_budget_at').on('rate_calls').columns(['budget', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_calls', 'batch_books', 'batches']) await db.schema.dropTable(table).execute();
}
