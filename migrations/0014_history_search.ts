// History that scales: an index for the type filter (and the distinct-types query), titles
// of the items themselves (computed from each item's content, as new items get them when saved), and
// full-text search.
//
// The full-text index differs per database (the one dialect difference of this migration; the search
// sits behind HistoryRepository.list({ search }) in server/store/ports.ts, so callers do not see it):
// - SQLite (below): an FTS5 virtual table kept in step by triggers;
// - Postgres: a generated tsvector column `search_vector` with a GIN index.
// Everything else here is portable.
//
// The FTS5 table `content_history_fts` is contentless (it keeps only the index, not a second copy of
// the text) with contentless_delete, so rows can be removed by rowid. Its columns:
// - owner: one token per user, 'u' + hex(user_id), so a search is an intersection inside the index;
// - kind: one token per content type, 'k' + hex(content_type), for the type filter inside the index;
// - body: what a user searches: the item's title, its content type and its text (not images).
import { sql, type Kysely } from 'kysely';
import { isPostgres } from './dialect.js';

// The title rule as it was when this migration shipped, frozen here: a migration must not change when
// today's rule (engine/session/history-title.ts) does. A title is what the text calls itself on its first
// 16 lines: a heading, a "Title:"/"Tajuk:" line, a wholly bold line or a line underlined with = or -,
// without its Markdown marks, at most 120 characters (cut at a word, with an ellipsis).
const TITLE_LINE_0014 =
  /^[#>*_\s]*(?:working\s+title|book\s+title|title|tajuk(?:\s+kerja)?(?:\s+buku)?)[*_\s]*[:：][*_\s]*(.+)$/i;
const BOLD_LINE_0014 = /^\s*(\*\*|__)(?!\s)(.+?)\1\s*$/;

function plainLine0014(line: string): string {
  return line
    .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)+/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`|~~)/g, '')
    .replace(/\s+/g, ' ')
    .replace(/[#:\s]+$/, '')
    .replace(/^["“'‘]+|["”'’]+$/g, '')
    .trim();
}

function contentTitle0014(content: string): string | undefined {
  const lines = content.startsWith('data:') ? [] : content.slice(0, 6000).split(/\r?\n/).slice(0, 16);
  for (const [i, line] of lines.entries()) {
    const underlined = line.trim() !== '' && /^\s*(=+|-+)\s*$/.test(lines[i + 1] ?? '');
    const text =
      TITLE_LINE_0014.exec(line.trim())?.[1] ??
      (/^\s*#{1,6}\s+\S/.test(line) || BOLD_LINE_0014.test(line) || underlined ? line : undefined);
    const title = text === undefined ? '' : plainLine0014(text);
    if (!title) continue;
    if (title.length <= 120) return title;
    const cut = title.slice(0, 119);
    const space = cut.lastIndexOf(' ');
    return `${(space > 60 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
  }
  return undefined;
}

/**
 * The FTS row of a content_history row, as SQL expressions over the row `r` (used by the triggers and the backfill).
 */
export const FTS_VALUES = (r: string) =>
  `${r}.id, 'u' || lower(hex(${r}.user_id)), 'k' || lower(hex(${r}.content_type)), ` +
  `${r}.title || ' ' || replace(${r}.content_type, '_', ' ') || ' ' || (CASE ` +
  `WHEN substr(${r}.content, 1, 5) = 'data:' THEN '' ELSE ${r}.content END)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Portable: the type filter and distinct types walk this index; the list without a filter keeps content_history_user.
  await db.schema
    .createIndex('content_history_user_type')
    .on('content_history')
    .columns(['user_id', 'content_type', 'id'])
    .execute();

  // Portable: existing items that call themselves something (a heading, a title line) get that title, as new ones do.
  const rows = await sql<{
    id: number;
    title: string;
    content: string;
  }>`SELECT id, title, content FROM content_history`.execute(db);
  for (const row of rows.rows) {
    const title = contentTitle0014(row.content) ?? row.title;
    if (title !== row.title) await sql`UPDATE content_history SET title = ${title} WHERE id = ${row.id}`.execute(db);
  }

  if (isPostgres(db)) {
    await sql`ALTER TABLE content_history ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (to_tsvector('simple',
      title || ' ' || replace(content_type, '_', ' ') || ' ' ||
      (CASE WHEN left(content, 5) = 'data:' THEN '' ELSE content END))) STORED`.execute(db);
    await sql`CREATE INDEX content_history_search ON content_history USING GIN (search_vector)`.execute(db);
    return;
  }

  // SQLite only (see above).
  await sql`CREATE VIRTUAL TABLE content_history_fts USING fts5(owner, kind, body, content='', contentless_delete=1,
    tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  await sql
    .raw(
      `INSERT INTO content_history_fts(rowid, owner, kind, body) ` +
        `SELECT ${FTS_VALUES('content_history')} FROM content_history`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER content_history_fts_insert AFTER INSERT ON content_history BEGIN
    INSERT INTO content_history_fts(rowid, owner, kind, body) VALUES (${FTS_VALUES('new')}); END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER content_history_fts_delete AFTER DELETE ON content_history BEGIN
    DELETE FROM content_history_fts WHERE rowid = old.id; END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER content_history_fts_update AFTER UPDATE ON content_history BEGIN
    DELETE FROM content_history_fts WHERE rowid = old.id;
    INSERT INTO content_history_fts(rowid, owner, kind, body) VALUES (${FTS_VALUES('new')}); END`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`DROP INDEX IF EXISTS content_history_search`.execute(db);
    await sql`ALTER TABLE content_history DROP COLUMN IF EXISTS search_vector`.execute(db);
    await db.schema.dropIndex('content_history_user_type').execute();
    return;
  }
  for (const trigger of ['content_history_fts_insert', 'content_history_fts_delete', 'content_history_fts_update'])
    await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  await sql`DROP TABLE IF EXISTS content_history_fts`.execute(db);
  await db.schema.dropIndex('content_history_user_type').execute();
}
