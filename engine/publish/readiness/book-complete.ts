// Every part written, none stopping mid-sentence (cut at the model's limit or a broken answer, kept incomplete).
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, everyChannel, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.book-complete': {},
  'book.complete': {},
  'book.own-ending': {},
  'book.unfinished': {},
  'book.mid-sentence': {},
  'book.mid-sentence-fix': {},
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const BOOK_COMPLETE = {
  id: 'book-complete',
  words: WORDS,
  label: () => say('label.book-complete'),
  appliesTo: everyChannel,
  source: () => KARYA,
  evaluate: (i) =>
    i.isBookComplete && i.incompleteParts?.length
      ? outcome(false, say('book.mid-sentence', { parts: i.incompleteParts.join(', ') }), say('book.mid-sentence-fix'))
      : outcome(
          i.isBookComplete,
          say(!i.isBookComplete ? 'book.unfinished' : i.ending === 'own-ending' ? 'book.own-ending' : 'book.complete'),
          say('book.finish'),
        ),
} satisfies ReadinessRule;
