// The words of the offline demo (offline.ts) in English and Malay, per shape of book: a story, a guide, or
// recipes (a cookbook's chapters). A setting's value only ever stands in a slot that takes any value (in
// quotes after its label, or title-cased in a title), so the demo stays grammatical whatever was chosen.
import type { Lang } from '../spec/types.js';

/** What the demo writes for a book's chapters (a generator's prompts.demo; stories and guides by family). */
export type DemoShape = 'story' | 'guide' | 'recipe';

/** Sentences of a demo paragraph; {label} and {value} are a setting's (label in lower case), {kind} "book" or "piece". */
export const SENTENCES: Record<'story' | 'guide', Record<Lang, string[]>> = {
  story: {
    en: [
      'The morning light falls on the street as the next idea takes shape.',
      'A name is spoken, a door opens, and the path ahead becomes clear.',
      'Each step builds on the last, so the reader never loses the thread.',
      'There is warmth here, and a little tension, as the {kind} moves on.',
      'A quiet moment gives way to something new, and nothing stays quite the same.',
      'Small choices add up, and the {kind} keeps its promise to the reader.',
      'The {label} chosen for this {kind} is "{value}", and every page keeps to it.',
      'True to its {label}, "{value}", the {kind} takes one more step.',
    ],
    ms: [
      'Cahaya pagi jatuh ke jalan ketika idea seterusnya mula terbentuk.',
      'Sebuah nama disebut, sebuah pintu terbuka, dan jalan di hadapan menjadi jelas.',
      'Setiap langkah dibina atas langkah sebelumnya, jadi pembaca tidak pernah hilang arah.',
      'Ada kehangatan di sini, dan sedikit ketegangan, ketika {kind} ini terus bergerak.',
      'Saat yang tenang bertukar menjadi sesuatu yang baharu, dan tiada apa yang kekal sama.',
      'Pilihan kecil menjadi besar, dan {kind} ini menunaikan janjinya kepada pembaca.',
      'Untuk {kind} ini, {label} yang dipilih ialah "{value}", dan setiap halaman setia kepadanya.',
      'Selaras dengan {label} "{value}", {kind} ini melangkah sekali lagi.',
    ],
  },
  guide: {
    en: [
      'This part explains one idea at a time, with an example to try.',
      'A short checklist at the end helps the reader put the idea to work.',
      'Common mistakes are named plainly, with a way to avoid each one.',
      'Each section builds on the last, so nothing is left unexplained.',
      'A small, everyday example shows how the advice works in practice.',
      'Good preparation makes every later step easier.',
      'The {label} chosen for this {kind} is "{value}", and every page keeps to it.',
      'Every example suits the chosen {label}, "{value}".',
    ],
    ms: [
      'Bahagian ini menerangkan satu idea pada satu masa, dengan contoh untuk dicuba.',
      'Senarai semak ringkas di hujung membantu pembaca mempraktikkan idea itu.',
      'Kesilapan biasa dinyatakan dengan jelas, bersama cara untuk mengelakkannya.',
      'Setiap bahagian dibina atas bahagian sebelumnya, jadi tiada apa yang tertinggal.',
      'Contoh harian yang kecil menunjukkan cara nasihat itu berfungsi.',
      'Persediaan yang baik memudahkan setiap langkah seterusnya.',
      'Untuk {kind} ini, {label} yang dipilih ialah "{value}", dan setiap halaman setia kepadanya.',
      'Setiap contoh sesuai dengan {label} yang dipilih, "{value}".',
    ],
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

/** A story-bible update in the shape templates/memory.hbs asks for ({part}: the part's label). */
export const MEMORY_LINES: Record<Lang, string[]> = {
  en: ['## Chapter', '{part}: the story moves on, and a choice is made.', '## Characters', '- Aisha Rahman | the lead | where {part} left her | {part}', '- Daniel Lee | her counterpart | guarded but listening | {part}', '## Open threads', '- what the next choice will cost | {part} | open', '## Established facts', '- The story begins on a quiet street.'],
  ms: ['## Bab', '{part}: cerita bergerak ke hadapan, dan satu pilihan dibuat.', '## Watak', '- Aisha Rahman | watak utama | di tempat {part} meninggalkannya | {part}', '- Daniel Lee | pasangannya | berhati-hati tetapi mendengar | {part}', '## Urusan belum selesai', '- harga pilihan seterusnya | {part} | terbuka', '## Fakta yang ditetapkan', '- Cerita ini bermula di sebatang jalan yang tenang.'],
};

/** A demo recipe: its name, the line of servings and times, ingredients with amounts, method steps and a tip. */
interface DemoRecipe {
  name: string;
  serves: string;
  ingredients: Array<[string, string]>;
  method: string[];
  tip: string;
}

/** The headings and words around a recipe. */
export const RECIPE_WORDS: Record<Lang, { ingredients: string; ingredient: string; amount: string; method: string; tip: string; opening: string }> = {
  en: { ingredients: 'Ingredients', ingredient: 'Ingredient', amount: 'Amount', method: 'Method', tip: 'Tip', opening: 'These recipes use everyday ingredients and take no special equipment; read each one through before you start.' },
  ms: { ingredients: 'Bahan-bahan', ingredient: 'Bahan', amount: 'Sukatan', method: 'Cara Memasak', tip: 'Petua', opening: 'Resipi ini menggunakan bahan harian dan tidak memerlukan peralatan khas; baca setiap resipi hingga habis sebelum mula memasak.' },
};

export const RECIPES: Record<Lang, DemoRecipe[]> = {
  en: [
    { name: 'Coconut Rice', serves: 'Serves 2 · Preparation 5 minutes · Cooking 20 minutes', ingredients: [['Jasmine rice', '200 g'], ['Coconut milk', '250 ml'], ['Water', '150 ml'], ['Pandan leaf, knotted', '1'], ['Salt', '½ teaspoon']], method: ['Rinse the rice until the water runs clear.', 'Put the rice, coconut milk, water, pandan leaf and salt in a pot.', 'Bring to a boil, then cover and cook on low heat for 15 minutes.', 'Rest for 5 minutes off the heat, then fluff with a fork.'], tip: 'Stir the coconut milk well before you measure it.' },
    { name: 'Vegetable Soup', serves: 'Serves 4 · Preparation 15 minutes · Cooking 25 minutes', ingredients: [['Onion, chopped', '1'], ['Carrots, diced', '2'], ['Potato, diced', '1'], ['Vegetable stock', '1 litre'], ['Olive oil', '1 tablespoon']], method: ['Warm the oil in a large pot and soften the onion for 5 minutes.', 'Add the carrots and potato and stir for 2 minutes.', 'Pour in the stock and simmer for 20 minutes.', 'Season with salt and pepper and serve hot.'], tip: 'A handful of spinach stirred in at the end adds colour.' },
    { name: 'Herb Omelette', serves: 'Serves 1 · Preparation 5 minutes · Cooking 5 minutes', ingredients: [['Eggs', '2'], ['Milk', '1 tablespoon'], ['Chopped herbs', '1 tablespoon'], ['Butter', '1 teaspoon']], method: ['Beat the eggs with the milk and a pinch of salt.', 'Melt the butter in a small pan over medium heat.', 'Pour in the eggs and stir gently until they begin to set.', 'Scatter the herbs over, fold the omelette and slide it onto a plate.'], tip: 'Take the pan off the heat while the top is still soft.' },
    { name: 'Garlic Greens', serves: 'Serves 2 · Preparation 5 minutes · Cooking 5 minutes', ingredients: [['Leafy greens', '300 g'], ['Garlic cloves, sliced', '3'], ['Oil', '1 tablespoon'], ['Oyster sauce', '1 tablespoon']], method: ['Wash the greens and cut them into short lengths.', 'Fry the garlic in the oil until it is golden.', 'Add the greens and toss over high heat for 2 minutes.', 'Stir in the oyster sauce and serve at once.'], tip: 'Cook the stems a minute before the leaves.' },
    { name: 'Banana Pancakes', serves: 'Serves 2 · Preparation 10 minutes · Cooking 10 minutes', ingredients: [['Ripe bananas', '2'], ['Eggs', '2'], ['Flour', '60 g'], ['Baking powder', '1 teaspoon']], method: ['Mash the bananas in a bowl until smooth.', 'Whisk in the eggs, then fold in the flour and baking powder.', 'Cook spoonfuls in a lightly oiled pan for 2 minutes on each side.', 'Serve warm with honey or fruit.'], tip: 'The riper the bananas, the sweeter the pancakes.' },
    { name: 'Lemon Chicken', serves: 'Serves 4 · Preparation 10 minutes · Cooking 30 minutes', ingredients: [['Chicken thighs', '600 g'], ['Lemon, juice and zest', '1'], ['Garlic cloves, crushed', '2'], ['Olive oil', '2 tablespoons']], method: ['Mix the lemon, garlic and oil and coat the chicken with it.', 'Leave it for 10 minutes while the oven heats to 200 °C.', 'Roast the chicken in a tray for 30 minutes.', 'Rest for 5 minutes before serving.'], tip: 'Spoon the pan juices over the chicken before serving.' },
  ],
  ms: [
    { name: 'Nasi Lemak Ringkas', serves: 'Untuk 2 orang · Penyediaan 5 minit · Memasak 20 minit', ingredients: [['Beras wangi', '200 g'], ['Santan', '250 ml'], ['Air', '150 ml'], ['Daun pandan, disimpul', '1'], ['Garam', '½ sudu teh']], method: ['Basuh beras hingga airnya jernih.', 'Masukkan beras, santan, air, daun pandan dan garam ke dalam periuk.', 'Didihkan, kemudian tutup dan masak dengan api perlahan selama 15 minit.', 'Biarkan selama 5 minit, kemudian gemburkan dengan garpu.'], tip: 'Kacau santan sebelum disukat.' },
    { name: 'Sup Sayur', serves: 'Untuk 4 orang · Penyediaan 15 minit · Memasak 25 minit', ingredients: [['Bawang besar, dicincang', '1'], ['Lobak merah, didadu', '2'], ['Ubi kentang, didadu', '1'], ['Stok sayur', '1 liter'], ['Minyak zaitun', '1 sudu besar']], method: ['Panaskan minyak dalam periuk besar dan layurkan bawang selama 5 minit.', 'Masukkan lobak merah dan ubi kentang, kemudian kacau selama 2 minit.', 'Tuangkan stok dan reneh selama 20 minit.', 'Perasakan dengan garam dan lada sulah, kemudian hidangkan panas.'], tip: 'Segenggam bayam yang dimasukkan pada akhir memberi warna.' },
    { name: 'Telur Dadar Herba', serves: 'Untuk 1 orang · Penyediaan 5 minit · Memasak 5 minit', ingredients: [['Telur', '2'], ['Susu', '1 sudu besar'], ['Herba, dicincang', '1 sudu besar'], ['Mentega', '1 sudu teh']], method: ['Pukul telur bersama susu dan secubit garam.', 'Cairkan mentega dalam kuali kecil dengan api sederhana.', 'Tuangkan telur dan kacau perlahan hingga mula masak.', 'Taburkan herba, lipat telur dadar dan pindahkan ke pinggan.'], tip: 'Angkat kuali dari api ketika bahagian atas masih lembut.' },
    { name: 'Sayur Goreng Bawang Putih', serves: 'Untuk 2 orang · Penyediaan 5 minit · Memasak 5 minit', ingredients: [['Sayur berdaun', '300 g'], ['Bawang putih, dihiris', '3 ulas'], ['Minyak', '1 sudu besar'], ['Sos tiram', '1 sudu besar']], method: ['Basuh sayur dan potong pendek-pendek.', 'Tumis bawang putih dalam minyak hingga keemasan.', 'Masukkan sayur dan gaul dengan api besar selama 2 minit.', 'Masukkan sos tiram, gaul dan hidangkan segera.'], tip: 'Masak batang sayur seminit lebih awal daripada daunnya.' },
    { name: 'Lempeng Pisang', serves: 'Untuk 2 orang · Penyediaan 10 minit · Memasak 10 minit', ingredients: [['Pisang masak', '2'], ['Telur', '2'], ['Tepung gandum', '60 g'], ['Serbuk penaik', '1 sudu teh']], method: ['Lenyekkan pisang dalam mangkuk hingga lumat.', 'Pukul telur ke dalamnya, kemudian gaul bersama tepung dan serbuk penaik.', 'Masak sesudu demi sesudu dalam kuali berminyak selama 2 minit setiap sisi.', 'Hidangkan suam bersama madu atau buah-buahan.'], tip: 'Lebih masak pisangnya, lebih manis lempengnya.' },
    { name: 'Ayam Lemon', serves: 'Untuk 4 orang · Penyediaan 10 minit · Memasak 30 minit', ingredients: [['Peha ayam', '600 g'], ['Lemon, jus dan kulitnya', '1'], ['Bawang putih, diketuk', '2 ulas'], ['Minyak zaitun', '2 sudu besar']], method: ['Gaul lemon, bawang putih dan minyak, kemudian salutkan ayam dengannya.', 'Biarkan selama 10 minit sementara ketuhar dipanaskan hingga 200 °C.', 'Panggang ayam dalam dulang selama 30 minit.', 'Biarkan selama 5 minit sebelum dihidangkan.'], tip: 'Siram kuah dari dulang ke atas ayam sebelum dihidangkan.' },
  ],
};

/** A recipe as Markdown: its name as a heading, servings and times, ingredients as a table, numbered steps, the tip. */
export function recipeMarkdown(recipe: DemoRecipe, lang: Lang): string {
  const w = RECIPE_WORDS[lang];
  return [
    `### ${recipe.name}`, '', recipe.serves, '', `**${w.ingredients}**`, '',
    `| ${w.ingredient} | ${w.amount} |`, '| --- | --- |', ...recipe.ingredients.map(([what, amount]) => `| ${what} | ${amount} |`), '',
    `**${w.method}**`, '', ...recipe.method.map((step, i) => `${i + 1}. ${step}`), '', `*${w.tip}:* ${recipe.tip}`,
  ].join('\n');
}
