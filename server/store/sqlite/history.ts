// Content history on SQLite: pages of a user's items by cursor (titles and metadata only), the type
// filter and distinct types on the (user_id, content_type, id) index, full-text search with FTS5
// (SQLite only: the contentless table content_history_fts of migrations/0014, kept by triggers), one
// item with its content, and delete.
import type { Store } from './store.js';
import type { HistoryListItem, HistoryRepository } from '../ports.js';

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const LIST_COLUMNS = ['id', 'title', 'content_type', 'generator_id', 'created_at'] as const;

/** The FTS5 token of a user or a content type: a prefix letter and the value's UTF-8 bytes in hex (one token, whatever the value holds). */
function token(prefix: 'u' | 'k', value: string): string {
  return prefix + Buffer.from(value, 'utf8').toString('hex');
}

/**
 * The FTS5 query of a search: the user's own items (and type) and every word of the search as a word
 * prefix in the body. Words are quoted, so no character of the user's text is FTS5 syntax. Undefined
 * when the search has no word characters (then nothing matches).
 */
export function ftsQuery(input: { userId: string; type?: string; search: string }): string | undefined {
  const words = input.search.normalize('NFKC').match(/[\p{L}\p{N}]+/gu);
  if (!words) return undefined;
  const terms = words.slice(0, 16).map((w) => `"${w}"*`);
  return [`owner : ${token('u', input.userId)}`, ...(input.type ? [`kind : ${token('k', input.type)}`] : []), `body : (${terms.join(' AND ')})`].join(' AND ');
}

// The search: FTS5 walks the user's matching rowids newest first and stops after the page (rowid
// range and ORDER BY rowid DESC are answered inside the index); the rows come by primary key.
const SEARCH = `SELECT h.id, h.title, h.content_type, h.generator_id, h.created_at FROM content_history h
  WHERE h.id IN (SELECT rowid FROM content_history_fts WHERE content_history_fts MATCH ? AND rowid < ? ORDER BY rowid DESC LIMIT ?)
    AND h.user_id = ?
  ORDER BY h.id DESC`;

// Distinct types by skipping through the index: one seek per type, however many items there are.
const TYPES = `WITH RECURSIVE t(type) AS (
    SELECT (SELECT min(content_type) FROM content_history WHERE user_id = @userId)
    UNION ALL
    SELECT (SELECT min(content_type) FROM content_history WHERE user_id = @userId AND content_type > t.type) FROM t WHERE t.type IS NOT NULL
  ) SELECT type FROM t WHERE type IS NOT NULL`;

/**
 * Runs each query in its own turn of the event loop, one at a time, in arrival order. better-sqlite3
 * answers synchronously, so several searches that arrive together (one per debounced keystroke of a few
 * users) would otherwise run back to back in one turn, and a streamed delta to another user would wait
 * for all of them; this way it waits for at most one. (A callback queued by setImmediate from inside a
 * setImmediate callback runs in the next turn, after timers and I/O.)
 */
function oneQueryPerTurn(): <T>(query: () => T) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(query: () => T) => {
    const run = tail.then(() => new Promise<T>((resolve, reject) => setImmediate(() => {
      try {
        resolve(query());
      } catch (e) {
        reject(e);
      }
    })));
    tail = run.catch(() => undefined);
    return run;
  };
}

export function sqliteHistory(store: Store): HistoryRepository {
  const inTurn = oneQueryPerTurn();
  return {
    list: ({ userId, search, type, before, limit }) => inTurn(() => {
      const upTo = before ?? Number.MAX_SAFE_INTEGER;
      let rows: HistoryListItem[];
      if (search?.trim()) {
        const query = ftsQuery({ userId, search, ...(type ? { type } : {}) });
        rows = query ? (store.raw(SEARCH).all(query, upTo, limit + 1, userId) as HistoryListItem[]) : [];
      } else {
        let select = store.db.selectFrom('content_history').select(LIST_COLUMNS).where('user_id', '=', userId).where('id', '<', upTo);
        if (type) select = select.where('content_type', '=', type);
        rows = store.all(select.orderBy('id', 'desc').limit(limit + 1));
      }
      const hasMore = rows.length > limit;
      const items = hasMore ? rows.slice(0, limit) : rows;
      return { items, nextCursor: hasMore ? items[items.length - 1]!.id : null };
    }),
    types: ({ userId }) => inTurn(() => (store.raw(TYPES).all({ userId }) as Array<{ type: string }>).map((r) => r.type)),
    get: async ({ userId, id }) => store.first(store.db.selectFrom('content_history').select([...LIST_COLUMNS, 'content']).where('id', '=', id).where('user_id', '=', userId)),
    delete: async ({ userId, id }) => store.run(store.db.deleteFrom('content_history').where('id', '=', id).where('user_id', '=', userId)) > 0,
  };
}
