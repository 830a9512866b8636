// A text's 8-word runs, read one way for every check that compares texts by them: the echo check and the copy
// check (answers/verdict.ts) and the repeat measure (repeat.ts). A word is a run of letters and digits with
// inner apostrophes and hyphens ("don't", Malay "kanak-kanak", German "Straße", "café"), lower-cased, curly
// apostrophes read as straight ones, punctuation, dashes and Markdown marks left out, so a run matches however
// it was punctuated. A text is read once, char by char (no regex, no word strings), and kept for the last
// TEXTS_KEPT texts seen (text-cache.ts): an answer is judged, then measured against the book, then is part of
// the book every later step is measured against.
import { TEXTS_KEPT, byText } from '../text-cache.js';
import { isLetterOrDigitAt } from '../words.js';

/** Words in a run: long enough that ordinary phrases ("she said nothing at all") do not count. */
export const RUN_WORDS = 8;

/** Letters and digits as the product reads them (words.ts): a code unit, or a surrogate pair whole. */
const isWordAt = isLetterOrDigitAt;

/** An apostrophe (straight or curly) or a hyphen: inside a word when a letter or digit is on both sides. */
const isJoiner = (code: number) => code === 0x27 || code === 0x2d || code === 0x2019 || code === 0x2018;

/** Where each word starts and ends (reused by every reading: reading is synchronous). */
let starts = new Int32Array(4096);
let ends = new Int32Array(4096);

/** Finds the words of `text` (starts/ends) and returns how many. */
function scanWords(text: string): number {
  const len = text.length;
  let n = 0;
  let i = 0;
  while (i < len) {
    if (!isWordAt(text, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < len) {
      if (isWordAt(text, i)) i += text.charCodeAt(i) >= 0xd800 && text.charCodeAt(i) <= 0xdbff ? 2 : 1;
      else if (isJoiner(text.charCodeAt(i)) && i + 1 < len && isWordAt(text, i + 1)) i++;
      else break;
    }
    if (n === starts.length) {
      starts = grow(starts);
      ends = grow(ends);
    }
    starts[n] = start;
    ends[n++] = i;
  }
  return n;
}

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(a.length * 2);
  bigger.set(a);
  return bigger;
}

/**
 * The words of a text as the runs read them, as strings (a heading's words, compared whole).
 * @example wordsOf('“Don’t—STOP,” said Zoë.') // ["don't", 'stop', 'said', 'zoë']
 */
export function wordsOf(text: string): string[] {
  const n = scanWords(text);
  const words: string[] = new Array(n);
  for (let w = 0; w < n; w++) words[w] = text.slice(starts[w], ends[w]).toLowerCase().replace(/[’‘]/g, "'");
  return words;
}

/** Per code unit: its lower-case code unit; 0 not yet asked; 0xffff lowers to more than one unit ("İ"). */
const LOWER = new Uint16Array(0x10000);
for (let c = 0; c < 0x80; c++) LOWER[c] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
LOWER[0x2019] = LOWER[0x2018] = 0x27;
const MANY = 0xffff;

/** Each word's two 32-bit hashes (of its lower-case letters), reused by every reading. */
let hashX = new Int32Array(4096);
let hashY = new Int32Array(4096);

/** Hashes words 0..n-1 found by scanWords into hashX/hashY. */
function hashWords(text: string, n: number): void {
  if (hashX.length < n) {
    hashX = new Int32Array(starts.length);
    hashY = new Int32Array(starts.length);
  }
  for (let w = 0; w < n; w++) {
    let x = 0x811c9dc5;
    let y = 0x9747b28c;
    const end = ends[w]!;
    for (let i = starts[w]!; i < end; i++) {
      const code = text.charCodeAt(i);
      let lower = LOWER[code]!;
      if (lower === 0) LOWER[code] = lower = lowerOf(code);
      if (lower !== MANY && (code < 0xd800 || code > 0xdbff)) {
        x = Math.imul(x ^ lower, 0x01000193);
        y = Math.imul(y ^ lower, 0x5bd1e995) ^ (y >>> 15);
        continue;
      }
      // A letter that lowers to more than one unit, or one beyond 0xffff (a surrogate pair, read whole).
      const point = text.codePointAt(i)!;
      if (point > 0xffff) i++;
      const s = String.fromCodePoint(point).toLowerCase();
      for (let k = 0; k < s.length; k++) {
        const unit = s.charCodeAt(k);
        x = Math.imul(x ^ unit, 0x01000193);
        y = Math.imul(y ^ unit, 0x5bd1e995) ^ (y >>> 15);
      }
    }
    hashX[w] = x;
    hashY[w] = y;
  }
}

