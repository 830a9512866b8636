// Checkout and API access: purchases paid through Stripe, granted once per Checkout Session
// (the unique session id is what makes a replayed webhook grant nothing), the ledger's new row type
// `purchase`, and API keys of business and admin accounts (stored only as SHA-256 hashes).
import { sql, type Kysely } from 'kysely';
import { autoId, isPostgres } from './dialect.js';

const TYPES_BEFORE = ['signup', 'charge', 'refund', 'adjustment', 'role', 'code', 'link'];
const TYPES_AFTER = [...TYPES_BEFORE, 'purchase'];

function typeCheck(types: readonly string[]) {
  return sql`type in (${sql.join(types.map((t) => sql.lit(t)))})`;
}

/**
 * Let credit_transactions.type take `types`. Postgres alters the CHECK constraint in place. SQLite cannot
 * alter a CHECK (SQLite only): the table is rebuilt under the migration's transaction (no table refers
 * to it, so dropping the old one breaks no foreign key) with every row and id kept, then its index made
 * again; the AUTOINCREMENT counter follows the copied ids.
 */
async function allowTransactionTypes(db: Kysely<unknown>, types: readonly string[]): Promise<void> {
  if (isPostgres(db)) {
    // Postgres named the column's CHECK of 0003 after the table and column.
    await sql`alter table credit_transactions drop constraint credit_transactions_type_check`.execute(db);
    await sql`alter table credit_transactions
      add constraint credit_transactions_type_check check (${typeCheck(types)})`.execute(db);
    return;
  }
  await db.schema
    .createTable('credit_transactions_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(typeCheck(types)))
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('previous_balance', 'integer', (c) => c.notNull())
    .addColumn('new_balance', 'integer', (c) => c.notNull().check(sql`new_balance >= 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const columns = [
    'id',
    'user_id',
    'type',
    'amount',
    'previous_balance',
    'new_balance',
    'reason',
    'reference',
    'created_at',
  ].map((c) => sql.ref(c));
  await sql`insert into credit_transactions_next (${sql.join(columns)})
    select ${sql.join(columns)} from credit_transactions`.execute(db);
  await db.schema.dropTable('credit_transactions').execute();
  await db.schema.alterTable('credit_transactions_next').renameTo('credit_transactions').execute();
  await db.schema
    .createIndex('credit_transactions_user')
    .on('credit_transactions')
    .columns(['user_id', 'id'])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowTransactionTypes(db, TYPES_AFTER);

  // One row per paid Checkout Session; no foreign key to users: like the ledger, it outlives an account.
  await db.schema
    .createTable('purchases')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('package', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
    // What Stripe says was paid, in the currency's smallest unit (for the records; credits come from the package).
    .addColumn('amount_total', 'integer')
    .addColumn('currency', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('purchases_user').on('purchases').column('user_id').execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', ...autoId(db))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    // The key's first characters, shown in the list so a user can tell keys apart (never the whole key).
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
  await db.schema.dropTable('purchases').execute();
  await sql`delete from credit_transactions where type = 'purchase'`.execute(db);
  await allowTransactionTypes(db, TYPES_BEFORE);
}
