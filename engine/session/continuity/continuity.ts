// Continuity a reader can trust, checked without a model from the story bible's dated entries: a part
// where a character the bible records as dead, absent or elsewhere speaks or acts; a part whose update
// changed a fact an earlier part set (same subject, another value); a name spelled two ways; a promise
// (thread) still open past the part it was due in, or open at the end. Findings are recomputed from the
// bible and the text whenever the book is viewed (never stored, never changing the text), in the book's
// language.
import type { BookSpec, Lang } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { partLabel, partStep } from '../../compile/labels.js';
// The bible's light door, not its index (dated.ts says why).
import {
  hasPeople,
  ignoredBible,
  mainNames,
  type StoryBible,
  factSubject,
  hasSeriesBible,
  isSeriesLabel,
  seriesOf,
} from '../bible/light.js';
import { dated, hasBible, type Dated } from './dated.js';
import { isFamilyForm, isFamilyWord, isNotName } from './words.js';
import { actsIn, isCapitalCode, isCapitalised, isOneEditApart, sentencesOf, wordsOf } from './text.js';
import { bookWordsOf, isGoneInAnyLanguage } from '../../book-words.js';
import { catalogue, sayer } from '../../languages/index.js';
import { findingKey } from './keys.js';
import type { ContinuityFinding } from '../view-schema.js';

/** The findings' details (catalogue `continuity`; other languages' in languages/<code>/continuity.yaml). */
const DETAILS = catalogue('continuity', [
  'acts_after_death',
  'fact_changed',
  'name_spelling',
  'thread_overdue',
  'thread_open_at_end',
  'ignores_bible',
]);

const detail = sayer(DETAILS);

function finding(
  kind: ContinuityFinding['kind'],
  text: keyof typeof DETAILS,
  lang: Lang,
  vars: Record<string, string>,
): ContinuityFinding {
  return { kind, detail: detail(text, lang, vars), part: vars.part ?? '' };
}

/** Where a state began: the earliest part from which the character was continuously gone. */
function goneSince(b: StoryBible, name: string, since: string, lang: Lang): string {
  let start = since;
  for (const r of [...(b.replaced ?? [])].reverse()) {
    if (r.kind === 'character' && r.subject === name && r.until === start && bookWordsOf(lang).gone.test(r.value))
      start = r.since;
  }
  return start;
}

function deaths(d: Dated, position: number, text: string, lang: Lang): ContinuityFinding[] {
  // The text is read in sentences only when a character is gone.
  let sentences: string[] | undefined;
  return d.asOf(position - 1).characters.flatMap((c) => {
    if (!isGoneInAnyLanguage(c.state)) return [];
    if (!actsIn((sentences ??= sentencesOf(text)), c.name)) return [];
    return [
      finding('acts_after_death', 'acts_after_death', lang, {
        name: c.name,
        state: c.state,
        part: goneSince(d.bible, c.name, c.since ?? c.lastSeen, lang),
      }),
    ];
  });
}

function changedFacts(d: Dated, label: string, position: number, lang: Lang): ContinuityFinding[] {
  const now = d.asOf(position).facts;
  return (d.bible.replaced ?? [])
    .filter((r) => r.kind === 'fact' && d.partOf(r.until) === position)
    .flatMap((r) => {
      const fresh = now.find((f) => factSubject(f) === r.subject);
      return fresh && r.since !== label
        ? [finding('fact_changed', 'fact_changed', lang, { old: r.value, new: fresh, part: r.since || label })]
        : [];
    });
}

/**
 * Names spelled two ways: a capitalised word of the part (or a name the bible took in with it) one edit from a name the
 * bible knew before. A name's family form ("the Ravenels" beside Ravenel, in any language of the table) is no second
 * spelling, the words that mark a family ("keluarga", "family") are no part of a name, and a word the writer's own text
 * writes (an imported manuscript's part) is the writer's spelling: never asked about.
 */
function spellings(
  d: Dated,
  position: number,
  text: string,
  lang: Lang,
  own: () => ReadonlySet<string>,
): ContinuityFinding[] {
  const before = d.asOf(position - 1).characters;
  const after = new Set(d.asOf(position).characters.flatMap((c) => c.name.split(/\s+/)));
  const known = before.flatMap((c) =>
    wordsOf(c.name)
      .filter((n) => n.length >= 4 && !isFamilyWord(n))
      .map((n) => ({ n, c })),
  );
  if (!known.length) return [];
  const names = new Set(before.flatMap((c) => c.name.split(/\s+/)));
  // A word the text also writes in lower case is a common noun capitalised at a sentence's start ("March" beside
  // "march"): the text's other words are read only for a capitalised word one edit from a known name (seldom).
  let lower: Set<string> | undefined;
  const isLowerToo = (w: string) =>
    (lower ??= new Set(wordsOf(text).filter((x) => !isCapitalised(x)))).has(w.toLowerCase());
  const found = new Set([...wordsOf(text, isCapitalCode), ...after]);
  return [...found].flatMap((w) => {
    if (names.has(w) || w.length < 4 || isNotName(w)) return [];
    const match = known.find((k) => isOneEditApart(w, k.n));
    if (!match || known.some((k) => isFamilyForm(w, k.n)) || isLowerToo(w) || own().has(w)) return [];
    return [
      finding('name_spelling', 'name_spelling', lang, {
        found: w,
        known: match.n,
        part: match.c.since ?? match.c.lastSeen,
      }),
    ];
  });
}

