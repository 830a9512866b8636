// The words of the Publish panel's dual-language choice, in en and ms: shown only for a translated edition, whose
// package then prints each source paragraph followed by its translation. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const BILINGUAL_WORDS = studioCatalogue('studio-bilingual', {
  publishBilingual: { en: 'Dual-language edition ({source} and {edition})', ms: 'Edisi dwibahasa ({source} dan {edition})' },
  publishBilingualHint: {
    en: 'The eBook, Word file and paperback print each paragraph of the original followed by its translation, with headings in both languages.',
    ms: 'eBook, fail Word dan buku cetak mencetak setiap perenggan asal diikuti terjemahannya, dengan tajuk dalam kedua-dua bahasa.',
  },
});
