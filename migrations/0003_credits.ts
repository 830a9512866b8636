// Money tables: the credit ledger (every balance change is one row), usage records, generations (so a
// charge left behind by a crash is refunded at the next start), credit codes and links with their claims.
// A claim is unique per user and code/link, so a second claim can never grant twice.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { autoId } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to users: the ledger outlives a deleted account.
  await db.schema
    .createTable('credit_transactions')
    .addColumn('id', ...autoId(db))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) =>
      c.notNull().check(sql`type in ('signup', 'charge', 'refund', 'adjustment', 'role', 'code', 'link')`),
    )
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('previous_balance', 'integer', (c) => c.notNull())
    .addColumn('new_balance', 'integer', (c) => c.notNull().check(sql`new_balance >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('credit_transactions_user')
    .on('credit_transactions')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('usage_records')
    .addColumn('id', ...autoId(db))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('prompt_type', 'text', (c) => c.notNull())
    .addColumn('credits_used', 'integer', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_records_user').on('usage_records').column('user_id').execute();

  await db.schema
    .createTable('generations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('generator_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('credits_charged', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('running', 'succeeded', 'failed', 'refunded')`),
    )
    .addColumn('error_code', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('generations_status').on('generations').column('status').execute();

  await createGrantTables(db, {
    table: 'credit_codes',
    key: 'code',
    credits: sql`credits > 0`,
    claims: 'credit_code_claims',
    claimKey: 'code_id',
  });
  await createGrantTables(db, {
    table: 'credit_links',
    key: 'token',
    credits: sql`credits between 1 and 10000`,
    claims: 'credit_link_claims',
    claimKey: 'link_id',
  });
}

/**
 * A kind of credit grant (codes, links): its table, keyed by a unique `key` column, with the credits it
 * gives (within `credits`), and its claims, one per user and grant (`<claims>_once`).
 */
async function createGrantTables(
  db: Kysely<unknown>,
  t: { table: string; key: string; credits: RawBuilder<unknown>; claims: string; claimKey: string },
): Promise<void> {
  await db.schema
    .createTable(t.table)
    .addColumn('id', ...autoId(db))
    .addColumn(t.key, 'text', (c) => c.notNull().unique())
    .addColumn('credits', 'integer', (c) => c.notNull().check(t.credits))
    .addColumn('description', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable(t.claims)
    .addColumn('id', ...autoId(db))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn(t.claimKey, 'integer', (c) => c.notNull().references(`${t.table}.id`).onDelete('cascade'))
    .addColumn('credits_awarded', 'integer', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addUniqueConstraint(`${t.claims}_once`, ['user_id', t.claimKey])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'credit_link_claims',
    'credit_links',
    'credit_code_claims',
    'credit_codes',
    'generations',
    'usage_records',
    'credit_transactions',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
