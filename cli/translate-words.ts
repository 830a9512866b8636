// What `karya translate` says on the way (progress, cost, the end), in English and Malay.
import { fillPlaceholders, type Lang } from '../engine/index.js';

const WORDS = {
  needsBook: { en: 'give the book to translate with --book ID (karya books lists your books and their ids)', ms: 'nyatakan buku untuk diterjemah dengan --book ID (karya books menyenaraikan buku anda dan idnya)' },
  needsModel: { en: 'a translation needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for a local server); the offline provider only writes demo text', ms: 'terjemahan memerlukan model: tetapkan OPENAI_API_KEY (dan OPENAI_BASE_URL untuk pelayan tempatan); pembekal luar talian hanya menulis teks demo' },
  costBefore: { en: 'book {id} into {language}: {parts} parts at {per} credit a part, {total} credits in all, {remaining} still to pay; {terms} glossary terms held fast', ms: 'buku {id} ke dalam {language}: {parts} bahagian pada {per} kredit setiap bahagian, {total} kredit semuanya, {remaining} belum dibayar; {terms} istilah glosari dikekalkan' },
  window: { en: 'translating {label} (window {n} of {of})', ms: 'menterjemah {label} (tetingkap {n} daripada {of})' },
  askedAgain: { en: 'asking {label} (window {n} of {of}) again: {reason}', ms: 'meminta semula {label} (tetingkap {n} daripada {of}): {reason}' },
  partDone: { en: '{label} translated ({credits} credits)', ms: '{label} diterjemah ({credits} kredit)' },
  stopped: { en: 'stopped; the windows translated so far are saved: run the same command again to go on.', ms: 'dihentikan; tetingkap yang telah diterjemah disimpan: jalankan arahan yang sama sekali lagi untuk meneruskan.' },
  providerStopped: { en: 'the translation stopped: {message} The windows translated so far are saved; run the same command again to go on.', ms: 'terjemahan berhenti: {message} Tetingkap yang telah diterjemah disimpan; jalankan arahan yang sama sekali lagi untuk meneruskan.' },
  bible: { en: 'reading the edition\'s {label} into its own story bible', ms: 'membaca {label} edisi ini ke dalam catatan ceritanya sendiri' },
  bibleStopped: { en: 'the edition is translated, but its story bible stopped at {label}: {message} Run the same command again to go on.', ms: 'edisi ini telah diterjemah, tetapi catatan ceritanya berhenti di {label}: {message} Jalankan arahan yang sama sekali lagi untuk meneruskan.' },
  done: { en: 'The edition is book {id}. Export it with: karya export {generator} --book {id} --out edition.epub', ms: 'Edisi ini ialah buku {id}. Eksport dengan: karya export {generator} --book {id} --out edisi.epub' },
} as const;

export function translateWord(key: keyof typeof WORDS, lang: Lang, vars: Record<string, string | number> = {}): string {
  return fillPlaceholders(WORDS[key][lang], vars);
}
