// The readiness words no one rule owns, in English and Malay: the pieces texts are made of (a language's name,
// a quoted value, a size in bytes), what the libraries the rules use say (rules.ts: a title's and keywords'
// problems; channels.ts: the language lists; the epubcheck runner; the release schedule), and the terminal's
// lines around a report. Each rule's own words are in its file (this folder); index.ts checks them all at load.
import type { Bilingual } from '../../spec/types.js';

export const SHARED_WORDS = {
  // Pieces the texts are made of (a language's name, `lang.<code>`, is the language table's: text.ts languageName).
  either: { en: '{a} or {b}', ms: '{a} atau {b}' },
  quoted: { en: '"{text}"', ms: '"{text}"' },
  'with-note': { en: '{text} ({note})', ms: '{text} ({note})' },
  /** What a tool (epubcheck) said, as it said it. */
  verbatim: { en: '{text}', ms: '{text}' },
  bytes: { en: '{n} bytes', ms: '{n} bait' },
  'run-again': { en: '{how_again}; report a problem if it persists', ms: '{how_again}; laporkan masalah jika ia berterusan' },
  // The unfinished book's fix (book-complete), also when there is no text to compare (not-too-close).
  'book.finish': { en: 'write the remaining parts of the book{how_finish}', ms: 'tulis bahagian buku yang belum ditulis{how_finish}' },
  // How the title and author were found (the package's notes, said in their checks' details).
  'note.title-fallback': { en: 'the {generator} answer had no "Title:" line; its first words were used', ms: 'jawapan {generator} tiada baris "Title:"; perkataan pertamanya digunakan' },
  'note.author-none': { en: 'the {generator} answer had no usable name; none was made up: {how_author}', ms: 'jawapan {generator} tiada nama yang boleh digunakan; tiada nama yang direka: {how_author}' },
  // How the keywords were found (readiness.json "notes.keywords"; rules.ts kdpKeywords).
  'note.keywords-fallback': {
    en: 'the keyword answer had no numbered list; short phrases of it were used',
    ms: 'jawapan kata kunci tiada senarai bernombor; frasa pendek daripadanya digunakan',
  },
  'note.keywords-left-out': { en: 'left out: {list}', ms: 'ditinggalkan: {list}' },
  'note.keyword-left-out': { en: '"{keyword}" ({reason})', ms: '"{keyword}" ({reason})' },
  'keyword.too-short': { en: 'too short to be a search phrase', ms: 'terlalu pendek untuk menjadi frasa carian' },
  'keyword.refused': { en: 'KDP refuses {words}', ms: 'KDP menolak {words}' },
  'keyword.too-long': { en: 'longer than {max} characters', ms: 'lebih daripada {max} aksara' },
  'keyword.no-box': { en: 'KDP has {slots} boxes', ms: 'KDP ada {slots} kotak' },
  // title (rules.ts)
  'title.empty': { en: 'the title is empty', ms: 'tajuk kosong' },
  'title.empty-fix': { en: 'give the book a title{how_title}', ms: 'beri buku ini tajuk{how_title}' },
  'title.too-long': { en: 'title and subtitle are {length} characters (KDP allows {max})', ms: 'tajuk dan subtajuk ialah {length} aksara (KDP membenarkan {max})' },
  'title.too-long-fix': { en: 'choose a shorter title or subtitle{how_title}', ms: 'pilih tajuk atau subtajuk yang lebih pendek{how_title}' },
  'title.refused': { en: 'contains words KDP refuses in titles: {words}', ms: 'mengandungi perkataan yang ditolak KDP dalam tajuk: {words}' },
  'title.refused-fix': { en: 'take those words out of the title or subtitle{how_title}', ms: 'buang perkataan itu daripada tajuk atau subtajuk{how_title}' },
  // The channels' language lists (channels.ts), said in the language check's detail.
  'language.malay-unconfirmed-page': {
    en: 'Malay has not been confirmed on {list}; check the page before you upload',
    ms: 'bahasa Melayu belum disahkan dalam {list}; semak halaman itu sebelum anda memuat naik',
  },
  'language.malay-unconfirmed-list': {
    en: 'Malay has not been confirmed on {list}; check it before you upload',
    ms: 'bahasa Melayu belum disahkan dalam {list}; semak senarai itu sebelum anda memuat naik',
  },
  // A language the table gives no answer for on a store (language-data.ts), or not confirmed on a store's list.
  'language.unconfirmed': {
    en: "{language} has not been confirmed on this store's published list; check it before you upload",
    ms: '{language} belum disahkan dalam senarai yang diterbitkan oleh kedai ini; semak senarai itu sebelum anda memuat naik',
  },
  'language.unconfirmed-page': {
    en: '{language} has not been confirmed on {list}; check the page before you upload',
    ms: '{language} belum disahkan dalam {list}; semak halaman itu sebelum anda memuat naik',
  },
  'language.unconfirmed-list': {
    en: '{language} has not been confirmed on {list}; check it before you upload',
    ms: '{language} belum disahkan dalam {list}; semak senarai itu sebelum anda memuat naik',
  },
  'list.kdp-ebook': { en: "KDP's list of eBook languages", ms: 'senarai bahasa eBook KDP' },
  'list.kdp-paperback': { en: "KDP's list of paperback languages", ms: 'senarai bahasa buku kulit lembut KDP' },
  'list.kobo': { en: "Kobo Writing Life's list of supported languages", ms: 'senarai bahasa yang disokong oleh Kobo Writing Life' },
  // A cover that is no picture Karya can read (the eBook cover's rule and Google Play's sides).
  'cover.unreadable': { en: '{file} is not a JPEG or PNG image', ms: '{file} bukan imej JPEG atau PNG' },
  'cover.unreadable-fix': { en: 'make the cover again{how_cover}', ms: 'buat kulit buku sekali lagi{how_cover}' },
  // epubcheck (engine/node/publish.ts runs it; its messages are quoted as it wrote them)
  'epubcheck.not-installed': { en: 'epubcheck is not installed (Debian/Ubuntu: apt install epubcheck)', ms: 'epubcheck tidak dipasang (Debian/Ubuntu: apt install epubcheck)' },
  'epubcheck.did-not-run': { en: 'epubcheck did not run: {reason}', ms: 'epubcheck tidak dapat dijalankan: {reason}' },
  'epubcheck.command-missing': { en: '{command} is not installed', ms: '{command} tidak dipasang' },
  'epubcheck.no-summary': { en: 'no summary in its output', ms: 'tiada ringkasan dalam outputnya' },
  'epubcheck.timed-out': { en: 'it took longer than {seconds} s', ms: 'ia mengambil masa lebih daripada {seconds} saat' },
  'epubcheck.counts': { en: 'epubcheck: {fatals} fatal, {errors} errors, {warnings} warnings', ms: 'epubcheck: {fatals} maut, {errors} ralat, {warnings} amaran' },
  'epubcheck.counts-messages': {
    en: 'epubcheck: {fatals} fatal, {errors} errors, {warnings} warnings: {messages}',
    ms: 'epubcheck: {fatals} maut, {errors} ralat, {warnings} amaran: {messages}',
  },
  'description.labels': { en: 'it carries working labels, not a blurb: {labels}', ms: 'ia mengandungi label kerja, bukan sinopsis: {labels}' },
  'description.short': { en: 'only {n} words: less than a blurb (at least {min} words in whole sentences)', ms: 'hanya {n} patah perkataan: kurang daripada sinopsis (sekurang-kurangnya {min} patah perkataan dalam ayat lengkap)' },
  'keywords.none': { en: 'no keywords', ms: 'tiada kata kunci' },
  'keywords.none-fix': { en: 'add up to {slots} search phrases to keywords.txt, one a line', ms: 'tambah sehingga {slots} frasa carian dalam keywords.txt, satu frasa sebaris' },
  'keywords.too-many': { en: '{n} keywords (KDP has {slots} boxes)', ms: '{n} kata kunci (KDP ada {slots} kotak)' },
  'keywords.too-many-fix': { en: 'keep the best {slots} lines of keywords.txt', ms: 'simpan {slots} baris terbaik dalam keywords.txt' },
  'keywords.too-long': { en: 'longer than {max} characters: {list}', ms: 'lebih daripada {max} aksara: {list}' },
  'keywords.too-long-fix': { en: 'shorten those lines of keywords.txt', ms: 'pendekkan baris itu dalam keywords.txt' },
  'keywords.too-short': { en: 'too short to be a search phrase: {list}', ms: 'terlalu pendek untuk menjadi frasa carian: {list}' },
  'keywords.too-short-fix': {
    en: 'remove those lines of keywords.txt (a keyword needs at least two letters)',
    ms: 'buang baris itu daripada keywords.txt (kata kunci memerlukan sekurang-kurangnya dua huruf)',
  },
  'keywords.refused': { en: 'words KDP refuses: {list}', ms: 'perkataan yang ditolak KDP: {list}' },
  'keywords.refused-word': { en: '"{word}" in "{keyword}"', ms: '"{word}" dalam "{keyword}"' },
  'keywords.refused-fix': { en: 'remove those lines of keywords.txt', ms: 'buang baris itu daripada keywords.txt' },
  'paperback.make-again': { en: 'make the package again{how_version}', ms: 'buat pakej sekali lagi{how_version}' },
  trim: { en: '{width} x {height} in', ms: '{width} x {height} inci' },
  'paper.white': { en: 'white', ms: 'putih' },
  'paper.cream': { en: 'cream', ms: 'krim' },
  // The terminal's summary (formatReadiness).
  // The command line's lines around the package (karya publish), in the book's language.
  'status.making': { en: 'karya: making the KDP package in {dir}', ms: 'karya: membuat pakej KDP dalam {dir}' },
  'status.file': { en: 'making {file}', ms: 'membuat {file}' },
  'status.epubcheck': { en: 'checking manuscript.epub with epubcheck', ms: 'menyemak manuscript.epub dengan epubcheck' },
  'status.paperback': {
    en: 'karya: paperback {size} on {paper} paper: {pages} pages, spine {spine} in',
    ms: 'karya: buku kulit lembut {size} pada kertas {paper}: {pages} halaman, tulang buku {spine} inci',
  },
  'status.readiness': { en: 'karya: readiness', ms: 'karya: kesediaan untuk kedai' },
  'summary.shared': { en: 'Every channel:', ms: 'Setiap saluran:' },
  'summary.ready': { en: 'ready', ms: 'sedia' },
  'summary.not-ready': { en: 'not ready ({why})', ms: 'belum sedia ({why})' },
  'summary.failed': { en: '{n} failed', ms: '{n} gagal' },
  'summary.to-check': { en: '{n} to check', ms: '{n} untuk disemak' },
  'summary.skipped': { en: '(skipped)', ms: '(dilangkau)' },
  'summary.fix': { en: 'fix: {fix}', ms: 'baiki: {fix}' },
  'summary.every': { en: 'ready for every channel', ms: 'sedia untuk setiap saluran' },
  'summary.some': { en: 'ready for: {channels}; not for the others', ms: 'sedia untuk: {channels}; bukan untuk yang lain' },
  'summary.none': { en: 'not ready for any channel', ms: 'belum sedia untuk mana-mana saluran' },
  // schedule.csv's status and readiness columns (karya batch --publish), in the book's language.
  'schedule.scheduled': { en: 'scheduled', ms: 'dijadualkan' },
  'schedule.held': { en: 'held: {share} like {book}', ms: 'ditahan: {share} seperti {book}' },
  'schedule.ready': { en: 'ready', ms: 'sedia' },
  'schedule.blocking': { en: '{n} blocking', ms: '{n} menghalang' },
} as const satisfies Record<string, Bilingual>;
