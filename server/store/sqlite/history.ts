// Content history on SQLite: list a user's items (type filter, case-insensitive search) and delete one.
import { sql } from 'kysely';
import type { Store } from './store.js';
import type { HistoryRepository } from '../ports.js';

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards escaped (ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function sqliteHistory(store: Store): HistoryRepository {
  return {
    list: async ({ userId, search, type, limit, offset }) => {
      let select = store.db
        .selectFrom('content_history')
        .select(['id', 'title', 'content_type', 'content', 'generator_id', 'created_at'])
        .where('user_id', '=', userId);
      if (type) select = select.where('content_type', '=', type);
      const text = search?.trim();
      if (text) {
        const pattern = likePattern(text.toLowerCase());
        select = select.where(sql<boolean>`(lower(title) LIKE ${pattern} ESCAPE '\\' OR lower(content_type) LIKE ${pattern} ESCAPE '\\')`);
      }
      const items = store.all(select.orderBy('id', 'desc').limit(limit).offset(offset));
      const types = store.all(store.db.selectFrom('content_history').select('content_type').distinct().where('user_id', '=', userId).orderBy('content_type')).map((r) => r.content_type);
      return { items, types };
    },
    delete: async ({ userId, id }) => store.run(store.db.deleteFrom('content_history').where('id', '=', id).where('user_id', '=', userId)) > 0,
  };
}
