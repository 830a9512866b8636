// A book's edition in another language (the pairs the language table lists): the door of engine/session/translate.
export {
  editionPlan,
  editionTitleOf,
  translateEdition,
  translationCost,
  MAX_WINDOW_WORDS,
  type TranslateInput,
  type TranslateProgress,
  type PartOutcome,
  type EditionOutcome,
} from './run.js';
export { checkWindow, paragraphsOf, type WindowProblem } from './checks.js';
export {
  lengthBand,
  canTranslate,
  editionLanguages,
  notEditionRefusal,
  sourceLanguages,
  editionLanguageName,
  translationOf,
  tableLanguageOf,
} from './languages.js';
export {
  glossaryOf,
  glossaryWithReasons,
  type GlossaryWhy,
  type ReasonedEntry,
  entriesIn,
  hasTerm,
  MAX_GLOSSARY_TERMS,
  type Glossary,
  type GlossaryEntry,
} from './glossary.js';
export {
  editionKey,
  editionLinkOf,
  editionPartsLeft,
  editionStart,
  translatedFrom,
  withEditionTitle,
  canTitleEdition,
  chapterTitlesOf,
} from './edition.js';
export {
  translatedTitle,
  cleanTitle,
  titleProblem,
  isTitleUntranslated,
  MAX_EDITION_TITLE,
  type EditionTitle,
  type TitleProblem,
} from './title.js';
export { problemText, windowRequest, TRANSLATE_TEMPLATE, TRANSLATE_SYSTEM_TEMPLATE } from './prompt.js';
export { sideBySide, partHashes, type SourceHashes, type ParagraphPair, type SideBySidePart } from './side-by-side.js';
export { staleParts, withStaleMarked } from './again.js';
export { termsIn, governedByWholeNames, GENDERS, MAX_TERM_CHARS, type Gender as GlossaryGender } from './glossary.js';
export {
  withWritersGlossary,
  cleanTerm,
  glossaryFileOf,
  type WritersTerm,
  type GlossaryFileProblem,
} from './writers-glossary.js';
export { isWordless, withWordlessKept } from './checks.js';
export { untranslatedParagraphs, untranslatedTitles, isMarked as hasUntranslated } from './run.js';
export { castIn, type CastMember, type WindowContext } from './context.js';
