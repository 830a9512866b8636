// Answers of the wrong kind for a part, as real models write them (FakeOpenAIOptions.wrongKind): the first ask of
// Chapter 2 answered with a recipe, a list of chapter titles, bullets and a table, Chapter 1 again word for
// word, or good prose with an "As an AI language model…" paragraph inside; every ask of Chapter 2 with its
// characters renamed, as a wall of text on one line, or stopped by the provider's content filter. The other
// parts are answered as usual, and so is Chapter 2 when asked again (but for the habits of every ask).

/**
 * `ai-paragraph`, `recipe`, `chapter-titles`, `bullets-table`, `copy-chapter-1`: the first ask of Chapter 2 only;
 * `renamed`, `wall`, `content-filter`: every ask of Chapter 2 (its continuations and extensions too).
 * `short-recipe` (a recipe of a few lines, far under the words asked, as a model that answers briefly sends it) and
 * `cut-recipe` (the recipe's first lines, cut at the token limit: finish_reason "length"): the first ask only.
 */
export type WrongKind =
  | 'ai-paragraph'
  | 'recipe'
  | 'chapter-titles'
  | 'bullets-table'
  | 'copy-chapter-1'
  | 'renamed'
  | 'wall'
  | 'content-filter'
  | 'short-recipe'
  | 'cut-recipe';

/** A language a wrong answer is written in: the request's (every language of the table). */
export type WrongLang = 'en' | 'ms' | 'id';

/** The paragraph a model writes as itself inside a chapter. */
export const AI_PARAGRAPH = {
  en: 'As an AI language model, I cannot describe that scene in more detail, but I can continue the story.',
  ms:
    'Sebagai model bahasa AI, saya tidak dapat menggambarkan adegan itu ' +
    'dengan lebih terperinci, tetapi saya boleh menyambung cerita ini.',
  id:
    'Sebagai model bahasa AI, saya tidak dapat menggambarkan adegan ' +
    'itu secara lebih rinci, tetapi saya bisa melanjutkan cerita ini.',
} as const;

/** A recipe answered for a romance chapter. */
export const RECIPE = {
  en:
    'Ingredients:\n- 2 cups rice\n- 3 cups water\n- 1 tsp salt\n- 1 tbsp butter\n- 200 g chicken thigh\n' +
    '\nMethod:\n1. Rinse the rice until the water runs clear.\n2. Bring the water and the salt to the ' +
    'boil in a heavy pot.\n3. Add the rice and the butter, cover and cook on a low heat for 15 minutes.\n' +
    '4. Rest the rice for 5 minutes, then fluff it with a fork and serve it hot with the chicken.',
  ms:
    'Bahan-bahan:\n- 2 cawan beras\n- 3 cawan air\n- 1 sudu kecil garam\n- 1 sudu besar mentega\n- 200 g peha ' +
    'ayam\n\nCara Memasak:\n1. Basuh beras sehingga airnya jernih.\n2. Didihkan air dan garam di dalam periuk ' +
    'yang tebal.\n3. Masukkan beras dan mentega, tutup dan masak dengan api perlahan selama 15 minit.\n4. ' +
    'Biarkan nasi selama 5 minit, kemudian gemburkan dengan garpu dan hidangkan panas bersama ayam.',
  id:
    'Bahan-bahan:\n- 2 gelas beras\n- 3 gelas air\n- 1 sendok teh garam\n- 1 sendok makan mentega\n- ' +
    '200 g paha ayam\n\nCara Membuat:\n1. Cuci beras sampai airnya jernih.\n2. Didihkan air dan garam ' +
    'di dalam panci yang tebal.\n3. Masukkan beras dan mentega, tutup dan masak dengan api kecil selama ' +
    '15 menit.\n4. Diamkan nasi selama 5 menit, lalu aduk dengan garpu dan sajikan hangat bersama ayam.',
} as const;

/** A recipe of a few lines (under 40 words), answered for a romance chapter. */
export const SHORT_RECIPE = {
  en:
    'Ingredients:\n- 2 cups rice\n- 3 cups water\n- 1 tsp salt\n\nMethod:\n1. Rinse the ' +
    'rice.\n2. Boil the water with the salt.\n3. Add the rice, cover and cook for 15 minutes.',
  ms:
    'Bahan-bahan:\n- 2 cawan beras\n- 3 cawan air\n- 1 sudu kecil garam\n\nCara Memasak:\n1. Basuh ' +
    'beras.\n2. Didihkan air dengan garam.\n3. Masukkan beras, tutup dan masak selama 15 minit.',
  id:
    'Bahan-bahan:\n- 2 gelas beras\n- 3 gelas air\n- 1 sendok teh garam\n\nCara Membuat:\n1. Cuci ' +
    'beras.\n2. Didihkan air dengan garam.\n3. Masukkan beras, tutup dan masak selama 15 menit.',
} as const;

