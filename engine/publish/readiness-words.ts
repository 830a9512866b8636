// The words of the readiness checks (readiness.ts, rules.ts, channels.ts) in English and Malay, as a
// catalogue: every label, detail and fix is a code and its values (ReadinessText), kept as data in
// readiness.json and rendered in the book's language there (and in the terminal), and in the studio's
// language in the publish panel. Placeholders as engine/i18n.ts fills them: {name}.
import type { Bilingual, Lang } from '../spec/types.js';
import { fillPlaceholders } from '../i18n.js';
import { METADATA_WORDS } from './readiness-words-metadata.js';
import { DISCLOSURE_WORDS } from './disclosure-words.js';
import { CLOSENESS_WORDS } from './readiness-words-closeness.js';
import { BILINGUAL_WORDS } from './readiness-words-bilingual.js';

export const READINESS_WORDS = {
  // Labels: what each check checks.
  'label.book-complete': { en: 'every part of the book is written', ms: 'setiap bahagian buku telah ditulis' },
  'label.offline-text': { en: 'written by an AI model, not the offline demo text', ms: 'ditulis oleh model AI, bukan teks demo luar talian' },
  'label.author': { en: 'an author name ({how_author_given}, or chosen in the author-name step; never made up)', ms: 'nama pengarang ({how_author_given}, atau yang dipilih dalam langkah nama pengarang; tidak pernah direka)' },
  'label.title': { en: 'title and subtitle: at most {max} characters, no refused words', ms: 'tajuk dan subtajuk: paling banyak {max} aksara, tiada perkataan yang ditolak' },
  'label.title-case': { en: 'the title is in title case ({language})', ms: 'tajuk ditulis dengan huruf besar gaya tajuk ({language})' },
  'label.language': { en: '{channel} accepts books in {language} (its published list)', ms: '{channel} menerima buku dalam {language} (senarai yang diterbitkannya)' },
  'label.manuscript-epub': { en: 'manuscript.epub is an EPUB file', ms: 'manuscript.epub ialah fail EPUB' },
  'label.epubcheck': { en: 'manuscript.epub passes epubcheck', ms: 'manuscript.epub lulus epubcheck' },
  'label.manuscript-docx': { en: 'manuscript.docx is a Word file', ms: 'manuscript.docx ialah fail Word' },
  'label.ebook-cover': {
    en: '{file} is a {formats} in RGB, {ratio}:1, at least {width} px wide',
    ms: '{file} ialah {formats} dalam RGB, {ratio}:1, lebar sekurang-kurangnya {width} px',
  },
  'label.description': {
    en: 'description.html has text, only the tags stores keep, no links or URLs, at most {max} characters',
    ms: 'description.html mempunyai teks, hanya tag yang dikekalkan oleh kedai, tiada pautan atau URL, paling banyak {max} aksara',
  },
  'label.keywords': {
    en: 'keywords.txt has at most {slots} lines of {min} to {max} characters, no refused words',
    ms: 'keywords.txt mempunyai paling banyak {slots} baris, setiap satu {min} hingga {max} aksara, tiada perkataan yang ditolak',
  },
  'label.categories': { en: 'one to three suggested categories', ms: 'satu hingga tiga kategori cadangan' },
  'label.paperback-interior': { en: 'paperback-interior.pdf is a PDF', ms: 'paperback-interior.pdf ialah fail PDF' },
  'label.paperback-cover': { en: 'paperback-cover.pdf is a PDF', ms: 'paperback-cover.pdf ialah fail PDF' },
  'label.page-count': {
    en: 'the paperback has {min} to {max} pages (KDP\'s range for {paper} paper at {size})',
    ms: 'buku kulit lembut mempunyai {min} hingga {max} halaman (julat KDP untuk kertas {paper} bersaiz {size})',
  },

  // Pieces the texts are made of.
  'lang.en': { en: 'English', ms: 'bahasa Inggeris' },
  'lang.ms': { en: 'Malay', ms: 'bahasa Melayu' },
  either: { en: '{a} or {b}', ms: '{a} atau {b}' },
  quoted: { en: '"{text}"', ms: '"{text}"' },
  'title-and-subtitle': { en: '"{title}" / "{subtitle}"', ms: '"{title}" / "{subtitle}"' },
  'with-note': { en: '{text} ({note})', ms: '{text} ({note})' },
  /** What a tool (epubcheck) said, as it said it. */
  verbatim: { en: '{text}', ms: '{text}' },
  bytes: { en: '{n} bytes', ms: '{n} bait' },
  'run-again': { en: '{how_again}; report a problem if it persists', ms: '{how_again}; laporkan masalah jika ia berterusan' },

  // book-complete
  'book.complete': { en: 'introduction to conclusion', ms: 'dari pengenalan hingga penutup' },
  'book.unfinished': { en: 'the book is not finished', ms: 'buku belum selesai' },
  'book.mid-sentence': { en: 'these parts end mid-sentence: {parts}', ms: 'bahagian ini berhenti di tengah ayat: {parts}' },
  'book.mid-sentence-fix': { en: 'finish each with Write more, or rewrite its ending', ms: 'lengkapkan setiap satu dengan Tulis lagi, atau tulis semula pengakhirannya' },
  'book.finish': { en: 'write the remaining parts of the book{how_finish}', ms: 'tulis bahagian buku yang belum ditulis{how_finish}' },
  // offline-text
  'offline.found': { en: 'offline demo text in {where}: no AI model wrote it', ms: 'teks demo luar talian dalam {where}: tiada model AI yang menulisnya' },
  'offline.manuscript': { en: 'the manuscript', ms: 'manuskrip' },
  'offline.description': { en: 'the description', ms: 'penerangan' },
  'offline.keywords': { en: 'the keywords', ms: 'kata kunci' },
  'offline.title': { en: 'the title', ms: 'tajuk' },
  'offline.fix': { en: 'write the book with an AI model (not the offline demo), then make the package again{how_offline}', ms: 'tulis buku dengan model AI (bukan demo luar talian), kemudian buat pakej sekali lagi{how_offline}' },
  'offline.none': { en: 'written by an AI model', ms: 'ditulis oleh model AI' },
  // author
  'author.none': { en: 'no author name', ms: 'tiada nama pengarang' },
  'label.series': { en: "the series and the book's number in it, for the store's series page", ms: 'siri dan nombor buku dalam siri itu, untuk halaman siri di kedai' },
  'series.given': { en: '"{name}", book {number}', ms: '"{name}", buku {number}' },
  'series.no-number': { en: '"{name}", without the book\'s number in it', ms: '"{name}", tanpa nombor buku dalam siri itu' },
  'series.fix': { en: 'give the book\'s number in the series (karya publish --series-number N; a book written with --series has it)', ms: 'berikan nombor buku dalam siri itu (karya publish --series-number N; buku yang ditulis dengan --series sudah memilikinya)' },
  'author.none-because': { en: 'no author name: {note}', ms: 'tiada nama pengarang: {note}' },
  'author.fix': { en: '{how_author} and make the package again', ms: '{how_author} dan buat pakej sekali lagi' },
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
  // title-case
  'title-case.words': { en: 'not capitalised: {words}', ms: 'tidak bermula dengan huruf besar: {words}' },
  'title-case.fix': { en: '{how_title_case}', ms: '{how_title_case}' },
  // language
  'language.listed': { en: '{code}: on the list', ms: '{code}: ada dalam senarai' },
  'language.not-listed': { en: '{code}: not on the list', ms: '{code}: tiada dalam senarai' },
  'language.other-channel': { en: 'publish this book on another channel', ms: 'terbitkan buku ini di saluran lain' },
  'language.unconfirmed': { en: '{code}: {note}', ms: '{code}: {note}' },
  'language.not-confirmed': { en: 'not confirmed from the published list', ms: 'belum disahkan daripada senarai yang diterbitkan' },
  'language.read': { en: 'read {source}', ms: 'baca {source}' },
  'language.malay-unconfirmed-page': {
    en: 'Malay has not been confirmed on {list}; check the page before you upload',
    ms: 'bahasa Melayu belum disahkan dalam {list}; semak halaman itu sebelum anda memuat naik',
  },
  'language.malay-unconfirmed-list': {
    en: 'Malay has not been confirmed on {list}; check it before you upload',
    ms: 'bahasa Melayu belum disahkan dalam {list}; semak senarai itu sebelum anda memuat naik',
  },
  'list.kdp-ebook': { en: "KDP's list of eBook languages", ms: 'senarai bahasa eBook KDP' },
  'list.kdp-paperback': { en: "KDP's list of paperback languages", ms: 'senarai bahasa buku kulit lembut KDP' },
  'list.kobo': { en: "Kobo Writing Life's list of supported languages", ms: 'senarai bahasa yang disokong oleh Kobo Writing Life' },
  // ebook-cover
  'cover.unreadable': { en: '{file} is not a JPEG or PNG image', ms: '{file} bukan imej JPEG atau PNG' },
  'cover.unreadable-fix': { en: 'make the cover again{how_cover}', ms: 'buat kulit buku sekali lagi{how_cover}' },
  'cover.found': { en: '{file}: {format}, {width} × {height} px', ms: '{file}: {format}, {width} × {height} px' },
  'cover.found-colour': { en: '{file}: {format}, {colour}, {width} × {height} px', ms: '{file}: {format}, {colour}, {width} × {height} px' },
  'cover.format': { en: '{file} is a {format} ({channel} takes {formats})', ms: '{file} ialah {format} ({channel} menerima {formats})' },
  'cover.colour': { en: 'its colours are {colour}, not RGB', ms: 'warnanya {colour}, bukan RGB' },
  'cover.ratio': { en: 'it is {ratio}:1 (height to width), not {want}:1', ms: 'nisbahnya {ratio}:1 (tinggi kepada lebar), bukan {want}:1' },
  'cover.narrow': { en: 'it is {width} px wide (at least {min})', ms: 'lebarnya {width} px (sekurang-kurangnya {min})' },
  'cover.flat': { en: 'it is one flat colour, with no picture or title', ms: 'ia satu warna rata, tanpa gambar atau tajuk' },
  'cover.upscaled': {
    en: 'it was enlarged from a {width} × {height} px image (at least {min} px wide for a sharp cover)',
    ms: 'ia dibesarkan daripada imej {width} × {height} px (sekurang-kurangnya {min} px lebar untuk kulit yang tajam)',
  },
  'cover.art-fix': {
    en: 'make the cover again (a new cover picture), or upload your own cover art of at least 1,600 × 2,560 px',
    ms: 'buat kulit buku sekali lagi (gambar kulit baharu), atau muat naik seni kulit anda sendiri sekurang-kurangnya 1,600 × 2,560 px',
  },
  'cover.fix': {
    en: 'use cover.jpg from a package made by this version (an RGB JPEG of 1,600 × 2,560 px)',
    ms: 'gunakan cover.jpg daripada pakej yang dibuat oleh versi ini (JPEG RGB 1,600 × 2,560 px)',
  },
  // epubcheck (engine/node/publish.ts runs it; its messages are quoted as it wrote them)
  'epubcheck.not-installed': { en: 'epubcheck is not installed (Debian/Ubuntu: apt install epubcheck)', ms: 'epubcheck tidak dipasang (Debian/Ubuntu: apt install epubcheck)' },
  'epubcheck.did-not-run': { en: 'epubcheck did not run: {reason}', ms: 'epubcheck tidak dapat dijalankan: {reason}' },
  'epubcheck.command-missing': { en: '{command} is not installed', ms: '{command} tidak dipasang' },
  'epubcheck.no-summary': { en: 'no summary in its output', ms: 'tiada ringkasan dalam outputnya' },
  'epubcheck.counts': { en: 'epubcheck: {fatals} fatal, {errors} errors, {warnings} warnings', ms: 'epubcheck: {fatals} maut, {errors} ralat, {warnings} amaran' },
  'epubcheck.counts-messages': {
    en: 'epubcheck: {fatals} fatal, {errors} errors, {warnings} warnings: {messages}',
    ms: 'epubcheck: {fatals} maut, {errors} ralat, {warnings} amaran: {messages}',
  },
  'epubcheck.fix': { en: 'see the epubcheck messages; the store may refuse or change the file', ms: 'lihat mesej epubcheck; kedai mungkin menolak atau mengubah fail itu' },
  // description
  'description.size': { en: '{n} characters', ms: '{n} aksara' },
  'description.tags': { en: 'tags stores remove: {tags}', ms: 'tag yang dibuang oleh kedai: {tags}' },
  'description.url': { en: 'has a URL', ms: 'ada URL' },
  'description.empty': { en: 'no text', ms: 'tiada teks' },
  'description.labels': { en: 'it carries working labels, not a blurb: {labels}', ms: 'ia mengandungi label kerja, bukan sinopsis: {labels}' },
  'description.short': { en: 'only {n} words: less than a blurb (at least {min} words in whole sentences)', ms: 'hanya {n} patah perkataan: kurang daripada sinopsis (sekurang-kurangnya {min} patah perkataan dalam ayat lengkap)' },
  'description.write': {
    en: 'write the description again: a few sentences that make a reader want the book, without labels such as "Characters:"',
    ms: 'tulis penerangan sekali lagi: beberapa ayat yang membuat pembaca mahukan buku ini, tanpa label seperti "Watak:"',
  },
  'keywords.names': { en: 'only a character\'s name: {list}', ms: 'hanya nama watak: {list}' },
  'keywords.names-fix': {
    en: 'use phrases readers search for (the genre, the setting, the theme) instead of the names',
    ms: 'gunakan frasa yang dicari pembaca (genre, latar, tema) dan bukan nama watak',
  },
  'description.fix': {
    en: 'edit description.html: keep to b, i, em, strong, u, br, p, ul, ol, li, h4, h5, h6, no links, and 4,000 characters',
    ms: 'sunting description.html: gunakan hanya b, i, em, strong, u, br, p, ul, ol, li, h4, h5, h6, tanpa pautan, dan paling banyak 4,000 aksara',
  },
  // keywords (rules.ts)
  'keywords.count': { en: '{n} keywords', ms: '{n} kata kunci' },
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
  // categories
  'categories.none': { en: 'none', ms: 'tiada' },
  'categories.fix': { en: 'choose one to three categories when you upload the book{how_categories}', ms: 'pilih satu hingga tiga kategori semasa memuat naik buku{how_categories}' },
  // paperback
  'paperback.no-interior': { en: 'the package has no paperback-interior.pdf', ms: 'pakej tiada paperback-interior.pdf' },
  'paperback.no-cover': { en: 'the package has no paperback-cover.pdf', ms: 'pakej tiada paperback-cover.pdf' },
  'paperback.make-again': { en: 'make the package again{how_version}', ms: 'buat pakej sekali lagi{how_version}' },
  'pages.real': { en: '{n} pages (paperback-interior.pdf)', ms: '{n} halaman (paperback-interior.pdf)' },
  'pages.estimated': {
    en: 'about {n} pages, estimated from {words} words (no interior page count in the package)',
    ms: 'kira-kira {n} halaman, dianggarkan daripada {words} perkataan (pakej tiada bilangan halaman isi)',
  },
  'pages.estimated-fix': { en: "make the package again{how_version} so the paperback's real page count is known", ms: 'buat pakej sekali lagi{how_version} supaya bilangan halaman sebenar buku kulit lembut diketahui' },
  trim: { en: '{width} x {height} in', ms: '{width} x {height} inci' },
  'paper.white': { en: 'white', ms: 'putih' },
  'paper.cream': { en: 'cream', ms: 'krim' },
  'pages.under': { en: 'KDP prints at least {min} pages on {paper} paper at {size}', ms: 'KDP mencetak sekurang-kurangnya {min} halaman pada kertas {paper} bersaiz {size}' },
  'pages.over': { en: 'KDP prints at most {max} pages on {paper} paper at {size}', ms: 'KDP mencetak paling banyak {max} halaman pada kertas {paper} bersaiz {size}' },
  'pages.other-paper': {
    en: 'choose {paper} paper for the paperback (up to {max} pages), or write fewer or shorter chapters; the eBook is fine as it is',
    ms: 'pilih kertas {paper} untuk buku kulit lembut (sehingga {max} halaman), atau tulis bab yang lebih sedikit atau lebih pendek; eBook sudah baik seperti sedia ada',
  },
  'pages.too-few': {
    en: 'for a paperback, {missing} more pages are needed: write more or longer chapters; the eBook is fine as it is',
    ms: 'untuk buku kulit lembut, {missing} halaman lagi diperlukan: tulis lebih banyak bab atau bab yang lebih panjang; eBook sudah baik seperti sedia ada',
  },
  'pages.too-many': {
    en: 'write fewer or shorter chapters, or split the book into volumes for a paperback; the eBook is fine as it is',
    ms: 'tulis bab yang lebih sedikit atau lebih pendek, atau pecahkan buku kepada beberapa jilid untuk buku kulit lembut; eBook sudah baik seperti sedia ada',
  },

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
  // The metadata and release checks (readiness-metadata.ts) and the AI disclosure (disclosure.ts).
  ...METADATA_WORDS,
  ...DISCLOSURE_WORDS,
  ...CLOSENESS_WORDS,
  ...BILINGUAL_WORDS,
} as const satisfies Record<string, Bilingual>;

