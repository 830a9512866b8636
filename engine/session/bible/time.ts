// When a story bible's entries were true. Every character state, fact and thread carries the part where
// it became true ("since Chapter 4"); a value an update replaces is kept, bounded, with where it stopped
// (Chapter 1 → Chapter 4). From that, the bible as of any part: what a rewrite, "write more" or a passage
// edit of chapter k is sent, with nothing chapters after k established. An entry of a bible written before
// entries had dates counts as true from where it was last seen (a character's last-seen part, a thread's
// opening part), else from the last part the bible took in.
import type { BibleCharacter, BibleThread, Replaced, StoryBible } from './types.js';
import { arcParts } from './labels.js';
import { bookWordsOf } from '../../book-words.js';
import { firstWords } from '../../words.js';
import type { Lang } from '../../spec/types.js';
import { readingPattern } from '../../reading-words.js';

export type { Replaced } from './types.js';

/**
 * What the kept bible (the book's `memory`) holds beyond what one request is shown (BIBLE_LIMITS, as-of.ts):
 * every character the book has met and its facts, so a character who left the scene for a while keeps the part
 * they first appeared in; and every value a later part replaced, compacted (compactHistory): the most recent
 * `recentHistory` as they were, older ones shortened to `oldValueWords`, and past `history` values the oldest
 * merged with the next of the same subject (their parts joined), never dropped.
 */
export const KEPT_LIMITS = {
  characters: 50,
  facts: 40,
  history: 300,
  recentHistory: 24,
  oldValueWords: 10,
} as const;

/**
 * A bible's replaced values compacted, none dropped: one value per subject and span of parts (the later of two),
 * older values shortened, and past KEPT_LIMITS.history values the oldest joined pairwise with the next value of
 * their subject (the earlier value over both spans), so a character keeps the part they first appeared in and
 * every part they were in, the most recent parts a value each, the oldest in spans.
 */
export function compactHistory(list: readonly Replaced[]): Replaced[] {
  const key = (r: Replaced) => [subjectKey(r), r.since, r.until].join('\u0000');
  const last = new Map<string, number>();
  list.forEach((r, i) => last.set(key(r), i));
  let kept = list.filter((r, i) => last.get(key(r)) === i);
  // Spans that meet first; then, for a subject that left and came back (a character out of the table for a while), over
  // the gap.
  for (const isGapJoined of [false, true]) {
    while (kept.length > KEPT_LIMITS.history) {
      const joined = joinOldest(kept, kept.length - KEPT_LIMITS.history, isGapJoined);
      if (joined.length === kept.length) break;
      kept = joined;
    }
  }
  const cut = kept.length - KEPT_LIMITS.recentHistory;
  return kept.map((r, i) => (i < cut ? { ...r, value: shortValue(r) } : r));
}

/** A replaced value's kind and subject, as one key (a subject of marks alone, "?!", as written). */
const subjectKey = (r: Replaced) => `${r.kind}\u0000${norm(r.subject) || r.subject}`;

/**
 * At most `n` of the oldest values each joined with the next value of its subject that starts where it ends, or
 * (`isGapJoined`) that starts later (a retraction never).
 */
function joinOldest(list: readonly Replaced[], n: number, isGapJoined: boolean): Replaced[] {
  const open = new Map<string, number>();
  const out: Array<Replaced | undefined> = [...list];
  let joins = 0;
  for (let i = 0; i < out.length && joins < n; i++) {
    const r = out[i]!;
    if (r.since === r.until) continue;
    const at = open.get(subjectKey(r));
    const before = at === undefined ? undefined : out[at];
    if (before && (before.until === r.since || (isGapJoined && before.since !== before.until))) {
      out[i] = { ...before, until: r.until };
      out[at!] = undefined;
      open.delete(subjectKey(r));
      joins++;
    } else open.set(subjectKey(r), i);
  }
  return out.filter((r): r is Replaced => r !== undefined);
}

function shortValue(r: Replaced): string {
  const short = (text: string, n: number) => firstWords(text, n);
  if (r.kind !== 'character') return r.kind === 'fact' ? short(r.value, KEPT_LIMITS.oldValueWords) : r.value;
  // An old state of a character keeps its words and part; their role is the table's (bibleAsOf takes it from there).
  const [, state = '', lastSeen = ''] = r.value.split('|').map((s) => s.trim());
  return ['', short(state, KEPT_LIMITS.oldValueWords), lastSeen].join(' | ');
}

