// A language table that cannot be used: a file with a bad or missing key, or a catalogue key without words in
// a language. Thrown when the table is read (the start of the server, a command, the studio), naming the file
// or the language, the catalogue and the key, so nothing ever shows an English fallback or an empty line.
// The class lives beside KaryaError (karya-error.ts): the catalogues it checks are read by KaryaError itself.

import { LanguageWordsError } from '../karya-error.js';
export { LanguageWordsError, type LanguageWordsParams } from '../karya-error.js';

/** A table file's key is missing or not what it must be. */
export function languageTableError(file: string, key: string, expected: string): LanguageWordsError {
  return new LanguageWordsError(
    { language: file, catalogue: 'languages', key },
    `${file}: "${key}" must be ${expected}`,
  );
}