export type ReadinessCode = keyof typeof READINESS_WORDS;

/**
 * Who reads the words: `writer` (the studio's publish panel, readiness.json's texts said again) in the
 * writer's terms, with no command-line options, code files or config keys; `cli` the command line's own
 * words, which name its options; `batch` those of `karya batch`, where a job's fields say it too; `studio`
 * the writer's words with no file name or size either (the publish panel: WRITER_WORDS).
 */
export type Audience = 'writer' | 'cli' | 'batch' | 'studio';

/** The command line's words: its options and files. */
const CLI_WORDS = {
  en: {
    how_author_given: 'given with --author', how_again: 'run the command again', how_finish: ' (run the same command again)',
    how_offline: ' (set OPENAI_API_KEY or an AI provider config, and run with --fresh)', how_author: 'pass --author "Your Name"',
    how_title: ' (--title and --subtitle, or "title" and "subtitle" in metadata.json)', how_title_case: 'pass {args}',
    how_categories: " (or suggest them in the generator's publish block: generators/README.md)", how_cover: ' (run the command again to make cover.jpg)',
    how_version: ' with this version of karya publish',
  },
  ms: {
    how_author_given: 'diberi dengan --author', how_again: 'jalankan arahan itu sekali lagi', how_finish: ' (jalankan arahan yang sama sekali lagi)',
    how_offline: ' (tetapkan OPENAI_API_KEY atau konfigurasi pembekal AI, dan jalankan dengan --fresh)', how_author: 'berikan --author "Nama Anda"',
    how_title: ' (--title dan --subtitle, atau "title" dan "subtitle" dalam metadata.json)', how_title_case: 'berikan {args}',
    how_categories: ' (atau cadangkannya dalam blok publish penjana: generators/README.md)', how_cover: ' (jalankan arahan itu sekali lagi untuk membuat cover.jpg)',
    how_version: ' dengan versi karya publish ini',
  },
};