/** Words that name a time cell, every language's `reading.bible` (since, due). */
const since = () => readingPattern(String.raw`^(?:{bible.since})\s+(.+)$`);
const due = () => readingPattern(String.raw`^(?:{bible.due})\s+(.+)$`);

/** "since Chapter 4" → "Chapter 4". */
export function sinceCell(cell: string): string | undefined {
  return since().exec(cell.trim())?.[1]?.trim();
}

/** "due Chapter 5" → "Chapter 5". */
export function dueCell(cell: string): string | undefined {
  return due().exec(cell.trim())?.[1]?.trim();
}

/** The word before the part an entry became true in ("since Chapter 4"), in the bible's language. */
export const sinceWord = (lang: Lang) => bookWordsOf(lang).since;
/** The word before the part a thread is due in ("due Chapter 5"), in the bible's language. */
export const dueWord = (lang: Lang) => bookWordsOf(lang).due;

/** A name or subject as compared: in lower case, each run of marks and spaces one space. */
export const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Verbs that end a fact's subject ("The ship is called the Heron"), every language's `reading.bible.copula`. */
const copula = () => readingPattern(String.raw`\s(?:{bible.copula})\s`);

/** What a fact is about: "Subject: value" before its colon, else the words before its verb. */
export function factSubject(fact: string): string {
  const colon = /^([^:]{2,60}):\s*\S/.exec(fact);
  if (colon) return norm(colon[1]!);
  const verb = copula().exec(` ${fact} `);
  if (verb && verb.index > 0) return norm(` ${fact} `.slice(0, verb.index));
  return norm(fact);
}

/** A thread's status word of the four. */
export type ThreadStatus = 'open' | 'advanced' | 'resolved' | 'dropped';

export function threadStatus(t: BibleThread): ThreadStatus {
  return t.dropped ? 'dropped' : t.isResolved ? 'resolved' : t.advanced ? 'advanced' : 'open';
}

/** The thread with this status (the flags of the status only). */
export function withStatus(t: BibleThread, status: ThreadStatus): BibleThread {
  const { advanced: _a, dropped: _d, ...rest } = t;
  return {
    ...rest,
    isResolved: status === 'resolved' || status === 'dropped',
    ...(status === 'advanced' ? { advanced: true } : {}),
    ...(status === 'dropped' ? { dropped: true } : {}),
  };
}

/**
 * The dates of a bible after an update of part `label`: a character whose state changed, a fact whose
 * subject took another value and a thread whose status moved are true since `label`, their old value kept
 * as replaced until `label`; what did not change keeps its date; what is new is true since `label`.
 */
export function datedUpdate(old: StoryBible, next: StoryBible, label: string): StoryBible {
  const replaced: Replaced[] = [...(old.replaced ?? [])];
  const oldChars = new Map(old.characters.map((c) => [norm(c.name), c]));
  const characters = next.characters.map((c): BibleCharacter => {
    const prev = oldChars.get(norm(c.name));
    if (!prev) return c.since ? c : { ...c, since: label };
    if (prev === c || norm(prev.state) === norm(c.state)) return { ...c, ...(prev.since ? { since: prev.since } : {}) };
    // A value set and replaced within one part (a part read in pieces) is not kept: a part's value is its last.
    if (prev.state && prev.since !== label)
      replaced.push({
        kind: 'character',
        subject: prev.name,
        value: [prev.role, prev.state, prev.lastSeen].join(' | '),
        since: prev.since ?? prev.lastSeen,
        until: label,
      });
    return { ...c, since: label };
  });
  const oldFacts = new Map(old.facts.map((f) => [norm(f), f]));
  const oldBySubject = new Map(old.facts.map((f) => [factSubject(f), f]));
  const factSince: Record<string, string> = {};
  for (const f of next.facts) {
    const same = oldFacts.get(norm(f));
    if (same !== undefined) {
      const since = old.factSince?.[same] ?? next.factSince?.[f];
      if (since) factSince[f] = since;
      continue;
    }
    const earlier = oldBySubject.get(factSubject(f));
    if (earlier !== undefined && !next.facts.includes(earlier) && old.factSince?.[earlier] !== label) {
      replaced.push({
        kind: 'fact',
        subject: factSubject(f),
        value: earlier,
        since: old.factSince?.[earlier] ?? '',
        until: label,
      });
    }
    factSince[f] = next.factSince?.[f] ?? label;
  }
  const oldThreads = new Map(old.threads.map((t) => [norm(t.thread), t]));
  const threads = next.threads.map((t): BibleThread => {
    const prev = oldThreads.get(norm(t.thread));
    const opened = t.opened || prev?.opened || label;
    const due = t.due ?? prev?.due;
    const dated = { ...t, opened, ...(due ? { due } : {}) };
    if (!prev) return dated;
    if (threadStatus(prev) === threadStatus(t)) return { ...dated, ...(prev.changed ? { changed: prev.changed } : {}) };
    if ((prev.changed ?? prev.opened) !== label)
      replaced.push({
        kind: 'thread',
        subject: prev.thread,
        value: threadStatus(prev),
        since: prev.changed ?? prev.opened,
        until: label,
      });
    return { ...dated, changed: label };
  });
  // A promise with a due part the update left out is kept: an unpaid promise is not forgotten silently.
  const kept = old.threads.filter(
    (t) => t.due && !t.isResolved && !threads.some((n) => norm(n.thread) === norm(t.thread)),
  );
  return { ...next, characters, factSince, threads: [...threads, ...kept], replaced: compactHistory(replaced) };
}

