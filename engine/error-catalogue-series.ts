// The catalogue's messages about a series of books (engine/session/series/series.ts): each names the field and
// what is allowed; nothing is saved. Merged into CATALOGUE.
import { catalogue } from './languages/index.js';

export const SERIES_CATALOGUE = catalogue('errors-series', {
  series_name_empty: {
    en: 'series: the name is empty; give the series a name of 1 to {max} characters.',
    ms: 'siri: namanya kosong; berikan siri itu nama antara 1 hingga {max} aksara.',
  },
  series_name_too_long: {
    en: 'series: the name is {length} characters; a series name may be at most {max}.',
    ms: 'siri: namanya {length} aksara; nama siri paling panjang {max} aksara.',
  },
  series_name_taken: {
    en: 'series: you already have a series named "{name}"; choose another name.',
    ms: 'siri: anda sudah mempunyai siri bernama "{name}"; pilih nama lain.',
  },
  series_not_found: {
    en: 'series: there is no series named "{name}" (karya series list shows yours).',
    ms: 'siri: tiada siri bernama "{name}" (karya series list menunjukkan siri anda).',
  },
  series_language: {
    en: 'series: "{name}" is written in {expected}, and this book is in {found}; every book of a series is in its language.',
    ms: 'siri: "{name}" ditulis dalam {expected}, dan buku ini dalam {found}; setiap buku dalam siri ditulis dalam bahasanya.',
  },
  series_previous_unfinished: {
    en: 'series: book {number} of "{name}" is not finished yet; finish it before the next book starts (book {number} continues with the same command).',
    ms: 'siri: buku {number} dalam "{name}" belum selesai; siapkan dahulu sebelum buku seterusnya bermula (buku {number} disambung dengan arahan yang sama).',
  },
  book_in_series: {
    en: 'series: this book is already in a series; a book belongs to one series and does not move between them.',
    ms: 'siri: buku ini sudah berada dalam sebuah siri; sebuah buku milik satu siri sahaja dan tidak berpindah antara siri.',
  },
  series_number_taken: {
    en: 'series: the series already has a book {number}.',
    ms: 'siri: siri itu sudah mempunyai buku {number}.',
  },
  series_not_empty: {
    en: 'series: "{name}" still has books; a series with books cannot be deleted.',
    ms: 'siri: "{name}" masih mempunyai buku; siri yang mempunyai buku tidak boleh dipadam.',
  },
});
