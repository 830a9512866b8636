// part_drafts (migrations/0020): the unsaved text of a written part while its writer edits it, one per
// part of a book, found through the owner's book so another user's drafts are never reachable. A
// server-only table: its type lives here, with the queries the repository runs on either database
// (queries/drafts.ts, over a Conn).
import type { Kysely } from 'kysely';
import type { BooksTable } from './schema.js';

export interface PartDraftsTable {
  book_id: number;
  position: number;
  text: string;
  updated_at: string;
}

export interface DraftsDatabase {
  books: BooksTable;
  part_drafts: PartDraftsTable;
}

/** A stored time ("YYYY-MM-DD HH:MM:SS" UTC, or ISO) as ISO 8601. */
export function draftTime(stamp: string): string {
  return stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`;
}

/** The id of the owner's current book under `key`. */
export function bookIdQuery(db: Kysely<DraftsDatabase>, owner: string, key: string) {
  return db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key);
}

export function listDraftsQuery(db: Kysely<DraftsDatabase>, bookId: number) {
  return db
    .selectFrom('part_drafts')
    .select(['position', 'text', 'updated_at'])
    .where('book_id', '=', bookId)
    .orderBy('position');
}

export function upsertDraftQuery(db: Kysely<DraftsDatabase>, row: PartDraftsTable) {
  return db
    .insertInto('part_drafts')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['book_id', 'position']).doUpdateSet({ text: row.text, updated_at: row.updated_at }),
    );
}

export function deleteDraftQuery(db: Kysely<DraftsDatabase>, bookId: number, position: number) {
  return db.deleteFrom('part_drafts').where('book_id', '=', bookId).where('position', '=', position);
}
