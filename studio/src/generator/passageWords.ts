// The words of the passage tools (PassageTools.tsx), in en and ms: a passage rewritten, expanded, shortened
// or described, shown beside the old one and kept or discarded. Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const PASSAGE_WORDS = studioCatalogue('studio-passage', {
  passageTools: { en: 'Passage tools', ms: 'Alat petikan' },
  passageToolsLabel: { en: 'Passage tools for {part}', ms: 'Alat petikan untuk {part}' },
  passageHint: {
    en: 'Select a passage in the text above, or choose a paragraph here. The new passage appears beside the old one; the part changes only if you keep it.',
    ms: 'Pilih petikan dalam teks di atas, atau pilih perenggan di sini. Petikan baharu dipaparkan di sebelah yang lama; bahagian ini berubah hanya jika anda menyimpannya.',
  },
  passageWhich: { en: 'Passage', ms: 'Petikan' },
  passageSelection: { en: 'Your selection: {text}', ms: 'Pilihan anda: {text}' },
  passageParagraph: { en: 'Paragraph {n}: {text}', ms: 'Perenggan {n}: {text}' },
  passageNote: { en: 'Note for Rewrite (optional)', ms: 'Nota untuk Tulis Semula (pilihan)' },
  passageTone: { en: 'Tone for Rewrite', ms: 'Nada untuk Tulis Semula' },
  passageToneNone: { en: 'As it is', ms: 'Seperti asal' },
  passageTone_warmer: { en: 'Warmer', ms: 'Lebih mesra' },
  passageTone_tenser: { en: 'Tenser', ms: 'Lebih tegang' },
  passageTone_lighter: { en: 'Lighter, more humorous', ms: 'Lebih ringan dan lucu' },
  passageTone_formal: { en: 'More formal', ms: 'Lebih formal' },
  passageTone_lyrical: { en: 'More lyrical', ms: 'Lebih puitis' },
  passage_rewrite: { en: 'Rewrite', ms: 'Tulis semula' },
  passage_expand: { en: 'Expand', ms: 'Panjangkan' },
  passage_shorten: { en: 'Shorten', ms: 'Pendekkan' },
  passage_describe: { en: 'Describe', ms: 'Gambarkan' },
  passageWorking: { en: 'Writing the new passage…', ms: 'Sedang menulis petikan baharu…' },
  passageBefore: { en: 'Now', ms: 'Sekarang' },
  passageAfter: { en: 'New passage', ms: 'Petikan baharu' },
  passageKeep: { en: 'Keep', ms: 'Simpan' },
  passageDiscard: { en: 'Discard', ms: 'Buang' },
  passageDiscarded: {
    en: 'Discarded: the part is as it was. The answer was written, so its cost ({cost}) stays spent.',
    ms: 'Dibuang: bahagian ini kekal seperti asal. Jawapan itu telah ditulis, jadi kosnya ({cost}) tetap digunakan.',
  },
  passageShort: { en: 'Your balance is too low for this ({cost} an answer).', ms: 'Baki anda tidak mencukupi untuk ini ({cost} setiap jawapan).' },
  topUpLink: { en: 'Top Up', ms: 'Tambah Kredit' },
  passageKept: { en: 'Passage kept. The earlier text is in Earlier versions (version {n}).', ms: 'Petikan disimpan. Teks sebelumnya ada dalam Versi terdahulu (versi {n}).' },
  passageFailed: { en: 'Could not write the new passage. Nothing was charged; please try again.', ms: 'Petikan baharu tidak dapat ditulis. Tiada caj dikenakan; sila cuba lagi.' },
});
