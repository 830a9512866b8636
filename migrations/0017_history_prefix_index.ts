// History search: prefix indexes for word prefixes of 2 to 6 characters (0014 had 2 and 3).
// A search asks for every word as a prefix of a word (what the user is typing), and FTS5 answers a prefix
// longer than its longest prefix index by reading and merging, up front, the whole doclist of every
// word that starts with it: 1.3-1.7 ms of the event loop per search for a 4-6 letter word at 20k items,
// against 0.13 ms with the index (measured on the bench's data). Longer words still merge, but far
// fewer items share a prefix of 7 letters.
//
// SQLite only: the FTS5 table is rebuilt from content_history (contentless, so it is filled again from
// the rows, as 0014 did); its triggers name the table and keep working. Postgres searches its tsvector
// column (0014) and has nothing to change here.
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';
import { FTS_VALUES } from './0014_history_search.js';

async function rebuild(db: Kysely<unknown>, prefix: string): Promise<void> {
  await sql`DROP TABLE content_history_fts`.execute(db);
  await sql
    .raw(
      `CREATE VIRTUAL TABLE content_history_fts USING fts5(owner, kind, body, content='', ` +
        `contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='${prefix}')`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO content_history_fts(rowid, owner, kind, body) ` +
        `SELECT ${FTS_VALUES('content_history')} FROM content_history`,
    )
    .execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, '2 3 4 5 6');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) return;
  await rebuild(db, '2 3');
}
