// Drafts of hand edits (part_drafts; the queries in ../drafts.ts), written once over a Conn for both databases.
import type { Kysely } from 'kysely';
import type { DraftRepository } from '../ports.js';
import {
  bookIdQuery,
  deleteDraftQuery,
  draftTime,
  listDraftsQuery,
  upsertDraftQuery,
  type DraftsDatabase,
} from '../drafts.js';
import type { Conn } from './conn.js';

export function draftRepository(conn: Conn): DraftRepository {
  const db = conn.db as unknown as Kysely<DraftsDatabase>;
  const bookId = async (owner: string, key: string) => (await conn.first(bookIdQuery(db, owner, key)))?.id ?? null;
  return {
    list: async ({ userId, key }) => {
      const id = await bookId(userId, key);
      if (id === null) return [];
      return (await conn.all(listDraftsQuery(db, id))).map((r) => ({
        position: r.position,
        text: r.text,
        updatedAt: draftTime(r.updated_at),
      }));
    },
    save: async ({ userId, key, position, text }) => {
      const id = await bookId(userId, key);
      if (id === null) return null;
      const updatedAt = new Date().toISOString();
      await conn.run(upsertDraftQuery(db, { book_id: id, position, text, updated_at: updatedAt }));
      return { position, text, updatedAt };
    },
    remove: async ({ userId, key, position }) => {
      const id = await bookId(userId, key);
      return id !== null && (await conn.run(deleteDraftQuery(db, id, position))) > 0;
    },
  };
}
