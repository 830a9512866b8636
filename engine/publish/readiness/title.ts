// KDP's own title limits and refused words (its metadata guidelines, rules.ts titleProblems); the other
// stores' forms get the title as it is.
import type { ReadinessRule } from '../readiness-types.js';
import { KDP_TITLE_MAX, titleProblems } from '../rules.js';
import { fromProblems, isKdp, withNote } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.title': {},
  'title-and-subtitle': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const TITLE = {
  id: 'title',
  words: WORDS,
  label: () => say('label.title', { max: KDP_TITLE_MAX }),
  appliesTo: isKdp,
  source: (_, c) => c.sources.metadata,
  evaluate: ({ metadata: { title, subtitle }, notes }) =>
    fromProblems(
      titleProblems({ title, subtitle }),
      withNote(
        subtitle ? say('title-and-subtitle', { title, subtitle }) : say('quoted', { text: title }),
        notes?.title,
      ),
    ),
} satisfies ReadinessRule;
