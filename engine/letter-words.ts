// Words as letters: a text's vocabulary (letters with their marks and digits, inner apostrophes and hyphens kept,
// punctuation, quotes and dashes left out), what a voice is measured on and the near-duplicate check compares. Words as
// a text is counted and cut (runs of non-space characters) are engine/words.ts's. A letter's marks are its word's
// (Thai's and Hindi's vowel signs, Arabic's vowels, a decomposed "é"), as a word's edge reads them (word-edges.ts).
import { hasUnspaced, segmentWords, UNSPACED_FROM } from './unspaced-words.js';

/**
 * The words of a text as vocabulary, lowercased: runs of letters (with their marks) and digits with inner apostrophes
 * and hyphens ("don't", Malay "kanak-kanak" whole), punctuation and dashes left out; in a script written without
 * spaces, the segmenter's words of such a run. What a voice is measured on.
 * @example letterWords("Don't—she said, kanak-kanak.") // ["don't", 'she', 'said', 'kanak-kanak']
 */
export function letterWords(raw: string): string[] {
  // Lower case first, then read (a few capitals lower to a letter and a mark: "İ" → "i̇", one word still).
  const text = raw.toLowerCase();
  // The regex is quickest on plain ASCII; one curly quote or dash makes it read every character slowly (a text
  // of two-byte characters), and the loop below reads such a text in less than half its time.
  if (!NOT_ASCII.test(text)) return text.match(LETTER_WORD) ?? [];
  const words: string[] = [];
  const len = text.length;
  let start = -1;
  // Every letter's code unit OR-ed: under UNSPACED_FROM, none is of a script written without spaces.
  let letters = 0;
  for (let i = 0; i < len; i++) {
    const code = text.charCodeAt(i);
    // ASCII letters and digits straight from the table; anything else asked of isLetterOrDigitAt.
    if (code < 0x80 ? CLASS[code] === 1 : isLetterOrDigitAt(text, i)) {
      letters |= code;
      if (start < 0) start = i;
      if (code >= 0xd800 && code <= 0xdbff) i++;
    } else if (start >= 0 && !(isJoiner(code) && i + 1 < len && isLetterOrDigitAt(text, i + 1))) {
      words.push(text.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(text.slice(start));
  return letters >= UNSPACED_FROM && hasUnspaced(text) ? words.flatMap(segmentWords) : words;
}

const LETTER_WORD = /[\p{L}\p{M}\p{N}]+(?:['’-][\p{L}\p{M}\p{N}]+)*/gu;
const FIRST_LETTER_WORD = new RegExp(LETTER_WORD.source, 'u');

/**
 * The first of letterWords(text), or undefined: found without making the others (a sentence's opener).
 * @example firstLetterWord('“Where,” she asked') // 'where'
 */
export function firstLetterWord(text: string): string | undefined {
  const run = FIRST_LETTER_WORD.exec(text.toLowerCase())?.[0];
  return run === undefined ? undefined : segmentWords(run)[0];
}
const NOT_ASCII = /[^\0-\x7f]/;
const LETTER_OR_DIGIT = /^[\p{L}\p{M}\p{N}]$/u;
/** Per UTF-16 code unit: 0 not yet asked, 1 a letter or digit, 2 not, 3 half of a surrogate pair (read whole). */
const CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x80; c++)
  CLASS[c] = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) ? 1 : 2;
for (let c = 0xd800; c <= 0xdfff; c++) CLASS[c] = 3;
/** Letters and digits beyond 0xffff, asked once each. */
const ASTRAL = new Map<number, boolean>();

/**
 * True for a letter, a mark or a digit (\p{L}, \p{M}, \p{N}) at `i`: a code unit, or a surrogate pair read whole
 * (either half
 * says what the pair is; a lone half is neither). Each code unit is asked of the regex once.
 */
export function isLetterOrDigitAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  let c = CLASS[code]!;
  if (c === 0) CLASS[code] = c = LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 1 : 2;
  if (c !== 3) return c === 1;
  if (isHigh(code)) return isLow(text.charCodeAt(i + 1)) && isAstralLetterOrDigit(text.codePointAt(i)!);
  return i > 0 && isHigh(text.charCodeAt(i - 1)) && isAstralLetterOrDigit(text.codePointAt(i - 1)!);
}

function isAstralLetterOrDigit(point: number): boolean {
  let is = ASTRAL.get(point);
  if (is === undefined) ASTRAL.set(point, (is = LETTER_OR_DIGIT.test(String.fromCodePoint(point))));
  return is;
}
const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isJoiner = (code: number) => code === 0x27 || code === 0x2019 || code === 0x2d;

/**
 * letterWords(text).length, without making the words (a voice's sentence lengths count every sentence's words).
 * @example countLetterWords("Don't—she said, kanak-kanak.") // 4
 */
export function countLetterWords(raw: string): number {
  // Lower case first, as letterWords reads it (a few capitals lower to a letter and a mark: "İ" → "i̇"); a text with
  // none of them is read as it is (no copy of it made in lower case). A script written without spaces is counted by
  // its words.
  if (isCaseKept(raw)) return countLettersIn(raw);
  return hasUnspaced(raw) ? letterWords(raw).length : countLettersIn(raw.toLowerCase());
}

/**
 * True when lower case keeps each code unit of `text` one code unit, a letter or digit as one and other marks as
 * they are: code units below U+0130 (ASCII, Latin-1, Latin Extended-A to į) and general punctuation (’ “ ” — …).
 */
function isCaseKept(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x130 && (c < 0x2000 || c > 0x206f)) return false;
  }
  return true;
}

