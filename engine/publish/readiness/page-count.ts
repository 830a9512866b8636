// The paperback within KDP's page range for its paper and trim, by the interior's real count (an estimate
// from the words, said as one and left to check, when the package has none).
import { estimatePrintPages } from '../metadata.js';
import { DEFAULT_PAPER, DEFAULT_TRIM, TRIM_SIZES, type PaperName } from '../../print.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { pageLimit } from '../page-limits.js';
import { isPaperback, outcome } from './outcome.js';
import { sayer, type ReadinessText, type RuleWordTable } from './text.js';

const WORDS = {
  'label.page-count': {},
  'pages.real': {},
  'pages.estimated': {},
  'pages.estimated-fix': {},
  'pages.under': {},
  'pages.over': {},
  'pages.other-paper': {},
  'pages.too-few': {},
  'pages.too-many': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

/** The paperback's trim and paper (KDP's defaults when the package does not say), and KDP's page range for them. */
function paperbackLimit(input: ReadinessInput) {
  const trim = input.paperback?.trim ?? DEFAULT_TRIM;
  const paper = input.paperback?.paper ?? DEFAULT_PAPER;
  const { width, height } = TRIM_SIZES[trim];
  return {
    trim,
    paper,
    limit: pageLimit({ binding: 'paperback', paper, trim }),
    size: say('trim', { width, height }),
    paperWord: say(`paper.${paper}`),
  };
}

/**
 * What to change when a book has more pages than its paper and trim allow: another paper that takes them, or fewer
 * pages.
 */
function tooManyFix(input: ReadinessInput, pages: number): ReadinessText {
  const { trim, paper } = paperbackLimit(input);
  const other: PaperName = paper === 'cream' ? 'white' : 'cream';
  const otherLimit = pageLimit({ binding: 'paperback', paper: other, trim });
  return pages <= otherLimit.max
    ? say('pages.other-paper', { paper: say(`paper.${other}`), max: otherLimit.max })
    : say('pages.too-many');
}

function pageCountOutcome(input: ReadinessInput): RuleOutcome {
  const m = input.metadata;
  const real = input.paperback?.pageCount;
  const pages = real ?? m.estimatedPrintPages ?? estimatePrintPages(m.wordCount);
  const { limit, size, paperWord } = paperbackLimit(input);
  const isTooFew = pages < limit.min;
  const inRange = !isTooFew && pages <= limit.max;
  const found =
    real !== undefined ? say('pages.real', { n: real }) : say('pages.estimated', { n: pages, words: m.wordCount });
  const detail = inRange
    ? found
    : [found, say(isTooFew ? 'pages.under' : 'pages.over', { min: limit.min, max: limit.max, paper: paperWord, size })];
  const fix = isTooFew ? say('pages.too-few', { missing: limit.min - pages }) : tooManyFix(input, pages);
  if (real !== undefined || !inRange) return outcome(inRange, detail, fix);
  return { status: 'check', detail, fix: say('pages.estimated-fix') };
}

export const PAGE_COUNT = {
  id: 'page-count',
  words: WORDS,
  label: (i) => {
    const { limit, size, paperWord } = paperbackLimit(i);
    return say('label.page-count', { min: limit.min, max: limit.max, paper: paperWord, size });
  },
  appliesTo: isPaperback,
  source: (i) => paperbackLimit(i).limit.source,
  evaluate: pageCountOutcome,
} satisfies ReadinessRule;
