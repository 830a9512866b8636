// The listed three-word phrases of stock English prose ("heart skipped beat", "voice barely whisper") in a
// text, as overused.ts counts them: the text's words (wordsOf: lower case, letters and digits with inner
// apostrophes and hyphens; its reading's letter words), each with its contraction opened ("couldn't" → "could"), stop
// words left out,
// and every three in a row looked up in OVERUSED_STRIPPED_EN. Every part is read this way, so a text written
// in ASCII letters (and typographic quotes and dashes, no letter among them) is read by its char codes: a
// word is looked up by a hash of its letters and made a string only when it starts or ends a listed three
// or has an apostrophe. Any other text is read from its word list, the same way.
import { OVERUSED_STRIPPED_EN, STOP_WORDS_EN } from './overused-words.js';
import { readingOf } from '../reading/index.js';
import { HASH_MASK, isAlnum, isJoiner, isMark } from './ascii-words.js';
import { FNV_PRIME } from '../../words.js';

/** Every listed three, to look a three up. */
const STRIPPED = new Set(OVERUSED_STRIPPED_EN);
/**
 * What a word is to the list: a stop word (left out), or a word a listed three starts with (a three is only made
 * there).
 */
const STOP = 1;
const FIRST = 2;
const KINDS = new Map<string, number>([...STOP_WORDS_EN].map((w) => [w, STOP]));
for (const p of OVERUSED_STRIPPED_EN) if (!KINDS.has(p.split(' ')[0]!)) KINDS.set(p.split(' ')[0]!, FIRST);

const hashOf = (word: string) => {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + word.charCodeAt(i)) & HASH_MASK;
  return h;
};
/**
 * Each listed three's first two words as one number (pairOf of their hashes): a three is made a string only after a
 * pair that starts one, not after every word that starts one (most of them start none with the word after).
 */
const pairOf = (a: number, b: number) => (Math.imul(a, FNV_PRIME) ^ b) & HASH_MASK;
const PAIRS = new Set(
  OVERUSED_STRIPPED_EN.map((p) => {
    const [a, b] = p.split(' ');
    return pairOf(hashOf(a!), hashOf(b!));
  }),
);
/** KINDS by a hash of each word's letters. */
const KINDS_BY_HASH = new Map<number, Array<readonly [string, number]>>();
for (const [word, kind] of KINDS)
  KINDS_BY_HASH.set(hashOf(word), [...(KINDS_BY_HASH.get(hashOf(word)) ?? []), [word, kind]]);

/**
 * A word with its contraction opened ("couldn't" → "could", "she's" → "she"); only a word with an apostrophe has one.
 */
const opened = (word: string) => word.replace(/n['’]t$/, '').replace(/['’](?:s|d|ll|re|ve|m)$/, '');

/**
 * Looks the listed threes up in a run of words, fed in order (`next`): each kept word as a string, or as its
 * place in the text (lower-cased when a three is made with it), with its hash (hashOf).
 */
class ThreeFinder {
  // The last two words kept, their hashes, and whether the one two back starts a listed three.
  private a = '';
  private aStart = 0;
  private aEnd = 0;
  private aHash = 0;
  private b = '';
  private bStart = 0;
  private bEnd = 0;
  private bHash = 0;
  private isFirstA = false;
  private isFirstB = false;

  constructor(
    private readonly text: string,
    readonly found: string[],
  ) {}

  next(word: string, start: number, end: number, kind: number | undefined, hash: number): void {
    if (this.isFirstA && PAIRS.has(pairOf(this.aHash, this.bHash))) {
      const [a, b] = [this.wordOf(this.a, this.aStart, this.aEnd), this.wordOf(this.b, this.bStart, this.bEnd)];
      const three = `${a} ${b} ${this.wordOf(word, start, end)}`;
      if (STRIPPED.has(three)) this.found.push(three);
    }
    this.a = this.b;
    this.aStart = this.bStart;
    this.aEnd = this.bEnd;
    this.aHash = this.bHash;
    this.isFirstA = this.isFirstB;
    this.b = word;
    this.bStart = start;
    this.bEnd = end;
    this.bHash = hash;
    this.isFirstB = kind === FIRST;
  }

  private wordOf(word: string, start: number, end: number): string {
    return word || this.text.slice(start, end).toLowerCase();
  }
}

/** The listed threes in a list of lowercase words (wordsOf's), pushed to `found` in order. */
function threesInWords(words: readonly string[], found: string[]): void {
  const finder = new ThreeFinder('', found);
  for (const word of words) {
    // Only a word with an apostrophe has a contraction to open (most have none: no pattern is run on them).
    const w = word.includes("'") || word.includes('’') ? opened(word) : word;
    if (!w) continue;
    const kind = KINDS.get(w);
    if (kind !== STOP) finder.next(w, 0, 0, kind, hashOf(w));
  }
}

/**
 * The listed threes a text uses, pushed to `found` in order, and how many words it has (wordsOf(text).length).
 * @example threesIn('Her heart skipped a beat.', found) // 5, found: ['heart skipped beat']
 */
export function threesIn(text: string, found: string[]): number {
  const finder = new ThreeFinder(text, []);
  let count = 0;
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (!isAlnum(c)) {
      // Another letter than an ASCII one: the word list is read instead (its words, as wordsOf makes them).
      if (c >= 0x80 && !isMark(c)) {
        const words = readingOf(text).letterWords;
        threesInWords(words, found);
        return words.length;
      }
      i++;
      continue;
    }
    const start = i;
    let h = 0;
    let hasApostrophe = false;
    while (i < text.length) {
      const d = text.charCodeAt(i);
      if (isAlnum(d)) h = (Math.imul(h, 31) + (d >= 0x41 && d <= 0x5a ? d | 0x20 : d)) & HASH_MASK;
      else if (isJoiner(d) && i + 1 < text.length && isAlnum(text.charCodeAt(i + 1))) {
        hasApostrophe ||= d !== 0x2d;
        h = (Math.imul(h, 31) + d) & HASH_MASK;
      } else break;
      i++;
    }
    count++;
    const end = i;
    if (hasApostrophe) {
      const w = opened(text.slice(start, end).toLowerCase());
      if (!w) continue;
      const kind = KINDS.get(w);
      if (kind !== STOP) finder.next(w, start, end, kind, hashOf(w));
      continue;
    }
    let kind: number | undefined;
    const known = KINDS_BY_HASH.get(h);
    if (known) for (const [word, k] of known) if (sameWord(text, start, end, word)) kind = k;
    if (kind !== STOP) finder.next('', start, end, kind, h);
  }
  found.push(...finder.found);
  return count;
}

/** True when the text from `start` to `end` is `word` in any case (ASCII letters, digits and hyphens). */
function sameWord(text: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) {
    const c = text.charCodeAt(start + i);
    if ((c >= 0x41 && c <= 0x5a ? c | 0x20 : c) !== word.charCodeAt(i)) return false;
  }
  return true;
}
