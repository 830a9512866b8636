// The words of the writer's voice on a book's page, in en and ms: the Voice panel (the sample, its
// fingerprint in plain words, the phrases to avoid) and the marks on a part (drifts from the voice, overused
// phrases, "Rewrite toward my voice"). Part of the page's words (PAGE_WORDS in words.ts).
import { studioCatalogue } from '../i18n/catalogue.js';

export const VOICE_WORDS = studioCatalogue('studio-voice', {
  voiceTitle: { en: 'Your voice', ms: 'Suara anda' },
  voiceHint: {
    en: 'Paste a few pages of your own prose (300 to 10,000 words). Karya measures how you write, writes every part toward it and marks a part that drifts from it.',
    ms: 'Tampal beberapa halaman prosa anda sendiri (300 hingga 10,000 patah perkataan). Karya mengukur cara anda menulis, menulis setiap bahagian mengikutnya dan menanda bahagian yang menyimpang daripadanya.',
  },
  voiceSample: { en: 'A sample of your own prose', ms: 'Sampel prosa anda sendiri' },
  voiceSampleReplace: { en: 'A new sample of your own prose (replaces the one measured)', ms: 'Sampel baharu prosa anda sendiri (menggantikan sampel yang telah diukur)' },
  voiceSampleWords: { en: { one: '{n} word', other: '{n} words' }, ms: '{n} patah perkataan' },
  voiceFile: { en: 'Or read a .txt or .md file', ms: 'Atau baca fail .txt atau .md' },
  voiceFileWrong: { en: '{file} is not a .txt or .md file. Choose a plain text or Markdown file, or paste the text.', ms: '{file} bukan fail .txt atau .md. Pilih fail teks biasa atau Markdown, atau tampal teksnya.' },
  voiceFileFailed: { en: 'Could not read {file}.', ms: 'Tidak dapat membaca {file}.' },
  voiceFileRead: { en: '{file} read into the sample: {n} words. Save it to measure it.', ms: '{file} dibaca ke dalam sampel: {n} patah perkataan. Simpan untuk mengukurnya.' },
  voiceSampleEmpty: { en: 'Paste or read a sample first.', ms: 'Tampal atau baca sampel dahulu.' },
  voiceSampleTooLong: { en: 'The sample is too long: give at most 10,000 words (a few chapters are enough).', ms: 'Sampel itu terlalu panjang: berikan paling banyak 10,000 patah perkataan (beberapa bab sudah memadai).' },
  voiceSave: { en: 'Save and measure', ms: 'Simpan dan ukur' },
  voiceSaving: { en: 'Measuring…', ms: 'Sedang mengukur…' },
  voiceSaved: { en: 'Your sample is measured: every part is now written toward it and measured against it.', ms: 'Sampel anda telah diukur: setiap bahagian kini ditulis mengikutnya dan diukur berbandingnya.' },
  voiceRemove: { en: 'Remove sample', ms: 'Buang sampel' },
  voiceRemoved: { en: 'The sample is removed: parts are no longer measured against a voice.', ms: 'Sampel telah dibuang: bahagian tidak lagi diukur berbanding suara.' },
  voiceFailed: { en: 'Could not save your voice. Please try again.', ms: 'Tidak dapat menyimpan suara anda. Sila cuba lagi.' },
  voiceNone: { en: 'No sample yet: parts are not measured against a voice.', ms: 'Belum ada sampel: bahagian tidak diukur berbanding suara.' },
  // The fingerprint in plain words.
  voiceMeasured: { en: 'Your voice, measured on {n} words:', ms: 'Suara anda, diukur pada {n} patah perkataan:' },
  fpSentences: { en: 'Sentences: about {n} words on average', ms: 'Ayat: purata kira-kira {n} patah perkataan' },
  fpParagraphs: { en: 'Paragraphs: about {n} words', ms: 'Perenggan: kira-kira {n} patah perkataan' },
  fpDialogue: { en: 'Dialogue: {n} % of the words', ms: 'Dialog: {n} % daripada perkataan' },
  fpPerson_first: { en: 'First person', ms: 'Orang pertama' },
  fpPerson_second: { en: 'Second person', ms: 'Orang kedua' },
  fpPerson_third: { en: 'Third person', ms: 'Orang ketiga' },
  fpTense_past: { en: 'past tense', ms: 'kala lampau' },
  fpTense_present: { en: 'present tense', ms: 'kala kini' },
  fpTense_mixed: { en: 'mixed tenses', ms: 'kala bercampur' },
  fpDiversity: { en: 'Vocabulary (MTLD): {n}', ms: 'Kepelbagaian kosa kata (MTLD): {n}' },
  fpOverused: { en: 'Overused phrases: {n} per 1,000 words', ms: 'Frasa terlalu kerap: {n} setiap 1,000 perkataan' },
  // The writer's phrases to avoid.
  avoidTitle: { en: 'Phrases to keep out of the book', ms: 'Frasa yang perlu dielakkan dalam buku' },
  avoidHint: { en: 'Your own phrases the book should not use (at most 40, each at most 80 characters).', ms: 'Frasa anda sendiri yang tidak patut digunakan dalam buku (paling banyak 40, setiap satu paling panjang 80 aksara).' },
  avoidNone: { en: 'No phrases yet.', ms: 'Belum ada frasa.' },
  avoidNew: { en: 'A phrase to avoid', ms: 'Frasa untuk dielakkan' },
  avoidAdd: { en: 'Add', ms: 'Tambah' },
  avoidRemove: { en: 'Remove “{phrase}”', ms: 'Buang “{phrase}”' },
  avoidSaved: { en: 'Phrases to avoid saved.', ms: 'Frasa untuk dielakkan telah disimpan.' },
  // The marks on a part.
  voiceDriftsMark: { en: 'Drifts from your voice:', ms: 'Menyimpang daripada suara anda:' },
  overusedMark: { en: 'Overused phrases: {n} per 1,000 words', ms: 'Frasa terlalu kerap: {n} setiap 1,000 perkataan' },
  overusedYours: { en: 'from your own list: {phrases}', ms: 'daripada senarai anda sendiri: {phrases}' },
  voiceMarksLabel: { en: 'Voice of {part}', ms: 'Suara {part}' },
  towardVoice: { en: 'Rewrite toward my voice', ms: 'Tulis semula mengikut suara saya' },
  towardVoiceLabel: { en: 'Rewrite {part} toward my voice', ms: 'Tulis semula {part} mengikut suara saya' },
  towardVoiceHint: {
    en: 'Writes this part again in the voice of your sample, taking out what drifted. The current text is kept as an earlier version.',
    ms: 'Menulis semula bahagian ini dengan suara sampel anda, membuang apa yang menyimpang. Teks semasa disimpan sebagai versi terdahulu.',
  },
});
