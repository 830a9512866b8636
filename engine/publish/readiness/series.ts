// A book of a series: the stores link the books of a series by its name and each book's number.
import type { ReadinessRule } from '../readiness-types.js';
import { everyChannel, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.series': {},
  'series.given': {},
  'series.no-number': {},
  'series.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const SERIES = {
  id: 'series',
  words: WORDS,
  label: () => say('label.series'),
  appliesTo: everyChannel,
  when: (i) => i.metadata.series !== null,
  source: (_, c) => c.sources.metadata,
  evaluate: (i) => {
    const s = i.metadata.series!;
    return pass(
      s.number !== null
        ? say('series.given', { name: s.name, number: s.number })
        : [say('series.no-number', { name: s.name }), say('series.fix')],
    );
  },
} satisfies ReadinessRule;
