// The paperback within KDP's page range for its paper and trim, by the interior's real count (an estimate
// from the words, said as one and left to check, when the package has none).
import { estimatePrintPages } from '../metadata.js';
import { DEFAULT_PAPER, DEFAULT_TRIM, TRIM_SIZES, type PaperName } from '../../print.js';
import type { ReadinessInput, ReadinessRule, RuleOutcome } from '../readiness-types.js';
import { pageLimit } from '../rules.js';
import { isPaperback, outcome } from './outcome.js';
import { sayer, type ReadinessText, type RuleWordTable } from './text.js';

const WORDS = {
  'label.page-count': {
    en: 'the paperback has {min} to {max} pages (KDP\'s range for {paper} paper at {size})',
    ms: 'buku kulit lembut mempunyai {min} hingga {max} halaman (julat KDP untuk kertas {paper} bersaiz {size})',
  },
  'pages.real': { en: '{n} pages (paperback-interior.pdf)', ms: '{n} halaman (paperback-interior.pdf)' },
  'pages.estimated': {
    en: 'about {n} pages, estimated from {words} words (no interior page count in the package)',
    ms: 'kira-kira {n} halaman, dianggarkan daripada {words} perkataan (pakej tiada bilangan halaman isi)',
  },
  'pages.estimated-fix': { en: "make the package again{how_version} so the paperback's real page count is known", ms: 'buat pakej sekali lagi{how_version} supaya bilangan halaman sebenar buku kulit lembut diketahui' },
  'pages.under': { en: 'KDP prints at least {min} pages on {paper} paper at {size}', ms: 'KDP mencetak sekurang-kurangnya {min} halaman pada kertas {paper} bersaiz {size}' },
  'pages.over': { en: 'KDP prints at most {max} pages on {paper} paper at {size}', ms: 'KDP mencetak paling banyak {max} halaman pada kertas {paper} bersaiz {size}' },
  'pages.other-paper': {
    en: 'choose {paper} paper for the paperback (up to {max} pages), or write fewer or shorter chapters; the eBook is fine as it is',
    ms: 'pilih kertas {paper} untuk buku kulit lembut (sehingga {max} halaman), atau tulis bab yang lebih sedikit atau lebih pendek; eBook sudah baik seperti sedia ada',
  },
  'pages.too-few': {
    en: 'for a paperback, {missing} more pages are needed: write more or longer chapters; the eBook is fine as it is',
    ms: 'untuk buku kulit lembut, {missing} halaman lagi diperlukan: tulis lebih banyak bab atau bab yang lebih panjang; eBook sudah baik seperti sedia ada',
  },
  'pages.too-many': {
    en: 'write fewer or shorter chapters, or split the book into volumes for a paperback; the eBook is fine as it is',
    ms: 'tulis bab yang lebih sedikit atau lebih pendek, atau pecahkan buku kepada beberapa jilid untuk buku kulit lembut; eBook sudah baik seperti sedia ada',
  },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

/** The paperback's trim and paper (KDP's defaults when the package does not say), and KDP's page range for them. */
function paperbackLimit(input: ReadinessInput) {
  const trim = input.paperback?.trim ?? DEFAULT_TRIM;
  const paper = input.paperback?.paper ?? DEFAULT_PAPER;
  const { width, height } = TRIM_SIZES[trim];
  return { trim, paper, limit: pageLimit({ binding: 'paperback', paper, trim }), size: say('trim', { width, height }), paperWord: say(`paper.${paper}`) };
}

/** What to change when a book has more pages than its paper and trim allow: another paper that takes them, or fewer pages. */
function tooManyFix(input: ReadinessInput, pages: number): ReadinessText {
  const { trim, paper } = paperbackLimit(input);
  const other: PaperName = paper === 'cream' ? 'white' : 'cream';
  const otherLimit = pageLimit({ binding: 'paperback', paper: other, trim });
  return pages <= otherLimit.max ? say('pages.other-paper', { paper: say(`paper.${other}`), max: otherLimit.max }) : say('pages.too-many');
}

function pageCountOutcome(input: ReadinessInput): RuleOutcome {
  const m = input.metadata;
  const real = input.paperback?.pageCount;
  const pages = real ?? m.estimatedPrintPages ?? estimatePrintPages(m.wordCount);
  const { limit, size, paperWord } = paperbackLimit(input);
  const isTooFew = pages < limit.min;
  const inRange = !isTooFew && pages <= limit.max;
  const found = real !== undefined ? say('pages.real', { n: real }) : say('pages.estimated', { n: pages, words: m.wordCount });
  const detail = inRange ? found : [found, say(isTooFew ? 'pages.under' : 'pages.over', { min: limit.min, max: limit.max, paper: paperWord, size })];
  const fix = isTooFew ? say('pages.too-few', { missing: limit.min - pages }) : tooManyFix(input, pages);
  if (real !== undefined || !inRange) return outcome(inRange, detail, fix);
  return { status: 'check', detail, fix: say('pages.estimated-fix') };
}

export const PAGE_COUNT = {
  id: 'page-count', words: WORDS,
  label: (i) => {
    const { limit, size, paperWord } = paperbackLimit(i);
    return say('label.page-count', { min: limit.min, max: limit.max, paper: paperWord, size });
  },
  appliesTo: isPaperback, source: (i) => paperbackLimit(i).limit.source, evaluate: pageCountOutcome,
} satisfies ReadinessRule;
