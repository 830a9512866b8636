// The catalogue's messages about translated editions (engine/session/translate): why a window's answer was not
// kept (said to the model asked again, and to the writer on the part named), and the refusals of `karya translate`.
import { catalogue } from './languages/index.js';

export const TRANSLATE_CATALOGUE = catalogue('errors-translate', {
  translate_paragraphs: {
    en: 'it had {found} paragraphs for {expected} source paragraphs (every paragraph must be translated, one for one).',
    ms: 'ia mempunyai {found} perenggan bagi {expected} perenggan sumber (setiap perenggan mesti diterjemah, satu bagi satu).',
  },
  translate_language: {
    en: 'paragraph {paragraph} was not in the edition\'s language ({found} found).',
    ms: 'perenggan {paragraph} bukan dalam bahasa edisi ini ({found} ditemui).',
  },
  translate_untranslated: {
    en: 'paragraph {paragraph} was left as its source was, untranslated.',
    ms: 'perenggan {paragraph} dibiarkan seperti sumbernya, tidak diterjemah.',
  },
  translate_glossary: {
    en: 'paragraph {paragraph} left out "{rendering}" (the glossary\'s rendering of "{term}", which its source paragraph holds).',
    ms: 'perenggan {paragraph} tidak mengandungi "{rendering}" (terjemahan glosari bagi "{term}", yang ada dalam perenggan sumbernya).',
  },
  translate_length: {
    en: 'paragraph {paragraph} was {ratio} times as long as its source, too short or too long for a translation of it.',
    ms: 'perenggan {paragraph} {ratio} kali panjang sumbernya, terlalu pendek atau terlalu panjang untuk terjemahannya.',
  },
  translate_talk: {
    en: 'paragraph {paragraph} was a note or a remark, not a translation.',
    ms: 'perenggan {paragraph} ialah nota atau ulasan, bukan terjemahan.',
  },
  translate_empty: {
    en: 'it held no translation.',
    ms: 'ia tidak mengandungi terjemahan.',
  },
  translate_not_text: {
    en: 'it was not a translation ({outcome}: a refusal, the request sent back, or talk about it).',
    ms: 'ia bukan terjemahan ({outcome}: penolakan, permintaan yang dihantar semula, atau ulasan tentangnya).',
  },
  translate_part_failed: {
    en: '{label} was not translated: {reason} It was asked twice; nothing of it is kept as finished and nothing is charged for it. Run the same command again to try it again.',
    ms: '{label} tidak diterjemah: {reason} Ia diminta dua kali; tiada bahagiannya disimpan sebagai siap dan tiada caj dikenakan untuknya. Jalankan arahan yang sama sekali lagi untuk mencubanya semula.',
  },
  translate_same_language: {
    en: 'Book {id} is already in {language}: an edition is made in the other language (--to {other}).',
    ms: 'Buku {id} sudah dalam {language}: edisi dibuat dalam bahasa yang satu lagi (--to {other}).',
  },
  translate_bad_language: {
    en: '--to: "{value}" is not a language Karya writes; use {langs}.',
    ms: '--to: "{value}" bukan bahasa yang ditulis oleh Karya; gunakan {langs}.',
  },
  translate_no_book: {
    en: 'There is no book {id}: karya books lists your books and their ids.',
    ms: 'Tiada buku {id}: karya books menyenaraikan buku anda dan idnya.',
  },
  translate_empty_book: {
    en: 'Book {id} has no written part to translate yet.',
    ms: 'Buku {id} belum mempunyai bahagian bertulis untuk diterjemah.',
  },
  translate_is_edition: {
    en: 'Book {id} is itself a translated edition: translate its source book instead.',
    ms: 'Buku {id} sendiri ialah edisi terjemahan: terjemahkan buku sumbernya.',
  },
  edition_bad_title: {
    en: "An edition's title is one line of 1 to {max} characters.",
    ms: 'Tajuk edisi ialah satu baris antara 1 hingga {max} aksara.',
  },
  publish_edition_not_whole: {
    en: 'Book {id} is the {language} edition of book {source}, and {parts} of it is not translated yet: an edition is published as its source is, never written for. Run karya translate --book {source} --to {to} first.',
    ms: 'Buku {id} ialah edisi {language} bagi buku {source}, dan {parts} belum diterjemah: edisi diterbitkan sebagaimana sumbernya, tidak pernah ditulis sendiri. Jalankan karya translate --book {source} --to {to} dahulu.',
  },
  export_not_edition: {
    en: 'Book {id} is not a translated edition, so it has no second language to print beside it: pass --bilingual with the id of its edition (karya translate --book {id} --to {other} makes one; karya books lists them), or export book {id} without --bilingual.',
    ms: 'Buku {id} bukan edisi terjemahan, jadi tiada bahasa kedua untuk dicetak di sebelahnya: berikan --bilingual dengan id edisinya (karya translate --book {id} --to {other} menghasilkannya; karya books menyenaraikannya), atau eksport buku {id} tanpa --bilingual.',
  },
  publish_not_edition: {
    en: 'Book {id} is not a translated edition, so it has no second language to print beside it: publish it as it is, or publish one of its editions as a dual-language book.',
    ms: 'Buku {id} bukan edisi terjemahan, jadi tiada bahasa kedua untuk dicetak di sebelahnya: terbitkan buku ini seadanya, atau terbitkan salah satu edisinya sebagai buku dwibahasa.',
  },
  publish_no_source: {
    en: 'Book {id} is an edition of book {source}, which is no longer saved: a dual-language book needs both. Publish book {id} as it is.',
    ms: 'Buku {id} ialah edisi buku {source}, yang tidak lagi disimpan: buku dwibahasa memerlukan kedua-duanya. Terbitkan buku {id} seadanya.',
  },
  export_no_source: {
    en: 'Book {id} is an edition of book {source}, which is no longer saved: a bilingual book needs both. Export book {id} without --bilingual.',
    ms: 'Buku {id} ialah edisi buku {source}, yang tidak lagi disimpan: buku dwibahasa memerlukan kedua-duanya. Eksport buku {id} tanpa --bilingual.',
  },
  translate_bad_glossary: {
    en: '{file}: a glossary is a YAML map of term: rendering (for example "Aisha: Aisha"); {problem}.',
    ms: '{file}: glosari ialah peta YAML istilah: terjemahan (contohnya "Aisha: Aisha"); {problem}.',
  },
  translate_glossary_how: {
    en: 'The glossary holds "{term}" as "{rendering}"; karya translate lists its terms as it starts. To change a rendering or drop a term, run again with --glossary FILE (a YAML map of term: rendering; "{term}: ~" drops it).',
    ms: 'Glosari mengekalkan "{term}" sebagai "{rendering}"; karya translate menyenaraikan istilahnya semasa bermula. Untuk mengubah terjemahan atau membuang istilah, jalankan semula dengan --glossary FAIL (peta YAML istilah: terjemahan; "{term}: ~" membuangnya).',
  },
  translate_paragraph_too_long: {
    en: 'A paragraph of {label} is too long for the model\'s window of {window} tokens, even alone: split it, or use a model with a larger window (KARYA_CONTEXT_TOKENS).',
    ms: 'Satu perenggan {label} terlalu panjang untuk tetingkap model sebanyak {window} token, walaupun bersendirian: pecahkannya, atau gunakan model dengan tetingkap yang lebih besar (KARYA_CONTEXT_TOKENS).',
  },
  edition_wrong_language: {
    en: 'This book is in {language}: its edition is made in the other language ({other}).',
    ms: 'Buku ini dalam {language}: edisinya dibuat dalam bahasa yang satu lagi ({other}).',
  },
  edition_running: {
    en: 'The edition of this book in {language} is being made now: wait for it to finish (its progress shows on the book).',
    ms: 'Edisi buku ini dalam {language} sedang dibuat sekarang: tunggu sehingga ia selesai (kemajuannya ditunjukkan pada buku itu).',
  },
  edition_part_failed: {
    en: '{label} was not translated: {reason} It was asked twice; nothing of it is kept as finished and its credits were given back. Make the edition again to go on from there.',
    ms: '{label} tidak diterjemah: {reason} Ia diminta dua kali; tiada bahagiannya disimpan sebagai siap dan kreditnya telah dikembalikan. Buat edisi itu sekali lagi untuk menyambung dari situ.',
  },
  edition_needs_model: {
    en: 'Making an edition needs an AI model, and this service has none set up now (the offline demo writer cannot translate). Nothing was charged.',
    ms: 'Membuat edisi memerlukan model AI, dan perkhidmatan ini tidak mempunyainya sekarang (penulis demo luar talian tidak boleh menterjemah). Tiada caj dikenakan.',
  },
  edition_not_found: {
    en: 'There is no such edition: an edition is made from its source book in My Books.',
    ms: 'Tiada edisi sedemikian: edisi dibuat daripada buku sumbernya dalam Buku Saya.',
  },
  // A writer's glossary file is bounded before it is parsed (cli/glossary-file.ts): each names the limit.
  translate_glossary_too_large: {
    en: '{file} is {size}: a glossary file may be at most {max} (room for its {terms} terms at most). A glossary holds the names of people, places and invented terms; words a dictionary has need no entry.',
    ms: '{file} bersaiz {size}: fail glosari boleh bersaiz paling banyak {max} (cukup untuk {terms} istilahnya paling banyak). Glosari mengandungi nama orang, tempat dan istilah rekaan; perkataan yang ada dalam kamus tidak perlu dimasukkan.',
  },
  translate_glossary_too_many: {
    en: '{file} holds {count} terms: a glossary holds at most {max}. Keep the names of people, places and invented terms; words a dictionary has need no entry.',
    ms: '{file} mengandungi {count} istilah: glosari mengandungi paling banyak {max} istilah. Simpan nama orang, tempat dan istilah rekaan; perkataan yang ada dalam kamus tidak perlu dimasukkan.',
  },
});
