// The paperback's wrap-around cover is a print-ready PDF in the package.
import { isPdf } from '../files.js';
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, RUN_AGAIN, bytes, failed, isPaperback, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.paperback-cover': {},
  'paperback.no-cover': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.paperback-cover': {},
} as const satisfies RuleWordTable;

export const PAPERBACK_COVER = {
  id: 'paperback-cover',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.paperback-cover'),
  appliesTo: isPaperback,
  source: (_, c) => c.sources.cover ?? KARYA,
  evaluate: (i) =>
    i.paperback?.cover
      ? outcome(isPdf(i.paperback.cover), bytes(i.paperback.cover), RUN_AGAIN)
      : failed(say('paperback.no-cover'), say('paperback.make-again')),
} satisfies ReadinessRule;
