// The fair shares a writer's costly requests hold (server/http/security.ts), counted in the database so that every
// server instance on it holds a writer to the same number: one row a request under way, its lease renewed while it
// runs (expires_at a few beats ahead) and deleted when it ends; a row a killed process left expires by itself.
import type { Kysely } from 'kysely';
import { epochMsType } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('share_leases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', epochMsType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('share_leases_user').on('share_leases').columns(['user_id', 'expires_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('share_leases').execute();
}
