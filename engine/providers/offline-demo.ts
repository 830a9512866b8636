// The fixed words of the offline demo (offline.ts), per shape of book: a story, a guide, or recipes (a
// cookbook's chapters); its prose and recipes are composed (offline-compose.ts). English and Malay are written
// here, every other language in languages/<code>/offline-demo.yaml (the same keys). A setting's value only
// ever stands in a slot that takes any value (in quotes after its label, or title-cased in a title), so the
// demo stays grammatical whatever was chosen.
import type { Lang } from '../spec/types.js';
import { demoSection, perLanguage, shapedLike } from './offline-words.js';

/** What the demo writes for a book's chapters (a generator's prompts.demo; stories and guides by family). */
export type DemoShape = 'story' | 'guide' | 'recipe';

/** The sentence of a part that names one setting; {label} and {value} are a setting's (label in lower case), {kind} "book" or "piece". */
const SETTING_LINES: Record<'story' | 'guide', Record<Lang, string[]>> = {
  story: {
    en: ['The {label} chosen for this {kind} is "{value}", and every page keeps to it.', 'True to its {label}, "{value}", the {kind} takes one more step.'],
    ms: ['Untuk {kind} ini, {label} yang dipilih ialah "{value}", dan setiap halaman setia kepadanya.', 'Selaras dengan {label} "{value}", {kind} ini melangkah sekali lagi.'],
  },
  guide: {
    en: ['The {label} chosen for this {kind} is "{value}", and every page keeps to it.', 'Every example suits the chosen {label}, "{value}".'],
    ms: ['Untuk {kind} ini, {label} yang dipilih ialah "{value}", dan setiap halaman setia kepadanya.', 'Setiap contoh sesuai dengan {label} yang dipilih, "{value}".'],
  },
};

const KIND_WORD: Record<Lang, { book: string; single: string }> = {
  en: { book: 'book', single: 'piece' },
  ms: { book: 'buku', single: 'karya' },
};

/** The outline's working title; {Value} is a setting's value, title-cased. */
const TITLE_LINE: Record<DemoShape, Record<Lang, string>> = {
  story: { en: 'Title: A Tale of {Value} Beginnings', ms: 'Tajuk: Kisah Permulaan {Value}' },
  guide: { en: 'Title: The {Value} Handbook', ms: 'Tajuk: Buku Panduan {Value}' },
  recipe: { en: 'Title: The {Value} Kitchen', ms: 'Tajuk: Dapur {Value}' },
};
const PREMISE_LINE: Record<Lang, string> = {
  en: 'Premise: a {kind} shaped by its {label}, "{value}", and by the choices that follow.',
  ms: 'Premis: {kind} yang dibentuk oleh {label} "{value}" dan oleh pilihan yang menyusul.',
};
const ENDING_LINE: Record<Lang, string> = {
  en: 'Ending: every thread is tied, and the promise of the first page is kept.',
  ms: 'Pengakhiran: setiap urusan selesai, dan janji halaman pertama ditunaikan.',
};
/** What an outline entry says under its title. */
const ENTRY_LINE: Record<DemoShape, Record<Lang, string>> = {
  story: { en: 'The story moves one step on, and a choice is made.', ms: 'Cerita bergerak selangkah ke hadapan, dan satu pilihan dibuat.' },
  guide: { en: 'One idea, explained with an example and a short exercise.', ms: 'Satu idea, diterangkan dengan contoh dan latihan ringkas.' },
  recipe: { en: 'Recipes with their ingredients, method and a tip.', ms: 'Resipi dengan bahan-bahan, cara memasak dan satu petua.' },
};

/** Demo chapter titles, in turn (a number follows past the tenth). */
const DEMO_TITLES: Record<DemoShape, Record<Lang, string[]>> = {
  story: {
    en: ['First Light', 'A Door Opens', 'The Long Road', 'Small Choices', 'The Turn', 'Old Promises', 'Storm Warning', 'What Was Hidden', 'The Return', 'Morning Again'],
    ms: ['Cahaya Pertama', 'Pintu Terbuka', 'Jalan Panjang', 'Pilihan Kecil', 'Liku', 'Janji Lama', 'Amaran Ribut', 'Yang Tersembunyi', 'Kepulangan', 'Pagi Sekali Lagi'],
  },
  guide: {
    en: ['Getting Started', 'The Basics', 'First Steps', 'Building Habits', 'Common Mistakes', 'Going Further', 'Staying on Track', 'Putting It Together', 'Looking Back', 'Next Steps'],
    ms: ['Langkah Permulaan', 'Asas-asas', 'Langkah Pertama', 'Membina Tabiat', 'Kesilapan Biasa', 'Melangkah Lebih Jauh', 'Kekal di Landasan', 'Menyatukan Semuanya', 'Menoleh ke Belakang', 'Langkah Seterusnya'],
  },
  recipe: {
    en: ['Simple Breakfasts', 'Soups and Stews', 'Rice and Noodles', 'Vegetable Dishes', 'One-Pot Dinners', 'Quick Lunches', 'Sauces and Sides', 'Baking Basics', 'Sweet Treats', 'Drinks'],
    ms: ['Sarapan Ringkas', 'Sup dan Rebusan', 'Nasi dan Mi', 'Hidangan Sayur-sayuran', 'Makan Malam Satu Periuk', 'Makan Tengah Hari Pantas', 'Sos dan Hidangan Sampingan', 'Asas Membakar', 'Pencuci Mulut', 'Minuman'],
  },
};

