// Metering and security: token buckets (per-user generation rate, credit claim attempts) and
// failure counters (sign-in throttling per account and IP) that survive a restart; stored answers of
// generation requests by Idempotency-Key; credit codes with an expiry, a redemption cap and deactivation.
// Portable: times are milliseconds since the epoch as `double precision` (Postgres `integer` is 32-bit;
// a double holds every millisecond exactly), token counts are fractional.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_buckets')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('updated_at', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('failure_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('failures', 'integer', (c) => c.notNull())
    .addColumn('last_failure_at', 'double precision', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // running | done
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'double precision', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
  await db.schema.alterTable('credit_codes').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('credit_codes').addColumn('max_redemptions', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('credit_codes').dropColumn('max_redemptions').execute();
  await db.schema.alterTable('credit_codes').dropColumn('expires_at').execute();
  await db.schema.dropTable('idempotency_keys').execute();
  await db.schema.dropTable('failure_counters').execute();
  await db.schema.dropTable('rate_buckets').execute();
}