/**
 * The only words that differ by audience: how the reader of a text does a thing, in the studio (`writer`:
 * no command-line option, code file or config key) or on the command line (`cli`: its options and files).
 * A text of the catalogue names them as {how_…} placeholders, so each sentence is written once; a piece
 * may carry the text's own placeholders ({title}, {args}).
 */
export const AUDIENCE_WORDS: Readonly<Record<Exclude<Audience, 'studio'>, Readonly<Record<Lang, Readonly<Record<string, string>>>>>> = {
  writer: {
    en: {
      how_author_given: 'yours', how_again: 'make the package again', how_finish: '', how_offline: '', how_author: 'type your author name in the publish panel',
      how_title: '', how_title_case: 'write the title as {title}', how_categories: '', how_cover: '', how_version: '',
    },
    ms: {
      how_author_given: 'nama anda', how_again: 'buat pakej sekali lagi', how_finish: '', how_offline: '', how_author: 'taipkan nama pengarang anda dalam panel penerbitan',
      how_title: '', how_title_case: 'tulis tajuk sebagai {title}', how_categories: '', how_cover: '', how_version: '',
    },
  },
  cli: CLI_WORDS,
  // A batch gives an author with --author or a job's `author:`; the rest is said as on the command line.
  batch: {
    en: { ...CLI_WORDS.en, how_author_given: 'given with --author or author: in the jobs file', how_author: 'pass --author "Your Name", or give the book author: "Your Name" in the jobs file' },
    ms: { ...CLI_WORDS.ms, how_author_given: 'diberi dengan --author atau author: dalam fail kerja', how_author: 'berikan --author "Nama Anda", atau berikan buku itu author: "Nama Anda" dalam fail kerja' },
  },
};

