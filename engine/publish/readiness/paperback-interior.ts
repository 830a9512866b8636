// The paperback's interior is a print-ready PDF in the package.
import { isPdf } from '../files.js';
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, RUN_AGAIN, bytes, failed, isPaperback, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.paperback-interior': {},
  'paperback.no-interior': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.paperback-interior': {},
} as const satisfies RuleWordTable;

export const PAPERBACK_INTERIOR = {
  id: 'paperback-interior',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.paperback-interior'),
  appliesTo: isPaperback,
  source: (_, c) => c.sources.pages ?? KARYA,
  evaluate: (i) =>
    i.paperback?.interior
      ? outcome(isPdf(i.paperback.interior), bytes(i.paperback.interior), RUN_AGAIN)
      : failed(say('paperback.no-interior'), say('paperback.make-again')),
} satisfies ReadinessRule;
