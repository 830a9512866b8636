// What the commands that find a saved book by its settings or its id (karya export, rewrite, generate --book)
// say about it to its writer, in English and Malay beside the code and in every other language of the table in
// languages/<code>/cli-saved-book.yaml.
import { catalogue, isLang, sayer, type Lang, type ResolvedSpec, type Settings } from '../engine/index.js';
import { writerLang } from './langs.js';

const WORDS = catalogue('cli-saved-book', {
  noneSaved: {
    en: 'no saved {id} book with these settings in {file}; write it first with: {command}',
    ms: 'tiada buku {id} yang disimpan dengan tetapan ini dalam {file}; tulis buku itu dahulu dengan: {command}',
  },
  partUnknown: {
    en: '--part "{part}": expected one of introduction, chapter:1 to chapter:{last}, conclusion',
    ms: '--part "{part}": dijangka salah satu daripada introduction, chapter:1 hingga chapter:{last}, conclusion',
  },
  partNotWritten: {
    en: '--part {part}: that part of this {id} book is not written yet ({written} parts are); write it first with karya generate',
    ms: '--part {part}: bahagian buku {id} ini belum ditulis ({written} bahagian sudah ditulis); tulis bahagian itu dahulu dengan karya generate',
  },
  finished: {
    en: '--book {book}: the book is finished; export it with karya export --book {book}',
    ms: '--book {book}: buku ini sudah siap; eksport dengan karya export --book {book}',
  },
  noStateExport: {
    en: 'no state file at {file}, so no saved book to export; write the book first with: {command}',
    ms: 'tiada fail keadaan di {file}, jadi tiada buku yang disimpan untuk dieksport; tulis buku itu dahulu dengan: {command}',
  },
  noStateRewrite: {
    en: 'no state file at {file}, so no saved book to rewrite; write the book first with: {command}',
    ms: 'tiada fail keadaan di {file}, jadi tiada buku yang disimpan untuk ditulis semula; tulis buku itu dahulu dengan: {command}',
  },
  noStateMap: {
    en: 'no state file at {file}, so no saved book to map; karya books lists the saved books',
    ms: 'tiada fail keadaan di {file}, jadi tiada buku yang disimpan untuk dipetakan; karya books menyenaraikan buku yang disimpan',
  },
  asOfNotPart: { en: '--as-of: "{value}" is not a part (a whole number: 0 the introduction, N chapter N)', ms: '--as-of: "{value}" bukan bahagian (nombor bulat: 0 pengenalan, N bab N)' },
  noPartWritten: { en: '--book {book}: no part of that book is written yet', ms: '--book {book}: belum ada bahagian buku itu yang ditulis' },
  generatorGone: {
    en: '--book {book}: its generator {generator} is no longer in generators/',
    ms: '--book {book}: penjananya, {generator}, sudah tiada dalam generators/',
  },
  otherGenerator: {
    en: '--book {book} was written with {id}, not {generator}; leave out the generator id or give {id}',
    ms: '--book {book} ditulis dengan {id}, bukan {generator}; jangan nyatakan id penjana, atau nyatakan {id}',
  },
  mapPiece: {
    en: '--book {book} is a {id} piece, not a book: only a book has a story map',
    ms: '--book {book} ialah karya {id}, bukan buku: hanya buku yang mempunyai peta cerita',
  },
  mapNothing: { en: '--book {book}: nothing of that book is written yet, so it has no story map', ms: '--book {book}: belum ada apa-apa daripada buku itu yang ditulis, jadi ia tiada peta cerita' },
  mapAsOf: {
    en: '--as-of {asOf}: the book has parts 0 to {last} written (0 the introduction, N chapter N)',
    ms: '--as-of {asOf}: buku ini mempunyai bahagian 0 hingga {last} yang telah ditulis (0 pengenalan, N bab N)',
  },
});

/** The saved-book words for a key in a language, with its placeholders filled. */
export const savedBookWord = sayer(WORDS);

/** The language a book with these settings is written in (its language setting, else its generator's one language). */
export function settingsLang(spec: ResolvedSpec, settings: Settings): Lang {
  const field = spec.fields.find((f) => f.role === 'language');
  const value = field ? settings[field.name] : undefined;
  return isLang(value) ? value : spec.fixedLanguage;
}

/** The language books with these settings share (a batch's jobs), else the one the writer's locale names. */
export function sharedLang(books: readonly { spec: ResolvedSpec; settings: Settings }[]): Lang {
  const found = new Set(books.map((b) => settingsLang(b.spec, b.settings)));
  return found.size === 1 ? [...found][0]! : writerLang();
}
