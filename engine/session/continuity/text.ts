// How the continuity checks read a part's text, without a model: its sentences, its words (one pass, without
// possessive endings), capitalised words, two names one edit apart, and a name that speaks or acts in a sentence.
import { isAct, isNotPresent } from './words.js';

/** True when two names are one edit apart (a letter added, dropped, changed or two swapped). */
export function isOneEditApart(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y || Math.abs(x.length - y.length) > 1) return false;
  let i = 0;
  while (i < x.length && x[i] === y[i]) i++;
  if (x.length === y.length)
    return (
      x.slice(i + 1) === y.slice(i + 1) || (x[i] === y[i + 1] && x[i + 1] === y[i] && x.slice(i + 2) === y.slice(i + 2))
    );
  return x.length > y.length ? x.slice(i + 1) === y.slice(i) : x.slice(i) === y.slice(i + 1);
}

export const sentencesOf = (text: string) => text.split(/(?<=[.!?…])\s+|\n+/).filter((s) => s.trim());
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/**
 * True for a code point of a word: a letter, a digit, an apostrophe or a hyphen (past ASCII, asked of LETTER_OR_DIGIT).
 */
function isWordCode(code: number): boolean {
  if (code < 0x80)
    return (
      ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) ||
      (code >= 0x30 && code <= 0x39) ||
      code === 0x27 ||
      code === 0x2d
    );
  return code === 0x2019 || LETTER_OR_DIGIT.test(String.fromCodePoint(code));
}
/**
 * True for an apostrophe, a closing quote or a hyphen: a quote mark around a word ('Anna') or a plural's possessive
 * (Ravenels'), not a letter of it.
 */
const isMark = (code: number) => code === 0x27 || code === 0x2019 || code === 0x2d;
/** A word without its possessive ending ("Anna's", "rumah-nya", "Ravenels'") and the quote marks around it ('Anna'). */
function withoutPossessive(word: string): string {
  if (isMark(word.charCodeAt(0)) || isMark(word.charCodeAt(word.length - 1)))
    word = word.replace(/^['’-]+|['’-]+$/g, '');
  // Only a word ending in s or a can have a possessive ending.
  const last = word.charCodeAt(word.length - 1) | 0x20;
  return last === 0x73 || last === 0x61 ? word.replace(/(['’]s|-nya)$/i, '') : word;
}
/**
 * The words of a text (runs of letters, digits, apostrophes and hyphens), read in one pass, without their
 * possessive endings; with `isKept`, only the words whose first code point it keeps (no string is made for the others).
 */
export function wordsOf(text: string, isKept?: (code: number) => boolean): string[] {
  const words: string[] = [];
  let start = -1;
  let isWord = true;
  for (let i = 0; i < text.length;) {
    const code = text.codePointAt(i)!;
    if (isWordCode(code)) {
      if (start < 0) {
        start = i;
        isWord = !isKept || isKept(code);
      }
    } else if (start >= 0) {
      if (isWord) pushWord(words, text.slice(start, i));
      start = -1;
    }
    i += code > 0xffff ? 2 : 1;
  }
  if (start >= 0 && isWord) pushWord(words, text.slice(start));
  return words;
}
function pushWord(words: string[], word: string): void {
  const bare = withoutPossessive(word);
  if (bare) words.push(bare);
}

/** True for a word's first code point that makes it capitalised (isCapitalised, asked of the code point). */
export function isCapitalCode(code: number): boolean {
  return code < 0x80 ? code >= 0x41 && code <= 0x5a : CAPITAL_FIRST.test(String.fromCodePoint(code));
}

/** True when `name` speaks or acts in one of the sentences (its name within a few words of such a verb). */
export function actsIn(sentences: readonly string[], name: string): boolean {
  const first = name.split(/\s+/)[0]!;
  return sentences.some((sentence) => {
    if (isNotPresent(sentence)) return false;
    const words = wordsOf(sentence);
    return words.some(
      (w, i) => w === first && words.some((v, j) => isAct(v) && ((j > i && j - i <= 4) || (i > j && i - j <= 2))),
    );
  });
}

const CAPITAL_FIRST = /^\p{Lu}/u;
/** True when a word starts with a capital letter (CAPITAL_FIRST, asked only past ASCII). */
export function isCapitalised(word: string): boolean {
  const code = word.charCodeAt(0);
  return code < 0x80 ? code >= 0x41 && code <= 0x5a : CAPITAL_FIRST.test(word);
}
