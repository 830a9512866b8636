// A series book started, for every front end (POST /series/:id/next, `karya generate --series`, a jobs file's
// `series:`): the language checked against the series', the series made on first use, the book before it caught up
// (its bible takes in the parts it lacks, the last one where a character may die, before the next book is told
// the series), the book joined at its place and its basis (what it is written against) kept. Light: the engine
// and the store's ports only, so the CLI reaches it through the server's door.
import {
  languageName,
  BookSession,
  bookSeries,
  SeriesError,
  type BookSeries,
  type Catalog,
  type Lang,
  type ProgressStore,
  type Provider,
} from '../../engine/index.js';
import type { BookRepository, Repositories } from '../store/ports.js';
import type { StoredSeries } from '../store/queries/series.js';
import { bookSeriesOf, loadEntries, seriesBooksOf, type LoadedEntry } from './series-books.js';

/** What starting a series book reads and writes through. */
export interface SeriesStartPorts {
  repos: Pick<Repositories, 'series'>;
  /** The plain book store (not the series-aware one): the series' books as saved. */
  books: BookRepository;
  catalog: Catalog;
  /**
   * Take in the parts a saved book's bible lacks: the book before the one started (server: catchUpSeriesBook; CLI:
   * catchUpWithSession).
   */
  catchUp?: (entry: LoadedEntry) => Promise<void>;
}

/**
 * A series book to start: the series by name, the book's language, its place (the next one when not given) and how it
 * joins.
 */
export interface SeriesStart {
  userId: string;
  name: string;
  lang: Lang;
  number?: number;
  /** The language a refusal names the languages in (the caller's); the series' own by default. */
  callerLang?: Lang;
  /** The key the book joins under; or `join`, which joins it itself (a draft saved first) and answers its key. */
  key?: string;
  join?: (input: { series: StoredSeries; number: number; told: BookSeries }) => Promise<string>;
}

/**
 * The started book: its series, place, key, what it is told of the books before it, and the series' entries before it
 * joined.
 */
export interface StartedSeriesBook {
  stored: StoredSeries;
  number: number;
  key: string;
  told: BookSeries;
  entries: LoadedEntry[];
}

/**
 * Start a series book: a SeriesError (`series_language`) when its language is not the series'.
 * @example await startSeriesBook(ports, { userId, name: 'Penang Bakery', lang: 'en', key: 'series:1:2', number: 2 })
 */
export async function startSeriesBook(ports: SeriesStartPorts, input: SeriesStart): Promise<StartedSeriesBook> {
  const { userId, name, lang } = input;
  const repo = ports.repos.series(userId);
  const found = await repo.find(name);
  if (found && found.lang !== lang) {
    const inLang = input.callerLang ?? found.lang;
    throw new SeriesError('series_language', {
      name: found.name,
      expected: languageName(found.lang, inLang),
      found: languageName(lang, inLang),
    });
  }
  const stored = found ?? (await createSeries(ports, { userId, name, lang }));
  let entries = await loadEntries(ports.books, ports.repos, ports.catalog, userId, stored);
  const number = input.number ?? (entries.at(-1)?.number ?? 0) + 1;
  const previous = entries.filter((e) => e.number < number && e.saved).at(-1);
  if (previous && ports.catchUp) {
    await ports.catchUp(previous);
    entries = await loadEntries(ports.books, ports.repos, ports.catalog, userId, stored);
  }
  const told = bookSeries(
    stored.name,
    number,
    seriesBooksOf(entries).filter((b) => b.number < number),
    stored.lang,
  );
  let key = input.key;
  if (input.join) key = await input.join({ series: stored, number, told });
  else if (key !== undefined) await repo.join(stored.id, number, key);
  if (key === undefined) throw new TypeError('startSeriesBook: a key or a join is needed');
  await repo.setBasis(stored.id, number, told.bible);
  return { stored, number, key, told, entries };
}

/** A series to make: its owner, name and language; with `book`, that saved book of the owner's is its book 1. */
export interface NewSeries {
  userId: string;
  name: string;
  lang: Lang;
  book?: { key: string; lang: Lang };
  /** The language a refusal names the languages in (the caller's); the series' own by default. */
  callerLang?: Lang;
}

/**
 * The one place a series row is made (POST /series, a series' first book from any front end): a SeriesError when
 * its book 1 is in another language (`series_language`) or already in a series (`book_in_series`); the store
 * refuses a name the owner already uses. Its book 1 joins at number 1.
 * @example await createSeries(ports, { userId, name: 'Penang Bakery', lang: 'en', book: { key: 'romance', lang: 'en' }
 * })
 */
export async function createSeries(ports: Pick<SeriesStartPorts, 'repos'>, input: NewSeries): Promise<StoredSeries> {
  const { userId, name, lang, book } = input;
  const repo = ports.repos.series(userId);
  if (book && book.lang !== lang) {
    const inLang = input.callerLang ?? lang;
    throw new SeriesError('series_language', {
      name,
      expected: languageName(lang, inLang),
      found: languageName(book.lang, inLang),
    });
  }
  if (book && (await repo.ofBook(book.key))) throw new SeriesError('book_in_series', {});
  const stored = await repo.create(name, lang);
  if (book) await repo.join(stored.id, 1, book.key);
  return stored;
}

/**
 * The catch-up of a front end without the server's book locks (the CLI): the book opened in a session of its own,
 * told its series, its bible brought up to date one part a call (part of starting the next book: nothing charged).
 */
export function catchUpWithSession(input: {
  userId: string;
  books: BookRepository;
  repos: Pick<Repositories, 'series'>;
  catalog: Catalog;
  provider: Provider;
  store: ProgressStore;
}): (entry: LoadedEntry) => Promise<void> {
  return async (entry) => {
    if (!entry.saved || !entry.spec) return;
    const series = await bookSeriesOf(input.books, input.repos, input.catalog, input.userId, entry.key);
    const session = await BookSession.open({
      spec: entry.spec,
      renderer: input.catalog.renderer,
      provider: input.provider,
      store: input.store,
      key: entry.key,
      settings: entry.saved.state.settings,
      onFinished: 'keep',
      ...(series ? { series } : {}),
    });
    await session.remember();
  };
}
