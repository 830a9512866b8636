// A writer's own cover pictures, once for both databases (migrations/0033_book_covers.ts): one per book of
// the owner's, kept as given after the stores' rules passed it (engine/node/print/cover-picture.ts).
import type { Conn } from './conn.js';

/** book_covers (migrations/0033): a server-only table, one picture per book. */
export interface BookCoversTable {
  book_id: number;
  owner: string;
  image: Uint8Array;
  format: string;
  width: number;
  height: number;
  file_name: string;
  created_at: string;
}

/** What is kept of a cover picture besides its bytes. */
export interface CoverFacts {
  bookId: number;
  format: string;
  width: number;
  height: number;
  /** The name the writer's file had. */
  fileName: string;
  bytes: number;
  /** When it was given (ISO 8601, UTC). */
  createdAt: string;
}

export interface CoverRepository {
  /** Whether the owner has a book of this id (a picture for another's book is refused before its bytes are read). */
  hasBook(bookId: number): Promise<boolean>;
  /**
   * Keep (or replace) the picture of one of the owner's books; false when the owner has no such book. On SQLite a large
   * picture's bytes are handed to the writer's thread (Conn.runAside): the caller reads them no more.
   */
  save(input: {
    bookId: number;
    image: Uint8Array;
    format: string;
    width: number;
    height: number;
    fileName: string;
  }): Promise<boolean>;
  /** The picture of the owner's book with what is known of it, or null (none given: the package's cover is made). */
  find(bookId: number): Promise<(CoverFacts & { image: Uint8Array }) | null>;
  /** What is known of the pictures of these books of the owner's (without their bytes). */
  factsOf(bookIds: readonly number[]): Promise<CoverFacts[]>;
  /** Let the book's picture go (its packages are made again without it); false when there was none. */
  remove(bookId: number): Promise<boolean>;
}

/** SQLite's CURRENT_TIMESTAMP ("YYYY-MM-DD HH:MM:SS", UTC) as ISO 8601. */
const isoOf = (stamp: string) => (stamp.includes('T') ? stamp : `${stamp.replace(' ', 'T')}Z`);

type FactsRow = {
  book_id: number;
  format: string;
  width: number;
  height: number;
  file_name: string;
  bytes: number | string;
  created_at: string;
};
const factsOf = (r: FactsRow): CoverFacts => ({
  bookId: r.book_id,
  format: r.format,
  width: r.width,
  height: r.height,
  fileName: r.file_name,
  bytes: Number(r.bytes),
  createdAt: isoOf(r.created_at),
});

export function coverRepository(conn: Conn, owner: string): CoverRepository {
  const covers = conn.db.withTables<{ book_covers: BookCoversTable }>();
  const mine = () => covers.selectFrom('book_covers').where('owner', '=', owner);
  const factColumns = (q: ReturnType<typeof mine>) =>
    q.select(
      (e) =>
        [
          'book_id',
          'format',
          'width',
          'height',
          'file_name',
          'created_at',
          e.fn<number>('length', ['image']).as('bytes'),
        ] as const,
    );
  return {
    hasBook: async (bookId) =>
      (await conn.first(
        conn.db.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner),
      )) !== undefined,
    save: async ({ bookId, image, format, width, height, fileName }) => {
      const owned = (conn: Conn) =>
        conn.first(conn.db.selectFrom('books').select('id').where('id', '=', bookId).where('owner', '=', owner));
      const row = {
        owner,
        image: Buffer.from(image.buffer, image.byteOffset, image.byteLength),
        format,
        width,
        height,
        file_name: fileName,
        created_at: new Date().toISOString(),
      };
      const upsert = covers
        .insertInto('book_covers')
        .values({ book_id: bookId, ...row })
        .onConflict((oc) => oc.column('book_id').doUpdateSet(row));
      // SQLite: the picture written off the request loop (Conn.runAside); a book deleted meanwhile fails its foreign
      // key.
      if (conn.runAside) {
        if (!(await owned(conn))) return false;
        return conn.runAside(upsert).then(
          (changed) => changed > 0,
          (error: unknown) =>
            String((error as { code?: unknown }).code).startsWith('SQLITE_CONSTRAINT') ? false : Promise.reject(error),
        );
      }
      return conn.transaction(async (conn) => {
        if (!(await owned(conn))) return false;
        await conn.run(upsert);
        return true;
      });
    },
    find: async (bookId) => {
      const row = await conn.first(factColumns(mine().where('book_id', '=', bookId)).select('image'));
      if (!row) return null;
      // The driver's bytes as they are (a view, not a copy: a picture may be a few MB).
      const { image } = row;
      return { ...factsOf(row), image: new Uint8Array(image.buffer, image.byteOffset, image.byteLength) };
    },
    factsOf: async (bookIds) =>
      bookIds.length ? (await conn.all(factColumns(mine().where('book_id', 'in', [...bookIds])))).map(factsOf) : [],
    remove: async (bookId) =>
      (await conn.run(covers.deleteFrom('book_covers').where('owner', '=', owner).where('book_id', '=', bookId))) > 0,
  };
}
