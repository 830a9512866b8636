// Series on the command line: what `karya generate --series NAME` needs before the book session opens (the
// series found or planned, the book's number and key, its brief filled from the series), and what every command
// that opens a saved book of a series gives its session (the series as of the end of the book before it). The
// series itself is derived by the engine (engine/session/series/series.ts); the state file keeps only names, places
// and each book's basis.
import {
  changesFor,
  seriesAsOf,
  seriesBrief,
  seriesChangeLine,
  seriesNameOf,
  seriesOf,
  SeriesError,
  word,
  type BookState,
  type ResolvedSpec,
  type BookSeries,
  type BookSpec,
  type Catalog,
  type Lang,
  type Provider,
  type SavedBook,
  type SeriesBook,
  type SeriesChange,
  type Settings,
} from '../engine/index.js';
import {
  bookSeriesOf,
  catchUpWithSession,
  loadEntries,
  seriesBooksOf,
  startSeriesBook,
  type LoadedEntry,
  type StateFile,
  type StoredSeries,
} from '../server/index.js';

/**
 * Where a series is read and kept: the command's books (cli/state.ts), or a queued batch's store, by their
 * repositories.
 */
type StoreOf = Pick<StateFile, 'repos'>;
import { CLI_USER } from './util.js';
import { exitIfWorded } from './errors.js';
import { catalogOrExit, fail, info } from './util.js';
import { cliStateOf, openCliState, writableStateOrExit } from './state.js';
import { messagesLang } from './langs.js';
import { optionWord } from './option-words.js';

/** A series' books as saved: each entry's book (null when its first step was never saved) and its id. */
export interface LoadedSeries {
  series: StoredSeries;
  entries: LoadedEntry[];
}

/** Exit 2 with a series refusal in the book's language. */
export function seriesFail(error: SeriesError, lang: Lang): never {
  exitIfWorded(error, lang);
  throw error;
}

/** Run `work`; a SeriesError exits 2 with its message. */
export async function orSeriesExit<T>(lang: Lang, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    exitIfWorded(error, lang);
    throw error;
  }
}

/** A series name as given (`--series`, `karya series show`), tidied; exit 2 when it is empty or too long. */
export function seriesNameOrExit(raw: string, lang: Lang): string {
  try {
    return seriesNameOf(raw);
  } catch (error) {
    exitIfWorded(error, lang);
    throw error;
  }
}

/** A series' entries with their saved books. */
export async function loadSeries(stateFile: StoreOf, catalog: Catalog, series: StoredSeries): Promise<LoadedSeries> {
  return { series, entries: await loadEntries(stateFile.repos.books, stateFile.repos, catalog, CLI_USER, series) };
}

/** The books of a loaded series the engine derives the series from. */
export function seriesBooks(loaded: LoadedSeries): SeriesBook[] {
  return seriesBooksOf(loaded.entries);
}

/** What a saved book under `key` is told of its series (undefined when it is in none). */
export async function seriesOfKey(stateFile: StoreOf, catalog: Catalog, key: string): Promise<BookSeries | undefined> {
  return bookSeriesOf(stateFile.repos.books, stateFile.repos, catalog, CLI_USER, key);
}

/** What `--series NAME` settles before the book's settings are read. */
export interface SeriesPlan {
  name: string;
  /** The series, when it exists already. */
  series?: StoredSeries;
  /** The book's number in the series. */
  number: number;
  /** The series' book still being written (its saved settings continue it), when there is one of this generator. */
  continuing?: { key: string; saved: SavedBook | null };
  loaded?: LoadedSeries;
}

/**
 * The series book `karya generate <id> --series NAME` writes: the series' last book when it is not finished
 * (and of this generator), else the next one. Exit 2 with the catalogue's message for a bad name, or while the
 * last book is another generator's and unfinished.
 */
export async function planSeriesBook(
  stateFile: StoreOf,
  catalog: Catalog,
  spec: BookSpec,
  raw: string,
  lang: Lang,
): Promise<SeriesPlan> {
  const name = seriesNameOrExit(raw, lang);
  const series = await stateFile.repos.series(CLI_USER).find(name);
  if (!series) return { name, number: 1 };
  const loaded = await loadSeries(stateFile, catalog, series);
  const last = loaded.entries.at(-1);
  if (last && !last.saved)
    return { name, series, number: last.number, continuing: { key: last.key, saved: null }, loaded };
  if (last?.saved && !last.saved.isFinished) {
    if (last.saved.state.generatorId !== spec.id)
      seriesFail(new SeriesError('series_previous_unfinished', { name, number: last.number }), series.lang);
    return { name, series, number: last.number, continuing: { key: last.key, saved: last.saved }, loaded };
  }
  return { name, series, number: (last?.number ?? 0) + 1, loaded };
}

/** The key a series book is saved under in the state file. */
export function seriesBookKey(seriesId: number, number: number): string {
  return `series:${seriesId}:${number}`;
}

