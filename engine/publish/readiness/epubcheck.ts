// manuscript.epub passes epubcheck (engine/node/publish.ts runs it and words what it found): the stores run it too.
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, isEbook } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.epubcheck': {},
  'epubcheck.fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file and no size: its own words for the label. */
const STUDIO_WORDS = {
  'label.epubcheck': {},
} as const satisfies RuleWordTable;

export const EPUBCHECK = {
  id: 'epubcheck',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.epubcheck'),
  appliesTo: isEbook,
  source: (_, c) => c.sources.manuscript ?? KARYA,
  evaluate: (i) => ({
    status: i.epubcheck.status,
    detail: i.epubcheck.detail,
    ...(i.epubcheck.status === 'fail' ? { fix: say('epubcheck.fix') } : {}),
  }),
} satisfies ReadinessRule;
