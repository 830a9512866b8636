// A series: an ordered set of books that share one story bible. Nothing is copied between books: "the series
// as of the end of book N" is derived, whenever it is asked, from books 1..N's own bibles (each as of its last
// part), later books' entries replacing earlier ones by key (a character's name, a fact's subject, a thread),
// every entry labelled with the book and part from which it is true ("Book 1, Chapter 3"). A book's own bible
// keeps only what differs from the series before it (bible/series.ts ownOnly), so its entry with the same key
// overrides the series for that book only, and a revision of an earlier book reaches the later ones at their
// next request. A book is told the series when it is opened (BookState.series); never a later book's entries.
import { KaryaError } from '../../karya-error.js';
import type { BookSpec, Lang, Settings } from '../../spec/types.js';
import type { BookSeries, BookState } from '../../compile/flow.js';
import {
  shownBible,
  parseBible,
  EMPTY_BIBLE,
  renderBible,
  type BibleThread,
  type StoryBible,
  bibleAsOf,
  partsOf,
  hasSeriesBible,
  isSeriesLabel,
  overlay,
  SERIES_ARCS,
  seriesChanges,
  seriesLabel,
  type SeriesChange,
  type SeriesContext,
} from '../bible/index.js';
import { cleanText } from '../../clean-text.js';

export {
  hasSeriesBible,
  isSeriesLabel,
  ownOnly,
  seriesChangeLine,
  seriesChanges,
  seriesLabel,
  seriesOf,
  withSeries,
  type SeriesChange,
  type SeriesContext,
} from '../bible/index.js';

/** One book of a series as stored: its place, its generator's spec and its state. */
export interface SeriesBook {
  readonly number: number;
  readonly spec: BookSpec;
  readonly state: BookState;
}

import { MAX_SERIES_NAME } from './limits.js';
import { catalogue, sayer } from '../../languages/index.js';

export { MAX_SERIES_NAME } from './limits.js';

/** A series refused (its name, a book's language or place): a catalogue code with its params, nothing saved. */
export class SeriesError extends KaryaError {
  constructor(
    readonly code:
      | 'series_name_empty'
      | 'series_name_too_long'
      | 'series_name_taken'
      | 'series_not_found'
      | 'series_language'
      | 'series_previous_unfinished'
      | 'book_in_series'
      | 'series_number_taken'
      | 'series_not_empty',
    override readonly params: Readonly<Record<string, string | number>>,
  ) {
    super(code, { httpStatus: 400 });
    this.name = 'SeriesError';
  }
}

/** A series name as given, tidied (spaces, control characters); a SeriesError when empty or too long. */
export function seriesNameOf(raw: string): string {
  const name = cleanText(raw).replace(/\s+/g, ' ').trim();
  if (!name) throw new SeriesError('series_name_empty', { max: MAX_SERIES_NAME });
  if ([...name].length > MAX_SERIES_NAME)
    throw new SeriesError('series_name_too_long', { length: [...name].length, max: MAX_SERIES_NAME });
  return name;
}

/** A book's own bible as of its last written part, its entries labelled with the book. */
function bookEnd(book: SeriesBook, lang: Lang): StoryBible {
  const { spec, state } = book;
  if (!state.memory?.trim()) return EMPTY_BIBLE;
  const last = Math.max(state.content.length - 1, state.memoryUpTo ?? -1);
  const b = bibleAsOf(parseBible(state.memory), last, partsOf(spec, state), state.memoryUpTo ?? last);
  const at = (label: string | undefined) =>
    label ? (isSeriesLabel(label) ? label : seriesLabel(book.number, label, lang)) : seriesLabel(book.number, '', lang);
  const lastLine = b.chapters.at(-1);
  return {
    ...EMPTY_BIBLE,
    // Where the book ended, one line: what the next book picks up from.
    arcs: lastLine ? [{ label: seriesLabel(book.number, '', lang), line: lastLine.line }] : [],
    characters: b.characters.map((c) => ({
      ...c,
      lastSeen: at(c.lastSeen || c.since),
      since: at(c.since ?? c.lastSeen),
    })),
    threads: b.threads.map(({ due: _due, ...t }): BibleThread => ({
      ...t,
      opened: at(t.opened),
      ...(t.changed ? { changed: at(t.changed) } : {}),
    })),
    facts: b.facts,
    factSince: Object.fromEntries(b.facts.map((f) => [f, at(b.factSince?.[f])])),
  };
}

