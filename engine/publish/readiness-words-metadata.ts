// The words of the readiness checks on a package's metadata and release (readiness-metadata.ts): the release
// plan's date, one title everywhere, no keyword stuffing, Google Play's cover and identifier, the National
// Library of Malaysia's page minimum. English and Malay; part of the catalogue in readiness-words.ts.
import type { Bilingual } from '../spec/types.js';

export const METADATA_WORDS = {
  'label.release-date': {
    en: 'at most {perDay} new titles a day per store account (the release schedule)',
    ms: 'paling banyak {perDay} judul baharu sehari bagi setiap akaun kedai (jadual terbitan)',
  },
  'release.on': { en: 'publish on or after {date} (title {n} of that day)', ms: 'terbitkan pada atau selepas {date} (judul ke-{n} pada hari itu)' },
  // schedule.csv's status and readiness columns (karya batch --publish), in the book's language.
  'schedule.scheduled': { en: 'scheduled', ms: 'dijadualkan' },
  'schedule.held': { en: 'held: {share} like {book}', ms: 'ditahan: {share} seperti {book}' },
  'schedule.ready': { en: 'ready', ms: 'sedia' },
  'schedule.blocking': { en: '{n} blocking', ms: '{n} menghalang' },
  'label.continuity': { en: 'no continuity finding left open', ms: 'tiada dapatan kesinambungan yang masih terbuka' },
  'continuity.none': { en: 'none open', ms: 'tiada yang terbuka' },
  'continuity.open': { en: '{n} open: {parts}', ms: '{n} masih terbuka: {parts}' },
  'continuity.fix': {
    en: 'read each one in the book\'s Continuity panel: rewrite the part, or mark the finding as intended',
    ms: 'baca setiap satu dalam panel Kesinambungan buku: tulis semula bahagian itu, atau tandakan dapatan itu sebagai disengajakan',
  },
  'label.title-match': {
    en: 'the title in metadata.json is the title on the cover and in the EPUB',
    ms: 'tajuk dalam metadata.json sama dengan tajuk pada kulit buku dan dalam EPUB',
  },
  'title-match.same': { en: '"{title}" on the cover, in the EPUB and in metadata.json', ms: '"{title}" pada kulit buku, dalam EPUB dan dalam metadata.json' },
  'title-match.cover': { en: 'the cover says "{found}", metadata.json says "{title}"', ms: 'kulit buku menyatakan "{found}", metadata.json menyatakan "{title}"' },
  'title-match.epub': { en: 'the EPUB says "{found}", metadata.json says "{title}"', ms: 'EPUB menyatakan "{found}", metadata.json menyatakan "{title}"' },
  'title-match.fix': {
    en: 'use one title everywhere: make the cover and the package again with the title of metadata.json{how_title}',
    ms: 'gunakan satu tajuk di semua tempat: buat kulit buku dan pakej sekali lagi dengan tajuk dalam metadata.json{how_title}',
  },
  'label.stuffing': {
    en: 'title, subtitle, series and keywords carry no promotional words and no keyword stuffing',
    ms: 'tajuk, subtajuk, siri dan kata kunci tiada perkataan promosi dan tiada pengisian kata kunci',
  },
  'stuffing.none': { en: 'no promotional words, no keyword repeated', ms: 'tiada perkataan promosi, tiada kata kunci yang berulang' },
  'stuffing.promo': { en: '{where} carries promotional words: {words}', ms: '{where} mengandungi perkataan promosi: {words}' },
  'where.title': { en: 'the title', ms: 'tajuk' },
  'where.subtitle': { en: 'the subtitle', ms: 'subtajuk' },
  'where.series': { en: 'the series name', ms: 'nama siri' },
  'stuffing.title-keyword': { en: 'keywords that repeat the title: {list}', ms: 'kata kunci yang mengulang tajuk: {list}' },
  'stuffing.word-repeated': { en: '"{word}" in {n} keywords (at most {max})', ms: '"{word}" dalam {n} kata kunci (paling banyak {max})' },
  'stuffing.fix': {
    en: 'take promotional words out, and give each keyword box a new search phrase: not the title again, no word in more than {max} of them',
    ms: 'buang perkataan promosi, dan berikan setiap kotak kata kunci frasa carian baharu: bukan tajuk sekali lagi, tiada perkataan dalam lebih daripada {max} kotak',
  },
  'label.cover-sides': {
    en: "the cover's shortest side is at least {min} px and no side is over {max} px",
    ms: 'sisi terpendek kulit buku sekurang-kurangnya {min} px dan tiada sisi melebihi {max} px',
  },
  'cover.sides': { en: '{width} × {height} px', ms: '{width} × {height} px' },
  'cover.sides-fix': { en: 'make the cover again at 1,600 × 2,560 px', ms: 'buat kulit buku sekali lagi pada 1,600 × 2,560 px' },
  'label.identifier': { en: 'an ISBN, or the identifier Google Play gives a book without one', ms: 'ISBN, atau pengecam yang diberikan Google Play kepada buku tanpa ISBN' },
  'identifier.isbn': { en: 'ISBN {isbn}', ms: 'ISBN {isbn}' },
  'identifier.google': {
    en: 'no ISBN: Google Play gives the book its own identifier (GGKEY) when you add it',
    ms: 'tiada ISBN: Google Play memberikan buku ini pengecamnya sendiri (GGKEY) semasa anda menambahkannya',
  },
  'identifier.bad': { en: '"{isbn}" is not a valid ISBN-13 (its check digit does not match)', ms: '"{isbn}" bukan ISBN-13 yang sah (digit semaknya tidak sepadan)' },
  'identifier.fix': { en: 'copy the ISBN again from its issuer, or leave it out', ms: 'salin ISBN sekali lagi daripada pengeluarnya, atau tinggalkannya' },
  'label.eisbn-pages': {
    en: 'at least {min} pages, cover included, for an eISBN from the National Library of Malaysia ({audience} title)',
    ms: 'sekurang-kurangnya {min} muka surat, termasuk kulit luar, untuk eISBN daripada Perpustakaan Negara Malaysia (judul {audience})',
  },
  'audience.adult': { en: 'an adult', ms: 'dewasa' },
  'audience.children': { en: "a children's", ms: 'kanak-kanak' },
  'eisbn.pages': { en: '{n} pages with the cover', ms: '{n} muka surat bersama kulit luar' },
  'eisbn.fix': {
    en: 'for an eISBN, write more or longer chapters ({missing} more pages); a store that gives its own identifier takes the book as it is',
    ms: 'untuk eISBN, tulis lebih banyak bab atau bab yang lebih panjang ({missing} muka surat lagi); kedai yang memberikan pengecamnya sendiri menerima buku ini seperti sedia ada',
  },
} as const satisfies Record<string, Bilingual>;
