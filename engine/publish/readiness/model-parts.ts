// What a model wrote of the book, and where, from its parts' provenance (engine/compile/provenance.ts): an imported
// novel published as it stands says no part was; one the model finished names the parts it wrote (a chapter added, the
// conclusion). Told, not judged: the writer sees what the package adds to their book before they upload it.
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { KARYA, everyChannel, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.model-parts': {},
  'parts.none': {},
  'parts.some': {},
  'parts.all': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

function modelPartsOutcome(input: ReadinessInput): RuleOutcome {
  const { author, model } = input.authorship!;
  if (!model.length) return pass(say('parts.none'));
  return pass(author.length ? say('parts.some', { parts: model.join(', ') }) : say('parts.all'));
}

export const MODEL_PARTS = {
  id: 'model-parts',
  words: WORDS,
  label: () => say('label.model-parts'),
  appliesTo: everyChannel,
  source: () => KARYA,
  when: (input) => input.authorship !== undefined,
  evaluate: modelPartsOutcome,
} satisfies ReadinessRule;
