// The language table's door: which languages exist, their tables, their sections and the catalogues checked against
// them.
export {
  LANGS,
  langs,
  checkedLangs,
  isLang,
  languageTable,
  languageName,
  defineSection,
  ensureLanguages,
  checkOnce,
  hasLanguageSource,
  setLanguageSource,
  whileWordsUnchecked,
  checkLanguagesWhole,
  wordsChecked,
  onLanguagesLoaded,
  wordsBesideCode,
  type Lang,
  type LanguageTable,
  type LanguageSource,
  type SectionChecks,
} from './table.js';
export { catalogue, sayer, wordIn, catalogueKeys, catalogueGaps, type Sayer, type Worded } from './catalogues.js';
export { LanguageWordsError, type LanguageWordsParams } from './errors.js';
