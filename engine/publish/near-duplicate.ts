// Near-duplicates in an owner's catalogue (stores remove a book "not significantly different" from another):
// a book's compact fingerprint (MinHash of its 8-word runs) and the share one book has in another; the index of the
// owner's fingerprints that finds the close ones without comparing every book (LSH) is fingerprint-index.ts. Pure.
// MinHash is written here: no maintained MinHash library is among the project's dependencies, and the
// whole of it is two hash functions and a minimum per permutation.
import { FNV_OFFSET as FNV_BASIS, FNV_PRIME } from '../words.js';
import { plainWordUnits, type PlainWordUnits } from '../letter-words.js';
import { TEXTS_KEPT, byText } from '../text-cache.js';

/** Words in one run (shingle): long enough that two books written apart share almost none by chance. */
export const SHINGLE_WORDS = 8;
/**
 * Permutations of the MinHash signature: the share is estimated to about ±0.04 near 15 %. A multiple of 4 (minhashOf
 * reads four at a time).
 */
export const MINHASH_SIZE = 128;
/** The share of a book's 8-word runs found in another book above which it is "too close" (configurable). */
export const DEFAULT_CLOSE_THRESHOLD = 0.15;
/** The threshold a writer may set: 1 % to 100 %. */
export const CLOSE_THRESHOLD_RANGE = { min: 0.01, max: 1 } as const;

/** A book's fingerprint: how many distinct 8-word runs it has and the MinHash signature of their set. */
export interface TextFingerprint {
  shingles: number;
  /** MINHASH_SIZE unsigned 32-bit minima, one per permutation. */
  minhash: number[];
}

/** MurmurHash3's finaliser: a good 32-bit mix, so `mix(x ^ seed)` is one of a family of permutations. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

const SEEDS = Uint32Array.from({ length: MINHASH_SIZE }, (_, i) => mix(Math.imul(i + 1, 0x9e3779b9)));

/**
 * The hash of each 8-word run of a text's plain words (plainWordUnits: `count` words, each ending at its `ends`), in
 * order (one run of all of them when there are fewer than 8): FNV-1a (32 bits) of the run's words joined by a space.
 * The eight runs that hold a word are hashed side by side as its code units are read once (a-h: the runs from seven
 * words back to this one), not each run on its own: the same hashes, a part's runs in a fifth of the time (the eight
 * products of a code unit do not wait for one another).
 */
function shingleHashes({ units, ends, count }: PlainWordUnits): Uint32Array {
  if (count < SHINGLE_WORDS) return count ? Uint32Array.of(fnv1aOfAll(units, ends, count)) : new Uint32Array(0);
  const out = new Uint32Array(count - SHINGLE_WORDS + 1);
  const p = FNV_PRIME;
  let a = FNV_BASIS,
    b = FNV_BASIS,
    c = FNV_BASIS,
    d = FNV_BASIS,
    e = FNV_BASIS,
    f = FNV_BASIS,
    g = FNV_BASIS,
    h = FNV_BASIS;
  let from = 0;
  for (let w = 0; w < count; w++) {
    // Each run moves back one place and takes the space before this word; the run this word starts is new.
    a = Math.imul(b ^ 0x20, p);
    b = Math.imul(c ^ 0x20, p);
    c = Math.imul(d ^ 0x20, p);
    d = Math.imul(e ^ 0x20, p);
    e = Math.imul(f ^ 0x20, p);
    f = Math.imul(g ^ 0x20, p);
    g = Math.imul(h ^ 0x20, p);
    h = FNV_BASIS;
    const to = ends[w]!;
    for (let i = from; i < to; i++) {
      const x = units[i]!;
      a = Math.imul(a ^ x, p);
      b = Math.imul(b ^ x, p);
      c = Math.imul(c ^ x, p);
      d = Math.imul(d ^ x, p);
      e = Math.imul(e ^ x, p);
      f = Math.imul(f ^ x, p);
      g = Math.imul(g ^ x, p);
      h = Math.imul(h ^ x, p);
    }
    from = to;
    // The run of the seven words before this one and this one is whole (before the eighth word: runs not begun).
    if (w >= SHINGLE_WORDS - 1) out[w - SHINGLE_WORDS + 1] = a;
  }
  return out;
}

