// The words and the sentences of a text as language.ts judges them, read in one pass over its code units with
// no pattern (the regular expressions they replace, WORD and the sentence split below, cost most of checking
// an answer's language):
// - a word is a run of Latin letters (with accents: U+00C0–U+024F) and digits, with inner hyphens and
//   apostrophes: /[A-Za-z0-9\u00C0-\u024F]+(?:[-'’][A-Za-z0-9\u00C0-\u024F]+)*/; a run of digits alone is no
//   word (numbers are not judged);
// - a unit (a sentence or a line, what votes English or Malay) ends at a line break, or at white space after
//   a stop (. ! ? …) and any closing quotes or brackets: /(?<=[.!?…])["”’)\]]*\s+|\n+/.

/** A letter or digit of a word: A–Z, a–z, 0–9 and U+00C0–U+024F. */
export function isWordCode(c: number): boolean {
  return c < 0x80
    ? (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39)
    : c >= 0xc0 && c <= 0x24f;
}

/** A hyphen or an apostrophe (' ’): joins two runs of letters into one word. */
const isJoiner = (c: number) => c === 0x2d || c === 0x27 || c === 0x2019;

/** True for the characters /\s/ matches (ECMAScript's WhiteSpace and LineTerminator). */
export function isSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
const isStop = (c: number) => c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;
const isCloser = (c: number) => c === 0x22 || c === 0x201d || c === 0x2019 || c === 0x29 || c === 0x5d;

/**
 * What a word is written with (LatinWords.marks), one bit each: a letter or digit that is not ASCII (é, ñ), a
 * curly apostrophe (’), a hyphen, an ASCII capital, an ASCII small letter.
 */
export const NON_ASCII = 1;
export const CURLY = 2;
export const DASH = 4;
export const UPPER = 8;
export const LOWER = 16;

/**
 * A text's words as the language check reads them (numbers alone left out), in order, and its units: unit u is
 * words `unitEnds[u - 1]` (0 for the first) to `unitEnds[u]`. Units with no word are not kept. Read once per text
 * (the text's reading, reading.ts) and shared by the language verdict and the neighbour's words: each word's
 * hash and marks are worked out as it is read, so the function words, the markers and the noted words are looked
 * up by them, none of them reading the word's letters again (but the few that match, to make sure).
 */
export interface LatinWords {
  /** (Views of one buffer, exactly as long as their words and units: read them, never write them.) */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
  /**
   * Each word's hashOf in lower case with ’ read as ' (a hyphen hashed as itself); of no use for a word marked
   * NON_ASCII.
   */
  readonly hashes: Int32Array;
  /** Each word's marks (NON_ASCII, CURLY, DASH, UPPER, LOWER). */
  readonly marks: Int32Array;
  /** Words in all. */
  readonly count: number;
  readonly unitEnds: Int32Array;
  readonly units: number;
  /**
   * Code units of the text at U+0370 or above, outside the general punctuation (quotes, dashes, the ellipsis): a
   * letter of a script other than Latin is one or two of them, so a text with few has no script language
   * (language-script.ts).
   */
  readonly otherScript: number;
}

/**
 * Where scanWords writes a text's words and units as it reads them (a text of `len` code units has at most
 * (len + 1) / 2 words: each but the last is followed by a code unit that is not in it), kept for the next text
 * up to SCRATCH_KEPT words. Grown as plain arrays, the five lists of one answer were made ~2.5 times their size
 * each (5 MB of a 400-book batch's 20 MB a second of garbage); copied out at their size, once, in one buffer.
 */
let scratch = new Int32Array(0);
const SCRATCH_KEPT = 1 << 16;

/**
 * The words and units of a text (LatinWords), in one pass over its code units (no closure; one buffer made, at its
 * size).
 */
