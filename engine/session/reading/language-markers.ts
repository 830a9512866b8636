// The languages of one family told apart (language.ts): the weighted markers of a run of words (words and
// phrases of the table's guard sections, language-words.ts, a clitic taken off, a reduplicated base, the
// -iti/-itas endings) and the markers read from the text as written (patterns: datelines, amounts, number and
// clock formats). Each marker adds its weight to its language's sum.
import { guard, hasHashBit, phraseHash, type Guard } from './language-words.js';
import { DASH, NON_ASCII, wordAt, type LatinWords } from './language-scan.js';

/** Add the weight of the patterns' matches in `text` (a pattern is not run on a text without what it needs). */
export function addPatternMarkers(text: string, sums: MarkerSums): void {
  const hasDigit = /[0-9]/.test(text);
  for (const { re, weight, literals, digit, member } of guard().patterns) {
    if ((digit && !hasDigit) || (literals.length && !literals.some((l) => text.includes(l)))) continue;
    addWeight(member, (text.match(re)?.length ?? 0) * weight, sums);
  }
}

/**
 * The weight of the markers found so far, per language of the guard (by index): all of them, and the firm ones (weight
 * 1 or more).
 */
export interface MarkerSums {
  readonly sum: number[];
  readonly strong: number[];
}

/** Empty sums for every language of the guard. */
export function markerSums(): MarkerSums {
  const n = guard().members.length;
  return { sum: new Array<number>(n).fill(0), strong: new Array<number>(n).fill(0) };
}

/** Whether the text before `end` ends with `suffix` (lower-case ASCII), read in lower case. */
function endsWithLower(text: string, end: number, suffix: string): boolean {
  const from = end - suffix.length;
  for (let k = 0; k < suffix.length; k++) {
    const c = text.charCodeAt(from + k);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== suffix.charCodeAt(k)) return false;
  }
  return true;
}

/**
 * Whether word `i` may weigh as a marker or start a marker phrase (addMarkersAt); any word with a letter that is
 * not ASCII, or a hyphen, may. A word whose hash is none of the markers' (Guard.markerHashes), with no clitic and
 * no -iti/-itas ending, weighs nothing: it is passed over without a string made for it.
 */
function mayWeigh(g: Guard, text: string, words: LatinWords, i: number): boolean {
  const hash = words.hashes[i]!;
  if (words.marks[i]! & (NON_ASCII | DASH) || (hasHashBit(g.markerBits, hash) && g.markerHashes.has(hash))) return true;
  const end = words.ends[i]!;
  const n = end - words.starts[i]!;
  // Plain loops: this runs for most words of a text.
  if (n >= MIN_CLITIC_WORD)
    for (let k = 0; k < g.clitics.length; k++) if (endsWithLower(text, end, g.clitics[k]!)) return true;
  if (n >= MIN_ENDING_WORD)
    for (let k = 0; k < g.endings.length; k++) if (endsWithLower(text, end, g.endings[k]!.ending)) return true;
  return false;
}

/** A word this long or longer may end with a clitic taken off to find its stem (kebijakannya → kebijakan). */
const MIN_CLITIC_WORD = 6;
/** A word this long or longer weighs by its ending when not listed itself (kualiti, universitas). */
const MIN_ENDING_WORD = 7;

/**
 * addMarkers over the words of a unit as the scan read them (its `count` words from `from`), a word made a string
 * only where it may weigh, and once.
 */
export function addMarkersAt(text: string, words: LatinWords, count: number, sums: MarkerSums, from = 0): void {
  const g = guard();
  const { starts, ends, hashes, marks } = words;
  let made: Array<string | undefined> | undefined;
  const last = from + count;
  for (let i = from; i < last; i++) {
    if (!mayWeigh(g, text, words, i)) continue;
    const word = made?.[i - from] ?? (tableWordAt(g, text, words, i) || wordAt(text, starts[i]!, ends[i]!));
    let weight: readonly [number, number] | undefined;
    let span = 1;
    const longest = g.phraseStarts.get(word);
    // A phrase start followed by a word that starts no phrase's second place (a plain word whose hash is none of
    // theirs)
    // starts no phrase.
    if (
      longest !== undefined &&
      i + 1 < last &&
      (marks[i + 1]! & (NON_ASCII | DASH) ||
        (hasHashBit(g.secondBits, hashes[i + 1]!) && g.secondHashes.has(hashes[i + 1]!)))
    ) {
      for (let n = Math.min(longest, last - i); n >= 2 && weight === undefined; n--) {
        // Found by its words' hashes and read in place; made as a string only when a word is not ASCII.
        const found = phraseWeightAt(g, text, words, i, n);
        if (found === null) {
          made ??= [];
          let phrase = word;
          for (let k = 1; k < n; k++)
            phrase += ` ${(made[i + k - from] ??= wordAt(text, starts[i + k]!, ends[i + k]!))}`;
          weight = g.markers.get(phrase);
        } else weight = found;
        if (weight !== undefined) span = n;
      }
    }
    weight ??= wordWeight(g, word);
    if (weight) addWeight(weight[0], weight[1], sums);
    i += span - 1;
  }
}

