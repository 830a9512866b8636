// Continuity a reader can trust, checked without a model from the story bible's dated entries: a part
// where a character the bible records as dead, absent or elsewhere speaks or acts; a part whose update
// changed a fact an earlier part set (same subject, another value); a name spelled two ways; a promise
// (thread) still open past the part it was due in, or open at the end. Findings are recomputed from the
// bible and the text whenever the book is viewed (never stored, never changing the text), in the book's
// language.
import { wordList } from '../../words.js';
import type { BookSpec, Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partLabel, partStep } from '../../compile/labels.js';
import { hasPeople, ignoredBible, mainNames, parseBible, type StoryBible, bibleAsOf, factSubject, retractions, threadStatus, type PartOf, partsOf, hasSeriesBible, isSeriesLabel, seriesOf, withSeries } from '../bible/index.js';
import { isAct, isFamilyForm, isFamilyWord, isNotName, isNotPresent } from './words.js';
import { bookWordsOf, isGoneInAnyLanguage } from '../../book-words.js';
import { catalogue, sayer } from '../../languages/index.js';
import { findingKey } from './keys.js';
import type { ContinuityFinding } from '../view-schema.js';

/** The findings' details (catalogue `continuity`; other languages' in languages/<code>/continuity.yaml). */
const DETAILS = catalogue('continuity', [
  'acts_after_death', 'fact_changed', 'name_spelling', 'thread_overdue', 'thread_open_at_end', 'ignores_bible',
]);

const detail = sayer(DETAILS);

function finding(kind: ContinuityFinding['kind'], text: keyof typeof DETAILS, lang: Lang, vars: Record<string, string>): ContinuityFinding {
  return { kind, detail: detail(text, lang, vars), part: vars.part ?? '' };
}

/** A book's story bible, read once, and where its labels stand. */
interface Dated {
  bible: StoryBible;
  partOf: PartOf;
  undated: number;
  asOf(upTo: number): StoryBible;
}

function dated(spec: BookSpec, state: BookState): Dated {
  const bible = parseBible(state.memory);
  const partOf = partsOf(spec, state);
  const undated = state.memoryUpTo ?? state.content.length - 1;
  // A book of a series is checked against the series before it too (a finding names that book's part).
  const series = seriesOf(state);
  return { bible, partOf, undated, asOf: (upTo) => withSeries(bibleAsOf(bible, upTo, partOf, undated), series) };
}

/** True when there is a bible to check a book against: its own, or its series'. */
const hasBible = (state: BookState) => !!state.memory?.trim() || hasSeriesBible(seriesOf(state));

/** True when two names are one edit apart (a letter added, dropped, changed or two swapped). */
export function isOneEditApart(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y || Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  if (x.length === y.length) return x.slice(i + 1) === y.slice(i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2));
  return x.length > y.length ? x.slice(i + 1) === y.slice(i) : x.slice(i) === y.slice(i + 1);
}

const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+|\n+/).filter((s) => s.trim());
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/**
 * True for a code point of a word: a letter, a digit, an apostrophe or a hyphen (past ASCII, asked of LETTER_OR_DIGIT).
 */
function isWordCode(code: number): boolean {
  if (code < 0x80) return ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x27 || code === 0x2d;
  return code === 0x2019 || LETTER_OR_DIGIT.test(String.fromCodePoint(code));
}
/**
 * True for an apostrophe, a closing quote or a hyphen: a quote mark around a word ('Anna') or a plural's possessive
 * (Ravenels'), not a letter of it.
 */
