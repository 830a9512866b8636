// The book's place in a release schedule (release.ts): KDP's daily limit on new titles per account; the other
// stores' own metadata guides name the publication date they take.
import { RELEASE_LIMIT_SOURCE } from '../release.js';
import type { ReadinessRule } from '../readiness-types.js';
import { isKdp, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.release-date': {},
  'release.on': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const RELEASE_DATE = {
  id: 'release-date',
  words: WORDS,
  label: (i) => say('label.release-date', { perDay: i.release!.perDay }),
  appliesTo: () => true,
  when: (i) => i.release !== undefined,
  source: (_, c) => (isKdp(c) ? RELEASE_LIMIT_SOURCE : c.sources.metadata),
  evaluate: (i) => pass(say('release.on', { date: i.release!.publishOn, n: i.release!.nthThatDay })),
} satisfies ReadinessRule;