/**
 * What the studio's publish panel says instead (audience 'studio'), where the package's words name files and sizes
 * (readiness.json and the CLI's report keep them): the eBook, the cover, the description, never manuscript.epub or its bytes.
 */
const WRITER_WORDS: Readonly<Record<string, Bilingual>> = {
  'label.manuscript-epub': { en: 'the eBook opens as an EPUB', ms: 'eBuku dibuka sebagai EPUB' },
  'label.epubcheck': { en: "the eBook passes the stores' EPUB check (epubcheck)", ms: 'eBuku lulus semakan EPUB kedai (epubcheck)' },
  'label.manuscript-docx': { en: 'the Word manuscript opens in Word', ms: 'manuskrip Word dibuka dalam Word' },
  'label.ebook-cover': {
    en: 'the eBook cover is a {formats} in RGB, {ratio}:1, at least {width} px wide',
    ms: 'kulit eBuku ialah {formats} dalam RGB, {ratio}:1, lebar sekurang-kurangnya {width} px',
  },
  'label.description': {
    en: 'the description has text, only the formatting stores keep, no links, at most {max} characters',
    ms: 'penerangan mempunyai teks, hanya format yang dikekalkan oleh kedai, tiada pautan, paling banyak {max} aksara',
  },
  'label.keywords': {
    en: 'at most {slots} keywords of {min} to {max} characters each, no refused words',
    ms: 'paling banyak {slots} kata kunci, setiap satu {min} hingga {max} aksara, tiada perkataan yang ditolak',
  },
  'label.paperback-interior': { en: "the paperback's pages are a print-ready PDF", ms: 'halaman buku kulit lembut ialah PDF sedia cetak' },
  'label.paperback-cover': { en: "the paperback's cover is a print-ready PDF", ms: 'kulit buku kulit lembut ialah PDF sedia cetak' },
  'label.title-match': { en: 'the title is the same on the cover, in the eBook and in the store form', ms: 'tajuk sama pada kulit buku, dalam eBuku dan dalam borang kedai' },
  // A file's size says nothing to a writer.
  bytes: { en: '', ms: '' },
};

