// The words the continuity checks read, as data: verbs of speech and action that put a character in a scene,
// and words that make a mention a memory, a dream or a grave rather than the character acting. The states
// that mean a character is dead, absent or elsewhere are each language's (the table's `book` section).
import { isPartWord } from '../../reading-words.js';

/** Verbs of a character speaking or acting (both languages: a Malay book may quote English and the reverse). */
export const ACTS = new Set([
  'said', 'says', 'asked', 'asks', 'replied', 'shouted', 'whispered', 'called', 'answered', 'laughed', 'smiled', 'nodded', 'walked', 'ran',
  'grabbed', 'opened', 'stood', 'turned', 'spoke', 'cried', 'muttered', 'added', 'insisted', 'reached', 'stepped', 'entered', 'shrugged', 'sighed', 'grinned', 'frowned',
  'berkata', 'kata', 'bertanya', 'tanya', 'menjawab', 'jawab', 'menjerit', 'berbisik', 'memanggil', 'ketawa', 'tertawa', 'tersenyum', 'mengangguk', 'berjalan', 'berlari',
  'mengambil', 'membuka', 'berdiri', 'berpaling', 'bercakap', 'menangis', 'bersuara', 'menoleh', 'melangkah', 'masuk', 'mengeluh', 'menyahut', 'membalas',
]);

/** A sentence with one of these is a memory, a dream, a grave or a picture: the character is not acting in it. */
export const NOT_PRESENT = /\b(remember(?:ed|s)?|memor(?:y|ies)|thought of|thinks of|dream(?:ed|t|s)?|ghost|grave|funeral|mourn(?:ed|s)?|photograph|portrait|letter from|teringat|ingat(?:an)?|kenangan|mimpi|bermimpi|hantu|kubur|pusara|jenazah|gambar|meratapi|arwah|mendiang|surat daripada)\b/i;

/**
 * Capitalised words that are never a character's name, so never "a name spelled two ways": the months and days
 * in English and Malay, and common nouns and titles a sentence or a heading capitalises (lower case here); the
 * words that name a part are every language's, from the table (isNotName).
 */
export const NOT_NAMES: ReadonlySet<string> = new Set(`
  january february march april may june july august september october november december
  monday tuesday wednesday thursday friday saturday sunday
  januari februari mac april mei jun julai ogos september oktober november disember
  isnin selasa rabu khamis jumaat sabtu ahad minggu
  mister missus madam sir lady lord master miss doctor captain father mother uncle aunt auntie brother sister
  encik puan cik tuan datuk datin dato tan sri haji hajah pakcik makcik abang kakak adik ayah ibu emak bapa
  north south east west utara selatan timur barat morning evening night today tomorrow yesterday
  pagi petang malam hari esok semalam
`.split(/\s+/).filter(Boolean));

/** A capitalised word that is never a character's name: one of NOT_NAMES, or a word that names a part in some language (`reading.parts`: chapter, bab, prologue…). */
export const isNotName = (word: string): boolean => NOT_NAMES.has(word.toLowerCase()) || isPartWord(word);
