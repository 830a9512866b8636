// The lease of a run making an edition names its holder (a process, and the run in it) and the part it has charged
// and not yet delivered: the lease is renewed by the holder's heartbeat (running_until a few beats ahead), so a
// holder that stopped beating (killed) frees it at once for the next start, and whoever takes it over (or the
// sweep) refunds that part's charge.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('book_editions').addColumn('lease_holder', 'text').execute();
  await db.schema.alterTable('book_editions').addColumn('lease_charge', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('book_editions').dropColumn('lease_charge').execute();
  await db.schema.alterTable('book_editions').dropColumn('lease_holder').execute();
}
