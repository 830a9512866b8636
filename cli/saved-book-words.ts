// What the commands that find a saved book by its settings or its id (karya export, rewrite, generate --book)
// say about it to its writer, in every language of the table: its words are in
// languages/<code>/cli-saved-book.yaml, English's and Malay's too.
import { catalogue, isLang, sayer, type Lang, type ResolvedSpec, type Settings } from '../engine/index.js';
import { writerLang } from './langs.js';

const WORDS = catalogue('cli-saved-book', [
  'noneSaved',
  'partUnknown',
  'partNotWritten',
  'finished',
  'noStateExport',
  'noStateRewrite',
  'noStateMap',
  'noStateSource',
  'asOfNotPart',
  'noPartWritten',
  'generatorGone',
  'otherGenerator',
  'mapPiece',
  'mapNothing',
  'mapAsOf',
  'noBooks',
]);

/** The saved-book words for a key in a language, with its placeholders filled. */
export const savedBookWord = sayer(WORDS);

/** The language a book with these settings is written in (its language setting, else its generator's one language). */
export function settingsLang(spec: ResolvedSpec, settings: Settings): Lang {
  const field = spec.fields.find((f) => f.role === 'language');
  const value = field ? settings[field.name] : undefined;
  return isLang(value) ? value : spec.fixedLanguage;
}

/** The language books with these settings share (a batch's jobs), else the one the writer's locale names. */
export function sharedLang(books: readonly { spec: ResolvedSpec; settings: Settings }[]): Lang {
  const found = new Set(books.map((b) => settingsLang(b.spec, b.settings)));
  return found.size === 1 ? [...found][0]! : writerLang();
}
