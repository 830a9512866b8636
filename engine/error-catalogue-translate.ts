// The catalogue's messages about translated editions (engine/session/translate): why a window's answer was not
// kept (said to the model asked again, and to the writer on the part named), and the refusals of `karya translate`.
import { catalogue } from './languages/index.js';

export const TRANSLATE_CATALOGUE = catalogue('errors-translate', [
  'translate_paragraphs',
  'translate_language',
  'translate_untranslated',
  'translate_glossary',
  'translate_length',
  'translate_talk',
  'translate_empty',
  'translate_not_text',
  'translate_part_failed',
  'translate_same_language',
  'translate_bad_language',
  'translate_no_book',
  'translate_empty_book',
  'translate_is_edition',
  'edition_bad_title',
  'publish_edition_not_whole',
  'export_not_edition',
  'publish_not_edition',
  'publish_no_source',
  'export_no_source',
  'translate_bad_glossary',
  'translate_glossary_how',
  'translate_paragraph_too_long',
  'edition_wrong_language',
  'edition_running',
  'translation_running',
  'edition_part_failed',
  'edition_needs_model',
  'edition_not_found',
  // A writer's glossary file is bounded before it is parsed (cli/glossary-file.ts): each names the limit.
  'translate_glossary_too_large',
  'translate_glossary_too_many',
  // A language no other is translated into, or a book's language translated into none (the table lists no pair):
  // said as a sentence of its own, never as a list of choices that is empty.
  'translate_nothing_into',
  'translate_nothing_from',
  'edition_nothing_from',
  'export_nothing_from',
]);
