// The words the language guard (language.ts) judges a text by, read from each language's `guard` section of the
// table (languages/<code>/guard.yaml): its family's function words (a sentence votes for the family whose words
// lead it: English, or Malay and Indonesian together), and the markers that tell the languages of one family
// apart (words, phrases and patterns with their weights, and the everyday words named in a neighbour's book).
// Every language of a family lists the same markers, so a Malay book refuses Indonesian by the same evidence an
// Indonesian book refuses Malay, and a neighbour the table does not offer yet (a draft) is still told apart.
// The code is the same for every language; the sections (read by language-guard.ts) are checked as the table is read
// and compiled once per reading of the table, at first use.
import { checkOnce, ensureLanguages, langs, onLanguagesLoaded, type Lang } from '../../languages/index.js';
import { languageTableError } from '../../languages/errors.js';
import { guardOf, type Ending, type GuardPattern, type GuardSection } from './language-guard.js';
import { hashOf } from './language-scan.js';
import { FNV_PRIME } from '../../words.js';

export { wordSet, type GuardPattern } from './language-guard.js';

/** A family of languages: their function words, and the languages it is told into (one, or those its markers name). */
export interface Family {
  readonly members: readonly number[];
  readonly hasMarkers: boolean;
  /**
   * The family whose function words are all of this one's, when it has none of its own (a language copied from
   * another and not yet worded again, docs/add-a-language.md step 1): in a book of this family they count for it,
   * as in a book of that family they count for that one; the guard cannot tell the two apart, and says so.
   */
  readonly wordsOf?: number;
}

/** The guard of the whole table, compiled: what language.ts and language-markers.ts read. */
export interface Guard {
  readonly families: readonly Family[];
  /** Every language a text can be found in, by index: the table's, and the neighbours their markers name. */
  readonly members: readonly Lang[];
  /** Each member's family. */
  readonly familyOf: readonly number[];
  /** Function words by their hash (hashOf), with their family; a word of two families is the earlier one's. */
  readonly functionWords: ReadonlyMap<number, ReadonlyArray<readonly [string, number]>>;
  /**
   * The hashes of functionWords as bits (hashBitsOf): most words of a text are told to be none by one bit, before the
   * map.
   */
  readonly functionWordBits: Int32Array;
  readonly functionWordFamily: ReadonlyMap<string, number>;
  readonly longestFunctionWord: number;
  /** Markers (words and phrases) with their member and weight; weight 0: a phrase whose words do not count. */
  readonly markers: ReadonlyMap<string, readonly [number, number]>;
  readonly phraseStarts: ReadonlyMap<string, number>;
  readonly markerHashes: ReadonlySet<number>;
  /** The one-word markers and the phrase starts by their hash (hashOf): a word is found among them in place. */
  readonly markerWords: ReadonlyMap<number, readonly string[]>;
  /** The phrases by their words' hashes (phraseHash): a run of words is found among them in place. */
  readonly markerPhrases: ReadonlyMap<number, readonly string[]>;
  readonly secondHashes: ReadonlySet<number>;
  /** markerHashes and secondHashes as bits (hasHashBit before the set). */
  readonly markerBits: Int32Array;
  readonly secondBits: Int32Array;
  readonly patterns: ReadonlyArray<GuardPattern & { readonly member: number }>;
  /** Clitics taken off a word to find its stem (kebijakannya → kebijakan), every family's. */
  readonly clitics: readonly string[];
  readonly endings: ReadonlyArray<Ending & { readonly member: number }>;
  /**
   * Per member, the words named in a book of another language of its family (its everyday words and its markers of
   * weight 3 or more).
   */
  readonly noted: ReadonlyArray<ReadonlySet<string>>;
}

let compiled: Guard | undefined;
// Checked as the table is read (once for the same files by the same code: checkOnce), so a family whose languages
// disagree fails the start, naming the language; compiled at first use (a batch's start judges no text).
onLanguagesLoaded(() => {
  compiled = undefined;
  checkOnce('guard families', () => void checkFamilies());
});

/** The guard of the table as it was read last (compiled on first use). */
export function guard(): Guard {
  // A table set anew (setLanguageSource) is read first: its hook checks it and leaves the guard to be compiled again.
  ensureLanguages();
  return (compiled ??= compile());
}