/** The capitalised words of the writer's own parts (an imported manuscript's), read once and only when asked. */
function ownWords(state: BookState): () => ReadonlySet<string> {
  let words: Set<string> | undefined;
  return () =>
    (words ??= new Set(
      state.content.flatMap((text, p) =>
        state.provenance?.[p]?.origin === 'author' ? wordsOf(text, isCapitalCode) : [],
      ),
    ));
}

function overdue(d: Dated, position: number, isEnd: boolean, lang: Lang): ContinuityFinding[] {
  return d.asOf(position).threads.flatMap((t) => {
    if (t.isResolved) return [];
    const due = t.due ? d.partOf(t.due) : undefined;
    if (due !== undefined && due < position)
      return [finding('thread_overdue', 'thread_overdue', lang, { thread: t.thread, part: t.due! })];
    // A promise an earlier book of the series opened may be paid in a later book: the series lists what is left open.
    return isEnd && due === undefined && !isSeriesLabel(t.opened)
      ? [finding('thread_overdue', 'thread_open_at_end', lang, { thread: t.thread, part: t.opened })]
      : [];
  });
}

/** A story's chapter that names none of the book's main characters and brings in new people (bible/people.ts). */
function people(spec: BookSpec, state: BookState, p: number, d: Dated | undefined): ContinuityFinding[] {
  if (!hasPeople(spec) || partStep(spec, p, state.totalChapters).kind !== 'chapter') return [];
  const ignored = ignoredBible(state.content[p]!, mainNames(spec, state, d?.asOf(p - 1)), state.content.slice(0, p));
  if (!ignored) return [];
  return [
    finding('ignores_bible', 'ignores_bible', state.lang, {
      absent: ignored.absent.join(', '),
      new: ignored.newNames.join(', '),
      part: partLabel(spec, 0, state.totalChapters, state.lang),
    }),
  ];
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
    const threads = overdue(d, p, isFinished && p === last, state.lang).filter(
      (f) => !told.has(f.detail) && told.add(f.detail),
    );
    return sortedBySeverity([
      ...deaths(d, p, text, state.lang),
      ...changedFacts(d, label, p, state.lang),
      ...spellings(d, p, text, state.lang, own),
      ...threads,
      ...(p === 0 ? [] : people(spec, state, p, d)),
    ]);
  });
}

/**
 * The findings a writer still has to look at, per part: the checks' and the model audit's, each with its key,
 * less those the writer marked as intended (`intended`: how many of those were found).
 */
export function openContinuityFindings(
  spec: BookSpec,
  state: BookState,
  isFinished: boolean,
): { findings: ContinuityFinding[][]; intended: number } {
  const marks = new Set(state.intendedFindings ?? []);
  let intended = 0;
  const findings = continuityFindings(spec, state, isFinished).map((found, i) =>
    [...found, ...(state.auditFindings?.[i] ?? [])]
      .map((f) => ({ ...f, key: findingKey(i, f) }))
      .filter((f) => {
        const isIntended = marks.has(f.key);
        if (isIntended) intended += 1;
        return !isIntended;
      }),
  );
  return { findings, intended };
}

/** Most serious first: a dead or absent character acting breaks the story; a late promise only waits. */
const SEVERITY: Readonly<Record<ContinuityFinding['kind'], number>> = {
  acts_after_death: 0,
  fact_changed: 1,
  ignores_bible: 2,
  audit: 3,
  name_spelling: 4,
  thread_overdue: 5,
};

/**
 * Findings ordered most serious first (a stable sort: findings of one kind keep their order).
 * @example sortedBySeverity(parts.flatMap((p) => p.continuity ?? [])) // acts_after_death before thread_overdue
 */
export function sortedBySeverity<T extends Pick<ContinuityFinding, 'kind'>>(findings: readonly T[]): T[] {
  return [...findings].sort((a, b) => SEVERITY[a.kind] - SEVERITY[b.kind]);
}
