// Series of books, once for both databases: a series is named per owner and holds its books at
// numbers 1, 2, 3… by id (by the key a book will be saved under until its first step is saved: then its id is
// filled in, as a server's keys change with Start New); each book's `basis` is the series' bible it was last
// written against. Refusals are SeriesError codes (engine/error-catalogue), never half-saved.
import { isUniqueViolation, type Conn } from './conn.js';
import { SeriesError, type Lang } from '../../../engine/index.js';

/** A series as stored. */
export interface StoredSeries {
  id: number;
  name: string;
  lang: Lang;
  createdAt: string;
}

/** A book's place in a series. */
export interface SeriesEntry {
  number: number;
  key: string;
  /** The series' bible the book was last written against (rendered); null before it was written. */
  basis: string | null;
}

export interface SeriesRepository {
  find(name: string): Promise<StoredSeries | null>;
  /** A new series; `series_name_taken` when the owner has one of that name. */
  create(name: string, lang: Lang): Promise<StoredSeries>;
  /** The owner's series, oldest first, with how many books each has. */
  list(): Promise<Array<StoredSeries & { books: number }>>;
  /** A series' books in order. */
  books(seriesId: number): Promise<SeriesEntry[]>;
  /**
   * The book under `key` joins the series at `number`; `book_in_series` when it is in a series already,
   * `series_number_taken` when the place is.
   */
  join(seriesId: number, number: number, key: string): Promise<void>;
  setBasis(seriesId: number, number: number, basis: string): Promise<void>;
  /** The series of the book under `key`, and its number, or null. */
  ofBook(key: string): Promise<{ series: StoredSeries; number: number } | null>;
  /** Delete an empty series; `series_not_empty` while it has books. False when there is none of that name. */
  remove(name: string): Promise<boolean>;
}

type Row = { id: number; name: string; lang: string; created_at: string };
const seriesOfRow = (r: Row): StoredSeries => ({ id: r.id, name: r.name, lang: r.lang, createdAt: r.created_at });

const bookIdOf = (conn: Conn, owner: string, key: string) =>
  conn.first(conn.db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key));

/** The entries of a series with their books' keys now; a book saved since it joined by key gets its id. */
async function entriesOf(conn: Conn, owner: string, seriesId: number): Promise<SeriesEntry[]> {
  const rows = await conn.all(
    conn.db
      .selectFrom('series_books')
      .leftJoin('books', 'books.id', 'series_books.book_id')
      .select([
        'series_books.number',
        'series_books.book_id',
        'series_books.book_key',
        'series_books.basis',
        'books.book_key as current_key',
      ])
      .where('series_books.series_id', '=', seriesId)
      .where('series_books.owner', '=', owner)
      .orderBy('series_books.number'),
  );
  const out: SeriesEntry[] = [];
  for (const r of rows) {
    const key = r.current_key ?? r.book_key;
    if (r.book_id === null && r.book_key !== null) {
      const saved = await bookIdOf(conn, owner, r.book_key);
      if (saved)
        await conn.run(
          conn.db
            .updateTable('series_books')
            .set({ book_id: saved.id, book_key: null })
            .where('series_id', '=', seriesId)
            .where('number', '=', r.number),
        );
    }
    if (key === null) continue;
    out.push({ number: r.number, key, basis: r.basis });
  }
  return out;
}

/** The entry of the book under `key`: by its id, or joined by that key before it was saved. */
async function entryOf(
  conn: Conn,
  owner: string,
  key: string,
): Promise<{ series_id: number; number: number } | undefined> {
  const saved = await bookIdOf(conn, owner, key);
  if (saved) {
    const byId = await conn.first(
      conn.db
        .selectFrom('series_books')
        .select(['series_id', 'number'])
        .where('owner', '=', owner)
        .where('book_id', '=', saved.id),
    );
    if (byId) return byId;
  }
  return await conn.first(
    conn.db
      .selectFrom('series_books')
      .select(['series_id', 'number'])
      .where('owner', '=', owner)
      .where('book_id', 'is', null)
      .where('book_key', '=', key),
  );
}

/** SeriesRepository.join for `owner`, in one transaction. */
function joinSeries(
  conn: Conn,
  owner: string,
  entry: { seriesId: number; number: number; key: string },
): Promise<void> {
  const { seriesId, number, key } = entry;
  return conn.transaction(async (conn) => {
    const held = await entryOf(conn, owner, key);
    if (held) {
      if (held.series_id === seriesId && held.number === number) return;
      throw new SeriesError('book_in_series', {});
    }
    const taken = await conn.first(
      conn.db
        .selectFrom('series_books')
        .select(['number'])
        .where('series_id', '=', seriesId)
        .where('number', '=', number),
    );
    if (taken) throw new SeriesError('series_number_taken', { number });
    const saved = await bookIdOf(conn, owner, key);
    await conn.run(
      conn.db.insertInto('series_books').values({
        series_id: seriesId,
        number,
        owner,
        book_id: saved?.id ?? null,
        book_key: saved ? null : key,
        basis: null,
      }),
    );
  });
}

/** An owner's series in a database holding the book tables (the server's, or the CLI's state file). */
export function seriesRepository(conn: Conn, owner: string): SeriesRepository {
  const select = () =>
    conn.db.selectFrom('series').select(['id', 'name', 'lang', 'created_at']).where('owner', '=', owner);
  return {
    find: async (name) => {
      const row = await conn.first(select().where('name', '=', name));
      return row ? seriesOfRow(row) : null;
    },
    create: async (name, lang) => {
      try {
        await conn.run(conn.db.insertInto('series').values({ owner, name, lang }));
      } catch (error) {
        if (isUniqueViolation(error)) throw new SeriesError('series_name_taken', { name });
        throw error;
      }
      const row = await conn.first(select().where('name', '=', name));
      return seriesOfRow(row!);
    },
    list: async () => {
      const rows = await conn.all(select().orderBy('id'));
      const counts = await conn.all(
        conn.db
          .selectFrom('series_books')
          .select(['series_id'])
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner', '=', owner)
          .groupBy('series_id'),
      );
      const count = new Map(counts.map((c) => [c.series_id, Number(c.n)]));
      return rows.map((r) => ({ ...seriesOfRow(r), books: count.get(r.id) ?? 0 }));
    },
    books: (seriesId) => conn.transaction((conn) => entriesOf(conn, owner, seriesId)),
    join: (seriesId, number, key) => joinSeries(conn, owner, { seriesId, number, key }),
    setBasis: async (seriesId, number, basis) => {
      await conn.run(
        conn.db
          .updateTable('series_books')
          .set({ basis })
          .where('series_id', '=', seriesId)
          .where('number', '=', number)
          .where('owner', '=', owner),
      );
    },
    ofBook: (key) =>
      (async () => {
        const entry = await entryOf(conn, owner, key);
        if (!entry) return null;
        const row = await conn.first(select().where('id', '=', entry.series_id));
        return row ? { series: seriesOfRow(row), number: entry.number } : null;
      })(),
    remove: (name) =>
      conn.transaction(async (conn) => {
        const row = await conn.first(select().where('name', '=', name));
        if (!row) return false;
        const book = await conn.first(
          conn.db.selectFrom('series_books').select(['number']).where('series_id', '=', row.id),
        );
        if (book) throw new SeriesError('series_not_empty', { name });
        await conn.run(conn.db.deleteFrom('series').where('id', '=', row.id));
        return true;
      }),
  };
}
