// manuscript.epub is an EPUB (a ZIP): what every eBook store takes.
import { isZip } from '../files.js';
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, RUN_AGAIN, bytes, isEbook, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.manuscript-epub': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.manuscript-epub': {},
} as const satisfies RuleWordTable;

export const MANUSCRIPT_EPUB = {
  id: 'manuscript-epub',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.manuscript-epub'),
  appliesTo: isEbook,
  source: (_, c) => c.sources.manuscript ?? KARYA,
  evaluate: (i) => outcome(isZip(i.epub), bytes(i.epub), RUN_AGAIN),
} satisfies ReadinessRule;
