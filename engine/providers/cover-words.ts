// The offline cover's words per language: its by-line, its footer, and the words a genre, a mood or a colour
// scheme is called by in a generator's options. English and Malay are written here, every other language in
// languages/<code>/offline-cover.yaml (the same keys). A setting's value is read against every language's
// words, so a book whose options a writer named in any language of the table finds its colours.
import { langs, type Lang } from '../languages/index.js';
import { demoSection, shapedLike } from './offline-words.js';

export type CoverGenre = 'children' | 'mystery' | 'fantasy' | 'scifi' | 'romance' | 'thriller' | 'horror' | 'nonfiction';
export type CoverMood =
  | 'playful' | 'mysterious' | 'dramatic' | 'peaceful' | 'adventurous' | 'romantic'
  | 'happy' | 'excited' | 'curious' | 'friendly' | 'brave';
export type CoverScheme = 'bright' | 'pastel' | 'rainbow' | 'nature' | 'fantasy' | 'candy';

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

const BUILT_IN: Record<Lang, CoverWords> = {
  en: {
    author: 'by', character: 'featuring', untitled: 'Untitled', footer: 'Offline demo cover · Karya',
    genres: { children: ['children', 'childrens', 'kids'], mystery: ['mystery'], fantasy: ['fantasy'], scifi: ['scifi', 'sciencefiction'], romance: ['romance'], thriller: ['thriller'], horror: ['horror'], nonfiction: ['nonfiction'] },
    moods: {
      playful: ['playful'], mysterious: ['mysterious'], dramatic: ['dramatic'], peaceful: ['peaceful'], adventurous: ['adventurous'], romantic: ['romantic'],
      happy: ['happy'], excited: ['excited'], curious: ['curious'], friendly: ['friendly'], brave: ['brave'],
    },
    schemes: { bright: ['bright'], pastel: ['pastel'], rainbow: ['rainbow'], nature: ['nature'], fantasy: ['fantasy'], candy: ['candy'] },
  },
  ms: {
    author: 'oleh', character: 'bersama', untitled: 'Tanpa Tajuk', footer: 'Kulit demo luar talian · Karya',
    genres: {
      children: ['kanakkanak'], mystery: ['misteri'], fantasy: ['fantasi'], scifi: ['fiksyensains', 'sainsfiksyen'], romance: ['romantik', 'cinta', 'percintaan'],
      thriller: ['saspens', 'cemas'], horror: ['seram'], nonfiction: ['bukanfiksyen', 'nonfiksyen'],
    },
    moods: {
      playful: ['ceria', 'riang', 'sukabermain'], mysterious: ['misterius', 'penuhmisteri', 'misteri'], dramatic: ['dramatik'], peaceful: ['tenang', 'damai', 'aman'],
      adventurous: ['pengembaraan', 'penuhpengembaraan', 'mencabar'], romantic: ['romantik'], happy: ['gembira'], excited: ['teruja'], curious: ['ingintahu'], friendly: ['mesra', 'ramah'], brave: ['berani'],
    },
    schemes: { bright: ['cerah', 'terang'], pastel: [], rainbow: ['pelangi'], nature: ['alam', 'alamsemulajadi', 'semulajadi'], fantasy: ['fantasi'], candy: ['gulagula', 'manisan'] },
  },
};

/** The cover's words in every language. */
export const COVER = demoSection('offline-cover', BUILT_IN, shapedLike(BUILT_IN.en!, ['genres', 'moods', 'schemes']));

/** Each key's words in every language of the table ("fantasy", "fantasi"…), for reading a setting's value. */
export function synonyms<K extends string>(of: (words: CoverWords) => Record<K, readonly string[]>): Record<K, string[]> {
  const out = {} as Record<K, string[]>;
  for (const lang of langs()) {
    const words = COVER.read(lang);
    if (!words) continue;
    for (const [key, list] of Object.entries(of(words)) as Array<[K, readonly string[]]>) (out[key] ??= []).push(...list);
  }
  return out;
}
