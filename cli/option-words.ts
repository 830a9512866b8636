// What karya generate, export and rewrite say of an option given wrongly (--format, --out, --author, --continuity,
// --series, --voice book:ID, --book, --note, --json) to the writer of a book, in the book's language (or, before a
// book is known, the one --lang asks for, else the one their locale names): English and Malay beside the code, every other language of the table in
// languages/<code>/cli-options.yaml.
import { catalogue, sayer } from '../engine/index.js';

const WORDS = catalogue('cli-options', {
  formatImage: {
    en: '--format: {id} makes an image (PNG or JPEG, from the --out extension); --format is for books ({formats})',
    ms: '--format: {id} menghasilkan imej (PNG atau JPEG, mengikut sambungan --out); --format hanya untuk buku ({formats})',
  },
  formatUnknown: { en: '--format: "{value}" is not one of {formats}', ms: '--format: "{value}" bukan salah satu daripada {formats}' },
  formatNeedsOut: { en: '--format {format}: name the file with --out FILE (only Markdown goes to stdout)', ms: '--format {format}: namakan fail dengan --out FILE (hanya Markdown dihantar ke stdout)' },
  formatNeedsPipe: {
    en: '--format {format}: name the file with --out FILE, or send it to a pipe or a file ({command} --format {format} > book.{format})',
    ms: '--format {format}: namakan fail dengan --out FILE, atau hantar ke paip atau fail ({command} --format {format} > book.{format})',
  },
  outUnknown: {
    en: '--out {file}: cannot tell the format from its extension; use one of {allowed}, or --format {choices}',
    ms: '--out {file}: format tidak dapat dikenal pasti daripada sambungannya; gunakan salah satu daripada {allowed}, atau --format {choices}',
  },
  authorLong: { en: '--author: at most {max} characters (got {length})', ms: '--author: paling banyak {max} aksara (diberi {length})' },
  continuityUnknown: { en: '--continuity: "{value}" is not checks or audit', ms: '--continuity: "{value}" bukan checks atau audit' },
  seriesOrBook: {
    en: '--series: give --series or --book, not both (a saved book keeps its series)',
    ms: '--series: berikan --series atau --book, bukan kedua-duanya (buku yang disimpan kekal dalam sirinya)',
  },
  seriesPiece: { en: '--series: {id} writes a single piece; only books make a series', ms: '--series: {id} menulis satu karya tunggal; hanya buku yang membentuk siri' },
  seriesFresh: { en: '--series: a series book goes on where it stopped; leave out --fresh', ms: '--series: buku siri disambung dari tempat ia berhenti; jangan gunakan --fresh' },
  voiceNoBook: { en: '--voice book:{id}: no such book in {file} (karya books lists them)', ms: '--voice book:{id}: tiada buku sedemikian dalam {file} (karya books menyenaraikannya)' },
  voiceNoParts: {
    en: '--voice book:{id}: no such book with written parts in {file} (karya books lists them)',
    ms: '--voice book:{id}: tiada buku sedemikian yang mempunyai bahagian bertulis dalam {file} (karya books menyenaraikannya)',
  },
  voiceChapters: {
    en: '--voice book:{id}:{from}-{to}: the book has chapters 1 to {chapters}; give chapters within them, like book:{id}:1-{example}',
    ms: '--voice book:{id}:{from}-{to}: buku ini mempunyai bab 1 hingga {chapters}; berikan bab dalam julat itu, contohnya book:{id}:1-{example}',
  },
  bookOwnSettings: {
    en: '--book {book}: a saved book keeps its own settings; leave out --set, --brief, --lang and --fresh',
    ms: '--book {book}: buku yang disimpan mengekalkan tetapannya sendiri; jangan gunakan --set, --brief, --lang dan --fresh',
  },
  bookId: { en: '--book: "{value}" is not a book id (a whole number; karya books lists them)', ms: '--book: "{value}" bukan id buku (nombor bulat; karya books menyenaraikannya)' },
  // Commander's own refusal of a command line without one of its required options, said in the writer's words.
  requiredOption: { en: "required option '{option}' not specified (see: {help})", ms: "pilihan wajib '{option}' tidak diberikan (lihat: {help})" },
  // Commander's other refusals of a command line (cli/program-conventions.ts), in the writer's words too.
  unknownOption: { en: "unknown option '{option}' (see: {help})", ms: "pilihan '{option}' tidak dikenali (lihat: {help})" },
  unknownOptionLike: { en: "unknown option '{option}'; did you mean {like}? (see: {help})", ms: "pilihan '{option}' tidak dikenali; adakah anda maksudkan {like}? (lihat: {help})" },
  missingArgument: { en: "missing required argument '{argument}' (see: {help})", ms: "argumen wajib '{argument}' tidak diberikan (lihat: {help})" },
  optionMissingArgument: { en: "option '{option}' needs a value (see: {help})", ms: "pilihan '{option}' memerlukan nilai (lihat: {help})" },
  excessArguments: {
    en: 'too many arguments: expected {expected}, got {received} ({args}) (see: {help})',
    ms: 'terlalu banyak argumen: dijangka {expected}, diberi {received} ({args}) (lihat: {help})',
  },
  bookNotFound: { en: '--book {book}: no such book in {file} (karya books lists them)', ms: '--book {book}: tiada buku sedemikian dalam {file} (karya books menyenaraikannya)' },
  idOrBook: {
    en: 'give a generator id (its latest saved book, or the one with the settings given) or --book ID (karya books lists the saved books)',
    ms: 'berikan id penjana (buku terakhirnya yang disimpan, atau buku dengan tetapan yang diberi) atau --book ID (karya books menyenaraikan buku yang disimpan)',
  },
  noteLong: { en: '--note: at most {max} characters (this one has {length})', ms: '--note: paling banyak {max} aksara (yang ini ada {length})' },
  imageNeedsOut: {
    en: '{id} makes an image; give --out FILE.png or --out FILE.jpg (or pipe stdout to a file)',
    ms: '{id} menghasilkan imej; berikan --out FILE.png atau --out FILE.jpg (atau salurkan stdout ke fail)',
  },
  imageExtension: { en: '--out {file}: {id} makes an image; name a .png, .jpg or .jpeg file', ms: '--out {file}: {id} menghasilkan imej; namakan fail .png, .jpg atau .jpeg' },
  imageJson: {
    en: '--json: {id} writes its image to stdout without --out; give --out FILE.png or FILE.jpg with --json',
    ms: '--json: {id} menulis imejnya ke stdout tanpa --out; berikan --out FILE.png atau FILE.jpg bersama --json',
  },
});

/** The option's words for a key in a language, with its placeholders filled. */
export const optionWord = sayer(WORDS);
