// The reading of a text every answer check shares: its language (told by the table's guard sections: function
// words and markers), what it repeats of the book (8-word runs), and its length against the words asked.
export {
  detectLanguage,
  findLanguageDrift,
  scriptLanguageOf,
  SHARE_DRIFT,
  type LanguageDrift,
  type ScriptLanguage,
} from './language.js';
export { ID_MARGIN, type LanguageVerdict, type TextLanguage } from './language-verdict.js';
export { neighbourWords, neighbourFinds } from './language-neighbours.js';
export { neighbourNote } from './neighbour-note.js';
export { ENGLISH, MALAYIC, FUNCTION_WORDS, isFunctionWord, wordSet } from './language-words.js';
export { isSpace } from './language-scan.js';
export { bookLengthScore, lengthScore, LONG_RATIO, SHORT_RATIO } from './measure.js';
export { EXTENSION_REPEATS_RATIO, repeatedShare, repeatedShares, REPEATS_RATIO, RUN_WORDS } from './repeat.js';
export { keptFor, readingOf, type Reading } from './reading.js';
export type { LatinWords } from './language-scan.js';
