// The words of a dual-language book's readiness check (readiness-bilingual.ts) in English and Malay: part of the
// readiness catalogue (readiness-words.ts READINESS_WORDS).
import type { Bilingual } from '../spec/types.js';

export const BILINGUAL_WORDS = {
  'label.bilingual': { en: 'a dual-language book ({source} and {edition}) declares one language', ms: 'buku dwibahasa ({source} dan {edition}) mengisytiharkan satu bahasa' },
  'bilingual.one-language': {
    en: 'the store takes one language per book: this one is declared {edition}, the language it is sold as',
    ms: 'kedai menerima satu bahasa bagi setiap buku: buku ini diisytiharkan {edition}, bahasa ia dijual',
  },
  'bilingual.declared-other': { en: 'the package declares another language than the edition\'s ({edition})', ms: 'pakej mengisytiharkan bahasa lain daripada bahasa edisi ({edition})' },
  'bilingual.declare': { en: 'declare {edition}, the edition\'s language, as the book\'s language', ms: 'isytiharkan {edition}, bahasa edisi, sebagai bahasa buku' },
  'bilingual.kdp': {
    en: 'choose {edition} as the book\'s language at setup, and name both languages in the subtitle and the description ("{source} and {edition} side by side")',
    ms: 'pilih {edition} sebagai bahasa buku semasa persediaan, dan namakan kedua-dua bahasa dalam subjudul dan keterangan ("{source} dan {edition} bersebelahan")',
  },
  'bilingual.describe': {
    en: 'choose {edition} as the primary language, and say in the description that the book holds {source} beside it, paragraph by paragraph',
    ms: 'pilih {edition} sebagai bahasa utama, dan nyatakan dalam keterangan bahawa buku ini mengandungi {source} di sebelahnya, perenggan demi perenggan',
  },
} as const satisfies Record<string, Bilingual>;