const CHARACTERS: Record<Lang, string[]> = {
  en: ['- Aisha Rahman: the lead, 28, stubborn and kind', '- Daniel Lee: her counterpart, 31, guarded but honest', '- Mak Som: the neighbour who notices everything'],
  ms: ['- Aisha Rahman: watak utama, 28 tahun, degil tetapi baik hati', '- Daniel Lee: pasangannya, 31 tahun, berhati-hati tetapi jujur', '- Mak Som: jiran yang memerhati segalanya'],
};

/** A story-bible update in the shape templates/memory.hbs asks for ({part}: the part's label); the choice a part makes it also settles, so no promise stays open at the end of a demo book. */
const MEMORY_LINES: Record<Lang, string[]> = {
  en: ['## Chapter', '{part}: the story moves on, and a choice is made.', '## Characters', '- Aisha Rahman | the lead | where {part} left her | {part}', '- Daniel Lee | her counterpart | guarded but listening | {part}', '## Open threads', '- the choice made in {part} | {part} | resolved', '## Established facts', '- The story begins on a quiet street.'],
  ms: ['## Bab', '{part}: cerita bergerak ke hadapan, dan satu pilihan dibuat.', '## Watak', '- Aisha Rahman | watak utama | di tempat {part} meninggalkannya | {part}', '- Daniel Lee | pasangannya | berhati-hati tetapi mendengar | {part}', '## Urusan belum selesai', '- pilihan yang dibuat dalam {part} | {part} | selesai', '## Fakta yang ditetapkan', '- Cerita ini bermula di sebatang jalan yang tenang.'],
};

/** The words around the composed text: the demo's mark, the chapter word, the headings a book's parts open with. */
const AROUND: Record<Lang, Omit<DemoWords, 'kind' | 'settingLines' | 'titleLine' | 'premise' | 'ending' | 'entry' | 'titles' | 'characters' | 'memory'>> = {
  en: {
    mark: '*Offline demo text: no AI model wrote this. Set OPENAI_API_KEY to write with a real model.*',
    vague: ['any', 'none', 'other', 'random', 'mixed', 'various', 'default', 'auto'],
    articles: true, chapter: 'Chapter', characterDetails: 'Character Details:', chapterPlan: 'Chapter Plan:', fallback: { label: 'theme', value: 'Hope' },
  },
  ms: {
    mark: '*Teks demo luar talian: tiada model AI yang menulis ini. Tetapkan OPENAI_API_KEY untuk menulis dengan model sebenar.*',
    vague: ['mana-mana', 'tiada', 'lain-lain', 'rawak', 'campuran', 'pelbagai', 'lalai'],
    articles: false, chapter: 'Bab', characterDetails: 'Butiran Watak:', chapterPlan: 'Rancangan Bab:', fallback: { label: 'tema', value: 'Harapan' },
  },
};

/** The fixed words of the demo in one language. */
export interface DemoWords {
  /** The line that opens every demo text, so no reader takes it for a model's. */
  mark: string;
  /** Setting values that say nothing about the book ("Any"): never put in a demo sentence. */
  vague: readonly string[];
  /** The language writes "a" as "an" before a vowel (English's indefinite article). */
  articles: boolean;
  /** The word before a chapter's number in an outline or a plan. */
  chapter: string;
  characterDetails: string;
  chapterPlan: string;
  /** The setting a demo sentence names when the book has none worth naming. */
  fallback: { label: string; value: string };
  kind: { book: string; single: string };
  settingLines: Record<'story' | 'guide', readonly string[]>;
  titleLine: Record<DemoShape, string>;
  premise: string;
  ending: string;
  entry: Record<DemoShape, string>;
  titles: Record<DemoShape, readonly string[]>;
  characters: readonly string[];
  memory: readonly string[];
}

function demoIn(lang: Lang): DemoWords {
  const shapes = <T>(by: Record<DemoShape, Record<Lang, T>>) => ({ story: by.story[lang]!, guide: by.guide[lang]!, recipe: by.recipe[lang]! });
  return {
    ...AROUND[lang]!, kind: KIND_WORD[lang]!, settingLines: { story: SETTING_LINES.story[lang]!, guide: SETTING_LINES.guide[lang]! }, titleLine: shapes(TITLE_LINE),
    premise: PREMISE_LINE[lang]!, ending: ENDING_LINE[lang]!, entry: shapes(ENTRY_LINE), titles: shapes(DEMO_TITLES), characters: CHARACTERS[lang]!, memory: MEMORY_LINES[lang]!,
  };
}

const BUILT_IN = perLanguage(AROUND, demoIn);

/** The line that opens the demo text in each language written here (the others' are in their offline-demo.yaml). */
export const OFFLINE_MARK: Readonly<Record<Lang, string>> = perLanguage(AROUND, (lang) => AROUND[lang]!.mark);

/** The demo's fixed words in every language. */
export const DEMO = demoSection('offline-demo', BUILT_IN, shapedLike(BUILT_IN.en!));
