// Series of books (issue #50), once for both databases: a series is named per owner and holds its books by key
// at numbers 1, 2, 3…; each book's `basis` is the series' bible it was last written against. Refusals are
// SeriesError codes (engine/error-catalogue), never half-saved: a book joins in one transaction.
import type { Kysely } from 'kysely';
import type { BooksDatabase } from '../schema.js';
import { all, first, isUniqueViolation, run, transaction, type Exec } from './run.js';
import { SeriesError } from '../../../engine/index.js';

/** A series as stored. */
export interface StoredSeries {
  id: number;
  name: string;
  lang: 'en' | 'ms';
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
  create(name: string, lang: 'en' | 'ms'): Promise<StoredSeries>;
  /** The owner's series, oldest first, with how many books each has. */
  list(): Promise<Array<StoredSeries & { books: number }>>;
  /** A series' books in order. */
  books(seriesId: number): Promise<SeriesEntry[]>;
  /** The book under `key` joins the series at `number`; `book_in_series` when it is in a series already, `series_number_taken` when the place is. */
  join(seriesId: number, number: number, key: string): Promise<void>;
  setBasis(seriesId: number, number: number, basis: string): Promise<void>;
  /** The series of the book under `key`, and its number, or null. */
  ofBook(key: string): Promise<{ series: StoredSeries; number: number } | null>;
  /** Delete an empty series; `series_not_empty` while it has books. False when there is none of that name. */
  remove(name: string): Promise<boolean>;
}

type Row = { id: number; name: string; lang: string; created_at: string };
const seriesOfRow = (r: Row): StoredSeries => ({ id: r.id, name: r.name, lang: r.lang === 'ms' ? 'ms' : 'en', createdAt: r.created_at });

/** An owner's series in a database holding the book tables (the server's, or the CLI's state file). */
export function seriesRepository(db: Kysely<BooksDatabase>, exec: Exec, owner: string): SeriesRepository {
  const select = () => db.selectFrom('series').select(['id', 'name', 'lang', 'created_at']).where('owner', '=', owner);
  return {
    find: async (name) => {
      const row = await exec(first(select().where('name', '=', name)));
      return row ? seriesOfRow(row) : null;
    },
    create: async (name, lang) => {
      try {
        await exec(run(db.insertInto('series').values({ owner, name, lang })));
      } catch (error) {
        if (isUniqueViolation(error)) throw new SeriesError('series_name_taken', { name });
        throw error;
      }
      const row = await exec(first(select().where('name', '=', name)));
      return seriesOfRow(row!);
    },
    list: async () => {
      const rows = await exec(all(select().orderBy('id')));
      const counts = await exec(all(db.selectFrom('series_books').select(['series_id']).select((eb) => eb.fn.countAll<number>().as('n')).where('owner', '=', owner).groupBy('series_id')));
      const count = new Map(counts.map((c) => [c.series_id, Number(c.n)]));
      return rows.map((r) => ({ ...seriesOfRow(r), books: count.get(r.id) ?? 0 }));
    },
    books: async (seriesId) => {
      const rows = await exec(all(db.selectFrom('series_books').select(['number', 'book_key', 'basis']).where('series_id', '=', seriesId).where('owner', '=', owner).orderBy('number')));
      return rows.map((r) => ({ number: r.number, key: r.book_key, basis: r.basis }));
    },
    join: (seriesId, number, key) =>
      exec(transaction(function* () {
        const held = yield* first(db.selectFrom('series_books').select(['series_id', 'number']).where('owner', '=', owner).where('book_key', '=', key));
        if (held) {
          if (held.series_id === seriesId && held.number === number) return;
          throw new SeriesError('book_in_series', {});
        }
        const taken = yield* first(db.selectFrom('series_books').select(['number']).where('series_id', '=', seriesId).where('number', '=', number));
        if (taken) throw new SeriesError('series_number_taken', { number });
        yield* run(db.insertInto('series_books').values({ series_id: seriesId, number, owner, book_key: key, basis: null }));
      })),
    setBasis: async (seriesId, number, basis) => {
      await exec(run(db.updateTable('series_books').set({ basis }).where('series_id', '=', seriesId).where('number', '=', number).where('owner', '=', owner)));
    },
    ofBook: async (key) => {
      const row = await exec(first(db.selectFrom('series_books').innerJoin('series', 'series.id', 'series_books.series_id').select(['series.id', 'series.name', 'series.lang', 'series.created_at', 'series_books.number']).where('series_books.owner', '=', owner).where('series_books.book_key', '=', key)));
      return row ? { series: seriesOfRow(row), number: row.number } : null;
    },
    remove: (name) =>
      exec(transaction(function* () {
        const row = yield* first(select().where('name', '=', name));
        if (!row) return false;
        const book = yield* first(db.selectFrom('series_books').select(['number']).where('series_id', '=', row.id));
        if (book) throw new SeriesError('series_not_empty', { name });
        yield* run(db.deleteFrom('series').where('id', '=', row.id));
        return true;
      })),
  };
}
