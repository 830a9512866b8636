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
  return c < 0x80 ? (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) : c >= 0xc0 && c <= 0x24f;
}

/** A hyphen or an apostrophe (' ’): joins two runs of letters into one word. */
const isJoiner = (c: number) => c === 0x2d || c === 0x27 || c === 0x2019;

/** The end of the word that starts at `start` (a letter or digit there). */
export function wordEndAt(text: string, start: number): number {
  let end = start + 1;
  for (;;) {
    while (end < text.length && isWordCode(text.charCodeAt(end))) end++;
    if (end + 1 < text.length && isJoiner(text.charCodeAt(end)) && isWordCode(text.charCodeAt(end + 1))) end += 2;
    else return end;
  }
}

/** True for a word with a letter in it (not a number alone). */
function hasLetter(text: string, start: number, end: number): boolean {
  const first = text.charCodeAt(start);
  if (first < 0x30 || first > 0x39) return true;
  for (let i = start + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (isWordCode(c) && (c < 0x30 || c > 0x39)) return true;
  }
  return false;
}

/** True for the characters /\s/ matches (ECMAScript's WhiteSpace and LineTerminator). */
export function isSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}
const isStop = (c: number) => c === 0x2e || c === 0x21 || c === 0x3f || c === 0x2026;
const isCloser = (c: number) => c === 0x22 || c === 0x201d || c === 0x2019 || c === 0x29 || c === 0x5d;

/**
 * A text's words as the language check reads them (numbers alone left out), in order, and its units: unit u is
 * words `unitEnds[u - 1]` (0 for the first) to `unitEnds[u]`. Units with no word are not kept. Read once per text
 * (the text's reading, reading.ts) and shared by the language verdict and the Indonesian words.
 */
export interface LatinWords {
  readonly starts: readonly number[];
  readonly ends: readonly number[];
  /** Words in all. */
  readonly count: number;
  readonly unitEnds: readonly number[];
  readonly units: number;
}

/** The words and units of a text (LatinWords), in one pass over its code units (plain arrays of small integers: no closure, no buffers to allocate). */
export function scanWords(text: string): LatinWords {
  const starts: number[] = [];
  const ends: number[] = [];
  const unitEnds: number[] = [];
  let n = 0;
  let unitStart = 0;
  // A stop seen, followed only by closing quotes and brackets so far: the next white space ends the unit.
  let isAfterStop = false;
  const len = text.length;
  for (let i = 0; i < len; ) {
    const c = text.charCodeAt(i);
    if (isWordCode(c)) {
      const end = wordEndAt(text, i);
      if (hasLetter(text, i, end)) {
        starts.push(i);
        ends.push(end);
        n++;
      }
      isAfterStop = false;
      i = end;
      continue;
    }
    if (c === 0x0a || (isAfterStop && isSpace(c))) {
      // A unit ends here (one with no word is not kept).
      if (n > unitStart) unitEnds.push((unitStart = n));
      isAfterStop = false;
    } else if (isStop(c)) isAfterStop = true;
    else if (!isCloser(c)) isAfterStop = false;
    i++;
  }
  if (n > unitStart) unitEnds.push(n);
  return { starts, ends, count: n, unitEnds, units: unitEnds.length };
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