/** The first lines of RECIPE, as an answer cut at the token limit leaves them. */
export function cutRecipe(lang: WrongLang): string {
  return RECIPE[lang].split('\n').slice(0, 5).join('\n');
}

const TITLES = {
  en: [
    'The Harbour at Dawn',
    'Letters in the Rain',
    'The Blue Boat',
    'A Stone Between Them',
    'The Bookshop Sale',
    'Bread at the Door',
    'The Ferry Horn',
    'Jasmine on the Wall',
    'The Last Promise',
    'Morning After the Storm',
    'The Shop Is Saved',
    'Home Again',
  ],
  ms: [
    'Pelabuhan Waktu Subuh',
    'Surat dalam Hujan',
    'Bot Biru',
    'Batu di Antara Mereka',
    'Jualan Kedai Buku',
    'Roti di Muka Pintu',
    'Hon Feri',
    'Melur di Tembok',
    'Janji Terakhir',
    'Pagi Selepas Ribut',
    'Kedai Itu Diselamatkan',
    'Pulang Semula',
  ],
  id: [
    'Pelabuhan di Waktu Subuh',
    'Surat dalam Hujan',
    'Perahu Biru',
    'Batu di Antara Mereka',
    'Obral Toko Buku',
    'Roti di Depan Pintu',
    'Klakson Feri',
    'Melati di Tembok',
    'Janji Terakhir',
    'Pagi Sesudah Badai',
    'Toko Itu Selamat',
    'Pulang Lagi',
  ],
} as const;

/** A chapter's word, a plan line and a table of characters, as each language writes them. */
const WORDS = {
  en: {
    chapter: 'Chapter',
    plan: 'Aisha and Daniel face a new trial at the harbour.',
    table:
      '| Character | Role | Wants |\n|---|---|---|\n| Aisha | bookshop owner ' +
      "| to save her father's shop |\n| Daniel | chef | to open a restaurant |",
  },
  ms: {
    chapter: 'Bab',
    plan: 'Aisyah dan Daniel berdepan cabaran baharu di pelabuhan.',
    table:
      '| Watak | Peranan | Keinginan |\n|---|---|---|\n| Aisyah | pemilik kedai buku ' +
      '| menyelamatkan kedai ayahnya |\n| Daniel | tukang masak | membuka restoran |',
  },
  id: {
    chapter: 'Bab',
    plan: 'Aisyah dan Daniel menghadapi ujian baru di pelabuhan.',
    table:
      '| Tokoh | Peran | Keinginan |\n|---|---|---|\n| Aisyah | pemilik toko buku ' +
      '| menyelamatkan toko ayahnya |\n| Daniel | juru masak | membuka restoran |',
  },
} as const;

/** A numbered list of chapter titles, each with its one-line plan, answered for a chapter. */
export function chapterTitles(lang: WrongLang): string {
  const { chapter: word, plan } = WORDS[lang];
  return TITLES[lang].map((t, i) => `${i + 1}. ${word} ${i + 1}: ${t}\n   ${plan}`).join('\n');
}

/** Prose as bullet points and a table, answered for a chapter. */
export function bulletsAndTable(lang: WrongLang, sentences: readonly string[]): string {
  const bullets = sentences
    .slice(0, 12)
    .map((s) => `- ${s}`)
    .join('\n');
  return `${bullets}\n\n${WORDS[lang].table}`;
}

/** Good prose with the assistant's paragraph after its second paragraph. */
export function withAiParagraph(prose: string, lang: WrongLang): string {
  const paragraphs = prose.split(/\n\s*\n/);
  paragraphs.splice(Math.min(2, paragraphs.length), 0, AI_PARAGRAPH[lang]);
  return paragraphs.join('\n\n');
}

/** The names a model that ignores the story bible writes instead of the book's (Aisha, Daniel and her aunt). */
export const NEW_NAMES = ['Priya', 'Marcus', 'Farid'] as const;

/** Prose with every named character renamed: the bible's Aisha and Daniel nowhere, three new people. */
export function renamed(prose: string): string {
  return prose
    .replace(/\bAisyah\b|\bAisha\b/g, 'Priya')
    .replace(/\bDaniel\b/g, 'Marcus')
    .replace(/\bher aunt\b/g, 'her cousin Farid')
    .replace(/\bibu saudaranya\b/g, 'sepupunya Farid')
    .replace(/\bbibinya\b/g, 'sepupunya Farid')
    .replace(/\bHer grandmother\b/g, 'Farid')
    .replace(/\bNeneknya\b/g, 'Farid');
}

/** The whole answer on one line, as a model that writes no paragraph breaks sends it. */
export function onOneLine(prose: string): string {
  return prose.replace(/\s*\n\s*/g, ' ');
}

/** The first part of an answer, as a provider's filter leaves it when it stops the answer. */
export function filteredPart(prose: string): string {
  return prose.slice(0, Math.floor(prose.length * 0.4)).trimEnd();
}
