// What `karya translate` says on the way (progress, cost, the end), in English and Malay beside the code and
// in every other language of the table in languages/<code>/cli-translate.yaml.
import { catalogue, sayer, type Lang } from '../engine/index.js';

const WORDS = catalogue('cli-translate', {
  needsBook: { en: 'give the book to translate with --book ID (karya books lists your books and their ids)', ms: 'nyatakan buku untuk diterjemah dengan --book ID (karya books menyenaraikan buku anda dan idnya)' },
  needsModel: { en: 'a translation needs a model: set OPENAI_API_KEY (and OPENAI_BASE_URL for a local server); the offline provider only writes demo text', ms: 'terjemahan memerlukan model: tetapkan OPENAI_API_KEY (dan OPENAI_BASE_URL untuk pelayan tempatan); pembekal luar talian hanya menulis teks demo' },
  costBefore: { en: 'book {id} into {language}: {parts} parts at {per} credit a part, {total} credits in all, {remaining} still to pay; {terms} glossary terms held fast', ms: 'buku {id} ke dalam {language}: {parts} bahagian pada {per} kredit setiap bahagian, {total} kredit semuanya, {remaining} belum dibayar; {terms} istilah glosari dikekalkan' },
  glossaryHeld: { en: 'the glossary holds these {terms} terms fast (term → how the edition writes it):', ms: 'glosari mengekalkan {terms} istilah ini (istilah → cara edisi menulisnya):' },
  glossaryNone: { en: 'the glossary holds no terms fast.', ms: 'glosari tidak mengekalkan sebarang istilah.' },
  glossaryHow: { en: 'to change them, run again with --glossary FILE: a YAML map of term: rendering ("Aisha: Aisyah"), or term: {rendering: Aisyah, gender: female} (female, male or unknown: how "dia" reads); "Term: ~" drops a term.', ms: 'untuk mengubahnya, jalankan semula dengan --glossary FAIL: peta YAML istilah: terjemahan ("Aisha: Aisyah"), atau istilah: {rendering: Aisyah, gender: female} (female, male atau unknown: cara "dia" dibaca); "Istilah: ~" membuang istilah.' },
  female: { en: 'she', ms: 'perempuan' },
  male: { en: 'he', ms: 'lelaki' },
  unknown: { en: 'he or she', ms: 'lelaki atau perempuan' },
  badRendering: { en: '"{term}" has no text rendering (a rendering, or {rendering, gender})', ms: '"{term}" tidak mempunyai terjemahan teks (terjemahan, atau {rendering, gender})' },
  badGender: { en: '"{term}" has a gender that is not female, male or unknown', ms: '"{term}" mempunyai jantina yang bukan female, male atau unknown' },
  tooLong: { en: '"{term}" or its rendering is longer than {most} characters (a name, not a sentence)', ms: '"{term}" atau terjemahannya lebih panjang daripada {most} aksara (nama, bukan ayat)' },
  window: { en: 'translating {label} (window {n} of {of})', ms: 'menterjemah {label} (tetingkap {n} daripada {of})' },
  askedAgain: { en: 'asking {label} (window {n} of {of}) again: {reason}', ms: 'meminta semula {label} (tetingkap {n} daripada {of}): {reason}' },
  // A text that counts something has its form for one beside it (`<key>_one`), chosen by the number in {credits}.
  partDone: { en: '{label} translated ({credits} credits)', ms: '{label} diterjemah ({credits} kredit)' },
  partDone_one: { en: '{label} translated ({credits} credit)', ms: '{label} diterjemah ({credits} kredit)' },
  stopped: { en: 'stopped; the windows translated so far are saved: run the same command again to go on.', ms: 'dihentikan; tetingkap yang telah diterjemah disimpan: jalankan arahan yang sama sekali lagi untuk meneruskan.' },
  providerStopped: { en: 'the translation stopped: {message} The windows translated so far are saved; run the same command again to go on.', ms: 'terjemahan berhenti: {message} Tetingkap yang telah diterjemah disimpan; jalankan arahan yang sama sekali lagi untuk meneruskan.' },
  bible: { en: 'reading the edition\'s {label} into its own story bible', ms: 'membaca {label} edisi ini ke dalam catatan ceritanya sendiri' },
  bibleStopped: { en: 'the edition is translated, but its story bible stopped at {label}: {message} Run the same command again to go on.', ms: 'edisi ini telah diterjemah, tetapi catatan ceritanya berhenti di {label}: {message} Jalankan arahan yang sama sekali lagi untuk meneruskan.' },
  done: { en: 'The edition is book {id}. Export it with: karya export {generator} --book {id} --out edition.epub', ms: 'Edisi ini ialah buku {id}. Eksport dengan: karya export {generator} --book {id} --out edisi.epub' },
  windowPiece: { en: 'translating {label}, paragraphs {first}–{last} (window {n} of {of})', ms: 'menterjemah {label}, perenggan {first}–{last} (tetingkap {n} daripada {of})' },
  askedAgainPiece: { en: 'asking {label}, paragraphs {first}–{last} (window {n} of {of}) again: {reason}', ms: 'meminta semula {label}, perenggan {first}–{last} (tetingkap {n} daripada {of}): {reason}' },
  partLeft: { en: '{label} translated but for {count} paragraph(s) ({paragraphs}), kept in {language} and marked untranslated; not charged', ms: '{label} diterjemah kecuali {count} perenggan ({paragraphs}), dikekalkan dalam {language} dan ditanda tidak diterjemah; tiada caj' },
  left: { en: '{label}: paragraph(s) {paragraphs} could not be translated ({reason}) and are kept in {language}, marked untranslated.', ms: '{label}: perenggan {paragraphs} tidak dapat diterjemah ({reason}) dan dikekalkan dalam {language}, ditanda tidak diterjemah.' },
  titleTranslated: { en: 'the edition\'s title: "{title}" (from "{source}"); change it with --title "…"', ms: 'tajuk edisi ini: "{title}" (daripada "{source}"); ubah dengan --title "…"' },
  titleWriters: { en: 'the edition\'s title: "{title}" (your --title)', ms: 'tajuk edisi ini: "{title}" (--title anda)' },
  titleKept: { en: 'the edition\'s title: "{title}" is kept in {language}, marked untranslated ({reason}); give it one with --title "…"', ms: 'tajuk edisi ini: "{title}" dikekalkan dalam {language}, ditanda tidak diterjemah ({reason}); berikan tajuk dengan --title "…"' },
  title_failed: { en: 'no answer could be had', ms: 'tiada jawapan yang dapat diperoleh' },
  title_talk: { en: 'the model answered with talk, not a title', ms: 'model menjawab dengan celoteh, bukan tajuk' },
  title_lines: { en: 'the answer was more than one line', ms: 'jawapannya lebih daripada satu baris' },
  title_sentence: { en: 'the answer was a sentence, not a title', ms: 'jawapannya ayat, bukan tajuk' },
  title_long: { en: 'the answer was far longer than the title', ms: 'jawapannya jauh lebih panjang daripada tajuk itu' },
  title_genre: { en: 'the answer was the name of the book\'s kind, not its title', ms: 'jawapannya nama jenis buku, bukan tajuknya' },
  title_unchanged: { en: 'the answer was the title left as it was', ms: 'jawapannya tajuk yang tidak diubah' },
  title_language: { en: 'the answer was not in the edition\'s language', ms: 'jawapannya bukan dalam bahasa edisi ini' },
  title_glossary: { en: 'the answer left out a name of the title', ms: 'jawapannya meninggalkan nama dalam tajuk' },
  title_none: { en: 'the title was kept as it was', ms: 'tajuk dikekalkan seperti asalnya' },
  partTitleLeft: { en: '{label}: its chapter title "{title}" could not be translated and is kept in {language}, marked untranslated; not charged', ms: '{label}: tajuk babnya "{title}" tidak dapat diterjemah dan dikekalkan dalam {language}, ditanda tidak diterjemah; tiada caj' },
  why_character: { en: 'main character in the story bible', ms: 'watak utama dalam catatan cerita' },
  why_fact: { en: 'named in the story bible; capitalised mid-sentence {capitalised}×, {lowercase}', ms: 'dinamakan dalam catatan cerita; berhuruf besar di tengah ayat {capitalised}×, {lowercase}' },
  why_text: { en: 'capitalised mid-sentence {capitalised}×, {lowercase}', ms: 'berhuruf besar di tengah ayat {capitalised}×, {lowercase}' },
  why_writer: { en: 'your glossary file', ms: 'fail glosari anda' },
  neverLowercase: { en: 'never lowercase', ms: 'tidak pernah berhuruf kecil' },
  lowercaseTimes: { en: 'lowercase {n}×', ms: 'berhuruf kecil {n}×' },
  noFile: { en: 'there is no such file', ms: 'fail itu tiada' },
  line: { en: 'line', ms: 'baris' },
  notMap: { en: 'it is not a map', ms: 'ia bukan peta' },
  leftRerun: { en: 'The rest of the edition is saved. Run the same command again to ask for only what is left ({count} paragraph(s)); the parts with marks are charged once they are whole.', ms: 'Selebihnya edisi ini telah disimpan. Jalankan arahan yang sama sekali lagi untuk meminta yang tinggal sahaja ({count} perenggan); bahagian bertanda dicaj apabila ia lengkap.' },
});

type Key = Exclude<keyof typeof WORDS, `${string}_one`>;
/** The number a counted text's form follows. */
const COUNTED_BY: Partial<Record<Key, string>> = { partDone: 'credits' };
const say = sayer(WORDS);

/** A line of `karya translate` in the writer's language; a counted one in its form for the number (the language code is its locale). */
export function translateWord(key: Key, lang: Lang, vars: Record<string, string | number> = {}): string {
  const by = COUNTED_BY[key];
  const one = `${key}_one` as keyof typeof WORDS;
  const form = by && Object.hasOwn(WORDS, one) ? new Intl.PluralRules(lang).select(Number(vars[by])) : 'other';
  return say(form === 'one' ? one : key, lang, vars);
}
