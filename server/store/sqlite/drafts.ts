// Drafts of hand edits on SQLite (part_drafts, migrations/0020; queries in ../drafts.ts).
import type { Kysely } from 'kysely';
import type { DraftRepository } from '../ports.js';
import { bookIdQuery, deleteDraftQuery, draftTime, listDraftsQuery, upsertDraftQuery, type DraftsDatabase } from '../drafts.js';
import type { Store } from './store.js';
import { exclusiveMethods } from './exclusive.js';

export function sqliteDrafts(runner: Store): DraftRepository {
  const db = runner.db as Kysely<DraftsDatabase>;
  const bookId = (owner: string, key: string) => runner.first(bookIdQuery(db, owner, key))?.id ?? null;
  return exclusiveMethods<DraftRepository>(runner, {
    list: async ({ userId, key }) => {
      const id = bookId(userId, key);
      return id === null ? [] : runner.all(listDraftsQuery(db, id)).map((r) => ({ position: r.position, text: r.text, updatedAt: draftTime(r.updated_at) }));
    },
    save: async ({ userId, key, position, text }) => {
      const id = bookId(userId, key);
      if (id === null) return null;
      const updatedAt = new Date().toISOString();
      runner.run(upsertDraftQuery(db, { book_id: id, position, text, updated_at: updatedAt }));
      return { position, text, updatedAt };
    },
    remove: async ({ userId, key, position }) => {
      const id = bookId(userId, key);
      return id !== null && runner.run(deleteDraftQuery(db, id, position)) > 0;
    },
  });
}