/**
 * Word `i` as the marker table holds it (a one-word marker or a phrase start: the same string wordAt would make, not
 * made again) when it is one of them, read in place (lower case, ’ as '); '' when it is none, or has a letter that is
 * not ASCII (its hash tells nothing).
 */
function tableWordAt(g: Guard, text: string, words: LatinWords, i: number): string {
  if (words.marks[i]! & NON_ASCII) return '';
  const candidates = g.markerWords.get(words.hashes[i]!);
  if (!candidates) return '';
  const start = words.starts[i]!;
  const length = words.ends[i]! - start;
  for (const word of candidates) {
    if (word.length !== length) continue;
    let k = 0;
    for (; k < length; k++) {
      const c = text.charCodeAt(start + k);
      if ((c === 0x2019 ? 0x27 : c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== word.charCodeAt(k)) break;
    }
    if (k === length) return word;
  }
  return '';
}

/**
 * The weight of the phrase of words `i` to `i + n - 1` (undefined when the table has no such phrase), found by the
 * words' hashes (Guard.markerPhrases) and read in place; null when one of them has a letter that is not ASCII.
 */
function phraseWeightAt(
  g: Guard,
  text: string,
  words: LatinWords,
  i: number,
  n: number,
): readonly [number, number] | undefined | null {
  let hash = 0;
  for (let k = i; k < i + n; k++) {
    if (words.marks[k]! & NON_ASCII) return null;
    hash = phraseHash(hash, words.hashes[k]!);
  }
  const candidates = g.markerPhrases.get(hash);
  if (candidates)
    for (const phrase of candidates) if (isPhraseAt(text, words, i, n, phrase)) return g.markers.get(phrase);
  return undefined;
}

/** Whether words `i` to `i + n - 1`, in lower case with ’ as ' and one space apart, are `phrase`. */
function isPhraseAt(text: string, words: LatinWords, i: number, n: number, phrase: string): boolean {
  let p = 0;
  for (let k = i; k < i + n; k++) {
    if (k > i && phrase.charCodeAt(p++) !== 0x20) return false;
    for (let at = words.starts[k]!; at < words.ends[k]!; at++) {
      const c = text.charCodeAt(at);
      if ((c === 0x2019 ? 0x27 : c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== phrase.charCodeAt(p++)) return false;
    }
  }
  return p === phrase.length;
}

/** A word's language and weight alone: as a marker, else its stem's, its reduplicated base's or its ending's. */
function wordWeight(g: Guard, word: string): readonly [number, number] | undefined {
  const weight = g.markers.get(word);
  if (weight !== undefined) return weight;
  const stem = stemOf(g, word);
  return (stem !== word ? g.markers.get(stem) : undefined) ?? reduplicatedWeight(g, stem) ?? suffixWeight(g, stem);
}

function addWeight(member: number, weight: number, sums: MarkerSums): void {
  if (member < 0 || weight <= 0) return;
  sums.sum[member]! += weight;
  if (weight >= 1) sums.strong[member]! += weight;
}

/** A word without the clitic it ends with (kebijakannya → kebijakan, bisakah → bisa); the word itself when none. */
function stemOf(g: Guard, word: string): string {
  if (word.length < MIN_CLITIC_WORD) return word;
  const clitic = g.clitics.find((c) => word.endsWith(c));
  return clitic ? word.slice(0, -clitic.length) : word;
}

/** A reduplicated word weighs as its base (hewan-hewan as hewan, kedai-kedai as kedai); undefined for others. */
function reduplicatedWeight(g: Guard, word: string): readonly [number, number] | undefined {
  const dash = word.indexOf('-');
  if (dash < 3 || word.slice(dash + 1) !== word.slice(0, dash)) return undefined;
  return g.markers.get(word.slice(0, dash));
}

/**
 * An ending that tells a word's language where the word itself is not listed (the table's endings: Malaysian
 * -iti of universiti and kualiti, Indonesian -itas of universitas and kualitas), but for the words it lists as
 * no such ending (teliti).
 */
function suffixWeight(g: Guard, word: string): readonly [number, number] | undefined {
  if (word.length < MIN_ENDING_WORD) return undefined;
  const e = g.endings.find((x) => word.endsWith(x.ending));
  return e && !e.except.some((x) => word.endsWith(x)) ? [e.member, e.weight] : undefined;
}
