// `karya books`: the books saved in the state file, by id (the id `karya export --book` and `karya rewrite
// --book` take), and how those commands choose a saved book: by `--book ID`, else by the settings given to
// `karya generate` (as before), else, with no settings given, the generator's latest saved book.
import {
  bookSummary,
  startBook,
  type Catalog,
  type Lang,
  type ResolvedSpec,
  type SavedBook,
} from '../../engine/index.js';
import { type StateBook, type StateFile } from '../../server/index.js';
import { catalogOrExit, fail, wholeNumber, CLI_USER } from '../util.js';
import { progressKey, settingsFromOptions, type SettingsOptions } from '../settings.js';
import { cliStateOf, hasBooks, openCliState, type CliState } from '../state.js';
import { writerLang } from '../langs.js';
import { optionWord } from '../option-words.js';
import { savedBookWord } from '../saved-book-words.js';

export interface BooksOptions {
  state?: string;
  json?: boolean;
  /** Only the books of this series, in their order. */
  series?: string;
}

/** One saved book as `karya books` shows it. */
export interface SavedBookLine {
  id: number;
  generator: string;
  title: string;
  words: number;
  chapters: { written: number; total: number };
  lang: Lang;
  updatedAt: string;
  finished: boolean;
  /** False for a book kept aside when the same settings started a new one. */
  current: boolean;
  /** The series the book is in and its number there (absent: it stands alone). */
  series?: { name: string; number: number };
}

function lineOf(catalog: Catalog, book: StateBook): SavedBookLine | null {
  const spec = catalog.get(book.state.generatorId);
  if (spec?.kind !== 'book') return null;
  const summary = bookSummary(spec, book.state);
  return {
    id: book.id,
    generator: spec.id,
    title: summary.title,
    words: summary.words,
    chapters: { written: summary.chaptersWritten, total: summary.chaptersTotal },
    lang: summary.lang,
    updatedAt: book.updatedAt,
    finished: book.isFinished,
    current: book.isCurrent,
  };
}

