// The offline cover's words per language: its by-line, its footer, and the words a genre, a mood or a colour
// scheme is called by in a generator's options, every language's in languages/<code>/offline-cover.yaml (the
// keys below). A setting's value is read against every language's
// words, so a book whose options a writer named in any language of the table finds its colours.
import { langs } from '../languages/index.js';
import { demoSection, shapedLike } from './offline-words.js';

const GENRES = ['children', 'mystery', 'fantasy', 'scifi', 'romance', 'thriller', 'horror', 'nonfiction'] as const;
const MOODS = [
  'playful',
  'mysterious',
  'dramatic',
  'peaceful',
  'adventurous',
  'romantic',
  'happy',
  'excited',
  'curious',
  'friendly',
  'brave',
] as const;
const SCHEMES = ['bright', 'pastel', 'rainbow', 'nature', 'fantasy', 'candy'] as const;
export type CoverGenre = (typeof GENRES)[number];
export type CoverMood = (typeof MOODS)[number];
export type CoverScheme = (typeof SCHEMES)[number];

/** The offline cover's words in one language; synonyms are normalised (lower case, letters only). */
export interface CoverWords {
  /** Before an author's name ("by …"), before a main character's ("featuring …"). */
  author: string;
  character: string;
  untitled: string;
  footer: string;
  genres: Record<CoverGenre, readonly string[]>;
  moods: Record<CoverMood, readonly string[]>;
  schemes: Record<CoverScheme, readonly string[]>;
}

/** A list of words for each of `keys` (a language may have none for one: a word it has no synonym for). */
function listsOf<K extends string>(keys: readonly K[]): Record<K, readonly string[]> {
  const out = {} as Record<K, readonly string[]>;
  for (const key of keys) out[key] = [''];
  return out;
}

/** The shape every language's cover words must have (the keys above, texts where texts are): no words of its own. */
const SHAPE: CoverWords = {
  author: '',
  character: '',
  untitled: '',
  footer: '',
  genres: listsOf(GENRES),
  moods: listsOf(MOODS),
  schemes: listsOf(SCHEMES),
};

/** The cover's words in every language. */
export const COVER = demoSection('offline-cover', shapedLike(SHAPE, ['genres', 'moods', 'schemes']));

/** Each key's words in every language of the table ("fantasy", "fantasi"…), for reading a setting's value. */
export function synonyms<K extends string>(
  of: (words: CoverWords) => Record<K, readonly string[]>,
): Record<K, string[]> {
  const out = {} as Record<K, string[]>;
  for (const lang of langs()) {
    const words = COVER.read(lang);
    if (!words) continue;
    for (const [key, list] of Object.entries(of(words)) as Array<[K, readonly string[]]>)
      (out[key] ??= []).push(...list);
  }
  return out;
}
