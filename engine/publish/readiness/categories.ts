// One to three suggested categories, for the stores that ask for them at upload.
import type { ReadinessRule } from '../readiness-types.js';
import { outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.categories': {},
  'categories.none': {},
  'categories.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const CATEGORIES = {
  id: 'categories',
  words: WORDS,
  label: () => say('label.categories'),
  appliesTo: (c) => c.hasCategories,
  source: (_, c) => c.sources.metadata,
  evaluate: (i) => {
    const n = i.metadata.categories.length;
    return outcome(
      n >= 1 && n <= 3,
      n ? say('verbatim', { text: i.metadata.categories.join('; ') }) : say('categories.none'),
      say('categories.fix'),
    );
  },
} satisfies ReadinessRule;
