// The Postgres job queue's own rows (server/queue/): a step's answer for the request waiting on it, and
// the leases by which live workers hold their running steps (a lease not renewed is a dead worker: its
// step goes back to the queue). pg-boss keeps the jobs themselves in its own schema. Created on SQLite
// too (same migrations everywhere), where nothing uses them.
import type { Kysely } from 'kysely';
import { epochMsType } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('step_results')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    // JSON: {kind: 'done', payload} | {kind: 'failure', status, code, message, fields?, charged} | {kind: 'gone'}
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', epochMsType(db), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('step_leases')
    .addColumn('job_id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('worker_id', 'text', (c) => c.notNull())
    .addColumn('heartbeat_at', epochMsType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('step_leases_worker').on('step_leases').column('worker_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('step_leases').execute();
  await db.schema.dropTable('step_results').execute();
}
