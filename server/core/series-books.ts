// A user's series books as saved, for both front ends (the server's series-aware book store, the CLI's
// `karya generate --series`, `karya series`): each entry's book read by key with its id, and what a book is told
// of the books before it (engine/session/series.ts derives it, never copied). Light: the engine and the ports only.
import {
  bookSeries,
  type BookSeries,
  type BookSpec,
  type Catalog,
  type ResolvedSpec,
  type SavedBook,
  type SeriesBook,
} from '../../engine/index.js';
import type { BookRepository, Repositories } from '../store/ports.js';
import type { StoredSeries } from '../store/queries/series.js';

/** One entry of a series with its saved book (null before its first step is saved). */
export interface LoadedEntry {
  number: number;
  key: string;
  basis: string | null;
  id: number | null;
  saved: (SavedBook & { bookType: string }) | null;
  spec: (ResolvedSpec & BookSpec) | null;
}

/** A series' entries with their books, read through the plain book store (never the series-aware one: no loop). */
export async function loadEntries(
  books: BookRepository,
  repos: Pick<Repositories, 'series'>,
  catalog: Catalog,
  userId: string,
  series: StoredSeries,
): Promise<LoadedEntry[]> {
  const entries = await repos.series(userId).books(series.id);
  const out: LoadedEntry[] = [];
  for (const e of entries) {
    const saved = await books.load({ userId, key: e.key });
    const spec = saved ? catalog.get(saved.state.generatorId) : undefined;
    const id = saved ? await books.findBookId({ userId, key: e.key }) : null;
    out.push({ ...e, id, saved, spec: spec?.kind === 'book' ? (spec as ResolvedSpec & BookSpec) : null });
  }
  return out;
}

/** The books the engine derives a series from. */
export function seriesBooksOf(entries: readonly LoadedEntry[]): SeriesBook[] {
  return entries.flatMap((e) => (e.saved && e.spec ? [{ number: e.number, spec: e.spec, state: e.saved.state }] : []));
}

/** What the book under `key` is told of its series, or undefined when it is in none. */
export async function bookSeriesOf(
  books: BookRepository,
  repos: Pick<Repositories, 'series'>,
  catalog: Catalog,
  userId: string,
  key: string,
): Promise<BookSeries | undefined> {
  const found = await repos.series(userId).ofBook(key);
  if (!found) return undefined;
  const entries = await loadEntries(books, repos, catalog, userId, found.series);
  return bookSeries(
    found.series.name,
    found.number,
    seriesBooksOf(entries).filter((b) => b.number < found.number),
    found.series.lang,
  );
}
