// A manuscript the writer brings as a book: its parts the writer's own, saved in one transaction (book.ts),
// and its settings read from it by one model call, the writer's own values winning (settings.ts).
export { type ImportSettings, importSettingsOf, readManuscriptSettings, withManuscriptSettings } from './settings.js';
export {
  importBibleParts,
  importedBook,
  importedBookOf,
  importSaves,
  manuscriptLanguage,
  withTotalChapters,
} from './book.js';