function lowerOf(code: number): number {
  if (code >= 0xd800 && code <= 0xdfff) return MANY;
  const s = String.fromCharCode(code).toLowerCase();
  return s.length === 1 && s.charCodeAt(0) !== MANY ? s.charCodeAt(0) : MANY;
}

/**
 * A text's 8-word runs: `keys[i]` is words i to i+7 as one number (two 32-bit hashes of the words, kept to 53
 * bits: two runs of a book of 100,000 words share a number by chance about once in two million such books, and
 * then 8 words count as repeated); `words` how many words it has. `sorted` (its distinct keys in order, for a
 * binary search or a merge), `rank` and `repeatsWithin` are worked out when first asked and kept with it.
 */
export class Runs {
  #sorted: Float64Array | undefined;
  #within: Uint8Array | null | undefined;
  #rank: Uint32Array | undefined;
  constructor(
    readonly keys: Float64Array,
    readonly words: number,
  ) {}

  /** The distinct keys, ascending. */
  get sorted(): Float64Array {
    if (this.#sorted) return this.#sorted;
    const all = this.keys.slice().sort();
    let n = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[n - 1]) all[n++] = all[i]!;
    return (this.#sorted = n === all.length ? all : all.slice(0, n));
  }

  /** For each run, where its key stands in `sorted`. */
  get rank(): Uint32Array {
    if (this.#rank) return this.#rank;
    const sorted = this.sorted;
    const rank = new Uint32Array(this.keys.length);
    this.keys.forEach((key, i) => (rank[i] = runIndex(sorted, key)));
    return (this.#rank = rank);
  }

  /** 1 for each run already found further up in the text; null when no run is found twice (most prose). */
  get repeatsWithin(): Uint8Array | null {
    if (this.#within !== undefined) return this.#within;
    if (this.sorted.length === this.keys.length) return (this.#within = null);
    const within = new Uint8Array(this.keys.length);
    const isMet = new Uint8Array(this.sorted.length);
    this.rank.forEach((at, i) => {
      if (isMet[at]) within[i] = 1;
      else isMet[at] = 1;
    });
    return (this.#within = within);
  }
}

/** Reads a text's runs (uncached: runsOf and the callers' own caches keep them). */
export function readRuns(text: string): Runs {
  const n = scanWords(text);
  hashWords(text, n);
  const keys = new Float64Array(Math.max(0, n - RUN_WORDS + 1));
  for (let i = 0; i < keys.length; i++) {
    let x = 0;
    let y = 0;
    for (let j = i; j < i + RUN_WORDS; j++) {
      x = (Math.imul(x, 0x01000193) + hashX[j]!) | 0;
      y = (Math.imul(y, 0x2c1b3c6d) + hashY[j]!) | 0;
    }
    keys[i] = (x >>> 0) * 2 ** 21 + (y >>> 11);
  }
  return new Runs(keys, n);
}

/** A text's runs, kept for the last TEXTS_KEPT texts seen: answers and the book's parts. */
export const runsOf: (text: string) => Runs = byText(TEXTS_KEPT, readRuns);

/** Where sorted `keys` hold `key` (a binary search), or -1. */
export function runIndex(keys: Float64Array, key: number): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = keys[mid]!;
    if (at === key) return mid;
    if (at < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** True when sorted `keys` hold `key`. */
export const hasRun = (keys: Float64Array, key: number): boolean => runIndex(keys, key) >= 0;

/**
 * Sets `marks[i]` for each key `a[i]` that `b` holds too (both sorted and distinct): a merge of the two, or a
 * binary search of the shorter's keys in the longer when it is far shorter (a text that loops one passage has
 * few distinct runs). Returns how many marks it set that were not set before.
 */
export function markShared(a: Float64Array, b: Float64Array, marks: Uint8Array): number {
  let added = 0;
  const mark = (i: number) => {
    if (i < 0 || marks[i]) return;
    marks[i] = 1;
    added++;
  };
  if (!a.length || !b.length) return 0;
  const short = Math.min(a.length, b.length);
  if (short * Math.log2(a.length + b.length) < a.length + b.length) {
    if (a.length <= b.length) a.forEach((key, i) => hasRun(b, key) && mark(i));
    else for (const key of b) mark(runIndex(a, key));
    return added;
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) i++;
    else if (x > y) j++;
    else mark(i++), j++;
  }
  return added;
}