/**
 * The series made on first use and the book joined at its place (its basis: what it is written against now), the
 * book before it caught up first (server/core/series-start.ts), with what the book is told; exit 2 when the
 * book's language is not the series'.
 */
export async function joinSeries(
  stateFile: StoreOf & Pick<StateFile, 'progress'>,
  catalog: Catalog,
  plan: SeriesPlan,
  input: { lang: Lang; key?: string; provider: Provider },
): Promise<{ key: string; series: BookSeries; stored: StoredSeries }> {
  const repo = stateFile.repos.series(CLI_USER);
  const join = async ({ series, number }: { series: StoredSeries; number: number }) => {
    const key = input.key ?? seriesBookKey(series.id, number);
    await repo.join(series.id, number, key);
    return key;
  };
  return orSeriesExit(plan.series?.lang ?? input.lang, async () => {
    const started = await startSeriesBook(seriesPorts(stateFile, catalog, input.provider), {
      userId: CLI_USER,
      name: plan.name,
      lang: input.lang,
      number: plan.number,
      join,
    });
    return { key: started.key, series: started.told, stored: started.stored };
  });
}

/**
 * What a series book is started through on the command line: the state's store, and its own catch-up (no server locks).
 */
function seriesPorts(
  stateFile: StoreOf & Partial<Pick<StateFile, 'progress'>>,
  catalog: Catalog,
  provider: Provider | undefined,
) {
  const { repos } = stateFile;
  const store = stateFile.progress?.(CLI_USER);
  return {
    repos,
    books: repos.books,
    catalog,
    ...(provider && store
      ? { catchUp: catchUpWithSession({ userId: CLI_USER, books: repos.books, repos, catalog, provider, store }) }
      : {}),
  };
}

/** A new series book's settings: its brief filled from the series where the writer left it blank. */
export function seriesSettings(spec: BookSpec, settings: Settings, series: BookSeries, lang: Lang): Settings {
  const context = seriesOf({ series });
  return context ? seriesBrief(spec, settings, context, lang) : settings;
}

/** What changed for each later book of a series, from its basis (what it was written against) to the series now. */
export function laterChanges(loaded: LoadedSeries): Map<number, SeriesChange[]> {
  const books = seriesBooks(loaded);
  return new Map(
    loaded.entries.map((e) => [e.number, changesFor(e.basis ?? undefined, books, e.number, loaded.series.lang)]),
  );
}

/** Each change as a line in the series' language. */
export function changeLines(changes: readonly SeriesChange[], lang: Lang): string[] {
  return changes.map((c) => seriesChangeLine(c, lang));
}

export { seriesAsOf };

/**
 * A batch job's series book (`series:` in a jobs file), once the book before it is done: the series made on first
 * use, the book before it caught up when a provider is given, the book joined at its number under its key, and what
 * it is told (its brief filled from the series). A SeriesError when the series is in another language or its place is
 * another book's.
 */
export async function batchSeriesBook(
  stateFile: StoreOf & Partial<Pick<StateFile, 'progress'>>,
  catalog: Catalog,
  job: { series: { name: string; number: number }; key: string; spec: BookSpec; settings: Settings; lang: Lang },
  provider?: Provider,
): Promise<{ series: BookSeries; settings: Settings }> {
  const started = await startSeriesBook(seriesPorts(stateFile, catalog, provider), {
    userId: CLI_USER,
    name: job.series.name,
    lang: job.lang,
    number: job.series.number,
    key: job.key,
  });
  return { series: started.told, settings: seriesSettings(job.spec, job.settings, started.told, job.lang) };
}

/**
 * `--series NAME` checked and its next book planned, or exit 2 (a single piece, with --book or --fresh, a bad name).
 */
export async function seriesPlanOrExit(
  spec: ResolvedSpec,
  opts: {
    lang?: string | undefined;
    fresh?: boolean | undefined;
    state?: string | undefined;
    series?: string | undefined;
  },
): Promise<SeriesPlan> {
  if (spec.kind !== 'book') fail(optionWord('seriesPiece', messagesLang(opts.lang), { id: spec.id }));
  if (opts.fresh) fail(optionWord('seriesFresh', messagesLang(opts.lang)));
  const place = cliStateOf(opts.state);
  const statePath = place.where;
  writableStateOrExit(place, messagesLang(opts.lang));
  const stateFile = await openCliState(place);
  try {
    return await planSeriesBook(stateFile, catalogOrExit(), spec, opts.series!, messagesLang(opts.lang));
  } finally {
    await stateFile.close();
  }
}

/** A series book's settings with its brief filled from the series, said on stderr. */
export function prefilled(
  spec: BookSpec,
  settings: BookState['settings'],
  series: BookSeries,
  lang: Lang,
): BookState['settings'] {
  const filled = seriesSettings(spec, settings, series, lang);
  const fields = spec.fields.filter((f) => filled[f.name] !== settings[f.name]).map((f) => f.label[lang]);
  if (fields.length)
    info(`karya: ${word('seriesPrefilled', lang, { number: series.number, fields: fields.join(', ') })}`);
  return filled;
}