function countLettersIn(text: string): number {
  let n = 0;
  let isPrevWord = false;
  for (let i = 0; i < text.length; i++) {
    const isWord = isLetterOrDigitAt(text, i);
    // A letter starts a word unless it follows one, or follows an apostrophe or hyphen that follows one.
    if (isWord && !isPrevWord && !(i >= 2 && isJoiner(text.charCodeAt(i - 1)) && isLetterOrDigitAt(text, i - 2))) n++;
    isPrevWord = isWord;
  }
  return n;
}

/** plainWordUnits' answer: the words' code units one after another, and the index after each word's last one. */
export interface PlainWordUnits {
  units: Uint16Array;
  ends: Int32Array;
  count: number;
}

/** plainWordUnits' arrays, grown as texts need them; a text longer than SCRATCH_MOST code units has its own. */
let scratch: PlainWordUnits = { units: new Uint16Array(0), ends: new Int32Array(0), count: 0 };
const SCRATCH_MOST = 1 << 18;

/**
 * The words of a text as the near-duplicate check compares them (engine/publish/near-duplicate.ts): lower case,
 * letters and digits only, so punctuation, quotes and dashes never hide a copied passage. As code units, with no
 * string a word: each word's units in turn, its apostrophes and hyphens left out (read as letterWords' loop reads a
 * text), and where each word ends. The arrays are read again by the next call:
 * read them first. The near-duplicate check hashes every part of a batch's books (a string a word was most of what
 * it made).
 * @example plainWordUnits("Don't go") // units of 'dontgo', ends [4, 6], count 2
 */
export function plainWordUnits(raw: string): PlainWordUnits {
  const text = raw.toLowerCase();
  const len = text.length;
  let { units, ends } = scratch;
  if (units.length < len) {
    units = new Uint16Array(len);
    ends = new Int32Array((len >> 1) + 1);
    if (len <= SCRATCH_MOST) scratch = { units, ends, count: 0 };
  }
  let count = 0;
  let at = 0;
  let isInWord = false;
  let letters = 0;
  for (let i = 0; i < len; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 ? CLASS[code] === 1 : isLetterOrDigitAt(text, i)) {
      isInWord = true;
      letters |= code;
      units[at++] = code;
      if (code >= 0xd800 && code <= 0xdbff) units[at++] = text.charCodeAt(++i);
    } else if (isInWord && !(isJoiner(code) && i + 1 < len && isLetterOrDigitAt(text, i + 1))) {
      ends[count++] = at;
      isInWord = false;
    }
  }
  if (isInWord) ends[count++] = at;
  // A script written without spaces: its words as letterWords segments them (read again, for such texts only).
  if (letters >= UNSPACED_FROM && hasUnspaced(text))
    return unitsOf(letterWords(raw).map((w) => w.replace(JOINERS, '')));
  return { units, ends, count };
}

const JOINERS = /['’-]/g;

/** A script written without spaces: its words, as letterWords segments them, one after another in arrays of its own. */
function unitsOf(words: readonly string[]): PlainWordUnits {
  const units = new Uint16Array(words.reduce((n, w) => n + w.length, 0));
  const ends = new Int32Array(words.length);
  let at = 0;
  words.forEach((word, w) => {
    for (let i = 0; i < word.length; i++) units[at++] = word.charCodeAt(i);
    ends[w] = at;
  });
  return { units, ends, count: words.length };
}
