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
  'label.bilingual': {},
  'bilingual.one-language': {},
  'bilingual.declared-other': {},
  'bilingual.declare': {},
  'bilingual.kdp': {},
  'bilingual.describe': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

function declaredLanguage(input: ReadinessInput, channel: Channel): RuleOutcome {
  const both = input.bilingual!;
  const values = { edition: languageName(both.edition), source: languageName(both.source) };
  // The store reads the book as the language declared: the edition's, which the package's metadata already holds.
  if (input.metadata.language !== both.edition)
    return { status: 'fail', detail: say('bilingual.declared-other', values), fix: say('bilingual.declare', values) };
  return {
    status: 'warn',
    detail: say('bilingual.one-language', values),
    fix: say(isKdp(channel) ? 'bilingual.kdp' : 'bilingual.describe', values),
  };
}

export const BILINGUAL_LANGUAGE = {
  id: 'bilingual-language',
  words: WORDS,
  label: (i) =>
    say('label.bilingual', { edition: languageName(i.bilingual!.edition), source: languageName(i.bilingual!.source) }),
  appliesTo: () => true,
  when: (i) => i.bilingual !== undefined,
  source: (_, c) => c.languageList,
  evaluate: declaredLanguage,
} satisfies ReadinessRule;
