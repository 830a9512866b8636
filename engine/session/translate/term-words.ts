// What a translated edition's glossary reads as language data, from each language's table (languages/<code>/
// translation.yaml, read by languages.ts): the endings a language writes onto a name (Malay's particles and
// possessive, English's possessive), the dictionary words that are capitalised yet no names (languages, peoples,
// months, days, feasts, titles, God, common geographic nouns), and the words a character's story-bible entry says
// their gender with. translate/glossary.ts and checks.ts use them; a language is added in its table, never as a
// rule in code.
import type { Lang } from '../../spec/types.js';
import { langs } from '../../languages/index.js';
import { translationOf } from './languages.js';

/**
 * Endings a language attaches to a name without a space: a name followed by any one or two of them still stands
 * ("Aishalah yang membuka pintu", "Danielnyalah"; "Aisha's"). Longest first, so the longest ending is tried first.
 */
export const nameEndings = (lang: Lang): readonly string[] => translationOf(lang).nameEndings;

/**
 * Capitalised dictionary words of a language, lower-cased: never a glossary term (a translator writes them as
 * the language does: English → Inggeris, October → Oktober, God → Tuhan); the titles are `titles`.
 */
export const dictionaryNames = (lang: Lang): ReadonlySet<string> => translationOf(lang).dictionaryNames;

/**
 * Titles and forms of address, lower-cased: taken off the front of a name ("Mrs Wilson" is Wilson: Malay writes
 * Puan Wilson) and never a term alone. English carries the Malay honorifics Malaysian English writes, Malay the
 * English ones Malay prose keeps.
 */
export const titles = (lang: Lang): ReadonlySet<string> => translationOf(lang).titles;

/**
 * Whether a capitalised word is a people's or a language's word of `lang` (Irishwoman, Celtic, Japanese): a
 * dictionary word with a people's compound ending (Irish+woman), or a stem of the table's least length with a
 * demonym suffix. The table's data (translation.yaml `demonyms`), never a list in code; the caller keeps a word
 * the book writes as a person's (a possessive, a title before it).
 */
export function isDemonym(word: string, lang: Lang): boolean {
  const w = word.toLowerCase();
  const { suffixes, compounds, leastStem } = translationOf(lang).demonyms;
  const isPeople = (x: string) =>
    dictionaryNames(lang).has(x) || suffixes.some((s) => x.endsWith(s) && x.length - s.length >= leastStem);
  if (compounds.some((c) => w.endsWith(c) && w.length > c.length && isPeople(w.slice(0, -c.length)))) return true;
  return suffixes.some((s) => w.endsWith(s) && w.length - s.length >= leastStem);
}

/** Genders a glossary entry can hold: `unknown` where the bible does not say (Malay "dia" is he or she). */
export const GENDERS = ['female', 'male', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];

/** How a writer may write a gender in a glossary file (every language's words), lower-cased. */
export function genderWord(written: string): Gender | undefined {
  for (const lang of langs()) {
    const said = translationOf(lang).genderWords;
    for (const gender of GENDERS) if (said[gender].includes(written)) return gender;
  }
  return undefined;
}

/**
 * Whether a word of a story bible's character entry (role and state) says a woman's or a man's gender, in any
 * language. An entry with both, or neither, says nothing.
 */
export const isGenderCue = (gender: Exclude<Gender, 'unknown'>, word: string): boolean =>
  langs().some((lang) => translationOf(lang).genderCues[gender].has(word));
