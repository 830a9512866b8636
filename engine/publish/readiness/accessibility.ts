// manuscript.epub passes DAISY's Ace (engine/node/ace.ts runs it and words what it found): the accessibility
// checker retailers and distributors run on e-books sold in the EU (the European Accessibility Act). Serious and
// critical violations fail, moderate and minor ones warn; Ace not run (not installed, no Chromium) is skipped
// saying how to install it.
import type { ReadinessRule } from '../readiness-types.js';
import { isEbook } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.accessibility': {},
  'accessibility.fix': {},
  'accessibility.fix-warn': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);
/** The studio's publish panel names no file: its own words for the label. */
const STUDIO_WORDS = {
  'label.accessibility': {},
} as const satisfies RuleWordTable;

export const ACCESSIBILITY = {
  id: 'accessibility',
  words: WORDS,
  studioWords: STUDIO_WORDS,
  label: () => say('label.accessibility'),
  appliesTo: isEbook,
  when: (i) => i.ace !== undefined,
  source: () =>
    'EPUB Accessibility 1.1 (W3C), checked with DAISY Ace as retailers ' +
    'and distributors check it: https://www.w3.org/TR/epub-a11y-11/',
  evaluate: (i) => ({
    status: i.ace!.status,
    detail: i.ace!.detail,
    ...(i.ace!.status === 'fail'
      ? { fix: say('accessibility.fix') }
      : i.ace!.status === 'warn'
        ? { fix: say('accessibility.fix-warn') }
        : {}),
  }),
} satisfies ReadinessRule;
