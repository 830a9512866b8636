// The fixed words of the offline demo (offline.ts) in English and Malay, per shape of book: a story, a
// guide, or recipes (a cookbook's chapters); its prose and recipes are composed (offline-compose.ts). A
// setting's value only ever stands in a slot that takes any value (in quotes after its label, or
// title-cased in a title), so the demo stays grammatical whatever was chosen.
import type { Lang } from '../spec/types.js';

/** What the demo writes for a book's chapters (a generator's prompts.demo; stories and guides by family). */
export type DemoShape = 'story' | 'guide' | 'recipe';

/** The sentence of a part that names one setting; {label} and {value} are a setting's (label in lower case), {kind} "book" or "piece". */
export const SETTING_LINES: Record<'story' | 'guide', Record<Lang, string[]>> = {
  story: {
    en: ['The {label} chosen for this {kind} is "{value}", and every page keeps to it.', 'True to its {label}, "{value}", the {kind} takes one more step.'],
    ms: ['Untuk {kind} ini, {label} yang dipilih ialah "{value}", dan setiap halaman setia kepadanya.', 'Selaras dengan {label} "{value}", {kind} ini melangkah sekali lagi.'],
  },
  guide: {
    en: ['The {label} chosen for this {kind} is "{value}", and every page keeps to it.', 'Every example suits the chosen {label}, "{value}".'],
    ms: ['Untuk {kind} ini, {label} yang dipilih ialah "{value}", dan setiap halaman setia kepadanya.', 'Setiap contoh sesuai dengan {label} yang dipilih, "{value}".'],
  },
};

export const KIND_WORD: Record<Lang, { book: string; single: string }> = {
  en: { book: 'book', single: 'piece' },
  ms: { book: 'buku', single: 'karya' },
};

/** The outline's working title; {Value} is a setting's value, title-cased. */
export const TITLE_LINE: Record<DemoShape, Record<Lang, string>> = {
  story: { en: 'Title: A Tale of {Value} Beginnings', ms: 'Tajuk: Kisah Permulaan {Value}' },
  guide: { en: 'Title: The {Value} Handbook', ms: 'Tajuk: Buku Panduan {Value}' },
  recipe: { en: 'Title: The {Value} Kitchen', ms: 'Tajuk: Dapur {Value}' },
};
export const PREMISE_LINE: Record<Lang, string> = {
  en: 'Premise: a {kind} shaped by its {label}, "{value}", and by the choices that follow.',
  ms: 'Premis: {kind} yang dibentuk oleh {label} "{value}" dan oleh pilihan yang menyusul.',
};
export const ENDING_LINE: Record<Lang, string> = {
  en: 'Ending: every thread is tied, and the promise of the first page is kept.',
  ms: 'Pengakhiran: setiap urusan selesai, dan janji halaman pertama ditunaikan.',
};
/** What an outline entry says under its title. */
export const ENTRY_LINE: Record<DemoShape, Record<Lang, string>> = {
  story: { en: 'The story moves one step on, and a choice is made.', ms: 'Cerita bergerak selangkah ke hadapan, dan satu pilihan dibuat.' },
  guide: { en: 'One idea, explained with an example and a short exercise.', ms: 'Satu idea, diterangkan dengan contoh dan latihan ringkas.' },
  recipe: { en: 'Recipes with their ingredients, method and a tip.', ms: 'Resipi dengan bahan-bahan, cara memasak dan satu petua.' },
};

/** Demo chapter titles, in turn (a number follows past the tenth). */
export const DEMO_TITLES: Record<DemoShape, Record<Lang, string[]>> = {
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

export const CHARACTERS: Record<Lang, string[]> = {
  en: ['- Aisha Rahman: the lead, 28, stubborn and kind', '- Daniel Lee: her counterpart, 31, guarded but honest', '- Mak Som: the neighbour who notices everything'],
  ms: ['- Aisha Rahman: watak utama, 28 tahun, degil tetapi baik hati', '- Daniel Lee: pasangannya, 31 tahun, berhati-hati tetapi jujur', '- Mak Som: jiran yang memerhati segalanya'],
};

/** A story-bible update in the shape templates/memory.hbs asks for ({part}: the part's label); the choice a part makes it also settles, so no promise stays open at the end of a demo book. */
export const MEMORY_LINES: Record<Lang, string[]> = {
  en: ['## Chapter', '{part}: the story moves on, and a choice is made.', '## Characters', '- Aisha Rahman | the lead | where {part} left her | {part}', '- Daniel Lee | her counterpart | guarded but listening | {part}', '## Open threads', '- the choice made in {part} | {part} | resolved', '## Established facts', '- The story begins on a quiet street.'],
  ms: ['## Bab', '{part}: cerita bergerak ke hadapan, dan satu pilihan dibuat.', '## Watak', '- Aisha Rahman | watak utama | di tempat {part} meninggalkannya | {part}', '- Daniel Lee | pasangannya | berhati-hati tetapi mendengar | {part}', '## Urusan belum selesai', '- pilihan yang dibuat dalam {part} | {part} | selesai', '## Fakta yang ditetapkan', '- Cerita ini bermula di sebatang jalan yang tenang.'],
};
