// Words, counted and cut one way for the whole product: the progress lines, the preview, prompts' "the story
// so far ended…", a passage's surroundings and the checks on headings and titles. A word is a run of
// non-space characters; in a script written without spaces (Thai, Japanese…) the segmenter's words of such a run
// (engine/unspaced-words.ts).
import { hasUnspaced, hasUnspacedIn, runPieces, runWordCount, UNSPACED_FROM } from './unspaced-words.js';

const RUNS = /\S+/g;

/** The words of a text (runs of non-space characters; the words of a run in a script written without spaces). */
export function wordList(text: string): string[] {
  const runs = text.match(RUNS) ?? [];
  return hasUnspaced(text) ? runs.flatMap(runPieces) : runs;
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
 * The words of a text that hold a letter or digit (a dash or a row of stars alone is none): what a reader reads aloud
 * (an audio edition's pace) and what a description's length is weighed by.
 * @example countLetteredWords('One — two *** three') // 3
 */
export function countLetteredWords(text: string): number {
  let n = 0;
  for (const word of wordList(text)) if (HAS_LETTER.test(word)) n++;
  return n;
}
const HAS_LETTER = /[\p{L}\p{N}]/u;

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
    const from = i;
    // Every code unit of the run OR-ed: under UNSPACED_FROM, none is of a script written without spaces.
    let units = text.charCodeAt(i);
    for (let c; ++i < end && !isSpace((c = text.charCodeAt(i)));) units |= c;
    n += units < UNSPACED_FROM ? 1 : runWordCount(text, from, i);
    if (n >= most) return most;
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
  // True once the rest holds a script written without spaces: a word there may be one character.
  let isDense = false;
  while (i < len) {
    while (isSpace(text.charCodeAt(i))) if (++i === len) return n;
    if (!isDense && n + ((len - i + 1) >> 1) <= least) {
      if (!hasUnspacedIn(text, i, len)) return n;
      isDense = true;
    }
    if (isDense && n + (len - i) <= least) return n;
    const from = i;
    let units = text.charCodeAt(i);
    for (let c; ++i < len && !isSpace((c = text.charCodeAt(i)));) units |= c;
    n += units < UNSPACED_FROM ? 1 : runWordCount(text, from, i);
  }
  return n;
}

/**
 * At most the first `n` words of a text, joined by single spaces, with `mark` after them when the text was cut.
 * @example firstWords('one two three', 2) // 'one two …'
 */
export function firstWords(text: string, n: number, mark = ' …'): string {
  let out = '';
  let taken = 0;
  for (const [run] of text.matchAll(RUNS)) {
    // The words of one run (a script written without spaces) are joined again without a space.
    const pieces = runPieces(run);
    for (let k = 0; k < pieces.length; k++) {
      if (taken === n) return out + mark;
      out += (k === 0 && taken > 0 ? ' ' : '') + pieces[k];
      taken++;
    }
  }
  return out;
}

/**
 * At most the last `n` words of a text, joined by single spaces, with `mark` before them when the text was cut.
 * @example lastWords('one two three', 2) // '…two three'
 */
export function lastWords(text: string, n: number, mark = '…'): string {
  if (n <= 0) return (countWords(text) > 0 ? mark : '') + firstWords(text, Infinity);
  // Read from the end: a prompt's "the story so far ended…" takes the last words of a whole chapter.
  let out = '';
  let taken = 0;
  let end = text.length;
  for (let i = text.length - 1; i >= -1; i--) {
    const isBreak = i < 0 || isSpace(text.charCodeAt(i));
    if (isBreak) {
      if (end > i + 1) {
        // The words of one run (a script written without spaces) are joined again without a space.
        const pieces = runPieces(text.slice(i + 1, end));
        for (let k = pieces.length - 1; k >= 0; k--) {
          if (taken === n) return mark + out;
          out = pieces[k] + (taken > 0 && k === pieces.length - 1 ? ' ' : '') + out;
          taken++;
        }
      }
      end = i;
    }
  }
  return out;
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
