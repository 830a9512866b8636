// Interface words the engine puts on steps, buttons and toasts: English and Malay here, every other language's
// in languages/<code>/words.yaml (the catalogue `words`, checked whole when the table is read).
import type { Lang } from './spec/types.js';
import { catalogue, isLang, languageName, wordIn } from './languages/index.js';
import { fillPlaceholders } from './placeholders.js';

export { fillPlaceholders } from './placeholders.js';

export const WORDS = catalogue('words', {
  introduction: { en: 'Introduction', ms: 'Pengenalan' },
  chapter: { en: 'Chapter {n}', ms: 'Bab {n}' },
  conclusion: { en: 'Conclusion', ms: 'Kesimpulan' },
  storyOutline: { en: 'Story Outline', ms: 'Rangka Cerita' },
  guideOutline: { en: 'Guide Outline', ms: 'Rangka Panduan' },
  generateStoryOutline: { en: 'Generate Story Outline', ms: 'Jana Rangka Cerita' },
  generateGuideOutline: { en: 'Generate Guide Outline', ms: 'Jana Rangka Panduan' },
  generateIntroduction: { en: 'Generate Introduction', ms: 'Jana Pengenalan' },
  generateChapter: { en: 'Generate Chapter {n}', ms: 'Jana Bab {n}' },
  generateConclusion: { en: 'Generate Conclusion', ms: 'Jana Kesimpulan' },
  generate: { en: 'Generate', ms: 'Jana' },
  generating: { en: 'Generating...', ms: 'Sedang Menjana...' },
  storyOutlineDone: { en: 'Story outline generated!', ms: 'Rangka cerita telah dijana!' },
  guideOutlineDone: { en: 'Guide outline generated!', ms: 'Rangka panduan telah dijana!' },
  stepOf: { en: 'Step {k} of {n}: {action}', ms: 'Langkah {k} daripada {n}: {action}' },
  actionOutline: { en: 'Generate the outline', ms: 'Jana rangka' },
  actionIntroduction: { en: 'Generate the introduction', ms: 'Jana pengenalan' },
  actionChapters: { en: 'Generate the next sections', ms: 'Jana bahagian seterusnya' },
  actionConclusion: { en: 'Generate the conclusion to complete your book', ms: 'Jana kesimpulan untuk melengkapkan buku anda' },
  bookComplete: { en: 'Your book is complete.', ms: 'Buku anda telah lengkap.' },
  repeats: { en: 'repeats', ms: 'berulang' },
  repeatsNote: { en: '{label} repeats itself: {share}% of its words were already written', ms: '{label} berulang: {share}% perkataannya sudah ditulis sebelum ini' },
  indonesianNote: { en: 'Indonesian words in {label}: {words}', ms: 'Perkataan Indonesia dalam {label}: {words}' },
  checkAgainst: { en: 'check against the rewritten {label}', ms: 'semak dengan {label} yang ditulis semula' },
  threadsResolved: { en: '{resolved} of {total} promises resolved', ms: '{resolved} daripada {total} janji diselesaikan' },
  auditCost: { en: 'continuity audit on: {calls} more model calls (one a chapter), no extra credit', ms: 'audit kesinambungan dihidupkan: {calls} panggilan model tambahan (satu setiap bab), tanpa kredit tambahan' },
  threadsOverdue: { en: 'still open past their due part: {threads}', ms: 'masih terbuka selepas bahagian sasarannya: {threads}' },
  // `karya generate`'s lines on stderr, in the book's language.
  words: { en: 'words', ms: 'perkataan' },
  lengthNote: { en: 'target {target}, S_l {score}', ms: 'sasaran {target}, S_l {score}' },
  short: { en: 'short', ms: 'pendek' },
  long: { en: 'long', ms: 'panjang' },
  incomplete: { en: 'ends mid-sentence', ms: 'berhenti di tengah ayat' },
  shortExtended: { en: '{label} is short: {words} of {target} words after {n} extension(s): kept and marked short', ms: '{label} pendek: {words} daripada {target} patah perkataan selepas {n} kali dipanjangkan: disimpan dan ditanda pendek' },
  extended: { en: '{label} came back short; extended {n} time(s) to {words} words', ms: '{label} diterima pendek; dipanjangkan {n} kali kepada {words} patah perkataan' },
  shortKept: { en: '{label} is short: {words} of {target} words: kept and marked short', ms: '{label} pendek: {words} daripada {target} patah perkataan: disimpan dan ditanda pendek' },
  longKept: { en: '{label} is long: {words} words for a target of {target}: kept as written', ms: '{label} panjang: {words} patah perkataan bagi sasaran {target}: disimpan seperti ditulis' },
  continued: { en: '{label} reached the length limit; continued {n} time(s) and joined', ms: '{label} mencapai had panjang; disambung {n} kali dan dicantumkan' },
  stillCut: { en: '{label} is still cut off after {n} continuation(s): kept and marked incomplete (ends mid-sentence)', ms: '{label} masih terpotong selepas {n} kali disambung: disimpan dan ditanda tidak lengkap (berhenti di tengah ayat)' },
  bibleNotUpdated: { en: '{label}: the story bible could not take it in ({message}); it is tried again before the next part', ms: '{label}: catatan cerita tidak dapat mengambil bahagian ini ({message}); ia dicuba semula sebelum bahagian seterusnya' },
  bibleMissing: { en: 'the story bible did not take in {labels} (its update failed or did not fit the model\'s context window); the next step tries again', ms: 'catatan cerita belum mengambil {labels} (kemas kininya gagal atau tidak muat dalam tetingkap konteks model); langkah seterusnya mencuba semula' },
  stepFailed: { en: '{label}: {message}', ms: '{label}: {message}' },
  partsSaved: { en: 'Finished parts are saved: run the same command again to continue.', ms: 'Bahagian yang siap telah disimpan: jalankan arahan yang sama sekali lagi untuk menyambung.' },
  interrupted: { en: 'interrupted; finished parts are saved, run the same command again to continue', ms: 'dihentikan; bahagian yang siap telah disimpan; jalankan arahan yang sama sekali lagi untuk menyambung' },
  resuming: { en: 'resuming {id}: {done} of {total} parts already written (use --fresh to start again)', ms: 'menyambung {id}: {done} daripada {total} bahagian sudah ditulis (guna --fresh untuk bermula semula)' },
  seriesBook: { en: 'book {number} of the series "{name}"', ms: 'buku {number} dalam siri "{name}"' },
  seriesPrefilled: { en: 'the brief of book {number} is filled from the series where you left it blank: {fields}', ms: 'ringkasan buku {number} diisi daripada siri bagi ruang yang anda biarkan kosong: {fields}' },
  voiceDrifts: { en: 'drifts from your voice: {notes}', ms: 'menyimpang daripada suara anda: {notes}' },
  overusedMark: { en: 'overused phrases: {rate} per 1,000 words ({phrases})', ms: 'frasa terlalu kerap: {rate} setiap 1,000 perkataan ({phrases})' },
  voiceSet: { en: 'your voice: sentences of {mean} words, {pov} person{tense}, {dialogue}% dialogue; every part is measured against it', ms: 'suara anda: ayat {mean} patah perkataan, orang {pov}{tense}, {dialogue}% dialog; setiap bahagian diukur berbandingnya' },
  pov_first: { en: 'first', ms: 'pertama' },
  pov_second: { en: 'second', ms: 'kedua' },
  pov_third: { en: 'third', ms: 'ketiga' },
  tense_past: { en: 'past tense', ms: 'kala lampau' },
  tense_present: { en: 'present tense', ms: 'kala kini' },
  avoidSet: { en: 'phrases to avoid: {phrases}', ms: 'frasa untuk dielakkan: {phrases}' },
  noSuchFile: { en: 'no such file; check the path', ms: 'fail itu tiada; semak laluannya' },
  seriesLeftOpen: { en: 'the series "{name}" leaves open after book {number}: {threads}', ms: 'siri "{name}" masih membiarkan terbuka selepas buku {number}: {threads}' },
  seriesChanged: { en: 'book {number} of "{name}" (id {id}) was written against an earlier version of the series; changed for it: {changes}', ms: 'buku {number} dalam "{name}" (id {id}) ditulis berdasarkan versi siri yang lebih awal; yang berubah baginya: {changes}' },
  continuingBook: { en: 'continuing book {book} ({id}): {done} of {total} parts written', ms: 'menyambung buku {book} ({id}): {done} daripada {total} bahagian sudah ditulis' },
  wrote: { en: 'wrote {file}', ms: 'telah menulis {file}' },
  offline: { en: 'OPENAI_API_KEY is not set; using the offline provider (clearly marked demo text, no network).', ms: 'OPENAI_API_KEY tidak ditetapkan; pembekal luar talian digunakan (teks demo yang ditanda jelas, tanpa rangkaian).' },
  languageRetried: { en: 'language: answered in {found}, written again in {expected}', ms: 'bahasa: dijawab dalam {found}, ditulis semula dalam {expected}' },
  wordsSoFar: { en: '{words} words so far', ms: '{words} patah perkataan setakat ini' },
  conclusionAsLast: { en: '{id} ends on its conclusion as chapter {n}: the introduction, chapters 1 to {before}, then the conclusion', ms: '{id} berakhir dengan kesimpulannya sebagai bab {n}: pengenalan, bab 1 hingga {before}, kemudian kesimpulan' },
  rewritten: { en: '{words} words (was {before})', ms: '{words} patah perkataan (sebelum ini {before})' },
  rewriteKept: { en: 'the previous {label} is kept as a version in {file}; karya export shows the new one', ms: '{label} yang sebelumnya disimpan sebagai versi dalam {file}; karya export menunjukkan yang baharu' },
  rewriteFailed: { en: '{label}: the rewrite failed ({message}); the part is as it was', ms: '{label}: penulisan semula gagal ({message}); bahagian itu kekal seperti sebelumnya' },
  rewriteInterrupted: { en: 'interrupted; the part is as it was', ms: 'dihentikan; bahagian itu kekal seperti sebelumnya' },
  outlineShort: { en: 'the outline plans {found} of {total} chapters even after asking again; {missing} will be written from the premise and the story so far, with no plan of their own', ms: 'rangka merancang {found} daripada {total} bab walaupun selepas diminta semula; {missing} akan ditulis berdasarkan premis dan cerita setakat ini, tanpa rancangan sendiri' },
  // karya import --dry-run: what was found in a manuscript.
  importFound: { en: '{file}: {parts} parts, {words} words ({how})', ms: '{file}: {parts} bahagian, {words} patah perkataan ({how})' },
  importFrontMatter: { en: '{words} words before the first part left out: {what}', ms: '{words} patah perkataan sebelum bahagian pertama tidak dimasukkan: {what}' },
  importFrontMatterOther: { en: 'lines before the first heading', ms: 'baris sebelum tajuk pertama' },
  importFrontKept: { en: "kept as the book's front matter, before Chapter 1: {sections}", ms: 'disimpan sebagai bahan awal buku, sebelum Bab 1: {sections}' },
  importFrontSection: { en: '{title} ({kind}, {words} words)', ms: '{title} ({kind}, {words} patah perkataan)' },
  importTitle: { en: 'title: {title}', ms: 'tajuk: {title}' },
  importNoTitle: { en: 'title: none found (give --set {name}="…")', ms: 'tajuk: tiada ditemui (berikan --set {name}="…")' },
  importSettingMissing: { en: '{label}: not set, and the book needs it: give --set {name}=…', ms: '{label}: belum ditetapkan, dan buku ini memerlukannya: berikan --set {name}=…' },
  importVoiceTaken: { en: "the manuscript's own prose is the book's voice: every new chapter is measured against it ({words} words measured; --voice none to go without)", ms: 'prosa manuskrip itu sendiri menjadi suara buku: setiap bab baharu diukur berbandingnya ({words} patah perkataan diukur; --voice none untuk tanpa suara)' },
  importVoiceNone: { en: 'no voice for the book (--voice none): new chapters are not measured against the manuscript', ms: 'tiada suara untuk buku ini (--voice none): bab baharu tidak diukur berbanding manuskrip' },
  importVoiceShort: { en: "the manuscript's prose could not be measured as a voice ({message}); the book has none", ms: 'prosa manuskrip tidak dapat diukur sebagai suara ({message}); buku ini tiada suara' },
  importReplacedBytes: { en: 'Bytes that are not valid UTF-8, each replaced with � (U+FFFD): {n}. Search the chapters for � to mend them.', ms: 'Bait yang bukan UTF-8 sah, setiap satu diganti dengan � (U+FFFD): {n}. Cari � dalam bab untuk membaikinya.' },
  importReadingChapterWord: { en: 'headings such as "Chapter 3" or "Bab 3"', ms: 'tajuk seperti "Chapter 3" atau "Bab 3"' },
  importReadingRomanAlone: { en: 'a Roman numeral alone on its line', ms: 'angka Rumi sendirian pada barisnya' },
  importReadingNumberAlone: { en: 'a number alone on its line', ms: 'nombor sendirian pada barisnya' },
  importReadingMarkdown: { en: 'Markdown headings', ms: 'tajuk Markdown' },
  importReadingCapsTitle: { en: 'titles alone in capitals (the file has no chapter numbers)', ms: 'tajuk sendirian dalam huruf besar (fail ini tiada nombor bab)' },
  importReadingRegex: { en: 'your --split pattern', ms: 'corak --split anda' },
  importReadingContents: { en: "the file's own table of contents", ms: 'senarai kandungan fail itu sendiri' },
  importReadingNone: { en: 'no chapter heading found: the whole text is one chapter; give --split PATTERN to split it', ms: 'tiada tajuk bab ditemui: seluruh teks ialah satu bab; berikan --split CORAK untuk memecahkannya' },
  importSettingsRead: { en: 'settings as {generator}:', ms: 'tetapan sebagai {generator}:' },
  importSettingFrom: { en: '{label}: {value} (from the {from})', ms: '{label}: {value} (daripada {from})' },
  importFromManuscript: { en: 'manuscript', ms: 'manuskrip' },
  importFromWriter: { en: 'writer', ms: 'penulis' },
  importFromDefault: { en: 'default', ms: 'lalai' },
  importDefaultsUsed: { en: 'the manuscript did not decide these settings, so the generator\'s defaults are used: {fields}', ms: 'manuskrip tidak menentukan tetapan ini, jadi nilai lalai penjana digunakan: {fields}' },
  conclusionNotAsked: { en: 'the conclusion is not written: the book goes on from the writer\'s chapters. Add --conclusion to write it.', ms: 'kesimpulan tidak ditulis: buku ini bersambung daripada bab-bab penulis. Tambah --conclusion untuk menulisnya.' },
  importDryRun: { en: 'Nothing was saved (--dry-run).', ms: 'Tiada apa-apa yang disimpan (--dry-run).' },
  importSaved: { en: 'saved {file} as book {id}: {chapters} chapters, {words} words, every one yours. Now its story bible is built from them, one model call a part.', ms: '{file} disimpan sebagai buku {id}: {chapters} bab, {words} patah perkataan, semuanya tulisan anda. Kini catatan ceritanya dibina daripadanya, satu panggilan model setiap bahagian.' },
  importResumed: { en: '{file} is already book {id} ({chapters} chapters, {words} words): its story bible goes on from where it stopped.', ms: '{file} sudah menjadi buku {id} ({chapters} bab, {words} patah perkataan): catatan ceritanya diteruskan dari tempat ia berhenti.' },
  importReading: { en: 'reading {label} into the story bible ({n} of {total})', ms: 'membaca {label} ke dalam catatan cerita ({n} daripada {total})' },
  importBibleStopped: { en: 'the story bible stopped at {label}: {message} Book {id} is saved with the parts read so far; run the same command again to go on from {label}.', ms: 'catatan cerita berhenti di {label}: {message} Buku {id} disimpan dengan bahagian yang telah dibaca; jalankan arahan yang sama sekali lagi untuk meneruskan dari {label}.' },
  importBibleSkipped: { en: 'the story bible could not read {label} (not even in halves: the model gave no update for it); the book goes on without it there. Book {id} is saved with every part.', ms: 'catatan cerita tidak dapat membaca {label} (walaupun separuh demi separuh: model tidak memberi kemas kini untuknya); buku ini diteruskan tanpanya. Buku {id} disimpan dengan setiap bahagian.' },
  importDone: { en: 'Book {id} is ready. Write its next chapter with: karya generate {generator} --book {id}', ms: 'Buku {id} sudah sedia. Tulis bab seterusnya dengan: karya generate {generator} --book {id}' },
  importDoneFinished: { en: 'Book {id} is ready and whole (it ends with its epilogue). Export it with: karya export {generator} --book {id} --out book.epub', ms: 'Buku {id} sudah sedia dan lengkap (ia berakhir dengan epilognya). Eksport dengan: karya export {generator} --book {id} --out book.epub' },
  prologue: { en: 'Prologue', ms: 'Prolog' },
  epilogue: { en: 'Epilogue', ms: 'Epilog' },
  // What a message says when it does not know the language (a failure read back from storage by its code alone).
  anotherLanguage: { en: 'another language', ms: 'bahasa lain' },
});

export type WordKey = keyof typeof WORDS;

/** An interface word in a language, with {n}-style placeholders filled. */
export function word(key: WordKey, lang: Lang, vars: Record<string, string | number> = {}): string {
  return fillPlaceholders(wordIn(WORDS[key], lang, 'words'), vars);
}

/**
 * Each language's own name (`LANGUAGE_NAMES.ms` → `Bahasa Malaysia`), read from the table: kept for the prompts
 * that name the book's language by it; prefer the table's `languageName(code, inLang)`.
 */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = new Proxy({}, {
  get: (_, code) => (isLang(code) ? languageName(code, code) : undefined),
});
