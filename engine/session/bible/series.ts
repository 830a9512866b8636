// The series' story bible as a book of the series sees it (engine/session/series/series.ts derives it from the books
// before): the book's own entries laid over the series' by key (a character's name, a fact's subject, a
// thread), what a book's update keeps as its own (only what differs from the series), and what changed for a
// later book when an earlier one was revised. Pure; labels of other books read "Book 1, Chapter 3".
import type { Lang } from '../../spec/types.js';
import { bookWordsOf } from '../../book-words.js';
import { bibleWord } from './words.js';
import type { BookState } from '../../compile/flow.js';
import type { BookSeries } from '../../compile/flow.js';
import { bounded, EMPTY_BIBLE, parseBible } from './bible.js';
import type { BibleCharacter, BibleThread, Replaced, StoryBible } from './types.js';
import { factSubject, threadStatus } from './time.js';

/** What a book in a series is told about the books before it. */
export interface SeriesContext {
  readonly name: string;
  /** This book's place in the series, from 1. */
  readonly number: number;
  /** The series as of the end of the book before this one (empty for book 1). */
  readonly before: StoryBible;
}

/** How many lines of earlier books ("where book 1 ended") a book's requests carry. */
export const SERIES_ARCS = 2;

export const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** "Book 1, Chapter 3" / "Buku 1, Bab 3": a part of another book of the series. */
export function seriesLabel(number: number, label: string, lang: Lang): string {
  return `${bookWordsOf(lang).book} ${number}${label ? `, ${label}` : ''}`;
}

/** True for a label that names a part of another book of the series. */
export function isSeriesLabel(label: string | undefined): boolean {
  return !!label && /^(?:Book|Buku)\s+\d+\b/.test(label.trim());
}

const parsed = new WeakMap<BookSeries, SeriesContext>();

/** The series a book state carries, read (once per state's series). */
export function seriesOf(state: Pick<BookState, 'series'>): SeriesContext | undefined {
  const s = state.series;
  if (!s) return undefined;
  let context = parsed.get(s);
  if (!context) {
    context = { name: s.name, number: s.number, before: s.bible.trim() ? parseBible(s.bible) : EMPTY_BIBLE };
    parsed.set(s, context);
  }
  return context;
}

/** True when the series tells the book anything. */
export function hasSeriesBible(series: SeriesContext | undefined): series is SeriesContext {
  const b = series?.before;
  return !!b && (b.characters.length > 0 || b.threads.length > 0 || b.facts.length > 0 || b.arcs.length > 0);
}

/** `over` laid on `base`: its entries replace those with the same key; what `over` replaced is kept as replaced. */
export function overlay(base: StoryBible, over: StoryBible): StoryBible {
  const replaced: Replaced[] = [...(base.replaced ?? [])];
  const chars = new Map(over.characters.map((c) => [norm(c.name), c]));
  for (const c of base.characters) {
    const now = chars.get(norm(c.name));
    if (now && now.state && norm(now.state) !== norm(c.state))
      replaced.push({
        kind: 'character',
        subject: c.name,
        value: [c.role, c.state, c.lastSeen].join(' | '),
        since: c.since ?? c.lastSeen,
        until: now.since ?? now.lastSeen,
      });
  }
  // An own entry with no state yet (a name the brief lists) keeps the series' state of that character.
  const characters: BibleCharacter[] = [
    ...over.characters.map((c) => {
      const was = base.characters.find((b) => norm(b.name) === norm(c.name));
      return !c.state.trim() && was ? { ...was, role: c.role || was.role } : c;
    }),
    ...base.characters.filter((c) => !chars.has(norm(c.name))),
  ];
  const subjects = new Set(over.facts.map(factSubject));
  for (const f of base.facts) {
    const now = over.facts.find((o) => factSubject(o) === factSubject(f));
    if (now && norm(now) !== norm(f))
      replaced.push({
        kind: 'fact',
        subject: factSubject(f),
        value: f,
        since: base.factSince?.[f] ?? '',
        until: over.factSince?.[now] ?? '',
      });
  }
  const facts = [...base.facts.filter((f) => !subjects.has(factSubject(f))), ...over.facts];
  const factSince = Object.fromEntries(
    facts.flatMap((f) => {
      const since = over.factSince?.[f] ?? base.factSince?.[f];
      return since ? [[f, since]] : [];
    }),
  );
  const threadKeys = new Set(over.threads.map((t) => norm(t.thread)));
  for (const t of base.threads) {
    const now = over.threads.find((o) => norm(o.thread) === norm(t.thread));
    if (now && threadStatus(now) !== threadStatus(t))
      replaced.push({
        kind: 'thread',
        subject: t.thread,
        value: threadStatus(t),
        since: t.changed ?? t.opened,
        until: now.changed ?? now.opened,
      });
  }
  // A thread keeps the part it was opened in, whichever book changed it since.
  const threads: BibleThread[] = [
    ...base.threads.filter((t) => !threadKeys.has(norm(t.thread))),
    ...over.threads.map((t) => {
      const was = base.threads.find((b) => norm(b.thread) === norm(t.thread));
      return was ? { ...t, opened: was.opened } : t;
    }),
  ];
  return { ...over, arcs: [...base.arcs, ...over.arcs], characters, facts, factSince, threads, replaced };
}

