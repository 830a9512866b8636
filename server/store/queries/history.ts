// Content history, once for both databases: pages of a user's items by cursor (titles and metadata
// only), the type filter and the distinct types on the (user_id, content_type, id) index, one item with
// its content, and delete. The full-text search is each adapter's (SQLite: FTS5; Postgres: a tsvector).
import { sql, type Compilable } from 'kysely';
import type { HistoryListItem, HistoryRepository } from '../ports.js';
import { rawQuery, type Conn } from './conn.js';

export const HISTORY_LIST_COLUMNS = ['id', 'title', 'content_type', 'generator_id', 'created_at'] as const;

export interface HistorySearch {
  userId: string;
  search: string;
  type?: string | undefined;
  before?: number | undefined;
  /** Rows to answer at the most (the page and one more). */
  limit: number;
}

/** The words of a search (letters and digits, NFKC), at most 16; null when it has none (nothing matches). */
export function searchWords(search: string): string[] | null {
  return (
    search
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 16) ?? null
  );
}

/** The user's items older than `before` (of one type), newest first: the list without a search. */
export function historyPage(conn: Conn, input: Omit<HistorySearch, 'search'>) {
  let select = conn.db.selectFrom('content_history').select(HISTORY_LIST_COLUMNS).where('user_id', '=', input.userId);
  if (input.before !== undefined) select = select.where('id', '<', input.before);
  if (input.type) select = select.where('content_type', '=', input.type);
  return select.orderBy('id', 'desc').limit(input.limit);
}

/**
 * `search`: the adapter's full-text query (undefined when the search has no words); `slowAll`: how the
 * list and the types run (SQLite runs them one per turn of the event loop), `conn.all` by default.
 */
export function historyRepository(
  conn: Conn,
  opts: {
    search(input: HistorySearch): Compilable<HistoryListItem> | undefined;
    slowAll?: <R>(query: Compilable<R>) => Promise<R[]>;
  },
): HistoryRepository {
  const slowAll = opts.slowAll ?? (<R>(query: Compilable<R>) => conn.all(query));
  return {
    list: async ({ userId, search, type, before, limit }) => {
      let query: Compilable<HistoryListItem> | undefined = historyPage(conn, {
        userId,
        type,
        before,
        limit: limit + 1,
      });
      if (search?.trim()) query = opts.search({ userId, search, type, before, limit: limit + 1 });
      const rows = query ? await slowAll(query) : [];
      const hasMore = rows.length > limit;
      const items = hasMore ? rows.slice(0, limit) : rows;
      return { items, nextCursor: hasMore ? items[items.length - 1]!.id : null };
    },
    // Distinct types by skipping through the index: one seek per type, however many items there are.
    types: async ({ userId }) => {
      const types = sql<{ type: string }>`WITH RECURSIVE t(type) AS (
          SELECT (SELECT min(content_type) FROM content_history WHERE user_id = ${userId})
          UNION ALL
          SELECT (SELECT min(content_type) FROM content_history WHERE user_id = ${userId} AND content_type > t.type)
            FROM t WHERE t.type IS NOT NULL
        ) SELECT type FROM t WHERE type IS NOT NULL`;
      return (await slowAll(rawQuery(conn.db, types))).map((r) => r.type);
    },
    get: ({ userId, id }) =>
      conn.first(
        conn.db
          .selectFrom('content_history')
          .select([...HISTORY_LIST_COLUMNS, 'content'])
          .where('id', '=', id)
          .where('user_id', '=', userId),
      ),
    delete: async ({ userId, id }) =>
      (await conn.run(conn.db.deleteFrom('content_history').where('id', '=', id).where('user_id', '=', userId))) > 0,
  };
}
