// The catalogue's messages about importing a manuscript (a file refused, its language, the reading limits),
// kept apart so error-catalogue.ts stays one screenful of sections; merged into CATALOGUE there.
import { catalogue } from './languages/index.js';

export const IMPORT_CATALOGUE = catalogue('errors-import', {
  import_too_large: {
    en: '{file} is {size}: a manuscript may be at most {limit}. Split it into two books, or save it as plain text.',
    ms: '{file} bersaiz {size}: manuskrip boleh bersaiz paling banyak {limit}. Pecahkannya kepada dua buku, atau simpan sebagai teks biasa.',
  },
  import_too_many_words: {
    en: '{file} has {words} words: a manuscript may have at most {limit}. Split it into two books.',
    ms: '{file} mempunyai {words} patah perkataan: manuskrip boleh mempunyai paling banyak {limit}. Pecahkannya kepada dua buku.',
  },
  import_empty: {
    en: '{file} is empty: there is no text in it to import.',
    ms: '{file} kosong: tiada teks di dalamnya untuk diimport.',
  },
  import_not_format: {
    en: '{file} is not a {format} file: its content is {found}. Karya imports .txt, .md, .docx and .epub files.',
    ms: '{file} bukan fail {format}: kandungannya ialah {found}. Karya mengimport fail .txt, .md, .docx dan .epub.',
  },
  import_not_text: {
    en: '{file} does not read as text: {share} of its characters are control codes, broken bytes or symbols beyond the usual alphabet, as in binary data, not a manuscript. If it is a manuscript, save it as UTF-8 text and import it again.',
    ms: '{file} tidak dapat dibaca sebagai teks: {share} daripada aksaranya ialah kod kawalan, bait rosak atau simbol di luar abjad biasa, seperti dalam data binari, bukan manuskrip. Jika ia manuskrip, simpan sebagai teks UTF-8 dan import semula.',
  },
  import_unknown_format: {
    en: '{file}: Karya imports .txt, .md, .docx and .epub files.',
    ms: '{file}: Karya mengimport fail .txt, .md, .docx dan .epub.',
  },
  import_zip_bomb: {
    en: '{file} unpacks to more than it declares or to more than {limit}, more than any manuscript needs, so it was not opened.',
    ms: '{file} membuka kepada lebih daripada saiz yang dinyatakannya atau lebih daripada {limit}, lebih daripada yang diperlukan oleh mana-mana manuskrip, jadi ia tidak dibuka.',
  },
  import_unreadable: {
    en: '{file} could not be read ({reason}). Save it again from your writing program, or save it as plain text.',
    ms: '{file} tidak dapat dibaca ({reason}). Simpan semula daripada program penulisan anda, atau simpan sebagai teks biasa.',
  },
  import_too_complex: {
    en: '{file} is built in a way no manuscript needs (it took too long or too much memory to read), so it was not read. Save it again from your writing program, or save it as plain text, and import that.',
    ms: '{file} dibina dengan cara yang tidak diperlukan oleh mana-mana manuskrip (ia mengambil masa atau memori terlalu banyak untuk dibaca), jadi ia tidak dibaca. Simpan semula daripada program penulisan anda, atau simpan sebagai teks biasa, dan import fail itu.',
  },
  import_busy: {
    en: 'Too many manuscripts are being read right now, so {file} was not read. Please try again in {seconds} seconds.',
    ms: 'Terlalu banyak manuskrip sedang dibaca sekarang, jadi {file} tidak dibaca. Sila cuba lagi dalam {seconds} saat.',
  },
  import_language_other: {
    en: '{file} reads as {language}, a language Karya does not write (it writes {languages}), so nothing was saved. If the book is in one of them, import it again with its language chosen ({choices}).',
    ms: '{file} dibaca sebagai bahasa {language}, bahasa yang tidak ditulis oleh Karya (Karya menulis {languages}), jadi tiada apa-apa yang disimpan. Jika buku itu dalam salah satu daripadanya, import semula dengan bahasanya dipilih ({choices}).',
  },
  import_protected: {
    en: '{file} is protected by DRM (its chapters are encrypted), so it cannot be read. Import a copy without DRM: your own manuscript file.',
    ms: '{file} dilindungi oleh DRM (bab-babnya disulitkan), jadi ia tidak dapat dibaca. Import salinan tanpa DRM: fail manuskrip anda sendiri.',
  },
  import_chapters_fewer: {
    en: '{file} has {chapters} chapters, so the book needs at least {least}: {total} is too few. Give --chapters {least} or more (the chapters still to write come after the imported ones).',
    ms: '{file} mempunyai {chapters} bab, jadi buku itu memerlukan sekurang-kurangnya {least}: {total} terlalu sedikit. Berikan --chapters {least} atau lebih (bab yang belum ditulis datang selepas bab yang diimport).',
  },
  import_book_ended: {
    en: '{file} ends with an epilogue after its {chapters} chapters, so the book is whole: it cannot have {total} chapters. Import it without --chapters, or without its epilogue to write more chapters.',
    ms: '{file} berakhir dengan epilog selepas {chapters} babnya, jadi buku itu sudah lengkap: ia tidak boleh mempunyai {total} bab. Import tanpa --chapters, atau tanpa epilognya untuk menulis lebih banyak bab.',
  },
  import_total_set: {
    en: '{file}: the book has {total} chapters, planned by its outline; its chapter count can only change before the outline is written.',
    ms: '{file}: buku itu mempunyai {total} bab, dirancang oleh rangkanya; bilangan babnya hanya boleh diubah sebelum rangka ditulis.',
  },
  import_language_unclear: {
    en: '{file} is {shares}, so its language is not clear: say which language the book is in with --lang (one of {langs}).',
    ms: '{file} mengandungi {shares}, jadi bahasanya tidak jelas: nyatakan bahasa buku itu dengan --lang (salah satu daripada {langs}).',
  },
  import_needs_generator: {
    en: 'Which kind of book is {file}? Give --generator with a book generator (romance, mystery-thriller, guide…; karya list shows them).',
    ms: 'Apakah jenis buku {file}? Berikan --generator dengan penjana buku (romance, mystery-thriller, guide…; karya list menunjukkannya).',
  },
  import_bad_split: {
    en: '--split: "{pattern}" is not a regular expression ({reason}).',
    ms: '--split: "{pattern}" bukan ungkapan nalar ({reason}).',
  },
});
