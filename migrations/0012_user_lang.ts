// Each account keeps the studio language its user chose (en or ms); existing accounts read English.
// Portable: a text column with a default and a check, as 0002 writes the role column.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('lang', 'text', (c) =>
      c
        .notNull()
        .defaultTo('en')
        .check(sql`lang in ('en', 'ms')`),
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('lang').execute();
}
