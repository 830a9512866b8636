// The words of the near-duplicate checks of readiness (readiness-closeness.ts) in English and Malay: part of
// the readiness catalogue (readiness-words.ts READINESS_WORDS), kept apart so the catalogue stays one screen a topic.
import type { Bilingual } from '../spec/types.js';

export const CLOSENESS_WORDS = {
  'label.not-too-close': {
    en: 'not too close to your other books (less than {threshold} of its text in any one of them)',
    ms: 'tidak terlalu hampir dengan buku anda yang lain (kurang daripada {threshold} teksnya dalam mana-mana satu buku)',
  },
  'label.reused-passages': {
    en: 'passages are not reused across its parts (less than {threshold} repeated)',
    ms: 'petikan tidak diulang merentas bahagiannya (kurang daripada {threshold} berulang)',
  },
  'close.none': { en: 'compared with {n} other books: none holds {threshold} or more of it', ms: 'dibandingkan dengan {n} buku lain: tiada yang mengandungi {threshold} atau lebih daripadanya' },
  'close.no-books': { en: 'no other finished books to compare with yet', ms: 'belum ada buku lain yang siap untuk dibandingkan' },
  'close.no-text': { en: 'the book has no text to compare', ms: 'buku ini tiada teks untuk dibandingkan' },
  'close.to': {
    en: 'too close to "{title}": {share} of its 8-word runs are in that book',
    ms: 'terlalu hampir dengan "{title}": {share} daripada rangkaian 8 perkataannya terdapat dalam buku itu',
  },
  'close.passages': { en: 'both have {passages}', ms: 'kedua-duanya mempunyai {passages}' },
  'close.fix': {
    en: 'rewrite this book until it is clearly different from "{title}", or publish only one of them: stores remove a book that is not significantly different from another',
    ms: 'tulis semula buku ini sehingga ia jelas berbeza daripada "{title}", atau terbitkan hanya salah satu: kedai membuang buku yang tidak banyak berbeza daripada buku lain',
  },
  'reuse.share': { en: '{share} of its 8-word runs occur in more than one part', ms: '{share} daripada rangkaian 8 perkataannya terdapat dalam lebih daripada satu bahagian' },
  'reuse.example': { en: 'e.g. "{text}" (part {part}, already in part {first})', ms: 'cth. "{text}" (bahagian {part}, sudah ada dalam bahagian {first})' },
  'reuse.fix': { en: 'rewrite the repeated passages so that each part says its own', ms: 'tulis semula petikan yang berulang supaya setiap bahagian mempunyai isinya sendiri' },
} as const satisfies Record<string, Bilingual>;
