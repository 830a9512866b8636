// What `karya export` says to the writer of a book, in English and Malay beside the code and in every other
// language of the table in languages/<code>/cli-export.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-export', {
  unfinished: {
    en: 'this {id} book is not finished ({written} of {total} parts written); exporting the parts written so far.',
    ms: 'buku {id} ini belum siap ({written} daripada {total} bahagian telah ditulis); bahagian yang telah ditulis setakat ini dieksport.',
  },
  finishWith: { en: 'Run "{command}" to finish it.', ms: 'Jalankan "{command}" untuk menyiapkannya.' },
  nothingWritten: { en: '--book {book}: nothing of that book is written yet', ms: '--book {book}: belum ada apa-apa daripada buku itu yang ditulis' },
  layoutUnknown: { en: '--layout: "{value}" is not one of {layouts}', ms: '--layout: "{value}" bukan salah satu daripada {layouts}' },
  notBookImage: {
    en: '{id} makes a cover image, which is saved only as its image file; karya export writes books',
    ms: '{id} menghasilkan imej kulit buku, yang disimpan hanya sebagai fail imejnya; karya export menulis buku',
  },
  notBookSingle: {
    en: '{id} writes a single piece, which is not saved to export later; write it in the format you want with: karya generate {id} --out FILE.epub (or .docx, .pdf, .md)',
    ms: '{id} menulis satu karya tunggal, yang tidak disimpan untuk dieksport kemudian; tulis dalam format yang anda mahu dengan: karya generate {id} --out FAIL.epub (atau .docx, .pdf, .md)',
  },
  layoutAlone: {
    en: '--layout {value}: the layout is of a dual-language PDF; add --bilingual (and --format pdf)',
    ms: '--layout {value}: susun atur ini untuk PDF dwibahasa; tambahkan --bilingual (dan --format pdf)',
  },
});

/** `karya export`'s words for a key in a language, with its placeholders filled. */
export const exportWord = sayer(WORDS);