/** A value of a text: as it is (a number, a name, a file), another text, or a list of texts (said as "a, b"). */
export type ReadinessValue = string | number | ReadinessText | readonly ReadinessText[];

/** One readiness text as data: its catalogue code and the values of its placeholders. */
export interface ReadinessText {
  readonly code: ReadinessCode;
  readonly params?: Readonly<Record<string, ReadinessValue>>;
}

/** A text of the catalogue: `say('bytes', { n: 12 })`. */
export const say = (code: ReadinessCode, params?: Record<string, ReadinessValue>): ReadinessText => (params ? { code, params } : { code });

/** The name of a book language as the checks say it ("Malay", "bahasa Melayu"). */
export const languageName = (lang: Lang): ReadinessText => say(lang === 'ms' ? 'lang.ms' : 'lang.en');

/** A text as it comes back from JSON (a kept package, the API): a code, perhaps unknown here, and its values. */
export interface StoredText {
  readonly code: string;
  readonly params?: Readonly<Record<string, unknown>>;
}

/**
 * A text in a language; a list of texts is one sentence per problem, joined with "; " (a list inside a
 * text is joined with ", "). A code the catalogue does not have (a package from a later version) is said as it is.
 */
export function readinessText(text: StoredText | readonly StoredText[], lang: Lang, audience: Audience = 'writer'): string {
  if (isList(text)) return text.map((t) => readinessText(t, lang, audience)).join('; ');
  const vars: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(text.params ?? {})) vars[name] = valueText(value, lang, audience);
  const words = (audience === 'studio' ? WRITER_WORDS[text.code] : undefined) ?? (READINESS_WORDS as Record<string, { en: string; ms: string } | undefined>)[text.code];
  // The audience's words first (a piece may hold the text's own placeholders), then the text's values.
  return words ? fillPlaceholders(fillPlaceholders(words[lang], AUDIENCE_WORDS[audience === 'studio' ? 'writer' : audience][lang]), vars) : text.code;
}