/** FNV-1a (32 bits) of all `count` words joined by a space (a text of fewer than 8 words: its one run). */
function fnv1aOfAll(units: Uint16Array, ends: Int32Array, count: number): number {
  let h = FNV_BASIS;
  let from = 0;
  for (let w = 0; w < count; w++) {
    if (w > 0) h = Math.imul(h ^ 0x20, FNV_PRIME);
    for (let i = from; i < ends[w]!; i++) h = Math.imul(h ^ units[i]!, FNV_PRIME);
    from = ends[w]!;
  }
  return h >>> 0;
}

/** The distinct 8-word runs of a text (plainWordUnits: lower case, letters and digits), as sorted hashes. */
export function shingleSet(text: string): Uint32Array {
  return distinct(shingleHashes(plainWordUnits(text)));
}

function distinct(hashes: Uint32Array): Uint32Array {
  const sorted = Uint32Array.from(hashes).sort();
  let n = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[n - 1]) sorted[n++] = sorted[i]!;
  return sorted.slice(0, n);
}

/**
 * A text's run hashes (shingleHashes of its plainWordUnits) and its word count, kept for the last TEXTS_KEPT
 * texts: a book's fingerprint, its reuse across parts and the passages it shares read its parts once, and a
 * batch compares each book with the closest books before it, whose parts it read when they were checked.
 */
export const runsOfText = byText(TEXTS_KEPT, runsOf);

/** A text's 8-word runs as hashes, in order, and its word count (nothing kept: runsOfText keeps them). */
function runsOf(text: string): { hashes: Uint32Array; words: number } {
  const words = plainWordUnits(text);
  return { hashes: shingleHashes(words), words: words.count };
}

/** The distinct 8-word runs of a book given as parts: runs never cross from one part into the next. */
export function shingleSetOfParts(parts: readonly string[]): Uint32Array {
  return unionOf(parts.map((p) => partPrintOf(p).set));
}

/** The distinct values of sorted distinct sets, sorted. */
function unionOf(sets: readonly Uint32Array[]): Uint32Array {
  if (sets.length === 1) return sets[0]!;
  const all = new Uint32Array(sets.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of sets) {
    all.set(s, at);
    at += s.length;
  }
  return distinct(all);
}

/**
 * MINHASH_SIZE minima of a set of run hashes, one per permutation. Four permutations at a time, each one's least in a
 * local: the four mixes of a run do not wait for one another, and no minimum is read from and written to the array at
 * each run (the same minima in ~0.6 of the time; this was a quarter of the book-end thread's CPU in the 400-book prose
 * batch, which reads each part as it is written).
 */
function minhashOf(set: Uint32Array): Uint32Array {
  const minhash = new Uint32Array(MINHASH_SIZE);
  for (let i = 0; i < MINHASH_SIZE; i += 4) {
    const s0 = SEEDS[i]!,
      s1 = SEEDS[i + 1]!,
      s2 = SEEDS[i + 2]!,
      s3 = SEEDS[i + 3]!;
    let m0 = 0xffffffff,
      m1 = 0xffffffff,
      m2 = 0xffffffff,
      m3 = 0xffffffff;
    for (let j = 0; j < set.length; j++) {
      const x = set[j]!;
      const h0 = mix(x ^ s0),
        h1 = mix(x ^ s1),
        h2 = mix(x ^ s2),
        h3 = mix(x ^ s3);
      if (h0 < m0) m0 = h0;
      if (h1 < m1) m1 = h1;
      if (h2 < m2) m2 = h2;
      if (h3 < m3) m3 = h3;
    }
    minhash[i] = m0;
    minhash[i + 1] = m1;
    minhash[i + 2] = m2;
    minhash[i + 3] = m3;
  }
  return minhash;
}

/** What a book's fingerprint and reuse read of a part: its distinct runs (sorted), their minima, its word count. */
export interface PartPrint {
  set: Uint32Array;
  minhash: Uint32Array;
  words: number;
}

function printOf({ hashes, words }: { hashes: Uint32Array; words: number }): PartPrint {
  const set = distinct(hashes);
  return { set, minhash: minhashOf(set), words };
}

