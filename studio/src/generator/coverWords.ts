// The words of the writer's own cover in the Publish panel, in every language of the table: the picture to give, its
// preview,
// what it is checked against and what the package does with it. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const COVER_WORDS = studioCatalogue('studio-cover', [
  'coverTitle',
  'coverHint',
  'coverChoose',
  'coverReplace',
  'coverChecking',
  'coverKept',
  'coverPreview',
  'coverRemove',
  'coverRemoved',
  'coverFailed',
]);
