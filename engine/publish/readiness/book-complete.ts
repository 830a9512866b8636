// Every part written, none stopping mid-sentence (cut at the model's limit or a broken answer, kept incomplete).
import type { ReadinessRule } from '../readiness-types.js';
import { KARYA, everyChannel, outcome } from './outcome.js';
import { sayer, type RuleWordTable } from './text.js';

const WORDS = {
  'label.book-complete': { en: 'every part of the book is written', ms: 'setiap bahagian buku telah ditulis' },
  'book.complete': { en: 'introduction to conclusion', ms: 'dari pengenalan hingga penutup' },
  'book.own-ending': { en: 'ends with its own last part, as the writer brought it', ms: 'berakhir dengan bahagian terakhirnya sendiri, seperti yang dibawa penulis' },
  'book.unfinished': { en: 'the book is not finished', ms: 'buku belum selesai' },
  'book.mid-sentence': { en: 'these parts end mid-sentence: {parts}', ms: 'bahagian ini berhenti di tengah ayat: {parts}' },
  'book.mid-sentence-fix': { en: 'finish each with Write more, or rewrite its ending', ms: 'lengkapkan setiap satu dengan Tulis lagi, atau tulis semula pengakhirannya' },
} as const satisfies RuleWordTable;
const say = sayer(WORDS);

export const BOOK_COMPLETE = {
  id: 'book-complete', words: WORDS, label: () => say('label.book-complete'), appliesTo: everyChannel, source: () => KARYA,
  evaluate: (i) => (i.isBookComplete && i.incompleteParts?.length
    ? outcome(false, say('book.mid-sentence', { parts: i.incompleteParts.join(', ') }), say('book.mid-sentence-fix'))
    : outcome(i.isBookComplete, say(!i.isBookComplete ? 'book.unfinished' : i.ending === 'own-ending' ? 'book.own-ending' : 'book.complete'), say('book.finish'))),
} satisfies ReadinessRule;