type FamilyOfTable = { section: GuardSection; from: Lang; langs: Lang[] };

/**
 * The table's families, each its guard section, the language it was first read from and its languages in the table:
 * refused, naming the language and the key, when a family's languages disagree, when the markers lack a language of
 * the family or when two languages list the same marker (the errors a start stops at).
 */
function checkFamilies(): Map<string, FamilyOfTable> {
  const byFamily = new Map<string, FamilyOfTable>();
  for (const code of langs()) {
    const section = guardOf(code);
    const known = byFamily.get(section.family);
    if (!known) byFamily.set(section.family, { section, from: code, langs: [code] });
    else if (known.section.written !== section.written)
      throw languageTableError(
        code,
        'guard',
        `the same function words and markers as ${known.from}'s (one family: ${section.family})`,
      );
    else known.langs.push(code);
  }
  // Each marker's language (undefined: a family's neutral phrase), in the order compile() reads them.
  const owners = new Map<string, Lang | undefined>();
  for (const { section, from, langs: inTable } of byFamily.values()) {
    const codes = section.markers.size ? [...section.markers.keys()] : inTable;
    const missing = inTable.find((code) => !codes.includes(code));
    if (missing)
      throw languageTableError(from, `guard.markers.${missing}`, `the markers of ${missing}, a language of the family`);
    for (const code of codes)
      for (const [word] of section.markers.get(code)?.words ?? []) {
        if (owners.has(word))
          throw languageTableError(
            from,
            `guard.markers.${code}`,
            `words no other language of the family lists ("${word}" is ${owners.get(word)}'s)`,
          );
        owners.set(word, code);
      }
    for (const phrase of section.neutral) if (!owners.has(phrase)) owners.set(phrase, undefined);
  }
  return byFamily;
}

function compile(): Guard {
  const byFamily = checkFamilies();
  const members: Lang[] = [];
  const familyOf: number[] = [];
  const families: Family[] = [];
  const functionWords = new Map<number, Array<readonly [string, number]>>();
  const functionWordFamily = new Map<string, number>();
  const markers = new Map<string, readonly [number, number]>();
  const patterns: Array<GuardPattern & { member: number }> = [];
  const noted: Array<Set<string>> = [];
  const clitics = new Set<string>();
  const endings: Array<Ending & { member: number }> = [];
  for (const { section, langs: inTable } of byFamily.values()) {
    const f = families.length;
    const codes = section.markers.size ? [...section.markers.keys()] : inTable;
    const owners = new Set<number>();
    for (const word of section.functionWords) {
      const owner = functionWordFamily.get(word);
      if (owner !== undefined) {
        owners.add(owner);
        continue;
      }
      functionWordFamily.set(word, f);
      functionWords.set(hashOf(word), [...(functionWords.get(hashOf(word)) ?? []), [word, f]]);
    }
    const copied = owners.size === 1 && ![...section.functionWords].some((w) => functionWordFamily.get(w) === f);
    families.push({
      members: codes.map((_, i) => members.length + i),
      hasMarkers: section.markers.size > 0,
      ...(copied ? { wordsOf: [...owners][0]! } : {}),
    });
    for (const code of codes) {
      const m = members.length;
      members.push(code);
      familyOf.push(f);
      const own = section.markers.get(code);
      for (const [word, weight] of own?.words ?? []) markers.set(word, [m, weight]);
      for (const p of own?.patterns ?? []) patterns.push({ ...p, member: m });
      for (const e of own?.endings ?? []) endings.push({ ...e, member: m });
      noted.push(
        new Set([
          ...(own?.everyday ?? []),
          ...[...(own?.words ?? [])].filter(([w, weight]) => weight >= 3 && !w.includes(' ')).map(([w]) => w),
        ]),
      );
    }
    for (const phrase of section.neutral) if (!markers.has(phrase)) markers.set(phrase, [-1, 0]);
    for (const c of section.clitics) clitics.add(c);
  }
  return {
    families,
    members,
    familyOf,
    functionWords,
    functionWordBits: hashBitsOf(functionWords.keys()),
    functionWordFamily,
    longestFunctionWord: Math.max(...[...functionWordFamily.keys()].map((w) => w.length)),
    ...markerIndex(markers),
    patterns,
    clitics: [...clitics],
    endings,
    noted,
  };
}

