// Series of books, once for both databases: a series is named per owner and holds its books at
// numbers 1, 2, 3… by id (by the key a book will be saved under until its first step is saved: then its id is
// filled in, as a server's keys change with Start New); each book's `basis` is the series' bible it was last
// written against. Refusals are SeriesError codes (engine/error-catalogue), never half-saved.
import type { Kysely } from 'kysely';
import type { BooksDatabase } from '../schema.js';
import { all, first, isUniqueViolation, run, transaction, type Exec, type Program } from './run.js';
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
  const bookIdOf = (key: string) => first(db.selectFrom('books').select('id').where('owner', '=', owner).where('book_key', '=', key));
  /** The entries of a series with their books' keys now; a book saved since it joined by key gets its id. */
  function* entriesOf(seriesId: number): Program<SeriesEntry[]> {
    const rows = yield* all(db.selectFrom('series_books').leftJoin('books', 'books.id', 'series_books.book_id')
      .select(['series_books.number', 'series_books.book_id', 'series_books.book_key', 'series_books.basis', 'books.book_key as current_key'])
      .where('series_books.series_id', '=', seriesId).where('series_books.owner', '=', owner).orderBy('series_books.number'));
    const out: SeriesEntry[] = [];
    for (const r of rows) {
      const key = r.current_key ?? r.book_key;
      if (r.book_id === null && r.book_key !== null) {
        const saved = yield* bookIdOf(r.book_key);
        if (saved) yield* run(db.updateTable('series_books').set({ book_id: saved.id, book_key: null }).where('series_id', '=', seriesId).where('number', '=', r.number));
      }
      if (key === null) continue;
      out.push({ number: r.number, key, basis: r.basis });
    }
    return out;
  }
  /** The entry of the book under `key`: by its id, or joined by that key before it was saved. */
  function* entryOf(key: string): Program<{ series_id: number; number: number } | undefined> {
    const saved = yield* bookIdOf(key);
    if (saved) {
      const byId = yield* first(db.selectFrom('series_books').select(['series_id', 'number']).where('owner', '=', owner).where('book_id', '=', saved.id));
      if (byId) return byId;
    }
    return yield* first(db.selectFrom('series_books').select(['series_id', 'number']).where('owner', '=', owner).where('book_id', 'is', null).where('book_key', '=', key));
  }
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
    books: (seriesId) => exec(transaction(() => entriesOf(seriesId))),
    join: (seriesId, number, key) =>
      exec(transaction(function* () {
        const held = yield* entryOf(key);
        if (held) {
          if (held.series_id === seriesId && held.number === number) return;
          throw new SeriesError('book_in_series', {});
        }
        const taken = yield* first(db.selectFrom('series_books').select(['number']).where('series_id', '=', seriesId).where('number', '=', number));
        if (taken) throw new SeriesError('series_number_taken', { number });
        const saved = yield* bookIdOf(key);
        yield* run(db.insertInto('series_books').values({ series_id: seriesId, number, owner, book_id: saved?.id ?? null, book_key: saved ? null : key, basis: null }));
      })),
    setBasis: async (seriesId, number, basis) => {
      await exec(run(db.updateTable('series_books').set({ basis }).where('series_id', '=', seriesId).where('number', '=', number).where('owner', '=', owner)));
    },
    ofBook: (key) =>
      exec((function* () {
        const entry = yield* entryOf(key);
        if (!entry) return null;
        const row = yield* first(select().where('id', '=', entry.series_id));
        return row ? { series: seriesOfRow(row), number: entry.number } : null;
      })()),
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