/**
 * A book's own bible (as of some part) with the series before it: its own entries winning by key, the series'
 * where the book says nothing of them, within the bible's bounds. The replaced values stay the book's own.
 */
export function withSeries(own: StoryBible, series: SeriesContext | undefined): StoryBible {
  if (!hasSeriesBible(series)) return own;
  const before = { ...series.before, arcs: series.before.arcs.slice(-SERIES_ARCS), replaced: [] };
  const merged = overlay(before, own);
  return bounded({ ...merged, replaced: own.replaced ?? [] });
}

/**
 * The entries of a book's bible that say something the series did not already say: a character whose state
 * differs, a fact not in the series word for word, a thread new or with another status. What is the same is
 * left to the series, so a revision of an earlier book reaches this one.
 */
export function ownOnly(bible: StoryBible, series: SeriesContext | undefined): StoryBible {
  if (!hasSeriesBible(series)) return bible;
  const b = series.before;
  const characters = bible.characters.filter((c) => {
    const was = b.characters.find((s) => norm(s.name) === norm(c.name));
    return !was || (c.state.trim() !== '' && norm(c.state) !== norm(was.state));
  });
  const seriesFacts = new Set(b.facts.map(norm));
  const facts = bible.facts.filter((f) => !seriesFacts.has(norm(f)));
  const threads = bible.threads.filter((t) => {
    const was = b.threads.find((s) => norm(s.thread) === norm(t.thread));
    return !was || threadStatus(was) !== threadStatus(t);
  });
  const factSince = Object.fromEntries(facts.flatMap((f) => (bible.factSince?.[f] ? [[f, bible.factSince[f]!]] : [])));
  return { ...bible, characters, facts, factSince, threads };
}

/** A change the series brought to a later book: what it was told then and what it is told now. */
export interface SeriesChange {
  readonly kind: 'character' | 'fact' | 'thread';
  readonly subject: string;
  /** '' when the entry is new. */
  readonly was: string;
  /** '' when the entry is gone. */
  readonly now: string;
}

/** What differs between two versions of the series a book was told (before → after). */
export function seriesChanges(before: StoryBible, after: StoryBible): SeriesChange[] {
  const out: SeriesChange[] = [];
  const byName = (list: readonly BibleCharacter[]) => new Map(list.map((c) => [norm(c.name), c]));
  const [cb, ca] = [byName(before.characters), byName(after.characters)];
  for (const [k, c] of ca)
    if (norm(cb.get(k)?.state ?? '') !== norm(c.state))
      out.push({ kind: 'character', subject: c.name, was: cb.get(k)?.state ?? '', now: c.state });
  for (const [k, c] of cb) if (!ca.has(k)) out.push({ kind: 'character', subject: c.name, was: c.state, now: '' });
  const bySubject = (facts: readonly string[]) => new Map(facts.map((f) => [factSubject(f), f]));
  const [fb, fa] = [bySubject(before.facts), bySubject(after.facts)];
  for (const [k, f] of fa)
    if (norm(fb.get(k) ?? '') !== norm(f)) out.push({ kind: 'fact', subject: k, was: fb.get(k) ?? '', now: f });
  for (const [k, f] of fb) if (!fa.has(k)) out.push({ kind: 'fact', subject: k, was: f, now: '' });
  const byThread = (list: readonly BibleThread[]) => new Map(list.map((t) => [norm(t.thread), t]));
  const [tb, ta] = [byThread(before.threads), byThread(after.threads)];
  for (const [k, t] of ta) {
    const was = tb.get(k);
    if (!was || threadStatus(was) !== threadStatus(t))
      out.push({ kind: 'thread', subject: t.thread, was: was ? threadStatus(was) : '', now: threadStatus(t) });
  }
  for (const [k, t] of tb)
    if (!ta.has(k)) out.push({ kind: 'thread', subject: t.thread, was: threadStatus(t), now: '' });
  return out;
}

/** A change as one line in the book's language: `thread "the recipe": "open" → "resolved"`. */
export function seriesChangeLine(change: SeriesChange, lang: Lang): string {
  const kind = bibleWord(change.kind, lang);
  const value = (v: string) => (v ? `"${v}"` : '');
  if (!change.now) return `${kind} "${change.subject}": ${bibleWord('changeGone', lang)} (${value(change.was)})`;
  if (!change.was) return `${kind} "${change.subject}": ${bibleWord('changeAdded', lang)} (${value(change.now)})`;
  return `${kind} "${change.subject}": ${value(change.was)} → ${value(change.now)}`;
}