function valueText(value: unknown, lang: Lang, audience: Audience): string | number {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value)) return value.map((v) => valueText(v, lang, audience)).join(', ');
  if (value && typeof value === 'object' && typeof (value as StoredText).code === 'string') return readinessText(value as StoredText, lang, audience);
  return String(value);
}

/** A check's words as data (catalogue codes and values), for saying them in another language (the studio's). */
export interface ReadinessCheckText {
  label: ReadinessText;
  detail?: ReadinessText[];
  fix?: ReadinessText[];
}

/**
 * A check's label, detail and fix in a language, for an audience (by default the writer's words): from its
 * texts (`text`), or as kept (a package made before they were).
 */
export function checkWords(
  check: { label: string; detail?: string; fix?: string; text?: { label: StoredText; detail?: readonly StoredText[]; fix?: readonly StoredText[] } },
  lang: Lang,
  audience: Audience = 'writer',
): { label: string; detail?: string; fix?: string } {
  const { text } = check;
  if (!text) return { label: check.label, ...(check.detail !== undefined ? { detail: check.detail } : {}), ...(check.fix ? { fix: check.fix } : {}) };
  const say = (t: StoredText | readonly StoredText[]) => readinessText(t, lang, audience);
  return { label: say(text.label), ...(text.detail ? { detail: say(text.detail) } : {}), ...(text.fix ? { fix: say(text.fix) } : {}) };
}

/**
 * A check's source as a short readable link: its name (the text before the address) and the address, so
 * a page shows "KDP Help, "Metadata Guidelines for Books"" as a link rather than a raw URL.
 * @example sourceLink('KDP Help, "Metadata": https://kdp.amazon.com/x') // { text: 'KDP Help, "Metadata"', url: 'https://kdp.amazon.com/x' }
 */
export function sourceLink(source: string): { text: string; url?: string } {
  const m = /^(.*?)(?:\s*\([^()]*\))?:\s*(https:\/\/\S+)$/.exec(source.trim());
  return m ? { text: m[1]!.trim(), url: m[2]! } : { text: source };
}

function isList<T>(value: T | readonly T[]): value is readonly T[] {
  return Array.isArray(value);
}
