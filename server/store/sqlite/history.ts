// Content history on SQLite: pages of a user's items by cursor (titles and metadata only), the type
// filter and distinct types on the (user_id, content_type, id) index, full-text search with FTS5
// (SQLite only: the contentless table content_history_fts of migrations/0014, kept by triggers), one
// item with its content, and delete.
import { sql } from 'kysely';
import type { Store } from './store.js';
import type { HistoryListItem, HistoryRepository } from '../ports.js';
import { historyRepository, searchWords } from '../queries/history.js';
import { rawQuery } from '../queries/conn.js';
import { sqliteConn } from './conn.js';

/**
 * The FTS5 token of a user or a content type: a prefix letter and the value's UTF-8 bytes in hex (one token, whatever
 * the value holds).
 */
function token(prefix: 'u' | 'k', value: string): string {
  return prefix + Buffer.from(value, 'utf8').toString('hex');
}

/**
 * The FTS5 query of a search: the user's own items (and type) and every word of the search as a word
 * prefix in the body. Words are quoted, so no character of the user's text is FTS5 syntax. Undefined
 * when the search has no word characters (then nothing matches).
 */
export function ftsQuery(input: { userId: string; type?: string; search: string }): string | undefined {
  const words = searchWords(input.search);
  if (!words) return undefined;
  const terms = words.map((w) => `"${w}"*`);
  return [
    `owner : ${token('u', input.userId)}`,
    ...(input.type ? [`kind : ${token('k', input.type)}`] : []),
    `body : (${terms.join(' AND ')})`,
  ].join(' AND ');
}

/**
 * Runs each query in its own turn of the event loop, one at a time, in arrival order. better-sqlite3
 * answers synchronously, so several searches that arrive together (one per debounced keystroke of a few
 * users) would otherwise run back to back in one turn, and a streamed delta to another user would wait
 * for all of them; this way it waits for at most one. (A callback queued by setImmediate from inside a
 * setImmediate callback runs in the next turn, after timers and I/O.)
 */
function oneQueryPerTurn(): <T>(query: () => T | Promise<T>) => Promise<T> {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(query: () => T | Promise<T>) => {
    const run = tail.then(
      () =>
        new Promise<T>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(query());
            } catch (e) {
              reject(e);
            }
          }),
        ),
    );
    tail = run.catch(() => undefined);
    return run;
  };
}

export function sqliteHistory(store: Store): HistoryRepository {
  const inTurn = oneQueryPerTurn();
  return historyRepository(sqliteConn(store), {
    // FTS5 walks the user's matching rowids newest first and stops after the page (rowid range and
    // ORDER BY rowid DESC are answered inside the index); the rows come by primary key.
    search: ({ userId, search, type, before, limit }) => {
      const match = ftsQuery({ userId, search, ...(type ? { type } : {}) });
      if (match === undefined) return undefined;
      return rawQuery(
        store.db,
        sql<HistoryListItem>`SELECT h.id, h.title, h.content_type, h.generator_id, h.created_at FROM content_history h
          WHERE h.id IN (SELECT rowid FROM content_history_fts WHERE content_history_fts MATCH ${match}
              AND rowid < ${before ?? Number.MAX_SAFE_INTEGER} ORDER BY rowid DESC LIMIT ${limit})
            AND h.user_id = ${userId}
          ORDER BY h.id DESC`,
      );
    },
    slowAll: (query) => inTurn(() => store.exclusive(() => store.all(query))),
  });
}
