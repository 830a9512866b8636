// The words of a text as the 8-word runs read them (runs.ts): as strings (wordsOf), or as two 32-bit hashes a
// word read in one pass by char codes (hashWords), ASCII from a table, the rest through words.ts and a lower-case
// table filled as letters are met; and a run's two hashes and key rolled along from its words' (rollRuns).
import { FNV_OFFSET, FNV_PRIME } from '../words.js';
import { isLetterOrDigitAt } from '../letter-words.js';

/** Letters and digits as the product reads them (words.ts): a code unit, or a surrogate pair whole. */
const isWordAt = isLetterOrDigitAt;

/** An apostrophe (straight or curly) or a hyphen: inside a word when a letter or digit is on both sides. */
const isJoiner = (code: number) => code === 0x27 || code === 0x2d || code === 0x2019 || code === 0x2018;

/**
 * The words of a text as the runs read them (hashWords' rule), as strings: a heading's words, compared whole.
 * @example wordsOf('“Don’t—STOP,” said Zoë.') // ["don't", 'stop', 'said', 'zoë']
 */
export function wordsOf(text: string): string[] {
  const words: string[] = [];
  const len = text.length;
  let i = 0;
  while (i < len) {
    if (!isWordAt(text, i)) {
      i++;
      continue;
    }
    const start = i;
    while (i < len) {
      if (isWordAt(text, i)) i += isHigh(text.charCodeAt(i)) ? 2 : 1;
      else if (isJoiner(text.charCodeAt(i)) && i + 1 < len && isWordAt(text, i + 1)) i++;
      else break;
    }
    words.push(text.slice(start, i).toLowerCase().replace(/[’‘]/g, "'"));
  }
  return words;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;

function grow(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(a.length * 2);
  bigger.set(a);
  return bigger;
}

/** Per code unit: its lower-case code unit; 0 not yet asked; 0xffff lowers to more than one unit ("İ"). */
const LOWER = new Uint16Array(0x10000);
const MANY = 0xffff;
/** Per ASCII code: the lower-case letter or digit it is, 0 when it is neither. */
const ASCII_WORD = new Uint8Array(0x80);
for (let c = 0; c < 0x80; c++) {
  LOWER[c] = c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
  ASCII_WORD[c] = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) ? LOWER[c]! : 0;
}

function lowerOf(code: number): number {
  if (code >= 0xd800 && code <= 0xdfff) return MANY;
  const s = String.fromCharCode(code).toLowerCase();
  return s.length === 1 && s.charCodeAt(0) !== MANY ? s.charCodeAt(0) : MANY;
}

/** Each word's two 32-bit hashes (of its lower-case letters, joiners as ' and -), reused by every reading. */
let hashX = new Int32Array(4096);
let hashY = new Int32Array(4096);

/**
 * Reads the words of `text` into the shared hashX/hashY and returns how many with them (read them before the next
 * call): the words wordsOf finds, in one pass, ASCII letters and digits from a table, other characters through
 * words.ts's and a lower-case table.
 */
export function hashWords(text: string): { n: number; x: Int32Array; y: Int32Array } {
  const len = text.length;
  let n = 0;
  let x = 0;
  let y = 0;
  let isIn = false;
  for (let i = 0; i < len; i++) {
    const code = text.charCodeAt(i);
    let unit = code < 0x80 ? ASCII_WORD[code]! : 0;
    if (unit === 0) {
      if (code >= 0x80 && isWordAt(text, i)) {
        unit = LOWER[code]!;
        if (unit === 0) LOWER[code] = unit = lowerOf(code);
      } else if (isIn && isJoiner(code) && i + 1 < len && isWordAt(text, i + 1)) unit = code === 0x2d ? 0x2d : 0x27;
      else {
        if (isIn) {
          if (n === hashX.length) [hashX, hashY] = [grow(hashX), grow(hashY)];
          hashX[n] = x;
          hashY[n++] = y;
          isIn = false;
        }
        continue;
      }
    }
    if (!isIn) {
      x = FNV_OFFSET;
      y = 0x9747b28c;
      isIn = true;
    }
    if (unit !== MANY) {
      x = Math.imul(x ^ unit, FNV_PRIME);
      y = Math.imul(y ^ unit, 0x5bd1e995) ^ (y >>> 15);
      continue;
    }
    // A letter that lowers to more than one unit, or one beyond 0xffff (a surrogate pair, read whole).
    const point = text.codePointAt(i)!;
    if (point > 0xffff) i++;
    const lower = String.fromCodePoint(point).toLowerCase();
    for (let k = 0; k < lower.length; k++) {
      const c = lower.charCodeAt(k);
      x = Math.imul(x ^ c, FNV_PRIME);
      y = Math.imul(y ^ c, 0x5bd1e995) ^ (y >>> 15);
    }
  }
  if (isIn) {
    if (n === hashX.length) [hashX, hashY] = [grow(hashX), grow(hashY)];
    hashX[n] = x;
    hashY[n++] = y;
  }
  return { n, x: hashX, y: hashY };
}

/** Words in a run: enough that common phrases ("she said nothing at all") do not count (2^3, for eachRun's ring). */
export const RUN_WORDS = 8;

/**
 * A run's two hashes are polynomials of its words' (x: Σ word·P^(7-k) over its 8 words, mod 2^32), so the next
 * run's are the last's less its first word, times P, plus the new word: a run costs a few multiplications however
 * long it is. P^8 for each (what a word is worth when it leaves the run, after the multiplication).
 */
export const PX = FNV_PRIME;
export const PY = 0x2c1b3c6d;
const powerOf = (p: number) => {
  let power = 1;
  for (let k = 0; k < RUN_WORDS; k++) power = Math.imul(power, p);
  return power;
};
export const PX_OUT = powerOf(PX);
export const PY_OUT = powerOf(PY);
/** A run's key from its two hashes: 32 bits of one and 21 of the other, a whole number below 2^53. */
export const keyOf = (x: number, y: number) => (x >>> 0) * 2 ** 21 + (y >>> 11);

/** Calls `at(j, kx, ky)` with the two hashes of each run of `n` words' hashes (words j to j+7), rolled along. */
export function rollRuns(
  x: Int32Array,
  y: Int32Array,
  n: number,
  at: (j: number, kx: number, ky: number) => void,
): void {
  let kx = 0;
  let ky = 0;
  for (let w = 0; w < n; w++) {
    kx = (Math.imul(kx, PX) + x[w]!) | 0;
    ky = (Math.imul(ky, PY) + y[w]!) | 0;
    if (w >= RUN_WORDS) {
      kx = (kx - Math.imul(x[w - RUN_WORDS]!, PX_OUT)) | 0;
      ky = (ky - Math.imul(y[w - RUN_WORDS]!, PY_OUT)) | 0;
    }
    if (w >= RUN_WORDS - 1) at(w - RUN_WORDS + 1, kx, ky);
  }
}
