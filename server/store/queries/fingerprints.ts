// An owner's near-duplicate catalogue (engine/publish/near-duplicate-check.ts), once for both databases and
// the CLI's state file: each finished book's fingerprint by the key it is saved under, with its title; a
// saved book's id names it when it has one. A row that no longer parses (a later version's) is left out.
import { nowIso, type Conn } from './conn.js';
import { parseTextFingerprint, type CatalogueEntry, type TextFingerprint } from '../../../engine/index.js';

export interface FingerprintRepository {
  /** Keep (or replace) the fingerprint of the book under `key`. */
  save(entry: { key: string; title: string; fingerprint: TextFingerprint; keptAt?: string }): Promise<void>;
  /** Every kept fingerprint of the owner; `book` is the saved book's id, else its key. */
  list(): Promise<CatalogueEntry[]>;
  /** Forget the book under `key` (true when there was one). */
  remove(key: string): Promise<boolean>;
}

/**
 * The key a saved book's fingerprint is kept under on the server: its id, which stays with the book (a book type's key
 * passes to the next book).
 */
export function bookFingerprintKey(bookId: number): string {
  return `book:${bookId}`;
}

export function fingerprintRepository(conn: Conn, owner: string): FingerprintRepository {
  return {
    save: async ({ key, title, fingerprint, keptAt }) => {
      // A book written again keeps when it was first kept: it stays the original of the copies made after it.
      const row = { title, fingerprint: JSON.stringify(fingerprint) };
      await conn.run(
        conn.db
          .insertInto('book_fingerprints')
          .values({ owner, book_key: key, ...row, kept_at: keptAt ?? nowIso() })
          .onConflict((oc) => oc.columns(['owner', 'book_key']).doUpdateSet(row)),
      );
    },
    list: async () => {
      const rows = await conn.all(
        conn.db
          .selectFrom('book_fingerprints')
          .leftJoin('books', (j) =>
            j
              .onRef('books.owner', '=', 'book_fingerprints.owner')
              .onRef('books.book_key', '=', 'book_fingerprints.book_key'),
          )
          .select([
            'book_fingerprints.book_key',
            'book_fingerprints.title',
            'book_fingerprints.fingerprint',
            'book_fingerprints.kept_at',
            'books.id as book_id',
          ])
          .where('book_fingerprints.owner', '=', owner)
          .orderBy('book_fingerprints.book_key'),
      );
      return rows.flatMap((r) => {
        const fingerprint = parseTextFingerprint(r.fingerprint);
        return fingerprint
          ? [
              {
                key: r.book_key,
                book: r.book_id !== null ? String(r.book_id) : r.book_key,
                title: r.title,
                fingerprint,
                keptAt: r.kept_at,
              },
            ]
          : [];
      });
    },
    remove: async (key) => {
      return (
        (await conn.run(
          conn.db.deleteFrom('book_fingerprints').where('owner', '=', owner).where('book_key', '=', key),
        )) > 0
      );
    },
  };
}