export async function booksCommand(opts: BooksOptions): Promise<void> {
  const catalog = catalogOrExit();
  const place = cliStateOf(opts.state);
  let lines: SavedBookLine[] = [];
  // No state file is no saved book (and none is created just to say so).
  const inSeries =
    opts.series !== undefined ? await (await import('./series.js')).seriesKeysOrExit(place, opts.series) : undefined;
  if (hasBooks(place)) {
    const stateFile = await openCliState(place);
    try {
      let books = await stateFile.repos.books.list({ userId: CLI_USER });
      if (inSeries) books = [...inSeries.keys()].flatMap((key) => books.filter((b) => b.key === key));
      // Each book's series and number, by the keys the series hold.
      const places = new Map<string, { name: string; number: number }>();
      for (const s of await stateFile.repos.series(CLI_USER).list())
        for (const e of await stateFile.repos.series(CLI_USER).books(s.id))
          places.set(e.key, { name: s.name, number: e.number });
      lines = books.flatMap((b) => {
        const line = lineOf(catalog, b);
        const place = places.get(b.key);
        return line ? [place ? { ...line, series: place } : line] : [];
      });
    } finally {
      await stateFile.close();
    }
  }
  if (opts.json) {
    process.stdout.write(JSON.stringify({ books: lines }) + '\n');
    return;
  }
  if (lines.length === 0) {
    process.stdout.write(`${savedBookWord('noBooks', writerLang(), { where: place.where })}\n`);
    return;
  }
  const hasSeries = lines.some((b) => b.series);
  const rows = lines.map((b) => [
    String(b.id),
    b.generator,
    b.title,
    String(b.words),
    `${b.chapters.written}/${b.chapters.total}`,
    b.lang,
    b.updatedAt.slice(0, 16).replace('T', ' '),
    b.finished ? 'finished' : 'unfinished',
    ...(hasSeries ? [b.series ? `${b.series.name} #${b.series.number}` : '-'] : []),
  ]);
  const header = [
    'ID',
    'GENERATOR',
    'TITLE',
    'WORDS',
    'CHAPTERS',
    'LANG',
    'LAST CHANGE (UTC)',
    'STATE',
    ...(hasSeries ? ['SERIES'] : []),
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const out = [header, ...rows].map((r) =>
    r
      .map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd(),
  );
  process.stdout.write(out.join('\n') + '\n');
}

/** A saved book chosen for `karya export` / `karya rewrite`: its generator, the key it is saved under, and the book. */
export interface ChosenBook {
  spec: ResolvedSpec;
  key: string;
  saved: SavedBook;
}

/**
 * The language of the saved book `--book ID` names, as saved (what is said of it is said in it); undefined when there
 * is none.
 */
export async function savedBookLang(stateFile: StateFile, book: string): Promise<Lang | undefined> {
  return (await stateFile.repos.books.find({ userId: CLI_USER, id: bookIdOrExit(book) }))?.state.lang;
}

/** The language book `book` is saved in when the books there have it, else the one the writer's locale names. */
export async function savedOrWriterLang(place: CliState, book: string): Promise<Lang> {
  if (!hasBooks(place)) return writerLang();
  const stateFile = await openCliState(place);
  try {
    return (await savedBookLang(stateFile, book)) ?? writerLang();
  } finally {
    await stateFile.close();
  }
}

/**
 * `--book ID`: a whole number, or exit 2 saying so in `lang` (no book is read yet: by default the writer's locale's).
 */
export function bookIdOrExit(value: string, lang: Lang = writerLang()): number {
  const id = wholeNumber(value);
  if (id === undefined || id < 1) fail(optionWord('bookId', lang, { value }));
  return id;
}

/**
 * The book `--book ID` names in an open state file, or exit 2: no such book, or a book of another
 * generator than the one named.
 */
async function bookByIdOrExit(
  stateFile: StateFile,
  catalog: Catalog,
  input: { book: string; generator?: string; statePath: string },
): Promise<ChosenBook> {
  const found = await stateFile.repos.books.find({ userId: CLI_USER, id: bookIdOrExit(input.book) });
  // No book to read: said in the language the writer's locale names.
  if (!found) fail(optionWord('bookNotFound', writerLang(), { book: input.book, file: input.statePath }));
  const spec = catalog.get(found.state.generatorId);
  // The book is read: said in its own language.
  if (!spec)
    fail(savedBookWord('generatorGone', found.state.lang, { book: input.book, generator: found.state.generatorId }));
  if (input.generator !== undefined && input.generator !== spec.id)
    fail(
      savedBookWord('otherGenerator', found.state.lang, { book: input.book, id: spec.id, generator: input.generator }),
    );
  return { spec, key: found.key, saved: found };
}

/** The generator's latest saved book (the most recently changed), or null. */
async function latestBookOf(stateFile: StateFile, spec: ResolvedSpec): Promise<ChosenBook | null> {
  const latest = (await stateFile.repos.books.list({ userId: CLI_USER })).find((b) => b.state.generatorId === spec.id);
  return latest ? { spec, key: latest.key, saved: latest } : null;
}

/** Whether any option that names a book's settings was given (then the settings find the book, as before). */
function hasSettingsOptions(opts: SettingsOptions): boolean {
  return (
    (opts.set?.length ?? 0) > 0 || opts.brief !== undefined || opts.lang !== undefined || opts.chapters !== undefined
  );
}

/**
 * The saved book `karya export` / `karya rewrite` works on: `--book ID` (exit 2 when there is none, or it is
 * another generator's); else the book the settings options find, as before; else, with no settings
 * options given, the generator's latest book. Only a book for which `isUsable` holds is chosen; null when none is.
 */
export async function chooseBook(
  stateFile: StateFile,
  catalog: Catalog,
  input: {
    named?: ResolvedSpec;
    opts: SettingsOptions & { book?: string };
    statePath: string;
    isUsable(saved: SavedBook): boolean;
  },
): Promise<ChosenBook | null> {
  const { named, opts } = input;
  if (opts.book !== undefined) {
    const byId = await bookByIdOrExit(stateFile, catalog, {
      book: opts.book,
      ...(named ? { generator: named.id } : {}),
      statePath: input.statePath,
    });
    return input.isUsable(byId.saved) ? byId : null;
  }
  if (!named) return null;
  const { settings, totalChapters } = settingsFromOptions(named, opts);
  const key = progressKey(named, settings, startBook({ spec: named, settings, totalChapters }).totalChapters);
  const saved = await stateFile.repos.books.load({ userId: CLI_USER, key });
  if (saved && input.isUsable(saved)) return { spec: named, key, saved };
  if (hasSettingsOptions(opts)) return null;
  const latest = await latestBookOf(stateFile, named);
  return latest && input.isUsable(latest.saved) ? latest : null;
}
