// The language a part was written in, told cheaply from word lists: English from Malay by their function
// words, paragraph by paragraph with a vote weighted by words, and standard Malay from Indonesian by the
// spellings and words that differ (kerana/karena, bahawa/bahwa, boleh…/bisa, wang/uang…), counted over
// the Malay paragraphs. Measured: franc 6 calls plain Malaysian Malay `ind` (ind 1.0, zlm 0.999 on a
// Malay paragraph), so it cannot tell the two apart; word lists can, in well under a millisecond a part.
import type { Lang } from '../spec/types.js';

/** A language a part can be found in. */
export type TextLanguage = 'en' | 'ms' | 'id';

/** What a part turned out to be written in, when that is not the book's language. */
export interface LanguageDrift {
  /** The book's language. */
  readonly expected: Lang;
  /** The language most of the part is in. */
  readonly found: TextLanguage;
  /** The share of the judged words in `found` (0–1). */
  readonly share: number;
}

export interface LanguageVerdict {
  /** The language most of the text is in, or null when too little of it could be judged. */
  readonly language: TextLanguage | null;
  /** Judged words per language (paragraphs too short or too mixed to judge are left out). */
  readonly words: Readonly<Record<TextLanguage, number>>;
}

const set = (words: string) => new Set(words.split(/\s+/).filter(Boolean));

/** Frequent English function words. */
const ENGLISH = set(`the and of to a an in is was were are be been that it its he she his her him they them their there this
  these those with for on at by from as but not no or so if then than you your i me my we our us had have has do did does
  would could should will can what which who when where why how all one into out up about over after before just only said`);

/** Frequent function words of Malay and Indonesian alike. */
const MALAY = set(`yang dan di itu ini dengan untuk tidak dalam ke pada ada akan dia ia saya mereka kami kita telah sudah
  tetapi atau juga lebih seperti oleh dari daripada kepada bagi apa hanya masih sangat semua setiap sebuah seorang lagi
  sebagai jika kalau belum pun lalu ketika begitu sambil namun mana siapa bila sini situ kini tanpa antara bahawa bahwa
  kerana karena supaya agar hingga sehingga tentang akan mula mulai harus perlu boleh bisa dapat sedang`);

/** Words and spellings of Malaysian Malay that Indonesian writes otherwise. */
const MALAY_ONLY = set(`kerana bahawa iaitu sahaja mahu mahukan fikir berfikir fikiran faham kefahaman esok wang pejabat
  basikal percuma bilik pelancong pelancongan berbeza beza perbezaan minit telefon idea jom awak nak selepas lelaki emak
  kedai tandas berkongsi bas teksi hospital polis tiada cuba mencuba dicuba baharu kanak-kanak sentiasa semula soalan
  jawapan kerusi jiran hujung rakan filem muzik bandar pelbagai kenderaan pengangkutan tempatan pelawat percutian
  membeli-belah lawatan melawat bajet persekitaran aktiviti kualiti universiti komuniti fasiliti berbual sikit`);

/** Words and spellings of Indonesian that Malaysian Malay writes otherwise. */
const INDONESIAN_ONLY = set(`karena bahwa yaitu saja mau pikir berpikir pikiran paham kemarin besok uang kantor mobil sepeda
  gratis sore kamar wisatawan wisata berbeda beda perbedaan dokter menit telepon ide silakan ayo nggak gak enggak banget
  sih dong kok deh aja udah gimana kayak bikin ngomong ngobrol cewek cowok gue kalian coba mencoba dicoba meskipun
  jawaban kursi dibangun tetangga ujung rekan film musik kendaraan transportasi lokal liburan aktivitas kualitas
  universitas komunitas fasilitas toko bioskop apotek supir sopir`);

/** Paragraphs with fewer words are not judged on their own (short texts are unreliable). */
const MIN_PARAGRAPH_WORDS = 8;
/** A text with fewer judged words gets no verdict (a one-line answer, a list of names). */
const MIN_JUDGED_WORDS = 40;

function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/\p{L}+(?:[-'’]\p{L}+)*/gu) ?? [];
}

/**
 * The language of a text: each paragraph votes English or Malay by its function words (weighted by its
 * words); among the Malay ones, Indonesian when its own words clearly outnumber Malaysian ones.
 * @example detectLanguage('Dia tidak tahu mengapa hatinya berat kerana hujan…').language // 'ms'
 */
export function detectLanguage(text: string): LanguageVerdict {
  let en = 0;
  let malay = 0;
  let msMarks = 0;
  let idMarks = 0;
  for (const paragraph of text.split(/\n\s*\n/)) {
    const words = wordsOf(paragraph);
    if (words.length < MIN_PARAGRAPH_WORDS) continue;
    let enHits = 0;
    let malayHits = 0;
    for (const w of words) {
      if (ENGLISH.has(w)) enHits++;
      if (MALAY.has(w)) malayHits++;
    }
    // A paragraph counts for one side only when that side's function words clearly lead.
    if (enHits >= 2 && enHits >= 2 * malayHits) en += words.length;
    else if (malayHits >= 2 && malayHits >= 2 * enHits) {
      malay += words.length;
      for (const w of words) {
        if (MALAY_ONLY.has(w)) msMarks++;
        if (INDONESIAN_ONLY.has(w)) idMarks++;
      }
    }
  }
  // Indonesian needs several of its own words and twice as many as Malaysian ones; otherwise Malay.
  const isIndonesian = idMarks >= 3 && idMarks >= 2 * msMarks;
  const words = { en, ms: isIndonesian ? 0 : malay, id: isIndonesian ? malay : 0 };
  if (en + malay < MIN_JUDGED_WORDS) return { language: null, words };
  const language: TextLanguage = en >= malay ? 'en' : isIndonesian ? 'id' : 'ms';
  return { language, words };
}

/**
 * The drift of a part away from the book's language, or undefined when it is in that language or too
 * short to tell. Cheap: a pass over the words with set look-ups.
 * @example findLanguageDrift(englishChapter, 'ms') // { expected: 'ms', found: 'en', share: 0.97 }
 */
export function findLanguageDrift(text: string, expected: Lang): LanguageDrift | undefined {
  const verdict = detectLanguage(text);
  if (verdict.language === null || verdict.language === expected) return undefined;
  const total = verdict.words.en + verdict.words.ms + verdict.words.id;
  return { expected, found: verdict.language, share: Number((verdict.words[verdict.language] / total).toFixed(2)) };
}

/** Names of the languages a part can be found in, for messages. */
export const TEXT_LANGUAGE_NAMES: Record<TextLanguage, string> = { en: 'English', ms: 'Malay', id: 'Indonesian' };
