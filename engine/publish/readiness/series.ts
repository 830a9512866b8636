// A book of a series: the stores link the books of a series by its name and each book's number.
import type { ReadinessRule } from '../readiness-types.js';
import { everyChannel, pass } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.series': { en: "the series and the book's number in it, for the store's series page", ms: 'siri dan nombor buku dalam siri itu, untuk halaman siri di kedai' },
  'series.given': { en: '"{name}", book {number}', ms: '"{name}", buku {number}' },
  'series.no-number': { en: '"{name}", without the book\'s number in it', ms: '"{name}", tanpa nombor buku dalam siri itu' },
  'series.fix': { en: 'give the book\'s number in the series (karya publish --series-number N; a book written with --series has it)', ms: 'berikan nombor buku dalam siri itu (karya publish --series-number N; buku yang ditulis dengan --series sudah memilikinya)' },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const SERIES = {
  id: 'series', words: WORDS, label: () => say('label.series'), appliesTo: everyChannel, when: (i) => i.metadata.series !== null,
  source: (_, c) => c.sources.metadata,
  evaluate: (i) => {
    const s = i.metadata.series!;
    return pass(s.number !== null ? say('series.given', { name: s.name, number: s.number }) : [say('series.no-number', { name: s.name }), say('series.fix')]);
  },
} satisfies ReadinessRule;
