// What the continuity checks found and the writer left open: a reader finds it too.
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.continuity': {},
  'continuity.none': {},
  'continuity.open': {},
  'continuity.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

const CONTINUITY_SOURCE =
  'Karya: the continuity checks of the story bible (a character acting after ' +
  'leaving the story, a fact changed, a name spelled two ways, a promise left open)';

function continuityOutcome(input: ReadinessInput): RuleOutcome {
  const found = input.continuity ?? [];
  if (!found.length) return { status: 'pass', detail: say('continuity.none') };
  const parts = [...new Set(found.map((f) => f.part))].join(', ');
  return { status: 'warn', detail: say('continuity.open', { n: found.length, parts }), fix: say('continuity.fix') };
}

export const CONTINUITY = {
  id: 'continuity',
  words: WORDS,
  label: () => say('label.continuity'),
  appliesTo: () => true,
  when: (i) => i.continuity !== undefined,
  source: () => CONTINUITY_SOURCE,
  evaluate: continuityOutcome,
} satisfies ReadinessRule;
