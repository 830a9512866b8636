// A neighbour's words in a text that stayed below the language guard's refusal level (language.ts
// findLanguageDrift): the everyday words and firm markers of the other languages of its family (Indonesian's in a
// Malay text, Malay's in an Indonesian one), found by the hashes the scan worked out, named in a note on the part.
import type { Lang } from '../../spec/types.js';
import { guard, type Guard } from './language-words.js';
import { CURLY, hashOf, NON_ASCII } from './language-scan.js';
import { readingOf } from './reading.js';

/** At most this many of a neighbour's words are named on a part. */
const MAX_NOTED = 8;

/** The noted words of the languages of `lang`'s family other than itself (Guard.noted), with their hashes (hashOf). */
function notedFor(g: Guard, lang: Lang): { words: ReadonlySet<string>; hashes: ReadonlySet<number> } {
  const m = g.members.indexOf(lang);
  const words = new Set<string>();
  if (m >= 0 && g.families[g.familyOf[m]!]!.hasMarkers) {
    for (const other of g.families[g.familyOf[m]!]!.members)
      if (other !== m) for (const w of g.noted[other]!) words.add(w);
  }
  return { words, hashes: new Set([...words].map(hashOf)) };
}
const notedCache = new WeakMap<Guard, Map<Lang, ReturnType<typeof notedFor>>>();

/**
 * A neighbour's words in a text of `lang` that stayed below the refusal level (findLanguageDrift): the everyday
 * words and firm markers of the other languages of its family (Indonesian's in a Malay text, Malay's in an
 * Indonesian one), named in a note on the part so the writer can change them; at most MAX_NOTED, lower-cased.
 * @example neighbourWords('Dia bisa datang esok, kata kamu.', 'ms') // ['bisa', 'kamu']
 */
export function neighbourWords(text: string, lang: Lang): string[] {
  return neighbourFinds(text, lang).words;
}

/**
 * A neighbour's words in a text of `lang` (neighbourWords) and the neighbours they are words of: the languages of its
 * family whose own guard markers hold them (languages/<code>/guard.yaml, `markers.<code>`), in the table's order.
 * @example neighbourFinds('Dia bisa datang esok, kata kamu.', 'ms') // { words: ['bisa', 'kamu'], languages: ['id'] }
 */
export function neighbourFinds(text: string, lang: Lang): { words: string[]; languages: Lang[] } {
  const words = foundWords(text, lang);
  const g = guard();
  const m = g.members.indexOf(lang);
  if (!words.length || m < 0) return { words, languages: [] };
  const others = g.families[g.familyOf[m]!]!.members.filter((o) => o !== m && words.some((w) => g.noted[o]!.has(w)));
  return { words, languages: others.map((o) => g.members[o]!) };
}

function foundWords(text: string, lang: Lang): string[] {
  const g = guard();
  const byLang = notedCache.get(g) ?? new Map<Lang, ReturnType<typeof notedFor>>();
  notedCache.set(g, byLang);
  const noted = byLang.get(lang) ?? notedFor(g, lang);
  byLang.set(lang, noted);
  if (!noted.words.size) return [];
  const found = new Set<string>();
  // The words of the text's reading (the language check's: a number alone is none of these words either).
  const { starts, ends, hashes, marks, count } = readingOf(text).latin;
  for (let w = 0; w < count && found.size < MAX_NOTED; w++) {
    // Most words are none of them: passed over by the hash the scan worked out, no string made (one with a letter
    // that is not ASCII, or a curly apostrophe, is looked up as written).
    if (!(marks[w]! & (NON_ASCII | CURLY)) && !noted.hashes.has(hashes[w]!)) continue;
    const lower = text.slice(starts[w]!, ends[w]!).toLowerCase();
    if (noted.words.has(lower)) found.add(lower);
  }
  return [...found];
}
