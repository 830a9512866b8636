// The catalogue's messages about importing a manuscript (a file refused, its language, the reading limits),
// kept apart so error-catalogue.ts stays one screenful of sections; merged into CATALOGUE there.
import { catalogue } from './languages/index.js';

export const IMPORT_CATALOGUE = catalogue('errors-import', [
  'import_too_large',
  'import_too_many_words',
  'import_empty',
  'import_not_format',
  'import_not_text',
  'import_unknown_format',
  'import_zip_bomb',
  'import_unreadable',
  'import_too_complex',
  'import_busy',
  'import_language_other',
  'import_protected',
  'import_chapters_fewer',
  'import_book_ended',
  'import_total_set',
  'import_language_unclear',
  'import_needs_generator',
  'import_bad_split',
]);
