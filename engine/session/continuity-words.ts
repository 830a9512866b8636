// The words the continuity checks read, in English and Malay, as data: a character state that means the
// character is dead, absent or elsewhere; verbs of speech and action that put a character in a scene; and
// words that make a mention a memory, a dream or a grave rather than the character acting.
import type { Lang } from '../spec/types.js';

export const GONE_STATES: Readonly<Record<Lang, RegExp>> = {
  en: /\b(dead|died|dies|killed|deceased|murdered|drowned|perished|buried|lost (?:in|at) (?:the )?(?:storm|sea|war|fire)|absent|departed|left (?:for|town|the country|home)|gone (?:to|from|away)|away (?:in|at|to)|elsewhere|exiled|imprisoned in)\b/i,
  ms: /\b(mati|meninggal(?: dunia)?|terbunuh|dibunuh|lemas|terkorban|dikebumikan|hilang dalam (?:ribut|laut|perang|kebakaran)|tiada lagi|telah pergi|pergi ke|berada di luar|ghaib|dipenjarakan di|dibuang negeri)\b/i,
};

/** Verbs of a character speaking or acting (both languages: a Malay book may quote English and the reverse). */
export const ACTS = new Set([
  'said', 'says', 'asked', 'asks', 'replied', 'shouted', 'whispered', 'called', 'answered', 'laughed', 'smiled', 'nodded', 'walked', 'ran',
  'grabbed', 'opened', 'stood', 'turned', 'spoke', 'cried', 'muttered', 'added', 'insisted', 'reached', 'stepped', 'entered', 'shrugged', 'sighed', 'grinned', 'frowned',
  'berkata', 'kata', 'bertanya', 'tanya', 'menjawab', 'jawab', 'menjerit', 'berbisik', 'memanggil', 'ketawa', 'tertawa', 'tersenyum', 'mengangguk', 'berjalan', 'berlari',
  'mengambil', 'membuka', 'berdiri', 'berpaling', 'bercakap', 'menangis', 'bersuara', 'menoleh', 'melangkah', 'masuk', 'mengeluh', 'menyahut', 'membalas',
]);

/** A sentence with one of these is a memory, a dream, a grave or a picture: the character is not acting in it. */
export const NOT_PRESENT = /\b(remember(?:ed|s)?|memor(?:y|ies)|thought of|thinks of|dream(?:ed|t|s)?|ghost|grave|funeral|mourn(?:ed|s)?|photograph|portrait|letter from|teringat|ingat(?:an)?|kenangan|mimpi|bermimpi|hantu|kubur|pusara|jenazah|gambar|meratapi|arwah|mendiang|surat daripada)\b/i;
