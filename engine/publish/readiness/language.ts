// The book's language on each channel's published list of languages (the language table's answer for the
// channel, channels.ts languageRule): unconfirmed is
// "check", with the page to read, never assumed.
import type { ReadinessRule } from '../readiness-types.js';
import { languageRule } from '../channels.js';
import { everyChannel, failed, pass } from './outcome.js';
import { languageName, sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.language': {},
  'language.listed': {},
  'language.not-listed': {},
  'language.other-channel': {},
  'language.unconfirmed': {},
  'language.not-confirmed': {},
  'language.read': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const LANGUAGE = {
  id: 'language',
  words: WORDS,
  label: (i, c) => say('label.language', { channel: c.name, language: languageName(i.metadata.language) }),
  appliesTo: everyChannel,
  source: (i, c) => c.languageList,
  evaluate: (i, c) => {
    const code = i.metadata.language;
    const rule = languageRule(c, code);
    if (rule.accepted === 'yes') return pass(say('language.listed', { code }));
    if (rule.accepted === 'no') return failed(say('language.not-listed', { code }), say('language.other-channel'));
    return {
      status: 'check',
      detail: say('language.unconfirmed', { code, note: rule.note ?? say('language.not-confirmed') }),
      fix: say('language.read', { source: rule.source }),
    };
  },
} satisfies ReadinessRule;
