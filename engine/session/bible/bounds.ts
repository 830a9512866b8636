// The story bible's bounds: what the kept bible (the book's `memory`) holds (bounded: every entry cut at its word
// limit, every character and fact the book met up to KEPT_LIMITS, the replaced values compacted, never dropped) and
// what one request is shown of it (shownBible: BIBLE_LIMITS, about 1,200 words whatever the length of the book).
import type { BibleCharacter, BibleThread, StoryBible } from './types.js';
import { compactHistory, KEPT_LIMITS, type PartOf } from './time.js';
import { BIBLE_LIMITS, capWords } from './entries.js';

/**
 * The kept bible (the book's `memory`) within its bounds: entries cut at their word limits, the chapter lines and
 * arcs as folded, the threads at their limit (resolved ones go first), and every character and fact the book has
 * met up to KEPT_LIMITS with the values later parts replaced, compacted (time.ts compactHistory), never dropped.
 * What one request is shown is cut further (shownBible).
 */
export function bounded(b: StoryBible): StoryBible {
  const L = BIBLE_LIMITS;
  return {
    premise: capWords(b.premise, L.premiseWords),
    ending: capWords(b.ending, L.endingWords),
    chapters: b.chapters.map((c) => ({ label: c.label, line: capWords(c.line, L.lineWords) })),
    arcs: b.arcs.map((c) => ({ label: c.label, line: capWords(c.line, L.lineWords) })),
    characters: b.characters.slice(0, KEPT_LIMITS.characters).map((c) => ({
      name: capWords(c.name, 8),
      role: capWords(c.role, L.entryWords),
      state: capWords(c.state, L.entryWords),
      lastSeen: capWords(c.lastSeen, 6),
      ...(c.since ? { since: c.since } : {}),
    })),
    threads: boundedThreads(b.threads),
    ...boundedFacts(b, KEPT_LIMITS.facts),
    ...(b.replaced?.length
      ? { replaced: compactHistory(b.replaced.map((r) => ({ ...r, value: capWords(r.value, L.entryWords) }))) }
      : {}),
  };
}

/**
 * The threads within their limit: the open ones, and the resolved ones while there is room (the most recently listed).
 */
function boundedThreads(threads: readonly BibleThread[]): BibleThread[] {
  const L = BIBLE_LIMITS;
  const open = threads.filter((t) => !t.isResolved);
  const resolved = threads.filter((t) => t.isResolved);
  return open.length >= L.threads
    ? open.slice(0, L.threads)
    : [...resolved.slice(-(L.threads - open.length)), ...open].slice(0, L.threads);
}

/**
 * A bible as one request is shown it (BIBLE_LIMITS: about 1,200 words whatever the length of the book): the
 * characters most recently seen (`partOf` places them; in the table's order otherwise), the facts the book
 * established first and last, no replaced values.
 */
export function shownBible(b: StoryBible, partOf?: PartOf): StoryBible {
  const kept = bounded(b);
  const { replaced: _r, ...rest } = kept;
  return {
    ...rest,
    characters: recentCharacters(kept.characters, BIBLE_LIMITS.characters, partOf),
    ...boundedFacts(kept, BIBLE_LIMITS.facts),
  };
}

/** At most `n` characters, in the table's order: past it, the ones seen most recently (the table's first on a tie). */
function recentCharacters(list: readonly BibleCharacter[], n: number, partOf?: PartOf): BibleCharacter[] {
  if (list.length <= n) return [...list];
  const seen = (c: BibleCharacter) => Math.max(partOf?.(c.lastSeen) ?? -1, partOf?.(c.since ?? '') ?? -1);
  const chosen = new Set(
    list
      .map((c, i) => ({ i, at: seen(c) }))
      .sort((x, y) => y.at - x.at || x.i - y.i)
      .slice(0, n)
      .map((x) => x.i),
  );
  return list.filter((_, i) => chosen.has(i));
}

/** At most `n` facts, each within its word limit and with its part. */
function boundedFacts(b: StoryBible, n: number): Pick<StoryBible, 'facts' | 'factSince'> {
  const facts = keepEnds(dedupe(b.facts), n).map(
    (f) => [capWords(f, BIBLE_LIMITS.entryWords), b.factSince?.[f]] as const,
  );
  const since = Object.fromEntries(facts.flatMap(([f, at]) => (at ? [[f, at]] : [])));
  return { facts: facts.map(([f]) => f), ...(Object.keys(since).length ? { factSince: since } : {}) };
}

/**
 * At most `n` items: past the limit, the first half (what the book established early, which a model tends
 * to list first) and the most recent half, so neither the early facts nor the new ones are all lost.
 */
function keepEnds<T>(list: readonly T[], n: number): T[] {
  if (list.length <= n) return [...list];
  const head = Math.ceil(n / 2);
  return [...list.slice(0, head), ...list.slice(list.length - (n - head))];
}

function dedupe(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((x) => {
    const k = x
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
