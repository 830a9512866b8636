// No padding: how much of a part the book has already said. A model that loops one passage to reach a
// length scores well on length alone; KDP refuses books with repeated text. `repeated` is the share of a
// part's words that sit in an 8-word run already written earlier in the part or in the parts before it.
import { TEXTS_KEPT, byText } from '../text-cache.js';

/** Words in a run: long enough that ordinary phrases ("she said nothing at all") do not count. */
export const RUN_WORDS = 8;
/** A part at or over this share is reported as repeating (⚠ "repeats", never ✓). */
export const REPEATS_RATIO = 0.2;
/** An extension whose answer repeats this share of what is there is not joined (engine/session). */
export const EXTENSION_REPEATS_RATIO = 0.5;

/** A text's words, lower-cased and without punctuation, so a run matches however it was punctuated. */
function wordsOf(text: string): string[] {
  return text.toLowerCase().split(/\s+/).map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, '')).filter(Boolean);
}

/**
 * A text's 8-word runs as numbers (two 32-bit hashes of the words in a run, kept to 53 bits: two runs of a
 * book of 100,000 words share a number by chance about once in two million such books, and then 8 words count as
 * repeated) and its word count. Kept for the last TEXTS_KEPT texts seen (text-cache.ts).
 */
interface Runs {
  keys: Float64Array;
  words: number;
}
const runsOf = byText<Runs>(TEXTS_KEPT, (text) => {
  const words = wordsOf(text);
  return { keys: runKeys(words), words: words.length };
});

/**
 * The 8-word runs of a list of words as numbers (runsOf's keys; the echo check's too, on words it reads its
 * own way): run i is words i to i+7.
 */
export function runKeys(words: readonly string[]): Float64Array {
  const a = new Int32Array(words.length);
  const b = new Int32Array(words.length);
  words.forEach((word, i) => {
    let x = 0x811c9dc5;
    let y = 0x9747b28c;
    for (let c = 0; c < word.length; c++) {
      const code = word.charCodeAt(c);
      x = Math.imul(x ^ code, 0x01000193);
      y = Math.imul(y ^ code, 0x5bd1e995) ^ (y >>> 15);
    }
    a[i] = x;
    b[i] = y;
  });
  const keys = new Float64Array(Math.max(0, words.length - RUN_WORDS + 1));
  for (let i = 0; i < keys.length; i++) {
    let x = 0;
    let y = 0;
    for (let j = i; j < i + RUN_WORDS; j++) {
      x = (Math.imul(x, 0x01000193) + a[j]!) | 0;
      y = (Math.imul(y, 0x2c1b3c6d) + b[j]!) | 0;
    }
    keys[i] = (x >>> 0) * 2 ** 21 + (y >>> 11);
  }
  return keys;
}

/** The share of a text's words inside a run that `isSeen` (before the run is added to `add`). */
function shareSeen({ keys, words }: Runs, isSeen: (key: number) => boolean, add: (key: number) => void): number {
  const isRepeated = new Uint8Array(words);
  keys.forEach((key, i) => {
    if (isSeen(key)) isRepeated.fill(1, i, i + RUN_WORDS);
    add(key);
  });
  let repeated = 0;
  for (const r of isRepeated) repeated += r;
  return words ? Math.round((100 * repeated) / words) / 100 : 0;
}

/**
 * Each text's share (0–1, two decimals) of words inside an 8-word run already written: further up in
 * the text itself or in a text before it (a book's parts in order).
 * @example repeatedShares(['a b c d e f g h i.', 'x a b c d e f g h i.']) // [0, 0.9]
 */
export function repeatedShares(texts: readonly string[]): number[] {
  const seen = new Set<number>();
  return texts.map((t) => shareSeen(runsOf(t), (k) => seen.has(k), (k) => seen.add(k)));
}

/** The share of `text` already written in the `earlier` texts or further up in itself (repeatedShares). */
export function repeatedShare(text: string, earlier: readonly string[] = []): number {
  const runs = runsOf(text);
  const own = new Set(runs.keys);
  // Only the runs this text has matter: the earlier texts are scanned for those, not gathered whole.
  const seen = new Set<number>();
  for (const e of earlier) for (const key of runsOf(e).keys) if (own.has(key)) seen.add(key);
  return shareSeen(runs, (k) => seen.has(k), (k) => seen.add(k));
}