/**
 * A part's print, kept for the last TEXTS_KEPT parts: a book's minima are each permutation's least over its parts'
 * (the least of a union is the least of the parts' least), so a book's fingerprint at its end reads only the parts not
 * read before (a batch reads each part as it is written: readPart).
 */
export const partPrintOf = byText(TEXTS_KEPT, (text: string): PartPrint => printOf(runsOfText(text)));

/**
 * A part read now, for its book's fingerprint later: its print, of which nothing is kept here (neither the text nor
 * its runs). The thread that reads a batch's parts ahead keeps only their prints until their book ends (the texts were
 * half its heap) and gives each back with its text then (keepPartPrint).
 */
export function readPart(text: string): PartPrint {
  return printOf(runsOf(text));
}

/** Keeps `print` (readPart's) as `text`'s: the book's fingerprint and reuse read it instead of the text. */
export function keepPartPrint(text: string, print: PartPrint): void {
  partPrintOf.keep(text, print);
}

/** The fingerprint of a set of run hashes (shingleSet). */
export function fingerprintOfRuns(set: Uint32Array): TextFingerprint {
  return { shingles: set.length, minhash: [...minhashOf(set)] };
}

/**
 * A book's fingerprint from its parts (a text is one part).
 * @example textFingerprint(state.content) // { shingles: 41250, minhash: [128 numbers] }
 */
export function textFingerprint(parts: string | readonly string[]): TextFingerprint {
  if (typeof parts === 'string') return fingerprintOfRuns(shingleSet(parts));
  const prints = parts.map(partPrintOf);
  const minhash = new Uint32Array(MINHASH_SIZE).fill(0xffffffff);
  for (const p of prints)
    for (let i = 0; i < MINHASH_SIZE; i++) if (p.minhash[i]! < minhash[i]!) minhash[i] = p.minhash[i]!;
  return { shingles: unionOf(prints.map((p) => p.set)).length, minhash: [...minhash] };
}

/** A fingerprint as stored (JSON), or null when it is not one (a row from a later version, a damaged one). */
export function parseTextFingerprint(json: string): TextFingerprint | null {
  try {
    const value = JSON.parse(json) as Partial<TextFingerprint>;
    const isValid =
      Number.isInteger(value.shingles) &&
      Array.isArray(value.minhash) &&
      value.minhash.length === MINHASH_SIZE &&
      value.minhash.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffffffff);
    return isValid ? { shingles: value.shingles!, minhash: value.minhash! } : null;
  } catch {
    return null;
  }
}

/**
 * The share of `book`'s 8-word runs that are also in `other` (containment, |A∩B| / |A|), estimated from the
 * fingerprints: MinHash estimates the Jaccard index J = |A∩B| / |A∪B|, and |A∩B| = J(|A| + |B|) / (1 + J).
 * Containment rather than Jaccard: a book copied whole into a longer one is as close as an exact copy.
 */
export function sharedShare(
  book: TextFingerprint,
  other: TextFingerprint,
  matches = matchingSlots(book, other),
): number {
  if (!book.shingles || !other.shingles) return 0;
  const j = matches / MINHASH_SIZE;
  return Math.min(1, (j * (book.shingles + other.shingles)) / ((1 + j) * book.shingles));
}

function matchingSlots(a: TextFingerprint, b: TextFingerprint): number {
  let n = 0;
  for (let i = 0; i < MINHASH_SIZE; i++) if (a.minhash[i] === b.minhash[i]) n++;
  return n;
}

/**
 * A threshold as given ("0.15" or "15%"), or why it is refused: `close_threshold_range` with the flag and the range.
 */
export function parseCloseThreshold(
  value: string,
  flag = '--close-threshold',
): { threshold: number } | { code: 'close_threshold_range'; params: Record<string, string> } {
  const m = /^\s*([0-9]{1,3}(?:\.[0-9]{1,6})?)\s*(%?)\s*$/.exec(value);
  const n = m ? Number(m[1]) / (m[2] ? 100 : 1) : Number.NaN;
  if (n >= CLOSE_THRESHOLD_RANGE.min && n <= CLOSE_THRESHOLD_RANGE.max) return { threshold: n };
  return {
    code: 'close_threshold_range',
    params: { flag, value, min: String(CLOSE_THRESHOLD_RANGE.min), max: String(CLOSE_THRESHOLD_RANGE.max) },
  };
}
