// Words in the scripts written without spaces between them (Thai, Lao, Khmer, Myanmar, Chinese, Japanese): a run of
// non-space characters there holds a whole phrase or sentence. Its words are the word segmenter's (Intl.Segmenter:
// ICU's dictionaries, built into Node and the browsers), so a language of such a script, added as data, has its parts
// counted and cut by its words as English's are (engine/words.ts), not by the spaces between its sentences.

/** The scripts written without spaces between their words, by Unicode's names. */
const UNSPACED_SCRIPTS = ['Thai', 'Lao', 'Khmer', 'Myanmar', 'Han', 'Hiragana', 'Katakana'];
/** A character of one of them. */
const UNSPACED = new RegExp(`^[${UNSPACED_SCRIPTS.map((s) => `\\p{Script=${s}}`).join('')}]$`, 'u');

/** Below this code unit no script is written without spaces: a run of such characters is one word, told at once. */
export const UNSPACED_FROM = 0x0e00;

/** Per UTF-16 code unit: 0 not yet asked, 1 of a script written without spaces, 2 not, 3 half of a surrogate pair. */
const KIND = new Uint8Array(0x10000);
KIND.fill(3, 0xd800, 0xe000);
/** Characters beyond 0xffff (read from their first half), asked once each. */
const ASTRAL = new Map<number, boolean>();

/** True when the character at `i` (a code unit, or a surrogate pair read from its first half) is of such a script. */
function isUnspacedAt(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code < UNSPACED_FROM) return false;
  let kind = KIND[code]!;
  if (kind === 0) KIND[code] = kind = UNSPACED.test(String.fromCharCode(code)) ? 1 : 2;
  if (kind !== 3) return kind === 1;
  const point = text.codePointAt(i)!;
  let is = ASTRAL.get(point);
  if (is === undefined) ASTRAL.set(point, (is = point > 0xffff && UNSPACED.test(String.fromCodePoint(point))));
  return is;
}

/** True when text.slice(start, end) holds a character of a script written without spaces. */
export function hasUnspacedIn(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (isUnspacedAt(text, i)) return true;
  return false;
}

/** True when `text` holds a character of a script written without spaces. */
export function hasUnspaced(text: string): boolean {
  return hasUnspacedIn(text, 0, text.length);
}

let segmenter: Intl.Segmenter | undefined;
function words(run: string): Intl.Segments {
  // The root locale: ICU's dictionaries follow the script, whatever the page's or the book's language.
  segmenter ??= new Intl.Segmenter('und', { granularity: 'word' });
  return segmenter.segment(run);
}

/**
 * How many words the run of non-space characters text.slice(start, end) holds: 1, or in a script written without
 * spaces the segmenter's words (at least 1: a run of marks alone is a word, as in English).
 */
export function runWordCount(text: string, start: number, end: number): number {
  if (!hasUnspacedIn(text, start, end)) return 1;
  let n = 0;
  for (const s of words(text.slice(start, end))) if (s.isWordLike) n++;
  return Math.max(n, 1);
}

/**
 * The words of a run of non-space characters: the run itself, or in a script written without spaces the segmenter's
 * words, each with the marks after it (and the first with those before it), so that the pieces joined again are the
 * run. As many pieces as runWordCount counts.
 * @example runPieces('“สวัสดีครับ,”') // ['“สวัสดี', 'ครับ,”']
 */
export function runPieces(run: string): string[] {
  if (!hasUnspacedIn(run, 0, run.length)) return [run];
  const pieces: string[] = [];
  let before = '';
  for (const s of words(run)) {
    if (s.isWordLike) {
      pieces.push(before + s.segment);
      before = '';
    } else if (pieces.length > 0) pieces[pieces.length - 1] += s.segment;
    else before += s.segment;
  }
  if (before) pieces.push(before);
  return pieces;
}

/**
 * The words of a run of letters (no spaces, no marks between them) in a script written without spaces: the
 * segmenter's; any other run whole.
 * @example segmentWords('กินข้าว') // ['กิน', 'ข้าว']
 */
export function segmentWords(run: string): string[] {
  if (!hasUnspacedIn(run, 0, run.length)) return [run];
  const out: string[] = [];
  for (const s of words(run)) if (s.isWordLike) out.push(s.segment);
  return out.length > 0 ? out : [run];
}
