// Drafts of hand edits on Postgres (part_drafts, migrations/0020; queries in ../drafts.ts).
import type { Kysely } from 'kysely';
import type { DraftRepository } from '../ports.js';
import { bookIdQuery, deleteDraftQuery, draftTime, listDraftsQuery, upsertDraftQuery, type DraftsDatabase } from '../drafts.js';

export function postgresDrafts(pool: Kysely<unknown>): DraftRepository {
  const db = pool as unknown as Kysely<DraftsDatabase>;
  const bookId = async (owner: string, key: string) => (await bookIdQuery(db, owner, key).executeTakeFirst())?.id ?? null;
  return {
    list: async ({ userId, key }) => {
      const id = await bookId(userId, key);
      if (id === null) return [];
      return (await listDraftsQuery(db, id).execute()).map((r) => ({ position: r.position, text: r.text, updatedAt: draftTime(r.updated_at) }));
    },
    save: async ({ userId, key, position, text }) => {
      const id = await bookId(userId, key);
      if (id === null) return null;
      const updatedAt = new Date().toISOString();
      await upsertDraftQuery(db, { book_id: id, position, text, updated_at: updatedAt }).execute();
      return { position, text, updatedAt };
    },
    remove: async ({ userId, key, position }) => {
      const id = await bookId(userId, key);
      return id !== null && (await deleteDraftQuery(db, id, position).executeTakeFirst()).numDeletedRows > 0n;
    },
  };
}
