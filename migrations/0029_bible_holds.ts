// Credits held for an imported book's story bible: deducted from the balance when the import is accepted (one
// ledger row), spent a part at a time as each part is read into the bible, and the rest given back (a ledger
// row of its own) when the build ends. One row per imported book, kept after its credits are spent: it says
// which parts were paid for and why a build stopped early. No foreign key to books: credits still held for a
// book deleted meanwhile are given back all the same. A generation that reads a part into a bible names the
// book (`bible_book_id`) and says whether the hold paid for it (`is_held`), so a refund (after a failure or a
// crash) goes back where the credits came from.
import { sql, type Kysely } from 'kysely';
import { defaultNow } from './dialect.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bible_holds')
    .addColumn('book_id', 'integer', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('generator_id', 'text', (c) => c.notNull())
    // What the usage records of its parts say (the generator's content type).
    .addColumn('prompt_type', 'text', (c) => c.notNull())
    // Credits a part.
    .addColumn('cost', 'integer', (c) => c.notNull().check(sql`cost >= 0`))
    .addColumn('held', 'integer', (c) => c.notNull().check(sql`held >= 0`))
    // The last position the bible has read and was paid for (-1: none), and the last one the hold covers.
    .addColumn('paid_up_to', 'integer', (c) => c.notNull())
    .addColumn('last_part', 'integer', (c) => c.notNull())
    // Why the last build ended before the last part: credits, failed, set_aside (null: it did not).
    .addColumn('stop_reason', 'text')
    .addColumn('created_at', 'text', defaultNow(db))
    .execute();
  await db.schema.createIndex('bible_holds_user').on('bible_holds').columns(['user_id', 'held']).execute();
  await db.schema.alterTable('generations').addColumn('bible_book_id', 'integer').execute();
  await db.schema
    .alterTable('generations')
    .addColumn('is_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('generations').dropColumn('is_held').execute();
  await db.schema.alterTable('generations').dropColumn('bible_book_id').execute();
  await db.schema.dropTable('bible_holds').execute();
}
