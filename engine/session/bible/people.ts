// The bible's people in a story's chapter: a chapter that names none of the book's main characters (the story
// bible's, the writer's brief's, the outline's and the introduction's character list) while it brings in two or
// more new named people has ignored the story bible. The step asks such a chapter again once with the names
// (run-step.ts), and the continuity check names it on the part if it still does (continuity/continuity.ts): never
// silently.
// Names are read from the text's capitalised words that never appear in lower case and that no earlier part
// used; each part's words are read once (text-cache.ts).
import type { BookSpec, FieldShape } from '../../spec/types.js';
import type { BookState } from '../../compile/flow.js';
import { parseBriefCharacters, writerBriefOf } from '../../compile/brief.js';
import { parsedOutlineOf } from '../../compile/book-outline.js';
import { parseBible, withWriterBrief, type StoryBible } from './bible.js';
import { ENGLISH, MALAYIC } from '../reading/index.js';
import { TEXTS_KEPT, byText } from '../../text-cache.js';

/** New named people a chapter brings in before it counts as ignoring the bible (one stranger is a story's right). */
const LEAST_NEW_PEOPLE = 2;
/** Times a new name appears before it is taken for a person in the chapter (a passing mention is not). */
const LEAST_MENTIONS = 2;
/** New names named in a finding at most. */
const MOST_NAMED = 4;

/** A text's words as they are written (letters, inner apostrophes and hyphens). */
const WORD = /\p{L}[\p{L}'’-]*/gu;

interface Words {
  /** Each word as written, with its count. */
  readonly counts: ReadonlyMap<string, number>;
  /** Every word lower-cased (what an earlier part is searched in). */
  readonly lower: ReadonlySet<string>;
}

/** A word as it is counted: without a possessive "'s" or Malay "-nya". */
const counted = (word: string) => word.replace(/['’]s$|-nya$/u, '');

const wordsOf = byText<Words>(TEXTS_KEPT, (text) => {
  const counts = new Map<string, number>();
  const lower = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const w = counted(m[0]);
    counts.set(w, (counts.get(w) ?? 0) + 1);
    lower.add(w.toLowerCase());
  }
  return { counts, lower };
});

/** What a word is made of after its first letter (WORD). */
const WORD_CHARACTER = /[\p{L}'’-]/u;
const IS_WORD = /^\p{L}[\p{L}'’-]*$/u;
const isSurrogate = (code: number) => code >= 0xd800 && code <= 0xdfff;

/**
 * True when `name` is one of the text's words as wordsOf counts them (with "'s" or "-nya" after it), found at one
 * of its places in the text; false when it is not found so, or when a place cannot be told without reading the
 * words around it (a letter outside the basic plane beside it, a hyphen or apostrophe before it): then the
 * caller reads every word.
 */
function isWordOf(text: string, name: string): boolean {
  if (!IS_WORD.test(name)) return false;
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    const before = at > 0 ? text.charCodeAt(at - 1) : -1;
    if (before >= 0 && (isSurrogate(before) || WORD_CHARACTER.test(text[at - 1]!))) continue;
    let end = at + name.length;
    while (end < text.length && !isSurrogate(text.charCodeAt(end)) && WORD_CHARACTER.test(text[end]!)) end++;
    if (end < text.length && isSurrogate(text.charCodeAt(end))) continue;
    if (counted(text.slice(at, end)) === name) return true;
  }
  return false;
}

/** What a chapter that ignores the bible leaves out and brings in. */
export interface IgnoredBible {
  /** The main characters' names it never uses (first names). */
  readonly absent: readonly string[];
  /** The new named people it brings in. */
  readonly newNames: readonly string[];
}

/** Whether a book is a story whose chapters have people to keep (its flow reads a character list). */
export function hasPeople(spec: Pick<BookSpec, 'kind' | 'flow'>): boolean {
  return spec.kind === 'book' && spec.flow.characterDetails;
}

/**
 * The book's main characters as of its state (first names, in order, once each): the story bible's with the
 * writer's brief at their head (`bible`, the bible as of the part before; default the state's), the outline's
 * and the introduction's character list.
 */
export function mainNames(
  spec: Pick<BookSpec, 'kind' | 'flow'> & { readonly fields: readonly FieldShape[] },
  state: BookState,
  bible: StoryBible = parseBible(state.memory),
): string[] {
  const withBrief = withWriterBrief(bible, writerBriefOf(spec, state.settings));
  const names = [
    ...withBrief.characters.map((c) => c.name),
    ...parseBriefCharacters(parsedOutlineOf(spec, state).characters ?? '').map((c) => c.name),
    ...parseBriefCharacters((state.characterDetails ?? '').replace(/^[^\n]*:\s*$/m, '')).map((c) => c.name),
  ];
  const first = names
    .map((n) => n.replace(/\*\*/g, '').trim().split(/\s+/)[0] ?? '')
    .filter((n) => /^\p{Lu}\p{L}/u.test(n));
  return [...new Set(first)];
}

/**
 * The chapter's verdict against the bible's people: undefined when it names one of `names` (or there are none
 * to name), else what it leaves out and the new named people it brings in (two or more, absent from `earlier`).
 * @example ignoredBible('Priya smiled. Marcus waved. Priya left. Marcus stayed.', ['Aisha', 'Daniel'], []) // { absent:
 * ['Aisha', 'Daniel'], newNames: ['Priya', 'Marcus'] }
 */
export function ignoredBible(
  text: string,
  names: readonly string[],
  earlier: readonly string[],
): IgnoredBible | undefined {
  if (!names.length) return undefined;
  // Mostly a chapter names one of them: found where it is, without reading every word of the chapter.
  if (names.some((n) => isWordOf(text, n))) return undefined;
  const words = wordsOf(text);
  if (names.some((n) => words.counts.has(n))) return undefined;
  const known = new Set(names.map((n) => n.toLowerCase()));
  const before = earlier.map(wordsOf);
  const fresh = [...words.counts]
    .filter(([w, n]) => n >= LEAST_MENTIONS && /^\p{Lu}\p{Ll}/u.test(w) && w.length >= 3)
    .map(([w, n]) => [w, n, w.toLowerCase()] as const)
    // In the order they first appear.
    .filter(
      ([w, , l]) =>
        !hasLowerCase(words, w) &&
        !ENGLISH.has(l) &&
        !MALAYIC.has(l) &&
        !known.has(l) &&
        !before.some((b) => b.lower.has(l)),
    )
    .map(([w]) => w);
  return fresh.length >= LEAST_NEW_PEOPLE ? { absent: [...names], newNames: fresh.slice(0, MOST_NAMED) } : undefined;
}

/** True when the text also writes the word in lower case (a common word at a sentence's start, not a name). */
function hasLowerCase(words: Words, w: string): boolean {
  return words.counts.has(w.toLowerCase());
}