const isMark = (code: number) => code === 0x27 || code === 0x2019 || code === 0x2d;
/** A word without its possessive ending ("Anna's", "rumah-nya", "Ravenels'") and the quote marks around it ('Anna'). */
function withoutPossessive(word: string): string {
  if (isMark(word.charCodeAt(0)) || isMark(word.charCodeAt(word.length - 1))) word = word.replace(/^['’-]+|['’-]+$/g, '');
  // Only a word ending in s or a can have a possessive ending.
  const last = word.charCodeAt(word.length - 1) | 0x20;
  return last === 0x73 || last === 0x61 ? word.replace(/(['’]s|-nya)$/i, '') : word;
}
/**
 * The words of a text (runs of letters, digits, apostrophes and hyphens), read in one pass, without their
 * possessive endings; with `isKept`, only the words whose first code point it keeps (no string is made for the others).
 */
function wordsOf(text: string, isKept?: (code: number) => boolean): string[] {
  const words: string[] = [];
  let start = -1;
  let isWord = true;
  for (let i = 0; i < text.length; ) {
    const code = text.codePointAt(i)!;
    if (isWordCode(code)) {
      if (start < 0) {
        start = i;
        isWord = !isKept || isKept(code);
      }
    } else if (start >= 0) {
      if (isWord) pushWord(words, text.slice(start, i));
      start = -1;
    }
    i += code > 0xffff ? 2 : 1;
  }
  if (start >= 0 && isWord) pushWord(words, text.slice(start));
  return words;
}
function pushWord(words: string[], word: string): void {
  const bare = withoutPossessive(word);
  if (bare) words.push(bare);
}

/** True for a word's first code point that makes it capitalised (isCapitalised, asked of the code point). */
function isCapitalCode(code: number): boolean {
  return code < 0x80 ? code >= 0x41 && code <= 0x5a : CAPITAL_FIRST.test(String.fromCodePoint(code));
}

/** True when `name` speaks or acts in one of the sentences (its name within a few words of such a verb). */
function actsIn(sentences: readonly string[], name: string): boolean {
  const first = name.split(/\s+/)[0]!;
  return sentences.some((sentence) => {
    if (isNotPresent(sentence)) return false;
    const words = wordsOf(sentence);
    return words.some((w, i) => w === first && words.some((v, j) => isAct(v) && ((j > i && j - i <= 4) || (i > j && i - j <= 2))));
  });
}

/** Where a state began: the earliest part from which the character was continuously gone. */
function goneSince(b: StoryBible, name: string, since: string, lang: Lang): string {
  let start = since;
  for (const r of [...(b.replaced ?? [])].reverse()) {
    if (r.kind === 'character' && r.subject === name && r.until === start && bookWordsOf(lang).gone.test(r.value)) start = r.since;
  }
  return start;
}

function deaths(d: Dated, position: number, text: string, lang: Lang): ContinuityFinding[] {
  // The text is read in sentences only when a character is gone.
  let sentences: string[] | undefined;
  return d.asOf(position - 1).characters.flatMap((c) => {
    if (!isGoneInAnyLanguage(c.state)) return [];
    if (!actsIn((sentences ??= sentencesOf(text)), c.name)) return [];
    return [finding('acts_after_death', 'acts_after_death', lang, { name: c.name, state: c.state, part: goneSince(d.bible, c.name, c.since ?? c.lastSeen, lang) })];
  });
}

function changedFacts(d: Dated, label: string, position: number, lang: Lang): ContinuityFinding[] {
  const now = d.asOf(position).facts;
  return (d.bible.replaced ?? []).filter((r) => r.kind === 'fact' && d.partOf(r.until) === position).flatMap((r) => {
    const fresh = now.find((f) => factSubject(f) === r.subject);
    return fresh && r.since !== label ? [finding('fact_changed', 'fact_changed', lang, { old: r.value, new: fresh, part: r.since || label })] : [];
  });
}

const CAPITAL_FIRST = /^\p{Lu}/u;
/** True when a word starts with a capital letter (CAPITAL_FIRST, asked only past ASCII). */
function isCapitalised(word: string): boolean {
  const code = word.charCodeAt(0);
  return code < 0x80 ? code >= 0x41 && code <= 0x5a : CAPITAL_FIRST.test(word);
}

/**
 * Names spelled two ways: a capitalised word of the part (or a name the bible took in with it) one edit from a name the
 * bible knew before. A name's family form ("the Ravenels" beside Ravenel, in any language of the table) is no second
 * spelling, the words that mark a family ("keluarga", "family") are no part of a name, and a word the writer's own text
 * writes (an imported manuscript's part) is the writer's spelling: never asked about.
 */
function spellings(d: Dated, position: number, text: string, lang: Lang, own: () => ReadonlySet<string>): ContinuityFinding[] {
  const before = d.asOf(position - 1).characters;
  const after = new Set(d.asOf(position).characters.flatMap((c) => c.name.split(/\s+/)));
  const known = before.flatMap((c) => wordsOf(c.name).filter((n) => n.length >= 4 && !isFamilyWord(n)).map((n) => ({ n, c })));
  if (!known.length) return [];
  const names = new Set(before.flatMap((c) => c.name.split(/\s+/)));
  // A word the text also writes in lower case is a common noun capitalised at a sentence's start ("March" beside
  // "march"): the text's other words are read only for a capitalised word one edit from a known name (seldom).
  let lower: Set<string> | undefined;
  const isLowerToo = (w: string) => (lower ??= new Set(wordsOf(text).filter((x) => !isCapitalised(x)))).has(w.toLowerCase());
  const found = new Set([...wordsOf(text, isCapitalCode), ...after]);
  return [...found].flatMap((w) => {
    if (names.has(w) || w.length < 4 || isNotName(w)) return [];
    const match = known.find((k) => isOneEditApart(w, k.n));
    if (!match || known.some((k) => isFamilyForm(w, k.n)) || isLowerToo(w) || own().has(w)) return [];
    return [finding('name_spelling', 'name_spelling', lang, { found: w, known: match.n, part: match.c.since ?? match.c.lastSeen })];
  });
}

/** The capitalised words of the writer's own parts (an imported manuscript's), read once and only when asked. */
function ownWords(state: BookState): () => ReadonlySet<string> {
  let words: Set<string> | undefined;
  return () => (words ??= new Set(state.content.flatMap((text, p) => (state.provenance?.[p]?.origin === 'author' ? wordsOf(text, isCapitalCode) : []))));
}

function overdue(d: Dated, position: number, isEnd: boolean, lang: Lang): ContinuityFinding[] {
  return d.asOf(position).threads.flatMap((t) => {
    if (t.isResolved) return [];
    const due = t.due ? d.partOf(t.due) : undefined;
    if (due !== undefined && due < position) return [finding('thread_overdue', 'thread_overdue', lang, { thread: t.thread, part: t.due! })];
    // A promise an earlier book of the series opened may be paid in a later book: the series lists what is left open.
    return isEnd && due === undefined && !isSeriesLabel(t.opened) ? [finding('thread_overdue', 'thread_open_at_end', lang, { thread: t.thread, part: t.opened })] : [];
  });
}

/** A story's chapter that names none of the book's main characters and brings in new people (bible/people.ts). */
function people(spec: BookSpec, state: BookState, p: number, d: Dated | undefined): ContinuityFinding[] {
  if (!hasPeople(spec) || partStep(spec, p, state.totalChapters).kind !== 'chapter') return [];
  const ignored = ignoredBible(state.content[p]!, mainNames(spec, state, d?.asOf(p - 1)), state.content.slice(0, p));
  if (!ignored) return [];
  return [finding('ignores_bible', 'ignores_bible', state.lang, { absent: ignored.absent.join(', '), new: ignored.newNames.join(', '), part: partLabel(spec, 0, state.totalChapters, state.lang) })];
}

/** The continuity findings of every written part (the introduction has none: nothing came before it). */
export function continuityFindings(spec: BookSpec, state: BookState, isFinished: boolean): ContinuityFinding[][] {
  if (spec.kind !== 'book') return state.content.map(() => []);
  // A story's chapters are checked against the book's people even before the bible has taken a part in.
  if (!hasBible(state)) return state.content.map((_, p) => (p === 0 ? [] : people(spec, state, p, undefined)));
  const d = dated(spec, state);
  const last = state.content.length - 1;
  // A promise past its part is one finding, on the first part written after it was due (its key stays put as the
  // book grows), not one on every later part: those would bury the serious findings under one overdue thread.
  const told = new Set<string>();
  const own = ownWords(state);
  return state.content.map((text, p) => {
    // The introduction has nothing before it, unless the books of its series came before.
    if (p === 0 && !hasSeriesBible(seriesOf(state))) return [];
    const label = partLabel(spec, p, state.totalChapters, state.lang);
    const threads = overdue(d, p, isFinished && p === last, state.lang).filter((f) => !told.has(f.detail) && told.add(f.detail));
    return sortedBySeverity([...deaths(d, p, text, state.lang), ...changedFacts(d, label, p, state.lang), ...spellings(d, p, text, state.lang, own), ...threads, ...(p === 0 ? [] : people(spec, state, p, d))]);
  });
}

/**
 * The findings a writer still has to look at, per part: the checks' and the model audit's, each with its key,
 * less those the writer marked as intended (`intended`: how many of those were found).
 */
export function openContinuityFindings(spec: BookSpec, state: BookState, isFinished: boolean): { findings: ContinuityFinding[][]; intended: number } {
  const marks = new Set(state.intendedFindings ?? []);
  let intended = 0;
  const findings = continuityFindings(spec, state, isFinished).map((found, i) => [...found, ...(state.auditFindings?.[i] ?? [])].map((f) => ({ ...f, key: findingKey(i, f) })).filter((f) => {
    const isIntended = marks.has(f.key);
    if (isIntended) intended += 1;
    return !isIntended;
  }));
  return { findings, intended };
}

/** Most serious first: a dead or absent character acting breaks the story; a late promise only waits. */
const SEVERITY: Readonly<Record<ContinuityFinding['kind'], number>> = { acts_after_death: 0, fact_changed: 1, ignores_bible: 2, audit: 3, name_spelling: 4, thread_overdue: 5 };

/**
 * Findings ordered most serious first (a stable sort: findings of one kind keep their order).
 * @example sortedBySeverity(parts.flatMap((p) => p.continuity ?? [])) // acts_after_death before thread_overdue
 */
export function sortedBySeverity<T extends Pick<ContinuityFinding, 'kind'>>(findings: readonly T[]): T[] {
  return [...findings].sort((a, b) => SEVERITY[a.kind] - SEVERITY[b.kind]);
}

/** The book's promises as they stand after its last written part. */
export function bookThreads(spec: BookSpec, state: BookState, isFinished: boolean): Array<{ thread: string; opened: string; due?: string; status: 'open' | 'advanced' | 'resolved' | 'dropped'; is_overdue: boolean }> {
  if (spec.kind !== 'book' || !hasBible(state)) return [];
  const d = dated(spec, state);
  const last = state.content.length - 1;
  return d.asOf(Math.max(last, d.undated)).threads.map((t) => {
    const due = t.due ? d.partOf(t.due) : undefined;
    const isOpen = !t.isResolved && !isSeriesLabel(t.opened);
    return { thread: t.thread, opened: t.opened, ...(t.due ? { due: t.due } : {}), status: threadStatus(t), is_overdue: isOpen && ((due !== undefined && due < last) || (isFinished && due === undefined)) };
  });
}

/**
 * True when a text mentions a retracted subject: a character's first name, or every longer word of a fact's subject.
 */
function mentions(text: string, kind: string, subject: string): boolean {
  const words = new Set(wordsOf(text).map((w) => w.toLowerCase()));
  if (kind === 'character') return words.has(subject.split(/\s+/)[0]!.toLowerCase());
  const key = wordList(subject).filter((w) => w.length >= 4);
  return key.length > 0 && key.every((w) => words.has(w.toLowerCase()));
}

/**
 * For each part, the label of an earlier part the writer rewrote whose old version established something
 * this part mentions (the most recent such rewrite): "check against the rewritten Chapter 4".
 */
export function checksAgainst(spec: BookSpec, state: BookState): Array<string | undefined> {
  if (spec.kind !== 'book' || !state.memory?.trim()) return state.content.map(() => undefined);
  const d = dated(spec, state);
  const retracted = retractions(d.bible);
  return state.content.map((text, p) => [...retracted].reverse().find((r) => (d.partOf(r.until) ?? p) < p && mentions(text, r.kind, r.subject))?.until);
}
