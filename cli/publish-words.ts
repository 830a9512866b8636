// What `karya publish` says on the way (its parts, what each cost, the package's cost, its options refused), in
// English and Malay beside the code and in every other language of the table in languages/<code>/cli-publish.yaml.
import { catalogue, sayer, type Lang, type Sayer } from '../engine/index.js';

const WORDS = catalogue('cli-publish', {
  resumedSaved: { en: '{id}: {done} of {total} parts already written', ms: '{id}: {done} daripada {total} bahagian sudah ditulis' },
  part_title: { en: 'title', ms: 'tajuk' },
  part_author: { en: 'author', ms: 'pengarang' },
  part_description: { en: 'description', ms: 'huraian' },
  part_keywords: { en: 'keywords', ms: 'kata kunci' },
  part_copyright: { en: 'copyright page', ms: 'halaman hak cipta' },
  part_cover: { en: 'cover', ms: 'kulit buku' },
  skipped: { en: '{why} (no step)', ms: '{why} (tiada langkah)' },
  skip_given: { en: 'as given', ms: 'seperti yang diberi' },
  skip_no_author: { en: 'waits for an author name (--author)', ms: 'menunggu nama pengarang (--author)' },
  skip_own: { en: "the book's own", ms: 'milik buku itu sendiri' },
  skip_typographic: { en: 'typographic (--cover typographic)', ms: 'tipografi (--cover typographic)' },
  skip_own_cover: { en: 'your picture (--cover)', ms: 'gambar anda (--cover)' },
  skip_no_images: { en: 'typographic: the model server draws no pictures', ms: 'tipografi: pelayan model tidak melukis gambar' },
  // A text that counts something has its form for one beside it (`<key>_one`).
  credits: { en: '{n} credits', ms: '{n} kredit' },
  credits_one: { en: '{n} credit', ms: '{n} kredit' },
  cost: { en: 'the package cost {total}: the book {book} ({parts} parts), publishing {publishing} ({steps})', ms: 'kos pakej {total}: buku {book} ({parts} bahagian), penerbitan {publishing} ({steps})' },
  thisRun: { en: '; this run {credits}', ms: '; larian ini {credits}' },
  interrupted: { en: 'interrupted; finished parts of the book are saved, run the same command again to continue', ms: 'dihentikan; bahagian buku yang siap telah disimpan, jalankan arahan yang sama sekali lagi untuk menyambung' },
  notWhole: { en: '{flag}: "{value}" is not a whole number from 1', ms: '{flag}: "{value}" bukan nombor bulat dari 1' },
  notAge: { en: '--reading-age: "{value}" is not an age or a range such as 8-12', ms: '--reading-age: "{value}" bukan umur atau julat seperti 8-12' },
  notLevel: { en: '--ai-text: "{value}" is not one of {choices}', ms: '--ai-text: "{value}" bukan salah satu daripada {choices}' },
  notTrim: { en: '--trim "{value}" is not one of {choices}', ms: '--trim "{value}" bukan salah satu daripada {choices}' },
  notPaper: { en: '--paper "{value}" is not one of {choices}', ms: '--paper "{value}" bukan salah satu daripada {choices}' },
  notBook: { en: '{id} is not a book; karya publish takes one of {books}', ms: '{id} bukan buku; karya publish menerima salah satu daripada {books}' },
  asItStands: { en: 'the book ends with your own last part: packaged as it stands, no part written by the model (--conclusion writes its conclusion first, {credits})', ms: 'buku ini berakhir dengan bahagian terakhir anda sendiri: dipakejkan seadanya, tiada bahagian ditulis oleh model (--conclusion menulis penutupnya dahulu, {credits})' },
  bilingualNeedsBook: { en: '--bilingual: pass --book with the id of a translated edition (karya translate makes one; karya books lists them)', ms: '--bilingual: berikan --book dengan id edisi terjemahan (karya translate membuatnya; karya books menyenaraikannya)' },
});

type Key = Exclude<keyof typeof WORDS, `${string}_one`>;

const say = sayer(WORDS);

/** `karya publish`'s words for a key in a language, with its placeholders filled (a count's own form through creditsIn). */
export const publishWord: Sayer<Key> = say;

/** A number of credits in `lang` ("1 credit", "3 credits"). */
export function creditsIn(n: number, lang: Lang): string {
  return say(n === 1 ? 'credits_one' : 'credits', lang, { n });
}
