// The words of the AI-disclosure check (disclosure.ts) in English and Malay: the ai-disclosure rule's words
// (readiness/ai-disclosure.ts), kept beside disclosure.ts, which says them too. Placeholders as engine/i18n.ts fills them: {name}.
import type { Bilingual } from '../spec/types.js';

export const DISCLOSURE_WORDS = {
  'label.ai-disclosure': {
    en: 'the AI-content disclosure KDP asks at title setup (text, images, translation), derived from who wrote each part',
    ms: 'pendedahan kandungan AI yang ditanya KDP semasa menyediakan judul (teks, imej, terjemahan), diperoleh daripada siapa yang menulis setiap bahagian',
  },
  'ai.text.none': { en: 'Text: no AI-generated text', ms: 'Teks: tiada teks dijana AI' },
  'ai.text.some': { en: 'Text: some sections AI-generated', ms: 'Teks: sebahagian bahagian dijana AI' },
  'ai.text.most': { en: 'Text: most of it AI-generated', ms: 'Teks: kebanyakannya dijana AI' },
  'ai.text.entirely': { en: 'Text: entirely AI-generated', ms: 'Teks: keseluruhannya dijana AI' },
  'ai.derived': { en: '{percent} % of words ({words} of {total}): {pieces}', ms: '{percent} % perkataan ({words} daripada {total}): {pieces}' },
  'ai.parts-model': { en: '{n} of {of} parts written by the model', ms: '{n} daripada {of} bahagian ditulis oleh model' },
  'ai.parts-rewritten': { en: '{n} of {of} parts rewritten by the model', ms: '{n} daripada {of} bahagian ditulis semula oleh model' },
  'ai.parts-hand': { en: "{n} of {of} parts the model's, edited by hand", ms: '{n} daripada {of} bahagian milik model, disunting dengan tangan' },
  'ai.parts-author': { en: "{n} of {of} parts the author's own", ms: '{n} daripada {of} bahagian tulisan pengarang sendiri' },
  'ai.passages': { en: '{n} passages rewritten by the model', ms: '{n} petikan ditulis semula oleh model' },
  'ai.passage': { en: '1 passage rewritten by the model', ms: '1 petikan ditulis semula oleh model' },
  'ai.added': { en: 'words the model added to {n} of the author\'s parts', ms: 'perkataan yang ditambah model pada {n} bahagian pengarang' },
  'ai.images.ai-generated': { en: 'images: the cover AI-generated', ms: 'imej: kulit buku dijana AI' },
  'ai.images.none': { en: 'images: none AI-generated', ms: 'imej: tiada yang dijana AI' },
  'ai.translations': { en: 'translation: none', ms: 'terjemahan: tiada' },
  'ai.translated-from': { en: 'translated from {language} by AI (declare it as AI-generated translation)', ms: 'diterjemah daripada {language} oleh AI (nyatakannya sebagai terjemahan yang dijana AI)' },
  // A package made before the language was a value of the text says these.
  'ai.translated-from.en': { en: 'translated from English by AI (declare it as AI-generated translation)', ms: 'diterjemah daripada bahasa Inggeris oleh AI (nyatakannya sebagai terjemahan yang dijana AI)' },
  'ai.translated-from.ms': { en: 'translated from Malay by AI (declare it as AI-generated translation)', ms: 'diterjemah daripada bahasa Melayu oleh AI (nyatakannya sebagai terjemahan yang dijana AI)' },
  'ai.summary': { en: '{text} ({derived}); {images}; {translations}', ms: '{text} ({derived}); {images}; {translations}' },
  'ai.corrected': { en: 'you declared "{level}"; Karya derived "{derived}"', ms: 'anda mengisytiharkan "{level}"; Karya memperoleh "{derived}"' },
  'ai.corrected-fix': {
    en: 'KDP counts text an AI model wrote as AI-generated even after substantial edits: declare "{derived}" unless the parts counted as the model\'s are your own',
    ms: 'KDP mengira teks yang ditulis model AI sebagai dijana AI walaupun selepas suntingan besar: isytiharkan "{derived}" melainkan bahagian yang dikira milik model ialah tulisan anda sendiri',
  },
  'ai.level.none': { en: 'none', ms: 'tiada' },
  'ai.level.some': { en: 'some sections', ms: 'sebahagian bahagian' },
  'ai.level.most': { en: 'most', ms: 'kebanyakan' },
  'ai.level.entirely': { en: 'entirely', ms: 'keseluruhannya' },
} as const satisfies Record<string, Bilingual>;
