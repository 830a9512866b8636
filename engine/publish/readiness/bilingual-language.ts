// The readiness of a dual-language book (an edition printed with its source, engine/node/export/bilingual.ts): a
// store's book record takes one language, so the book declares the edition's and says in its description (and, on
// KDP, its title or subtitle) that it holds both. Sourced from each channel's own language rules (channels.ts):
// KDP's "Supported Languages" (one language per book, chosen at setup), Google's and Kobo's setup guides (one
// primary language; the description is where a reader learns what else the book holds).
import type { Channel } from '../channels.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { isKdp } from './outcome.js';
import { languageName, sayer, type RuleWordTable } from './text.js';

const WORDS = {
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
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

function declaredLanguage(input: ReadinessInput, channel: Channel): RuleOutcome {
  const both = input.bilingual!;
  const values = { edition: languageName(both.edition), source: languageName(both.source) };
  // The store reads the book as the language declared: the edition's, which the package's metadata already holds.
  if (input.metadata.language !== both.edition) return { status: 'fail', detail: say('bilingual.declared-other', values), fix: say('bilingual.declare', values) };
  return { status: 'warn', detail: say('bilingual.one-language', values), fix: say(isKdp(channel) ? 'bilingual.kdp' : 'bilingual.describe', values) };
}

export const BILINGUAL_LANGUAGE = {
  id: 'bilingual-language', words: WORDS, label: (i) => say('label.bilingual', { edition: languageName(i.bilingual!.edition), source: languageName(i.bilingual!.source) }),
  appliesTo: () => true, when: (i) => i.bilingual !== undefined,
  source: (_, c) => c.languageList, evaluate: declaredLanguage,
} satisfies ReadinessRule;
