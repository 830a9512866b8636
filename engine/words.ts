// Words, counted and cut one way for the whole product: the progress lines, the preview, prompts' "the story
// so far ended…", a passage's surroundings and the checks on headings and titles. A word is a run of
// non-space characters.

/** The words of a text (runs of non-space characters). */
export function wordList(text: string): string[] {
  return text.match(/\S+/g) ?? [];
}

/** True for the characters /\s/ matches (ECMAScript's WhiteSpace and LineTerminator). */
export function isSpace(code: number): boolean {
  return code <= 0x20 ? code === 0x20 || (code >= 0x09 && code <= 0x0d) : code >= 0x80 && isWideSpace(code);
}
function isWideSpace(code: number): boolean {
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

/**
 * The last long texts counted and their counts, a few in turn: a part is counted by its step, its length check
 * and its measures, and between them the checks count the answer's first and last paragraphs (long ones too).
 */
const COUNTS_KEPT = 4;
const counted: string[] = new Array<string>(COUNTS_KEPT).fill('');
const counts: number[] = new Array<number>(COUNTS_KEPT).fill(0);
let nextKept = 0;

/**
 * Count words the way the progress lines and the preview do (wordList's length, without making the list: every answer
 * is counted).
 */
export function countWords(text: string): number {
  if (text.length <= 256) return countWordsBetween(text);
  // One of the last texts counted: the same string (told at once), or one of another length (told at once too).
  for (let k = 0; k < COUNTS_KEPT; k++) if (counted[k] === text) return counts[k]!;
  const n = countWordsBetween(text);
  counted[nextKept] = text;
  counts[nextKept] = n;
  nextKept = (nextKept + 1) % COUNTS_KEPT;
  return n;
}

/**
 * countWords of text.slice(start, len), counted in place and never kept: the paragraphs of a text counted one by one
 * (each counted once) would push the last long texts counted out of countWords' few.
 */
export function countWordsBetween(text: string, start = 0, len = text.length): number {
  return countWordsUpTo(text, Infinity, start, len);
}

/**
 * countWordsBetween counted no further than `most`: the words of text.slice(start, end) when fewer, else `most`. A part
 * read in blocks of a least number of words (bible/update-ask.ts blocksOf) needs a paragraph's words only up to what
 * its block lacks.
 * @example countWordsUpTo('a b c d', 2) // 2
 * @example countWordsUpTo('a b c d', 9) // 4
 */
export function countWordsUpTo(text: string, most: number, start = 0, end = text.length): number {
  let n = 0;
  let i = start;
  // Spaces to the next word, then the word to the next space: two tight loops, no state carried per character.
  while (i < end) {
    while (isSpace(text.charCodeAt(i))) if (++i === end) return n;
    if (++n >= most) return n;
    while (++i < end && !isSpace(text.charCodeAt(i)));
  }
  return n;
}

/**
 * countWords of a text when it is more than `least`, else a number no more than `least`: the count stops at a word's
 * start once the words left cannot bring it above `least` (k words take 2k - 1 characters at least). A prompt's token
 * estimate (engine/context-window.ts) wants its words only when they outnumber a share of its characters.
 * @example wordsOver('a b c d', 3) // 4
 * @example wordsOver('a b c d', 4) // 0 (no more than 4: not counted)
 */
export function wordsOver(text: string, least: number): number {
  const len = text.length;
  let n = 0;
  let i = 0;
  while (i < len) {
    while (isSpace(text.charCodeAt(i))) if (++i === len) return n;
    if (n + ((len - i + 1) >> 1) <= least) return n;
    n++;
    while (++i < len && !isSpace(text.charCodeAt(i)));
  }
  return n;
}

/**
 * At most the first `n` words of a text, joined by single spaces, with `mark` after them when the text was cut.
 * @example firstWords('one two three', 2) // 'one two …'
 */
export function firstWords(text: string, n: number, mark = ' …'): string {
  const words = wordList(text);
  return words.slice(0, n).join(' ') + (words.length > n ? mark : '');
}

/**
 * At most the last `n` words of a text, joined by single spaces, with `mark` before them when the text was cut.
 * @example lastWords('one two three', 2) // '…two three'
 */
export function lastWords(text: string, n: number, mark = '…'): string {
  if (n <= 0) return (countWords(text) > 0 ? mark : '') + wordList(text).join(' ');
  // Read from the end: a prompt's "the story so far ended…" takes the last words of a whole chapter.
  const words: string[] = [];
  let end = text.length;
  for (let i = text.length - 1; i >= -1; i--) {
    const isBreak = i < 0 || isSpace(text.charCodeAt(i));
    if (isBreak) {
      if (end > i + 1) {
        if (words.length === n) return mark + words.reverse().join(' ');
        words.push(text.slice(i + 1, end));
      }
      end = i;
    }
  }
  return words.reverse().join(' ');
}

/**
 * The words of a text as vocabulary, lowercased: runs of letters and digits with inner apostrophes and hyphens
 * ("don't", Malay "kanak-kanak" whole), punctuation and dashes left out. What a voice is measured on.
 * @example letterWords("Don't—she said, kanak-kanak.") // ["don't", 'she', 'said', 'kanak-kanak']
 */
export function letterWords(raw: string): string[] {
  // Lower case first, then read (a few capitals lower to a letter and a mark: "İ" → "i̇", two words).
  const text = raw.toLowerCase();
  // The regex is quickest on plain ASCII; one curly quote or dash makes it read every character slowly (a text
  // of two-byte characters), and the loop below reads such a text in less than half its time.
  if (!NOT_ASCII.test(text)) return text.match(LETTER_WORD) ?? [];
  const words: string[] = [];
  const len = text.length;
  let start = -1;
  for (let i = 0; i < len; i++) {
    const code = text.charCodeAt(i);
    // ASCII letters and digits straight from the table; anything else asked of isLetterOrDigitAt.
    if (code < 0x80 ? CLASS[code] === 1 : isLetterOrDigitAt(text, i)) {
      if (start < 0) start = i;
      if (code >= 0xd800 && code <= 0xdbff) i++;
    } else if (start >= 0 && !(isJoiner(code) && i + 1 < len && isLetterOrDigitAt(text, i + 1))) {
      words.push(text.slice(start, i));
      start = -1;
    }
  }
  if (start >= 0) words.push(text.slice(start));
  return words;
}

const LETTER_WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;
const NOT_ASCII = /[^\0-\x7f]/;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** Per UTF-16 code unit: 0 not yet asked, 1 a letter or digit, 2 not, 3 half of a surrogate pair (read whole). */
const CLASS = new Uint8Array(0x10000);
for (let c = 0; c < 0x80; c++)
  CLASS[c] = (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) ? 1 : 2;
for (let c = 0xd800; c <= 0xdfff; c++) CLASS[c] = 3;
/** Letters and digits beyond 0xffff, asked once each. */
const ASTRAL = new Map<number, boolean>();

/**
 * True for a letter or digit (\p{L}, \p{N}) at `i`: a code unit, or a surrogate pair read whole (either half
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
  // none of them is read as it is (no copy of it made in lower case).
  return countLettersIn(isCaseKept(raw) ? raw : raw.toLowerCase());
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
  for (let i = 0; i < len; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80 ? CLASS[code] === 1 : isLetterOrDigitAt(text, i)) {
      isInWord = true;
      units[at++] = code;
      if (code >= 0xd800 && code <= 0xdbff) units[at++] = text.charCodeAt(++i);
    } else if (isInWord && !(isJoiner(code) && i + 1 < len && isLetterOrDigitAt(text, i + 1))) {
      ends[count++] = at;
      isInWord = false;
    }
  }
  if (isInWord) ends[count++] = at;
  return { units, ends, count };
}

// FNV's 32-bit constants, the one place they are written: the offline provider's seeds (providers/seeded.ts), the
// batch's near-duplicate runs (publish/near-duplicate.ts, session/run-words.ts), the language markers' phrases
// (session/reading/language-words.ts) and the overused threes (session/voice/threes.ts) hash words with them. Each of
// those reads its own input in its own hot loop (a string, code units, words read in place), so here are the constants
// and fnv1a over a string, not a loop over a shape none of them has.

/** FNV's 32-bit offset basis (2166136261), as a signed 32-bit integer. */
export const FNV_OFFSET = 0x811c9dc5 | 0;
/** FNV's 32-bit prime (16777619). */
export const FNV_PRIME = 0x01000193;

/**
 * FNV-1a's state after the characters (UTF-16 code units) of `text`, from `h` (the offset basis when not given).
 * @example fnv1a('a') >>> 0 // 0xe40c292c
 */
export function fnv1a(text: string, h: number = FNV_OFFSET): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h;
}
