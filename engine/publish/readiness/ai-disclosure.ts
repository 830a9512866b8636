// KDP's AI-content disclosure, derived from who wrote each part (disclosure.ts): said with how it was counted.
// Its words are in disclosure-words.ts, beside disclosure.ts, which says them too.
import { DISCLOSURE_WORDS } from '../disclosure-words.js';
import { disclosureOutcome } from '../disclosure.js';
import type { ReadinessRule } from '../readiness-types.js';
import { isKdp } from './outcome.js';
import { sayer } from './text.js';

const say = sayer(DISCLOSURE_WORDS);
const KDP_AI_SOURCE =
  'KDP Help, "Content Guidelines": Artificial intelligence (AI)-generated ' +
  'content: https://kdp.amazon.com/en_US/help/topic/G200672390';

export const AI_DISCLOSURE = {
  id: 'ai-disclosure',
  words: DISCLOSURE_WORDS,
  label: () => say('label.ai-disclosure'),
  appliesTo: isKdp,
  source: () => KDP_AI_SOURCE,
  evaluate: (i) => disclosureOutcome(i.metadata.aiContent),
} satisfies ReadinessRule;
