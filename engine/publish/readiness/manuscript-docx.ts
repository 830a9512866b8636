// manuscript.docx is a Word file (a ZIP): KDP's eBook upload takes one.
import { isZip } from '../files.js';
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, RUN_AGAIN, bytes, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.manuscript-docx': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.manuscript-docx': {},
} as const satisfies RuleWordTable;

export const MANUSCRIPT_DOCX = {
  id: 'manuscript-docx',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.manuscript-docx'),
  appliesTo: (c) => c.id === 'kdp_ebook',
  source: (_, c) => c.sources.manuscript ?? KARYA,
  evaluate: (i) => outcome(isZip(i.docx), bytes(i.docx), RUN_AGAIN),
} satisfies ReadinessRule;