/** Where a part label stands in the book (its position), or undefined when it names no part. */
export type PartOf = (label: string) => number | undefined;

/**
 * The bible as it stood once part `upTo` was taken in: entries true since a later part are left out, and
 * where a replaced value was the one true at `upTo`, it is back. Undated entries count from `undated`.
 */
export function bibleAsOf(b: StoryBible, upTo: number, partOf: PartOf, undated: number): StoryBible {
  const at = (label: string | undefined) => (label ? (partOf(label) ?? undated) : undated);
  const wasTrue = (r: Replaced) => at(r.since) <= upTo && upTo < at(r.until);
  const back = (b.replaced ?? []).filter(wasTrue);
  const characters = b.characters.flatMap((c): BibleCharacter[] => {
    if (at(c.since ?? c.lastSeen) <= upTo) return [c];
    const r = back.find((x) => x.kind === 'character' && norm(x.subject) === norm(c.name));
    if (!r) return [];
    const [role = '', state = '', lastSeen = ''] = r.value.split('|').map((s) => s.trim());
    return [{ name: c.name, role: role || c.role, state, lastSeen, ...(r.since ? { since: r.since } : {}) }];
  });
  // A character the table no longer holds (past its KEPT_LIMITS) is back as of a part their kept value held in.
  const named = new Set(b.characters.map((c) => norm(c.name)));
  for (const r of back) {
    if (r.kind !== 'character' || named.has(norm(r.subject))) continue;
    named.add(norm(r.subject));
    const [role = '', state = '', lastSeen = ''] = r.value.split('|').map((s) => s.trim());
    characters.push({ name: r.subject, role, state, lastSeen, ...(r.since ? { since: r.since } : {}) });
  }
  // Each fact with the part it dates from: a replaced value that was true at `upTo` keeps its own date.
  const dated = b.facts.flatMap((f): Array<[string, string | undefined]> => {
    if (at(b.factSince?.[f]) <= upTo) return [[f, b.factSince?.[f]]];
    const r = back.find((x) => x.kind === 'fact' && x.subject === factSubject(f));
    return r ? [[r.value, r.since]] : [];
  });
  const facts = dated.map(([f]) => f);
  const threads = b.threads.flatMap((t): BibleThread[] => {
    if (at(t.opened) > upTo) return [];
    if (at(t.changed ?? t.opened) <= upTo) return [t];
    const r = back.find((x) => x.kind === 'thread' && norm(x.subject) === norm(t.thread));
    const { changed: _c, ...rest } = t;
    return [
      withStatus(r?.since ? { ...rest, changed: r.since } : rest, (r?.value as ThreadStatus | undefined) ?? 'open'),
    ];
  });
  // An arc is as of its last part (a section's name may hold a hyphen: "Introduction – Must-See Attractions").
  const arcEnd = (label: string) => arcParts(label, partOf)?.[1] ?? undated;
  return {
    ...b,
    chapters: b.chapters.filter((c) => at(c.label) <= upTo),
    arcs: b.arcs.filter((a) => arcEnd(a.label) <= upTo),
    characters,
    facts,
    factSince: Object.fromEntries(dated.flatMap(([f, since]) => (since ? [[f, since]] : []))),
    threads,
    replaced: (b.replaced ?? []).filter((r) => at(r.until) <= upTo),
  };
}
