// An account's studio language is any language of the table (languages/), which the code checks (isLang at
// every boundary): 0012's CHECK named two codes, so a language added as data could not be kept. The CHECK goes;
// every row and its language stay. Postgres drops the constraint it named after the table and column. SQLite
// cannot drop a CHECK, but can drop a column whose only constraint is its own: the column is written anew
// without it under the migration's transaction (no index or key names it), its values copied first.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

async function rewriteLangColumn(db: Kysely<unknown>, check: ReturnType<typeof sql> | undefined): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('lang_next', 'text', (c) => {
      const column = c.notNull().defaultTo('en');
      return check ? column.check(check) : column;
    })
    .execute();
  await sql`update users set lang_next = lang`.execute(db);
  await db.schema.alterTable('users').dropColumn('lang').execute();
  await db.schema.alterTable('users').renameColumn('lang_next', 'lang').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table users drop constraint if exists users_lang_check`.execute(db);
    return;
  }
  await rewriteLangColumn(db, undefined);
}

/** Back to 0012's two languages: an account in another reads English again, as 0012 gave every account. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update users set lang = 'en' where lang not in ('en', 'ms')`.execute(db);
  if (isPostgres(db)) {
    await sql`alter table users add constraint users_lang_check check (lang in ('en', 'ms'))`.execute(db);
    return;
  }
  await rewriteLangColumn(db, sql`lang_next in ('en', 'ms')`);
}
