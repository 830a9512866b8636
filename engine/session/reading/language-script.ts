// Languages told by their script alone (Chinese, Japanese, Korean, Arabic, Russian…): an answer mostly in
// letters of another script than Latin is in the wrong language, whatever the book's. One pass over the
// text's code units: ASCII is read without a pattern, and every other character is classed once (by the
// Unicode script patterns below) and remembered, so an answer costs about a plain pass over its letters.
// A language of the table written in one of these scripts (its `script`: `cyrillic`, `greek`…) owns it: an
// answer in that script is in that language (tableLanguageOfScript), kept in its books and named in the others.
import { langs, languageTable, type Lang } from '../../languages/index.js';
import { readingOf } from './reading.js';

/**
 * A language told by its script alone (no book is written in it): an answer mostly in one of these is in the wrong
 * language.
 */
export type ScriptLanguage = 'zh' | 'ja' | 'ko' | 'ar' | 'ru' | 'el' | 'he' | 'th' | 'hi' | 'ta' | 'bn';

/**
 * Letters of a script other than Latin, the language an answer in it is taken for, and the names a table's `script`
 * gives the script (Unicode's, lower case). Han is Chinese unless kana come with it.
 */
const SCRIPTS: ReadonlyArray<readonly [ScriptLanguage, RegExp, readonly string[]]> = [
  ['ja', /[\p{Script=Hiragana}\p{Script=Katakana}]/u, ['hiragana', 'katakana', 'japanese']],
  ['zh', /\p{Script=Han}/u, ['han', 'chinese']],
  ['ko', /\p{Script=Hangul}/u, ['hangul', 'korean']],
  ['ar', /\p{Script=Arabic}/u, ['arabic']],
  ['ru', /\p{Script=Cyrillic}/u, ['cyrillic']],
  ['el', /\p{Script=Greek}/u, ['greek']],
  ['he', /\p{Script=Hebrew}/u, ['hebrew']],
  ['th', /\p{Script=Thai}/u, ['thai']],
  ['hi', /\p{Script=Devanagari}/u, ['devanagari']],
  ['ta', /\p{Script=Tamil}/u, ['tamil']],
  ['bn', /\p{Script=Bengali}/u, ['bengali']],
];

/**
 * The language of the table an answer mostly in `found`'s script is in: `expected` when the table writes it in that
 * script, else the first language of the table that is (in the table's order); undefined when none is. Two languages
 * of one script are not told apart here (the guard's function words are read in Latin letters only).
 * @example tableLanguageOfScript('ru', 'xx') // 'xx' when languages/xx.yaml says `script: cyrillic`
 */
export function tableLanguageOfScript(found: ScriptLanguage, expected?: Lang): Lang | undefined {
  const names = SCRIPTS.find(([language]) => language === found)![2];
  const written = langs().filter((code) => names.includes(languageTable(code).script));
  return expected !== undefined && written.includes(expected) ? expected : written[0];
}
/** A CJK or Thai letter stands for about a word; letters of the other scripts are counted as Latin ones are. */
const IS_WORDLIKE_LETTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** Latin letters per word, to weigh a CJK letter against a Latin word. */
const LETTERS_A_WORD = 5;
/** The weight of another script's letters an answer needs to be in that script's language (ten words' worth). */
const MIN_SCRIPT_WEIGHT = 10 * LETTERS_A_WORD;
/**
 * The fewest code units of other scripts (U+0370 and above) such an answer has: each of its letters weighs at most
 * LETTERS_A_WORD. A text with fewer has no script language, whatever they are (language.ts leaves its pass out).
 */
export const MIN_SCRIPT_UNITS = MIN_SCRIPT_WEIGHT / LETTERS_A_WORD;
/**
 * The share of another language's judged words above which an answer is in that language for a request
 * in the other: a Malay answer with more than a quarter of its sentences in English is English-drifted
 * (and the reverse), though its loan words, names and places are not; and an answer whose letters of
 * another script weigh more than this share is in that script's language.
 */
export const SHARE_DRIFT = 0.25;

