// What a model wrote of the book, and where, from its parts' provenance (engine/compile/provenance.ts): an imported
// novel published as it stands says no part was; one the model finished names the parts it wrote (a chapter added, the
// conclusion). Told, not judged: the writer sees what the package adds to their book before they upload it.
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { KARYA, everyChannel, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.model-parts': { en: 'the parts a model wrote', ms: 'bahagian yang ditulis oleh model' },
  'parts.none': { en: 'no part was written by a model: the book is the writer\'s own text as it was brought', ms: 'tiada bahagian ditulis oleh model: buku ini teks penulis sendiri seperti yang dibawa' },
  'parts.some': { en: 'written by the model: {parts}; every other part is the writer\'s own', ms: 'ditulis oleh model: {parts}; setiap bahagian lain ialah tulisan penulis sendiri' },
  'parts.all': { en: 'every part was written by the model', ms: 'setiap bahagian ditulis oleh model' },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

function modelPartsOutcome(input: ReadinessInput): RuleOutcome {
  const { author, model } = input.authorship!;
  if (!model.length) return pass(say('parts.none'));
  return pass(author.length ? say('parts.some', { parts: model.join(', ') }) : say('parts.all'));
}

export const MODEL_PARTS = {
  id: 'model-parts', words: WORDS, label: () => say('label.model-parts'), appliesTo: everyChannel, source: () => KARYA,
  when: (input) => input.authorship !== undefined, evaluate: modelPartsOutcome,
} satisfies ReadinessRule;