/**
 * The marker table with what the scan looks words up by: the hashes of one-word markers and phrase starts, and of
 * phrases' second words.
 */
function markerIndex(
  markers: Map<string, readonly [number, number]>,
): Pick<
  Guard,
  | 'markers'
  | 'phraseStarts'
  | 'markerHashes'
  | 'markerWords'
  | 'markerPhrases'
  | 'secondHashes'
  | 'markerBits'
  | 'secondBits'
> {
  const phraseStarts = new Map<string, number>();
  for (const key of markers.keys()) {
    const words = key.split(' ');
    if (words.length > 1) phraseStarts.set(words[0]!, Math.max(phraseStarts.get(words[0]!) ?? 0, words.length));
  }
  const markerWords = new Map<number, string[]>();
  for (const word of new Set([...[...markers.keys()].filter((k) => !k.includes(' ')), ...phraseStarts.keys()])) {
    const hash = hashOf(word);
    markerWords.set(hash, [...(markerWords.get(hash) ?? []), word]);
  }
  const markerHashes = new Set(markerWords.keys());
  const markerPhrases = new Map<number, string[]>();
  for (const phrase of markers.keys()) {
    if (!phrase.includes(' ')) continue;
    const hash = phrase.split(' ').reduce((h, word) => phraseHash(h, hashOf(word)), 0);
    markerPhrases.set(hash, [...(markerPhrases.get(hash) ?? []), phrase]);
  }
  const secondHashes = new Set([...markers.keys()].filter((k) => k.includes(' ')).map((k) => hashOf(k.split(' ')[1]!)));
  return {
    markers,
    phraseStarts,
    markerHashes,
    markerWords,
    markerPhrases,
    secondHashes,
    markerBits: hashBitsOf(markerHashes),
    secondBits: hashBitsOf(secondHashes),
  };
}

/** A phrase's hash: its words' hashes (hashOf) folded in order, `hash` the fold so far (0 before the first word). */
export function phraseHash(hash: number, wordHash: number): number {
  return (Math.imul(hash, FNV_PRIME) ^ wordHash) | 0;
}

/**
 * A word hash's bit (of 2^16): the hash mixed, its top 16 bits. A function declaration, not a const: compile() runs
 * while this module loads when the language table was loaded before it (onLanguagesLoaded), before a const this far
 * down is initialised.
 */
function bitOf(hash: number): number {
  return Math.imul(hash, 0x9e3779b1) >>> 16;
}

/** Hashes (hashOf) as a set of 2^16 bits: a hash whose bit is not set is none of them (hasHashBit). */
function hashBitsOf(hashes: Iterable<number>): Int32Array {
  const bits = new Int32Array(2048);
  for (const hash of hashes) {
    const bit = bitOf(hash);
    bits[bit >>> 5]! |= 1 << (bit & 31);
  }
  return bits;
}

/**
 * False when `hash` is none of the hashes `bits` were made of (hashBitsOf); true when it may be one (a few others share
 * its bit).
 */
export function hasHashBit(bits: Int32Array, hash: number): boolean {
  const bit = bitOf(hash);
  return (bits[bit >>> 5]! & (1 << (bit & 31))) !== 0;
}

/**
 * Whether a word is a function word of any language of the table (English's, Malay's…): names, titles and
 * terms are told from the words every sentence has by it.
 */
export function isFunctionWord(word: string): boolean {
  return guard().functionWordFamily.has(word);
}

/** The function words of every language, as a set to ask (`FUNCTION_WORDS.has('yang')`). */
export const FUNCTION_WORDS: { has(word: string): boolean } = { has: isFunctionWord };
/**
 * @deprecated The function words are the table's now, one set for every language: FUNCTION_WORDS. Kept while callers
 * move.
 */
export const ENGLISH = FUNCTION_WORDS;
/** @deprecated As ENGLISH. */
export const MALAYIC = FUNCTION_WORDS;
