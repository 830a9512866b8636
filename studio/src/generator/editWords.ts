// The words of the introduction's character list on a book's page, in every language of the table: its own panel and
// editor,
// apart from the introduction's text. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const EDIT_WORDS = studioCatalogue('studio-edit', [
  'characterDetails',
  'characterDetailsHint',
  'characterDetailsEmpty',
  'characterDetailsEdit',
  'characterDetailsBox',
  'charactersSaved',
]);
