// The studio's i18n: message catalogues checked against the language table (one per area), `useT()` for pages,
// `translate()` outside React, and the language provider. Generator pages keep the book's language
// (generator/words.ts). An area's catalogue loads with the code that imports its module (shared.ts: the ones every
// signed-in page shows); the merged table of every area (messages.ts) is the tests' and the key type's.
export { LangProvider, LANG_KEY, initialLang, storedLang, useLang, useT } from './lang.js';
export type { MessageKey } from './messages.js';
export { pickForm, translate, type Vars } from './translate.js';
export {
  editionName,
  formatNumber,
  formatPrice,
  formatUsd,
  languageLabel,
  localeOf,
  makeEditionWords,
  shortName,
  studioLanguage,
} from './studioLanguage.js';
export { studioCatalogue, studioCatalogueGaps, studioEntry, textIn } from './catalogue.js';
export type { Entry, PluralText, Table, Text } from './types.js';
