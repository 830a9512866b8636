// The words of the Publish panel's dual-language choice, in every language of the table: shown only for a translated
// edition, whose
// package then prints each source paragraph followed by its translation. Part of the page's words (PAGE_WORDS in
// words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const BILINGUAL_WORDS = studioCatalogue('studio-bilingual', ['publishBilingual', 'publishBilingualHint']);