/**
 * A character's class: not yet classed, no letter (or a letter of a script not listed), a Latin letter, or SCRIPTS[i]
 * (i = (class - FIRST_SCRIPT) >> 1, a word-like letter when odd).
 */
const UNKNOWN = 0;
const SKIPPED = 1;
const LATIN = 2;
const FIRST_SCRIPT = 4;

/** The class of one character (a code point as a string), by the Unicode patterns. */
function classOf(ch: string): number {
  if (!/\p{L}/u.test(ch)) return SKIPPED;
  if (/\p{Script=Latin}/u.test(ch)) return LATIN;
  const found = SCRIPTS.findIndex(([, re]) => re.test(ch));
  if (found < 0) return SKIPPED;
  return FIRST_SCRIPT + 2 * found + (IS_WORDLIKE_LETTER.test(ch) ? 1 : 0);
}

/** The classes of the characters of the Basic Multilingual Plane met so far (UNKNOWN until first met). */
const BMP_CLASSES = new Uint8Array(0x10000);
/** The classes of the characters beyond it met so far (rare: a CJK extension, an emoji). */
const ASTRAL_CLASSES = new Map<string, number>();

/**
 * The language of another script an answer is mostly written in (its letters outweigh the Latin ones), with
 * its share; undefined for a Latin-script answer, or one with a few words of another script (a name, a
 * greeting in Jawi or Chinese in a Malaysian story).
 * @example scriptLanguageOf('雨一直下着，港口的灯一盏一盏亮了起来。') // { language: 'zh', share: 1 }
 */
export function scriptLanguageOf(text: string): { language: ScriptLanguage; share: number } | undefined {
  let latin = 0;
  const other = new Map<ScriptLanguage, number>();
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // ASCII first, without a table: its only letters are A–Z and a–z, all Latin (most of every answer).
    if (code < 0x80) {
      if ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) latin += 1;
      continue;
    }
    let kind: number;
    const next = code >= 0xd800 && code <= 0xdbff ? text.charCodeAt(i + 1) : NaN;
    if (next >= 0xdc00 && next <= 0xdfff) {
      // A surrogate pair: one character, classed as a whole.
      const ch = text.slice(i, i + 2);
      kind = ASTRAL_CLASSES.get(ch) ?? classOf(ch);
      if (ASTRAL_CLASSES.size < 4096) ASTRAL_CLASSES.set(ch, kind);
      i++;
    } else {
      kind = BMP_CLASSES[code]!;
      if (kind === UNKNOWN) kind = BMP_CLASSES[code] = classOf(text[i]!);
    }
    if (kind === LATIN) latin += 1;
    else if (kind >= FIRST_SCRIPT) {
      const language = SCRIPTS[(kind - FIRST_SCRIPT) >> 1]![0];
      // Kana with Han: Japanese; Han counted under it once kana were seen is settled after the loop.
      other.set(language, (other.get(language) ?? 0) + (kind & 1 ? LETTERS_A_WORD : 1));
    }
  }
  if (other.has('ja') && other.has('zh')) {
    other.set('ja', other.get('ja')! + other.get('zh')!);
    other.delete('zh');
  }
  const [language, weight] = [...other.entries()].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (!language || !weight) return undefined;
  const share = weight / (weight + latin);
  return share > SHARE_DRIFT && weight >= MIN_SCRIPT_WEIGHT ? { language, share: Number(share.toFixed(2)) } : undefined;
}

/**
 * The script language of a text, as scriptLanguageOf, and the language of the table written in its script
 * (tableLanguageOfScript); undefined for a text with few code units of other scripts (LatinWords.otherScript).
 */
export function scriptOfText(
  text: string,
  expected?: Lang,
): { language: ScriptLanguage; share: number; table?: Lang } | undefined {
  const found = readingOf(text).latin.otherScript >= MIN_SCRIPT_UNITS ? scriptLanguageOf(text) : undefined;
  const table = found && tableLanguageOfScript(found.language, expected);
  return found && (table ? { ...found, table } : found);
}