export function scanWords(text: string): LatinWords {
  const most = (text.length >> 1) + 1;
  const room = scratch.length >= 5 * most ? scratch : new Int32Array(5 * most);
  if (most <= SCRATCH_KEPT) scratch = room;
  const starts = room.subarray(0, most);
  const ends = room.subarray(most, 2 * most);
  const hashes = room.subarray(2 * most, 3 * most);
  const marks = room.subarray(3 * most, 4 * most);
  const unitEnds = room.subarray(4 * most, 5 * most);
  let units = 0;
  let n = 0;
  let unitStart = 0;
  let otherScript = 0;
  // A stop seen, followed only by closing quotes and brackets so far: the next white space ends the unit.
  let isAfterStop = false;
  const len = text.length;
  for (let i = 0; i < len;) {
    const c = text.charCodeAt(i);
    if (isWordCode(c)) {
      // The word (wordEndAt's), its hash and its marks in the same loop.
      let end = i;
      let h = 0;
      let m = 0;
      let hasLetter = false;
      for (;;) {
        for (; end < len; end++) {
          let d = text.charCodeAt(end);
          if (d < 0x80) {
            if (d >= 0x41 && d <= 0x5a) {
              m |= UPPER;
              d |= 0x20;
            } else if (d >= 0x61 && d <= 0x7a) m |= LOWER;
            else if (d < 0x30 || d > 0x39) break;
            else {
              h = (Math.imul(h, 31) + d) & HASH_MASK;
              continue;
            }
          } else if (d >= 0xc0 && d <= 0x24f) m |= NON_ASCII;
          else break;
          hasLetter = true;
          h = (Math.imul(h, 31) + d) & HASH_MASK;
        }
        const j = end < len - 1 ? text.charCodeAt(end) : 0;
        if (!isJoiner(j) || !isWordCode(text.charCodeAt(end + 1))) break;
        m |= j === 0x2d ? DASH : j === 0x2019 ? CURLY : 0;
        h = (Math.imul(h, 31) + (j === 0x2019 ? 0x27 : j)) & HASH_MASK;
        end++;
      }
      if (hasLetter) {
        starts[n] = i;
        ends[n] = end;
        hashes[n] = h;
        marks[n] = m;
        n++;
      }
      isAfterStop = false;
      i = end;
      continue;
    }
    if (c === 0x0a || (isAfterStop && isSpace(c))) {
      // A unit ends here (one with no word is not kept).
      if (n > unitStart) unitEnds[units++] = unitStart = n;
      isAfterStop = false;
    } else if (isStop(c)) isAfterStop = true;
    else if (!isCloser(c)) isAfterStop = false;
    if (c >= 0x370 && (c < 0x2000 || c > 0x206f)) otherScript++;
    i++;
  }
  if (n > unitStart) unitEnds[units++] = n;
  // The lists at their length, one after another in a piece of a shared buffer (intsFor).
  const out = intsFor(4 * n + units);
  out.set(starts.subarray(0, n), 0);
  out.set(ends.subarray(0, n), n);
  out.set(hashes.subarray(0, n), 2 * n);
  out.set(marks.subarray(0, n), 3 * n);
  out.set(unitEnds.subarray(0, units), 4 * n);
  const list = (at: number, length: number) => out.subarray(at, at + length);
  return {
    starts: list(0, n),
    ends: list(n, n),
    hashes: list(2 * n, n),
    marks: list(3 * n, n),
    count: n,
    unitEnds: list(4 * n, units),
    units,
    otherScript,
  };
}

/**
 * Where scanWords' lists are cut from: pieces of one buffer of SLAB_INTS, a new one when it is used up (a typed array
 * of its own for each text cost as much as a third of reading it, in making and in collecting it); a text's lists
 * larger than a quarter of it get a buffer of their own. A slab is let go once no text's lists in it are kept (the
 * readings keep the words of the last 32 texts, reading.ts).
 */
const SLAB_INTS = 1 << 16;
let slab = new Int32Array(0);
let slabUsed = 0;

function intsFor(n: number): Int32Array {
  if (n > SLAB_INTS >> 2) return new Int32Array(n);
  if (slabUsed + n > slab.length) {
    slab = new Int32Array(SLAB_INTS);
    slabUsed = 0;
  }
  slabUsed += n;
  return slab.subarray(slabUsed - n, slabUsed);
}

/** A word as judged: lower case, with ’ written '. */
export function wordAt(text: string, start: number, end: number): string {
  const lower = text.slice(start, end).toLowerCase();
  return lower.includes('’') ? lower.replace(/’/g, "'") : lower;
}

/** Hashes are kept to 30 bits: small integers, which a Map looks up without making a number object. */
export const HASH_MASK = 0x3fffffff;
export const hashOf = (word: string) => {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + word.charCodeAt(i)) & HASH_MASK;
  return h;
};