/** The series as of the end of book `upTo` (from 1): books 1..upTo's own bibles in order, later replacing earlier. */
export function seriesAsOf(books: readonly SeriesBook[], upTo: number, lang: Lang): StoryBible {
  return [...books]
    .sort((a, b) => a.number - b.number)
    .filter((b) => b.number <= upTo)
    .reduce((acc, book) => overlay(acc, bookEnd(book, lang)), EMPTY_BIBLE as StoryBible);
}

/** What book `number` of a series is told of the books before it, as the book's state carries it. */
export function bookSeries(name: string, number: number, books: readonly SeriesBook[], lang: Lang): BookSeries {
  const before = toldBefore(books, number, lang);
  // A series keeps its voice: the most recent earlier book's, for a book that has none of its own.
  const voice = [...books].filter((b) => b.number < number && b.state.voice).sort((a, b) => b.number - a.number)[0]
    ?.state.voice;
  return {
    name,
    number,
    bible: hasSeriesBible({ name, number, before })
      ? renderBible(before, lang, { omit: ['premise', 'ending', 'replaced'] })
      : '',
    ...(voice ? { voice } : {}),
  };
}

/**
 * The series book `number` is told: as of the end of the book before it, within the bible's bounds (its most
 * recent lines of earlier books, the characters and facts a bible keeps), so that the outline's and introduction's
 * requests stay the same size however many books came before.
 */
function toldBefore(books: readonly SeriesBook[], number: number, lang: Lang): StoryBible {
  const before = seriesAsOf(books, number - 1, lang);
  return shownBible({ ...before, arcs: before.arcs.slice(-SERIES_ARCS) });
}

/** What the series told book `number` when it was written (`basis`, a rendered bible) against what it says now. */
export function changesFor(
  basis: string | undefined,
  books: readonly SeriesBook[],
  number: number,
  lang: Lang,
): SeriesChange[] {
  if (basis === undefined) return [];
  return seriesChanges(basis.trim() ? parseBible(basis) : EMPTY_BIBLE, toldBefore(books, number, lang));
}

/** The threads a series leaves open as of a bible (the last book lists them). */
export function openThreadsOf(b: StoryBible): BibleThread[] {
  return b.threads.filter((t) => !t.isResolved);
}

/**
 * The premise a series' next book is given (catalogue `series-brief`; other languages' in
 * languages/<code>/series-brief.yaml).
 */
const BRIEF = catalogue('series-brief', ['premise', 'none']);
const briefWord = sayer(BRIEF);

/** Cut to at most `max` characters at a word, with an ellipsis. */
function within(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 2).replace(/\s+\S*$/, '')} …`;
}

/**
 * The brief of a series' next book filled from the series where the writer left it blank: the main characters
 * with where each stands at the end of the book before (who is where, what each knows), and a premise that says
 * where the last book ended and what is unresolved. The writer's own values win.
 */
export function seriesBrief(
  spec: Pick<BookSpec, 'fields'>,
  settings: Settings,
  series: SeriesContext,
  lang: Lang,
): Settings {
  if (!hasSeriesBible(series)) return settings;
  const b = series.before;
  const fieldOf = (role: string) => spec.fields.find((f) => f.role === role);
  const blank = (name: string) => !(typeof settings[name] === 'string' && (settings[name] as string).trim());
  const out: Record<string, unknown> = { ...settings };
  const characters = fieldOf('characters');
  if (characters && blank(characters.name) && b.characters.length) {
    const lines = b.characters.map(
      (c) => `${c.name}: ${[c.role, c.state].filter((s) => s.trim() && s !== '-').join('; ')}`,
    );
    out[characters.name] = within(lines.join('\n'), characters.maxLength ?? 1500);
  }
  const premise = fieldOf('premise');
  if (premise && blank(premise.name)) {
    const open = openThreadsOf(b).map((t) => t.thread);
    const where = (b.arcs.at(-1)?.line ?? '').trim();
    const text = briefWord('premise', lang, {
      n: series.number,
      series: series.name,
      prev: series.number - 1,
      where,
      open: open.length ? open.join('; ') : briefWord('none', lang),
    });
    out[premise.name] = within(text.replace(/\s+/g, ' '), premise.maxLength ?? 1200);
  }
  return out as Settings;
}
