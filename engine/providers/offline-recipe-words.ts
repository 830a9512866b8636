// The words of the offline demo's recipes (offline-recipes.ts), English and Malay here and every other
// language's in languages/<code>/offline-recipes.yaml: ingredients with their amounts, ways of cooking with
// the frames of their steps, and the slots those frames fill. Slots stand every word or two, so a cookbook
// of demo recipes rarely repeats eight words.
import type { Lang } from '../spec/types.js';
import type { Grammar } from './offline-compose.js';
import { demoSection, perLanguage, shapedLike } from './offline-words.js';

/** An ingredient: its word in steps, its row in the table, the amounts it may come in, its word in a recipe's name. */
export interface Ingredient {
  name: string;
  row: string;
  amounts: readonly string[];
  title: string;
}

/** What a recipe is made of in one language. */
export interface RecipeParts {
  mains: readonly Ingredient[];
  aromas: readonly Ingredient[];
  sauces: readonly Ingredient[];
  /** Rows a recipe may add (salt, oil, a garnish). */
  extras: readonly Ingredient[];
  /** A recipe's name from [mainTitle], [aromaTitle], [sauceTitle] and [styleTitle]. */
  name: string;
  /** The table's header rows (ingredient, amount). */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Ways of cooking: the word in the name and, per step, the frames it may take. */
  styles: ReadonlyArray<{ title: string; steps: readonly (readonly string[])[] }>;
  /** Frames of the servings and time line (one of them). */
  serves: readonly string[];
  /** Frames of the line that opens a recipe's headnote (one of them) and of the tip, with the slots every frame may use. */
  about: readonly string[];
  tips: readonly string[];
  slots: Grammar['slots'];
  /** The headings around a recipe: its ingredients, its method, its tip. */
  headings: { ingredients: string; method: string; tip: string };
}

/** An ingredient from its word in steps, its row, its amounts ("|" between them) and its word in a name. */
const item = (name: string, row: string, amounts: string, title = ''): Ingredient => ({ name, row, amounts: amounts.split('|'), title });

type Role = 'main' | 'aroma' | 'sauce' | 'extra';
const ingredient = (role: Role, words: Readonly<Record<Lang, Ingredient>>) => ({ role, words });

/** Every ingredient of the demo recipes, in English and Malay side by side, with its role in a recipe. */
const INGREDIENTS: ReadonlyArray<{ role: Role; words: Readonly<Record<Lang, Ingredient>> }> = [
  ingredient('main', { en: item('chicken', 'Chicken thighs, cut into pieces', '400 g|500 g|600 g|750 g|950 g', 'Chicken'), ms: item('ayam', 'Peha ayam, dipotong', '400 g|500 g|600 g|750 g|950 g', 'Ayam') }),
  ingredient('main', { en: item('prawns', 'Prawns, peeled', '200 g|300 g|400 g|500 g|650 g', 'Prawns'), ms: item('udang', 'Udang, dikupas', '200 g|300 g|400 g|500 g|650 g', 'Udang') }),
  ingredient('main', { en: item('tofu', 'Firm tofu, cubed', '2 blocks|3 blocks|400 g', 'Tofu'), ms: item('tauhu', 'Tauhu keras, didadu', '2 keping|3 keping|400 g', 'Tauhu') }),
  ingredient('main', { en: item('fish', 'White fish fillets', '400 g|500 g|4 fillets', 'Fish'), ms: item('ikan', 'Isi ikan putih', '400 g|500 g|4 keping', 'Ikan') }),
  ingredient('main', { en: item('beef', 'Beef, thinly sliced', '200 g|300 g|400 g|500 g|650 g', 'Beef'), ms: item('daging', 'Daging lembu, dihiris nipis', '200 g|300 g|400 g|500 g|650 g', 'Daging') }),
  ingredient('main', { en: item('eggplant', 'Eggplants, sliced', '2|3|4', 'Eggplant'), ms: item('terung', 'Terung, dihiris', '2 biji|3 biji|4 biji', 'Terung') }),
  ingredient('main', { en: item('cabbage', 'Cabbage, shredded', '½ head|1 small head|400 g', 'Cabbage'), ms: item('kubis', 'Kubis, dihiris halus', '½ biji|1 biji kecil|400 g', 'Kubis') }),
  ingredient('main', { en: item('potatoes', 'Potatoes, cubed', '3|4|600 g', 'Potatoes'), ms: item('ubi kentang', 'Ubi kentang, didadu', '3 biji|4 biji|600 g', 'Ubi Kentang') }),
  ingredient('main', { en: item('mushrooms', 'Mushrooms, halved', '150 g|200 g|250 g|300 g|400 g', 'Mushrooms'), ms: item('cendawan', 'Cendawan, dibelah dua', '150 g|200 g|250 g|300 g|400 g', 'Cendawan') }),
  ingredient('main', { en: item('long beans', 'Long beans, cut short', '100 g|150 g|200 g|250 g|350 g', 'Long Beans'), ms: item('kacang panjang', 'Kacang panjang, dipotong pendek', '100 g|150 g|200 g|250 g|350 g', 'Kacang Panjang') }),
  ingredient('main', { en: item('squid', 'Squid, cut into rings', '200 g|300 g|400 g|500 g|650 g', 'Squid'), ms: item('sotong', 'Sotong, dipotong bulat', '200 g|300 g|400 g|500 g|650 g', 'Sotong') }),
  ingredient('main', { en: item('mutton', 'Mutton, cubed', '300 g|400 g|500 g|600 g|750 g', 'Mutton'), ms: item('daging kambing', 'Daging kambing, didadu', '300 g|400 g|500 g|600 g|750 g', 'Kambing') }),
  ingredient('aroma', { en: item('ginger', 'Fresh ginger, shredded', '1 thumb|2 cm|3 cm', 'Ginger'), ms: item('halia', 'Halia, dihiris halus', '1 inci|2 cm|3 cm', 'Halia') }),
  ingredient('aroma', { en: item('garlic', 'Garlic cloves, sliced', '3|4|6', 'Garlic'), ms: item('bawang putih', 'Bawang putih, dihiris', '3 ulas|4 ulas|6 ulas', 'Bawang Putih') }),
  ingredient('aroma', { en: item('lemongrass', 'Lemongrass stalks, bruised', '1|2|3', 'Lemongrass'), ms: item('serai', 'Serai, diketuk', '1 batang|2 batang|3 batang', 'Serai') }),
  ingredient('aroma', { en: item('turmeric', 'Ground turmeric', '½ teaspoon|1 teaspoon|2 teaspoons', 'Turmeric'), ms: item('kunyit', 'Serbuk kunyit', '½ sudu teh|1 sudu teh|2 sudu teh', 'Kunyit') }),
  ingredient('aroma', { en: item('shallots', 'Shallots, sliced', '4|5|8', 'Shallot'), ms: item('bawang merah', 'Bawang merah, dihiris', '4 biji|5 biji|8 biji', 'Bawang Merah') }),
  ingredient('aroma', { en: item('onion', 'Onion, sliced', '1|2|1 large', 'Onion'), ms: item('bawang besar', 'Bawang besar, dihiris', '1 biji|2 biji|1 biji besar', 'Bawang Besar') }),
  ingredient('aroma', { en: item('spring onions', 'Spring onions, chopped', '2|3|4', 'Spring Onion'), ms: item('daun bawang', 'Daun bawang, dihiris', '2 batang|3 batang|4 batang', 'Daun Bawang') }),
  ingredient('aroma', { en: item('curry leaves', 'Curry leaves', '1 sprig|2 sprigs|10', 'Curry Leaf'), ms: item('daun kari', 'Daun kari', '1 tangkai|2 tangkai|10 helai', 'Daun Kari') }),
  ingredient('aroma', { en: item('cumin', 'Cumin seeds', '½ teaspoon|1 teaspoon|2 teaspoons', 'Cumin'), ms: item('jintan putih', 'Jintan putih', '½ sudu teh|1 sudu teh|2 sudu teh', 'Jintan') }),
  ingredient('aroma', { en: item('chillies', 'Red chillies, sliced', '1|2|3', 'Chilli'), ms: item('cili merah', 'Cili merah, dihiris', '1 biji|2 biji|3 biji', 'Cili') }),
  ingredient('sauce', { en: item('soy sauce', 'Light soy sauce', '1 tablespoon|2 tablespoons|3 tablespoons', 'Soy Sauce'), ms: item('kicap cair', 'Kicap cair', '1 sudu besar|2 sudu besar|3 sudu besar', 'Kicap') }),
  ingredient('sauce', { en: item('black pepper sauce', 'Black pepper sauce', '2 tablespoons|3 tablespoons|4 tablespoons', 'Black Pepper'), ms: item('sos lada hitam', 'Sos lada hitam', '2 sudu besar|3 sudu besar|4 sudu besar', 'Lada Hitam') }),
  ingredient('sauce', { en: item('chilli paste', 'Chilli paste', '1 teaspoon|1 tablespoon|2 tablespoons', 'Chilli Paste'), ms: item('cili kisar', 'Cili kisar', '1 sudu teh|1 sudu besar|2 sudu besar', 'Cili Kisar') }),
  ingredient('sauce', { en: item('coconut milk', 'Coconut milk', '100 ml|150 ml|200 ml|250 ml|350 ml', 'Coconut Milk'), ms: item('santan', 'Santan', '100 ml|150 ml|200 ml|250 ml|350 ml', 'Santan') }),
  ingredient('sauce', { en: item('tamarind water', 'Tamarind water', '60 ml|80 ml|100 ml|120 ml|150 ml', 'Tamarind'), ms: item('air asam jawa', 'Air asam jawa', '60 ml|80 ml|100 ml|120 ml|150 ml', 'Asam Jawa') }),
  ingredient('sauce', { en: item('sweet soy sauce', 'Sweet soy sauce', '2 tablespoons|3 tablespoons|4 tablespoons', 'Sweet Soy'), ms: item('kicap manis', 'Kicap manis', '2 sudu besar|3 sudu besar|4 sudu besar', 'Kicap Manis') }),
  ingredient('sauce', { en: item('lime juice', 'Lime juice', '1 tablespoon|2 tablespoons|3 tablespoons', 'Lime'), ms: item('jus limau', 'Jus limau', '1 sudu besar|2 sudu besar|3 sudu besar', 'Limau') }),
  ingredient('sauce', { en: item('honey', 'Honey', '1 teaspoon|1 tablespoon|2 tablespoons', 'Honey'), ms: item('madu', 'Madu', '1 sudu teh|1 sudu besar|2 sudu besar', 'Madu') }),
  ingredient('sauce', { en: item('oyster sauce', 'Oyster sauce', '1 tablespoon|2 tablespoons|3 tablespoons', 'Oyster Sauce'), ms: item('sos tiram', 'Sos tiram', '1 sudu besar|2 sudu besar|3 sudu besar', 'Sos Tiram') }),
  ingredient('sauce', { en: item('tomato purée', 'Tomato purée', '2 tablespoons|3 tablespoons|100 g', 'Tomato'), ms: item('puri tomato', 'Puri tomato', '2 sudu besar|3 sudu besar|100 g', 'Tomato') }),
  ingredient('extra', { en: item('', 'Salt', 'a pinch|½ teaspoon|to taste|1 teaspoon|a little'), ms: item('', 'Garam', 'secubit|½ sudu teh|secukup rasa|1 sudu teh|sedikit') }),
  ingredient('extra', { en: item('', 'Cooking oil', '1 tablespoon|2 tablespoons|3 tablespoons|4 tablespoons|a splash'), ms: item('', 'Minyak masak', '1 sudu besar|2 sudu besar|3 sudu besar|4 sudu besar|secukupnya') }),
  ingredient('extra', { en: item('', 'Fresh coriander', 'a handful|a few sprigs|1 bunch|2 tablespoons, chopped|a small bunch'), ms: item('', 'Daun ketumbar', 'segenggam|beberapa tangkai|1 ikat|2 sudu besar, dicincang|1 ikat kecil') }),
  ingredient('extra', { en: item('', 'Fried shallots', '1 tablespoon|2 tablespoons|a handful|3 tablespoons|a small bowl'), ms: item('', 'Bawang goreng', '1 sudu besar|2 sudu besar|segenggam|3 sudu besar|semangkuk kecil') }),
  ingredient('extra', { en: item('', 'Water', '50 ml|100 ml|150 ml|200 ml|250 ml|300 ml|400 ml'), ms: item('', 'Air', '50 ml|100 ml|150 ml|200 ml|250 ml|300 ml|400 ml') }),
  ingredient('extra', { en: item('', 'Sugar', 'a pinch|1 teaspoon|2 teaspoons|½ teaspoon|1 tablespoon'), ms: item('', 'Gula', 'secubit|1 sudu teh|2 sudu teh|½ sudu teh|1 sudu besar') }),
  ingredient('extra', { en: item('', 'White pepper', 'a pinch|½ teaspoon|to taste|¼ teaspoon|1 teaspoon'), ms: item('', 'Lada putih', 'secubit|½ sudu teh|secukup rasa|¼ sudu teh|1 sudu teh') }),
  ingredient('extra', { en: item('', 'Lime wedges', '2|4|to serve|6|1 lime, cut'), ms: item('', 'Hirisan limau', '2 hiris|4 hiris|untuk dihidang|6 hiris|1 biji, dihiris') }),
];

/** The other parts of a recipe in English and in Malay, side by side. */
const BOTH: { [K in Exclude<keyof RecipeParts, 'mains' | 'aromas' | 'sauces' | 'extras' | 'headings'>]: K extends 'slots' ? Record<string, Partial<Record<Lang, readonly string[]>>> : Record<Lang, RecipeParts[K]> } = {
  name: { en: '[styleTitle] [aromaTitle] [mainTitle] in [sauceTitle]', ms: '[mainTitle] [styleTitle] [aromaTitle] dan [sauceTitle]' },
  headers: { en: [['Ingredient', 'Amount'], ['Ingredient', 'Quantity'], ['Item', 'Amount'], ['Item', 'Quantity'], ['Ingredient', 'Measure'], ['Item', 'Measure']], ms: [['Bahan', 'Sukatan'], ['Bahan', 'Kuantiti'], ['Barang', 'Sukatan'], ['Barang', 'Kuantiti'], ['Bahan', 'Jumlah'], ['Barang', 'Jumlah']] },
  styles: {
    en: [
      { title: 'Stir-Fried', steps: [['[first] [adv] [prep]'], ['[then] [adv] [heat] [oil] of [oilKind] in a [pan] and [fry] the [aroma] [until] [done].', '[then] [adv] [warm] the [pan] over [flame] heat, [add] [oil] of [oilKind], then the [aroma].'], ['[then] [adv] [add] the [main] and [toss] over [flame] heat for [about] [n] minutes.', '[then] [adv] [tip] the [main] and [toss] for [about] [n] minutes, [stir].'], ['[then] [adv] [pour] the [sauce] with [liquid] and [bubble] for [about] [n] minutes.', '[then] [adv] [stir2] the [sauce] through and [cook] until [glossy].', '[then] [adv] [add] the [sauce], [liquid] and [pinch] of [sweet], then [bubble] for [about] [n] minutes.'], ['[then] [adv] [finish]']] },
      { title: 'Braised', steps: [['[first] [adv] [prep]'], ['[then] [adv] [soften] the [aroma] in [oil] of [oilKind] in a [pot] for [about] [n] minutes.'], ['[then] [adv] [add] the [main], then [pour] the [sauce] and [liquid].', '[then] [adv] [stir2] the [main] with the [sauce] and [liquid].'], ['[then] [adv] [cover] and [simmer] over [low] heat for [about] [long] minutes, [stir].'], ['[then] [adv] [finish]']] },
      { title: 'Roasted', steps: [['[first] [adv] [oven] to [temp] °C and [grease] a [tray].'], ['[then] [adv] [prep]'], ['[then] [adv] [toss2] the [main] with the [aroma], the [sauce] and [oil] of [oilKind].', '[then] [adv] [coat] the [main] in a [mix] of the [aroma] and the [sauce].'], ['[then] [adv] [roast] for [about] [long] minutes, [turn] [halfway].'], ['[then] [adv] [finish]']] },
      { title: 'Steamed', steps: [['[first] [adv] [prep]'], ['[then] [adv] [lay] the [main] on a [plate] and [scatter] the [aroma] over.', '[then] [adv] [lay] the [main] on a [plate] with the [aroma] [ontop].'], ['[then] [adv] [steam] over [boiling] water for [about] [n] minutes, until [cooked].'], ['[then] [adv] [warm] the [sauce] in a [small] pan and [spoon] it over.', '[then] [adv] [spoon] the [sauce] over [whileHot].'], ['[then] [adv] [finish]']] },
    ],
    ms: [
      { title: 'Goreng', steps: [['[first] [adv] [prep]'], ['[then] [adv] [heat] [oil] [oilKind] dalam [pan] dan [fry] [aroma] [until] [done].', '[then] [adv] [warm] [pan] dengan api [flame], [add] [oil] [oilKind], kemudian [aroma].'], ['[then] [adv] [add] [main] dan [toss] dengan api [flame] selama [about] [n] minit.', '[then] [adv] [tip] [main] dan [toss] selama [about] [n] minit, [stir].'], ['[then] [adv] [pour] [sauce] bersama [liquid] dan [bubble] selama [about] [n] minit.', '[then] [adv] [stir2] [sauce] hingga rata dan [cook] hingga [glossy].', '[then] [adv] [add] [sauce], [liquid] dan [pinch] [sweet], kemudian [bubble] selama [about] [n] minit.'], ['[then] [adv] [finish]']] },
      { title: 'Rebus', steps: [['[first] [adv] [prep]'], ['[then] [adv] [soften] [aroma] dalam [oil] [oilKind] di dalam [pot] selama [about] [n] minit.'], ['[then] [adv] [add] [main], kemudian [pour] [sauce] dan [liquid].', '[then] [adv] [stir2] [main] bersama [sauce] dan [liquid].'], ['[then] [adv] [cover] dan [simmer] dengan api [low] selama [about] [long] minit, [stir].'], ['[then] [adv] [finish]']] },
      { title: 'Panggang', steps: [['[first] [adv] [oven] pada suhu [temp] °C dan [grease] [tray].'], ['[then] [adv] [prep]'], ['[then] [adv] [toss2] [main] bersama [aroma], [sauce] dan [oil] [oilKind].', '[then] [adv] [coat] [main] dengan [mix] [aroma] dan [sauce].'], ['[then] [adv] [roast] selama [about] [long] minit, [turn] [halfway].'], ['[then] [adv] [finish]']] },
      { title: 'Kukus', steps: [['[first] [adv] [prep]'], ['[then] [adv] [lay] [main] di atas [plate] dan [scatter] [aroma] di atasnya.', '[then] [adv] [lay] [main] di atas [plate] bersama [aroma] [ontop].'], ['[then] [adv] [steam] di atas air [boiling] selama [about] [n] minit hingga [cooked].'], ['[then] [adv] [warm] [sauce] dalam periuk [small] dan [spoon] ke atasnya.', '[then] [adv] [spoon] [sauce] ke atasnya [whileHot].'], ['[then] [adv] [finish]']] },
    ],
  },
  serves: { en: ['[servesWord] [people] · [ready] [total] minutes', '[servesWord] [people] · prep [prepN] minutes · cook [total] minutes', 'Prep [prepN] min · cook [total] min · [servesWord] [people]', 'makes [people] portions · [ready] [total] minutes'], ms: ['[servesWord] [people] orang · [ready] [total] minit', '[servesWord] [people] orang · sedia [prepN] minit · masak [total] minit', 'Persediaan [prepN] minit · memasak [total] minit · [servesWord] [people] orang', 'sebanyak [people] hidangan · [ready] [total] minit'] },
  about: { en: ['A [dishAdj] [dishNoun] for [occasion], [goodWith] [side] and [sideAdj] [greens].', '[goodFor] [occasion], this [dishAdj] [dishNoun] [goes] [side] and [sideAdj] [greens].'], ms: ['[dishNoun] [dishAdj] untuk [occasion], [goodWith] [side] dan [greens] [sideAdj].', '[goodFor] [occasion], [dishNoun] [dishAdj] ini [goes] [side] dan [greens] [sideAdj].'] },
  tips: { en: ['[tipIf] the [sauceWord] [turns] too [thick], [adv] [stir2] in [liquid].', '[noHave] [garnish], [use] [garnish2] [instead].', '[tipIf] the [main] [browns] too [fast], [cooler].', 'For a [variation] [version], [change].', '[leftovers] keep [keep]; [reheat].', '[serveIt] [when] with [side] and [sideAdj] [greens].', '[buy] the [main] [whereBuy] and [use] it [within].'], ms: ['[tipIf] [sauceWord] [turns] terlalu [thick], [adv] [stir2] [liquid].', '[noHave] [garnish], [use] [garnish2] [instead].', '[tipIf] [main] [fast] [browns], [cooler].', 'Untuk [version] yang [variation], [change].', '[leftovers] tahan [keep]; [reheat].', '[serveIt] [when] bersama [side] dan [greens] [sideAdj].', '[buy] [main] [whereBuy] dan [use2] [within].'] },
  slots: {
    prep: { en: ['[rinse] the [main] and [drain] [drainHow].', '[season] the [main] with [seasoning] and [rest] for [about] [n] minutes.', '[trim] the [main] and cut into [pieces].', '[pat] the [main] [drainHow], then [season] it with [seasoning].', 'cut the [main] into [pieces] and [toss2] with [seasoning].', '[rinse] the [main], cut into [pieces] and [setAside] [forAWhile].'], ms: ['[rinse] [main] dan [drain] [drainHow].', '[season] [main] dengan [seasoning] dan [rest] selama [about] [n] minit.', '[trim] [main] dan potong [pieces].', '[pat] [main] [drainHow], kemudian [season] dengan [seasoning].', 'potong [main] [pieces] dan [toss2] dengan [seasoning].', '[rinse] [main], potong [pieces] dan [setAside] [forAWhile].'] },
    pat: { en: ['pat', 'dry', 'wipe', 'blot'], ms: ['keringkan', 'lap', 'tepuk-tepuk', 'tiriskan'] },
    setAside: { en: ['set aside', 'keep aside', 'leave aside', 'put aside'], ms: ['ketepikan', 'asingkan', 'simpan', 'letak di tepi'] },
    forAWhile: { en: ['for now', 'until needed', 'on a plate', 'in a bowl', 'covered', 'in the fridge'], ms: ['buat sementara', 'hingga diperlukan', 'di atas pinggan', 'dalam mangkuk', 'bertutup', 'dalam peti sejuk'] },
    first: { en: ['', 'first,', 'to start,', 'to begin,', 'before anything else,', 'first of all,', 'as a first step,', 'ahead of time,', 'before you cook,', 'at the start,', 'in good time,', 'right away,'], ms: ['', 'pertama,', 'sebagai permulaan,', 'untuk bermula,', 'sebelum apa-apa,', 'mula-mula,', 'langkah pertama,', 'lebih awal,', 'sebelum memasak,', 'pada awalnya,', 'awal-awal lagi,', 'segera,'] },
    then: { en: ['', '', 'now', 'next,', 'then', 'meanwhile,', 'after that,', 'once ready,', 'when that is done,', 'without delay,', 'in the meantime,', 'at this point,'], ms: ['', '', 'sekarang', 'seterusnya,', 'kemudian', 'sementara itu,', 'selepas itu,', 'setelah siap,', 'apabila selesai,', 'tanpa berlengah,', 'dalam pada itu,', 'pada ketika ini,'] },
    adv: { en: ['', '', 'gently', 'carefully', 'slowly', 'quickly', 'lightly', 'patiently', 'steadily', 'evenly', 'briskly', 'calmly'], ms: ['', '', 'dengan cermat', 'perlahan-lahan', 'dengan berhati-hati', 'segera', 'sedikit demi sedikit', 'dengan teliti', 'dengan tenang', 'secara sekata', 'dengan pantas', 'dengan mantap'] },
    about: { en: ['', 'about', 'roughly', 'around', 'a good', 'just', 'at least', 'no more than'], ms: ['', 'kira-kira', 'lebih kurang', 'sekitar', 'sekurang-kurangnya', 'tidak lebih daripada', 'hampir', 'genap'] },
    cookWho: { en: ['I', 'we', 'my mother', 'my uncle', 'my sister', 'a friend of mine', 'my grandfather', 'our family'], ms: ['saya', 'kami', 'ibu saya', 'bapa saudara saya', 'kakak saya', 'seorang kawan saya', 'datuk saya', 'keluarga kami'] },
    learned: { en: ['learned', 'picked up', 'borrowed', 'adapted', 'first tasted', 'copied'], ms: ['belajar', 'mendapat', 'meminjam', 'menyesuaikan', 'mewarisi', 'menyalin'] },
    dishWord: { en: ['recipe', 'dish', 'method', 'version', 'idea'], ms: ['resipi', 'hidangan', 'cara masakan', 'versi', 'idea'] },
    teacherAdj: { en: ['kind', 'old', 'cheerful', 'patient', 'busy', 'retired', 'young', 'quiet'], ms: ['baik hati', 'tua', 'periang', 'sabar', 'sibuk', 'sudah bersara', 'muda', 'pendiam'] },
    teacherNoun: { en: ['hawker', 'neighbour', 'aunt', 'cook', 'fisherman', 'teacher', 'friend', 'grandmother', 'stallholder', 'chef'], ms: ['penjaja', 'jiran', 'mak cik', 'tukang masak', 'nelayan', 'guru', 'kawan', 'nenek', 'peniaga gerai', 'cef'] },
    town: { en: ['Ipoh', 'Melaka', 'Kuantan', 'Penang', 'Kota Bharu', 'Seremban', 'Kuching', 'Johor Bahru', 'Alor Setar', 'Taiping'], ms: ['Ipoh', 'Melaka', 'Kuantan', 'Pulau Pinang', 'Kota Bharu', 'Seremban', 'Kuching', 'Johor Bahru', 'Alor Setar', 'Taiping'] },
    madeIt: { en: ['cooked', 'made', 'served', 'sold', 'packed', 'prepared'], ms: ['memasaknya', 'membuatnya', 'menghidangkannya', 'menjualnya', 'membawanya', 'menyediakannya'] },
    occasion2: { en: ['every [day]', 'on [day] nights', 'for [festival]', 'at every [gathering]'], ms: ['setiap hari [day]', 'pada malam [day]', 'untuk [festival]', 'pada setiap [gathering]'] },
    day: { en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], ms: ['Isnin', 'Selasa', 'Rabu', 'Khamis', 'Jumaat', 'Sabtu', 'Ahad'] },
    festival: { en: ['Hari Raya', 'Deepavali', 'Chinese New Year', 'Christmas', 'Gawai', 'Thaipusam'], ms: ['Hari Raya', 'Deepavali', 'Tahun Baru Cina', 'Krismas', 'Gawai', 'Thaipusam'] },
    gathering: { en: ['wedding', 'birthday', 'kenduri', 'reunion', 'picnic', 'open house'], ms: ['majlis kahwin', 'hari jadi', 'kenduri', 'perjumpaan keluarga', 'kelah', 'rumah terbuka'] },
    people2: { en: ['children', 'guests', 'my neighbours', 'my family', 'friends', 'teenagers', 'grandparents', 'visitors'], ms: ['kanak-kanak', 'tetamu', 'jiran-jiran saya', 'seisi keluarga', 'kawan-kawan', 'remaja', 'datuk dan nenek', 'pelawat'] },
    love: { en: ['love', 'enjoy', 'notice', 'remember', 'praise', 'ask about'], ms: ['suka', 'gemar', 'perasan', 'ingat', 'memuji', 'bertanya tentang'] },
    meet: { en: ['meet', 'mingle', 'mix', 'balance', 'blend', 'marry', 'sing', 'shine', 'merge', 'settle'], ms: ['bersatu', 'bercampur', 'berpadu', 'sebati', 'seimbang', 'menyatu', 'serasi', 'bergabung', 'berpadanan', 'menyerlah'] },
    bite: { en: ['bite', 'mouthful', 'spoonful', 'forkful', 'serving', 'bowl'], ms: ['suapan', 'gigitan', 'sudu', 'cedokan', 'hidangan', 'mangkuk'] },
    inWhat: { en: ['in every [bite]', 'from the first [bite]', 'by the last [bite]', 'in each [bite]', 'without fuss', 'so easily', 'so gently', 'all through the [bite]'], ms: ['dalam setiap [bite]', 'sejak [bite] pertama', 'hingga [bite] terakhir', 'dalam tiap-tiap [bite]', 'tanpa susah payah', 'dengan mudah', 'dengan lembut', 'di sepanjang [bite]'] },
    oilKind: { en: ['oil', 'vegetable oil', 'coconut oil', 'peanut oil', 'rice bran oil', 'sunflower oil'], ms: ['minyak', 'minyak sayuran', 'minyak kelapa', 'minyak kacang', 'minyak dedak', 'minyak bunga matahari'] },
    warm: { en: ['warm', 'heat', 'set', 'place'], ms: ['panaskan', 'hangatkan', 'letakkan', 'sediakan'] },
    add: { en: ['add', 'drop in', 'put in', 'slide in', 'stir in', 'tip in'], ms: ['masukkan', 'tambahkan', 'campurkan', 'letakkan', 'curahkan', 'selitkan'] },
    tip: { en: ['tip in', 'add', 'scatter in', 'drop in', 'lower in'], ms: ['masukkan', 'curahkan', 'taburkan', 'tambahkan', 'turunkan'] },
    until: { en: ['until', 'till', 'until just', 'until nicely'], ms: ['hingga', 'sehingga', 'hingga baru', 'hingga betul-betul'] },
    pour: { en: ['pour in', 'add', 'stir in', 'splash in', 'tip in'], ms: ['tuangkan', 'masukkan', 'curahkan', 'renjiskan', 'tambahkan'] },
    stir2: { en: ['stir', 'fold', 'mix', 'turn', 'toss'], ms: ['gaul', 'kaup', 'campurkan', 'kacau', 'ratakan'] },
    cook: { en: ['cook', 'bubble', 'simmer', 'reduce', 'stir'], ms: ['masak', 'reneh', 'kacau', 'pekatkan', 'biarkan'] },
    sweet: { en: ['sugar', 'palm sugar', 'brown sugar', 'honey', 'gula melaka'], ms: ['gula', 'gula kabung', 'gula perang', 'madu', 'gula melaka'] },
    toss2: { en: ['toss', 'mix', 'turn', 'coat', 'rub'], ms: ['gaul', 'campurkan', 'kacau', 'salutkan', 'lumurkan'] },
    coat: { en: ['coat', 'cover', 'rub', 'brush', 'smother'], ms: ['salutkan', 'lumurkan', 'sapukan', 'selaputi', 'balut'] },
    mix: { en: ['mix', 'paste', 'blend', 'mixture', 'rub'], ms: ['campuran', 'pes', 'adunan', 'gaulan', 'perapan'] },
    roast: { en: ['roast', 'bake', 'cook', 'grill'], ms: ['panggang', 'bakar', 'masak', 'gril'] },
    lay: { en: ['lay', 'arrange', 'place', 'set', 'spread'], ms: ['susun', 'aturkan', 'letakkan', 'tempatkan', 'hamparkan'] },
    ontop: { en: ['on top', 'above', 'around it', 'over it', 'beside it'], ms: ['di atasnya', 'di sekelilingnya', 'di sisinya', 'menutupinya', 'di tepinya'] },
    steam: { en: ['steam', 'cook', 'set the plate', 'steam it'], ms: ['kukus', 'masak', 'kukuskan', 'stim'] },
    rinse: { en: ['rinse', 'wash', 'clean', 'check', 'sort', 'sluice', 'soak', 'freshen'], ms: ['basuh', 'cuci', 'bersihkan', 'periksa', 'bilas', 'rendam', 'siang', 'asingkan'] },
    drain: { en: ['drain', 'pat dry', 'dry', 'blot'], ms: ['toskan', 'keringkan', 'lap', 'tiriskan'] },
    drainHow: { en: ['in a colander', 'on a clean cloth', 'with kitchen paper', 'on a plate', 'thoroughly', 'over the sink', 'in a sieve', 'on a rack', 'on a tea towel', 'for a minute'], ms: ['dalam penapis', 'dengan kain bersih', 'dengan tisu dapur', 'baik-baik', 'hingga kering', 'di atas sinki', 'dalam ayak', 'di atas rak', 'dengan tuala dapur', 'seminit dua'] },
    season: { en: ['season', 'rub', 'toss', 'mix', 'coat', 'dust', 'sprinkle', 'massage'], ms: ['perasakan', 'gaul', 'lumurkan', 'perap', 'salutkan', 'taburi', 'renjiskan', 'urut'] },
    rest: { en: ['rest', 'leave', 'set aside', 'marinate', 'stand', 'wait', 'chill', 'sit'], ms: ['biarkan', 'perap', 'rehatkan', 'ketepikan', 'diamkan', 'tunggu', 'sejukkan', 'simpan'] },
    trim: { en: ['trim', 'sort', 'prepare', 'clean', 'tidy', 'ready', 'wash', 'pick over'], ms: ['bersihkan', 'sediakan', 'susun', 'periksa', 'kemaskan', 'siapkan', 'cuci', 'pilih'] },
    pieces: { en: ['bite-sized pieces', 'even pieces', 'thick slices', 'thin strips', 'small chunks', 'wedges', 'large chunks', 'fine slices', 'rough pieces', 'neat cubes'], ms: ['kecil-kecil', 'sama besar', 'hirisan tebal', 'jalur nipis', 'ketulan kecil', 'bentuk baji', 'ketulan besar', 'hirisan halus', 'potongan kasar', 'kiub kemas'] },
    seasoning: { en: ['salt and pepper', 'a pinch of salt', 'a little soy sauce', 'ground coriander', 'a squeeze of lime', 'white pepper', 'turmeric and salt'], ms: ['garam dan lada', 'secubit garam', 'sedikit kicap', 'serbuk ketumbar', 'perahan limau', 'lada putih', 'kunyit dan garam'] },
    heat: { en: ['heat', 'warm'], ms: ['panaskan', 'hangatkan'] },
    fry: { en: ['fry', 'sizzle', 'soften', 'cook'], ms: ['tumis', 'goreng', 'layurkan', 'masak'] },
    flame: { en: ['high', 'medium', 'medium-high', 'strong', 'steady'], ms: ['besar', 'sederhana', 'sederhana besar', 'kuat', 'stabil'] },
    toss: { en: ['toss', 'stir-fry', 'turn', 'fry', 'sear'], ms: ['gaul', 'goreng', 'kacau', 'balik-balikkan', 'layur'] },
    bubble: { en: ['bubble', 'simmer', 'reduce', 'cook'], ms: ['biarkan menggelegak', 'reneh', 'pekatkan', 'masak'] },
    glossy: { en: ['glossy', 'thick', 'sticky', 'shiny', 'coating the pan'], ms: ['berkilat', 'pekat', 'melekit', 'bersinar', 'menyalut kuali'] },
    pinch: { en: ['a pinch', 'half a teaspoon', 'a teaspoon'], ms: ['secubit', 'setengah sudu teh', 'sesudu teh'] },
    soften: { en: ['soften', 'sweat', 'fry', 'cook'], ms: ['layurkan', 'tumis', 'goreng', 'masak'] },
    cover: { en: ['cover', 'half-cover', 'put the lid on', 'cover tightly', 'cover loosely', 'put a lid on', 'close the pot', 'cover the pot'], ms: ['tutup', 'tutup separuh', 'tutup dengan penutup', 'tutup rapat', 'tutup longgar', 'pasang penutup', 'katupkan periuk', 'tutup periuk'] },
    simmer: { en: ['simmer', 'braise', 'cook', 'bubble gently', 'stew', 'bubble softly', 'cook gently', 'cook slowly'], ms: ['reneh', 'masak', 'rebus', 'biarkan menggelegak perlahan', 'rebus perlahan', 'masak perlahan', 'biarkan mereneh', 'reneh perlahan'] },
    low: { en: ['low', 'gentle', 'medium-low', 'the lowest', 'a low', 'a gentle', 'very low', 'soft'], ms: ['perlahan', 'kecil', 'sederhana kecil', 'paling kecil', 'sangat kecil', 'lembut', 'rendah', 'perlahan sekali'] },
    oven: { en: ['heat the oven', 'preheat the oven', 'turn the oven on', 'set the oven'], ms: ['panaskan ketuhar', 'hidupkan ketuhar', 'tetapkan ketuhar', 'panaskan dahulu ketuhar'] },
    grease: { en: ['oil', 'line', 'grease', 'brush'], ms: ['sapukan minyak pada', 'alaskan kertas pada', 'griskan', 'lapik'] },
    turn: { en: ['turning once', 'turning twice', 'basting once', 'stirring once', 'flipping once', 'basting twice', 'shaking the tray', 'checking once'], ms: ['terbalikkan sekali', 'terbalikkan dua kali', 'sapukan kuah sekali', 'kacau sekali', 'balikkan sekali', 'sapukan kuah dua kali', 'goncangkan dulang', 'periksa sekali'] },
    scatter: { en: ['scatter', 'sprinkle', 'spread', 'tuck'], ms: ['taburkan', 'tabur', 'ratakan', 'selitkan'] },
    boiling: { en: ['boiling', 'rapidly boiling', 'simmering', 'bubbling'], ms: ['yang mendidih', 'yang mendidih kuat', 'yang menggelegak', 'panas'] },
    small: { en: ['small', 'little', 'clean', 'separate'], ms: ['kecil', 'lain', 'bersih', 'berasingan'] },
    spoon: { en: ['spoon', 'pour', 'drizzle', 'trickle'], ms: ['siramkan', 'tuangkan', 'renjiskan', 'titiskan'] },
    whileHot: { en: ['while it is hot', 'at once', 'straight away', 'while it steams', 'right before serving', 'as it comes out', 'just before eating', 'in a thin stream'], ms: ['selagi panas', 'dengan segera', 'serta-merta', 'ketika masih berasap', 'sebelum dihidang', 'sebaik diangkat', 'sejurus sebelum makan', 'sedikit demi sedikit'] },
    oil: { en: ['1 tablespoon', '2 tablespoons', '3 tablespoons', 'a splash', 'a spoonful', 'a little', 'a drizzle', 'a glug'], ms: ['1 sudu besar', '2 sudu besar', '3 sudu besar', 'sedikit', 'sesudu', 'secawan kecil', 'setitik dua', 'sesenduk'] },
    pan: { en: ['wok', 'pan', 'skillet', 'frying pan', 'sauté pan', 'kuali'], ms: ['kuali', 'kuali leper', 'kuali besi', 'kuali dalam', 'periuk leper', 'wajan'] },
    pot: { en: ['pot', 'saucepan', 'casserole', 'claypot', 'stockpot', 'braiser', 'pan', 'Dutch oven'], ms: ['periuk', 'kuali', 'kaserol', 'periuk tanah', 'periuk besar', 'belanga', 'periuk leper', 'periuk besi'] },
    sideAdj: { en: ['fresh', 'crisp', 'steamed', 'blanched', 'sliced', 'pickled', 'buttered', 'grilled'], ms: ['segar', 'rangup', 'kukus', 'celur', 'hiris', 'jeruk', 'bermentega', 'bakar'] },
    greens: { en: ['greens', 'cucumber', 'beans', 'okra', 'spinach', 'kangkung', 'cabbage', 'carrots'], ms: ['sayur hijau', 'timun', 'kacang buncis', 'bendi', 'bayam', 'kangkung', 'kubis', 'lobak merah'] },
    tray: { en: ['roasting tray', 'baking dish', 'shallow tin', 'sheet pan'], ms: ['dulang pemanggang', 'bekas pembakar', 'loyang cetek', 'dulang leper'] },
    plate: { en: ['heatproof plate', 'shallow bowl', 'banana leaf', 'steaming dish'], ms: ['pinggan tahan panas', 'mangkuk cetek', 'daun pisang', 'pinggan pengukus'] },
    done: { en: ['fragrant', 'golden', 'just soft', 'lightly browned', 'sizzling'], ms: ['naik bau', 'keemasan', 'layu', 'sedikit perang', 'berdesir'] },
    n: { en: ['2', '3', '4', '5', '6', '7', '8', '9', '10', '12'], ms: ['2', '3', '4', '5', '6', '7', '8', '9', '10', '12'] },
    long: { en: ['15', '20', '25', '30', '35', '40', '45', '50', '55', '60'], ms: ['15', '20', '25', '30', '35', '40', '45', '50', '55', '60'] },
    temp: { en: ['160', '170', '180', '190', '200', '210', '220', '230'], ms: ['160', '170', '180', '190', '200', '210', '220', '230'] },
    stir: { en: ['stirring now and then', 'stirring twice', 'shaking the pan once', 'until the sauce thickens', 'until just tender', 'stirring often', 'turning it twice', 'until it smells rich', 'until the oil rises', 'until glossy'], ms: ['sambil dikacau sekali-sekala', 'sambil dikacau dua kali', 'sambil kuali digoncang sekali', 'hingga kuahnya pekat', 'hingga baru empuk', 'sambil kerap dikacau', 'sambil dibalikkan dua kali', 'hingga harum', 'hingga pecah minyak', 'hingga berkilat'] },
    halfway: { en: ['halfway through', 'after 15 minutes', 'when the edges brown', 'to colour both sides', 'after 10 minutes', 'near the end', 'when it sizzles', 'for even colour'], ms: ['di pertengahan masa', 'selepas 15 minit', 'apabila tepinya perang', 'supaya kedua-dua belah berwarna', 'selepas 10 minit', 'menjelang akhir', 'apabila berdesir', 'supaya warnanya sekata'] },
    cooked: { en: ['just cooked through', 'tender to a fork', 'opaque in the middle', 'soft but holding shape', 'cooked right through', 'tender at the centre', 'juicy and done', 'soft to the touch'], ms: ['baru masak', 'empuk apabila dicucuk garpu', 'legap di bahagian tengah', 'lembut tetapi tidak hancur', 'masak sepenuhnya', 'empuk di tengah', 'berjus dan masak', 'lembut apabila disentuh'] },
    liquid: { en: ['a splash of water', '100 ml of stock', 'half a cup of water', '2 tablespoons of water', 'a little stock', '50 ml of water', 'a ladle of stock', '150 ml of water', 'a dash of rice wine', '3 tablespoons of stock'], ms: ['sedikit air', '100 ml stok', 'setengah cawan air', '2 sudu besar air', 'sedikit stok', '50 ml air', 'sesenduk stok', '150 ml air', 'sedikit air asam', '3 sudu besar stok'] },
    finish: { en: ['[scatter] the [garnish] over and [serve] with [side].', '[taste], [adjust] and [serve] [when].', '[finishWith] [garnish] and [serve] [when].', '[serve] [when], [adv] topped with [garnish].', '[serve] [when] and [passAround] [garnish] [atTable].', '[moveTo] it onto a [platter], [finishWith] [garnish] and [serve] [when].', '[letStand] for [about] [n] minutes, then [serve] with [side].', '[adjust], [finishWith] [garnish] and [serve] with [side].'], ms: ['[scatter] [garnish] dan [serve] bersama [side].', '[taste], [adjust] dan [serve] [when].', '[finishWith] [garnish] dan [serve] [when].', '[serve] [when], [adv] ditabur [garnish].', '[serve] [when] dan [passAround] [garnish] [atTable].', '[moveTo] ke atas [platter], [finishWith] [garnish] dan [serve] [when].', '[letStand] selama [about] [n] minit, kemudian [serve] bersama [side].', '[adjust], [finishWith] [garnish] dan [serve] bersama [side].'] },
    passAround: { en: ['pass round', 'set out', 'offer', 'put out'], ms: ['edarkan', 'sediakan', 'hulurkan', 'letakkan'] },
    atTable: { en: ['at the table', 'on the side', 'in a small bowl', 'for everyone to add'], ms: ['di meja', 'di tepi', 'dalam mangkuk kecil', 'untuk ditambah sendiri'] },
    moveTo: { en: ['lift', 'move', 'spoon', 'slide'], ms: ['pindahkan', 'alihkan', 'sendukkan', 'cedokkan'] },
    platter: { en: ['warm platter', 'wide dish', 'serving bowl', 'big plate', 'banana leaf', 'shallow bowl'], ms: ['pinggan suam', 'pinggan lebar', 'mangkuk hidangan', 'pinggan besar', 'daun pisang', 'mangkuk cetek'] },
    letStand: { en: ['let it stand', 'rest it', 'leave it', 'let it settle'], ms: ['biarkan', 'rehatkan', 'diamkan', 'biarkan mengendap'] },
    taste: { en: ['taste', 'taste once more', 'check the seasoning', 'try a spoonful', 'taste it'], ms: ['rasa', 'rasa sekali lagi', 'periksa perasanya', 'cuba sesudu', 'rasa dahulu'] },
    finishWith: { en: ['finish with', 'top with', 'scatter over', 'add', 'crown it with', 'sprinkle over'], ms: ['hiaskan dengan', 'taburkan', 'tambahkan', 'letakkan', 'mahkotakan dengan', 'renjiskan'] },
    serve: { en: ['serve', 'dish up', 'plate up', 'bring it out', 'share it', 'eat'], ms: ['hidangkan', 'sajikan', 'cedokkan', 'bawa ke meja', 'kongsikan', 'makan'] },
    adjust: { en: ['add salt if needed', 'adjust the seasoning', 'add a squeeze of lime', 'add a little sugar', 'add more pepper'], ms: ['tambah garam jika perlu', 'betulkan perasanya', 'tambah perahan limau', 'tambah sedikit gula', 'tambah lada'] },
    garnish: { en: ['fresh coriander', 'fried shallots', 'sliced chilli', 'spring onions', 'toasted sesame', 'crushed peanuts', 'mint leaves'], ms: ['daun ketumbar', 'bawang goreng', 'hirisan cili', 'daun bawang', 'bijan bakar', 'kacang tanah tumbuk', 'daun pudina'] },
    side: { en: ['steamed rice', 'warm flatbread', 'plain noodles', 'a cucumber salad', 'boiled eggs', 'crusty bread', 'sambal', 'pickled vegetables'], ms: ['nasi putih', 'roti leper yang suam', 'mi kosong', 'salad timun', 'telur rebus', 'roti keras', 'sambal', 'jeruk sayur'] },
    garnish2: { en: ['chopped spring onions', 'a few basil leaves', 'grated lime zest', 'sliced cucumber', 'parsley'], ms: ['daun bawang cincang', 'beberapa helai daun selasih', 'parutan kulit limau', 'hirisan timun', 'daun sup'] },
    side2: { en: ['a fried egg', 'a wedge of lime', 'a bowl of clear soup', 'some greens', 'a spoon of sambal'], ms: ['telur goreng', 'sehiris limau', 'semangkuk sup jernih', 'sayur hijau', 'sesudu sambal'] },
    when: { en: ['at once', 'while hot', 'straight from the pan', 'warm', 'right away', 'piping hot', 'on a big platter', 'in small bowls', 'on warm plates', 'family style', 'in the pot', 'on a banana leaf'], ms: ['segera', 'selagi panas', 'terus dari kuali', 'ketika suam', 'dengan serta-merta', 'panas-panas', 'di atas pinggan besar', 'dalam mangkuk kecil', 'di atas pinggan suam', 'secara berkongsi', 'di dalam periuknya', 'di atas daun pisang'] },
    dishNoun: { en: ['dish', 'plate', 'recipe', 'pot', 'meal', 'supper'], ms: ['hidangan', 'sajian', 'resipi', 'masakan', 'juadah', 'lauk'] },
    goodFor: { en: ['good for', 'perfect for', 'made for', 'ideal for', 'right for', 'handy for'], ms: ['sesuai untuk', 'sempurna untuk', 'dibuat untuk', 'ideal untuk', 'tepat untuk', 'mudah untuk'] },
    dishAdj: { en: ['simple', 'hearty', 'light', 'fragrant', 'quick', 'warming', 'bright', 'comforting', 'homely', 'fresh'], ms: ['ringkas', 'mengenyangkan', 'ringan', 'harum', 'cepat', 'menghangatkan', 'segar', 'menyelesakan', 'sederhana', 'berselera'] },
    occasion: { en: ['busy weeknights', 'a family lunch', 'a rainy evening', 'a picnic', 'Sunday dinner', 'guests', 'a packed lunch', 'a slow weekend', 'an open house', 'a shared table'], ms: ['malam hari bekerja', 'makan tengah hari keluarga', 'petang yang hujan', 'berkelah', 'makan malam hujung minggu', 'tetamu', 'bekal ke tempat kerja', 'hujung minggu yang santai', 'rumah terbuka', 'jamuan bersama'] },
    goodWith: { en: ['best with', 'lovely with', 'good with', 'ready with', 'served with'], ms: ['paling sedap dengan', 'enak bersama', 'sesuai dengan', 'siap dimakan bersama', 'dihidangkan bersama'] },
    goes: { en: ['goes well with', 'pairs nicely with', 'works with', 'sits happily beside'], ms: ['padan dengan', 'sedap bersama', 'serasi dengan', 'enak dengan'] },
    thick: { en: ['thick', 'salty', 'dry', 'sticky', 'thin', 'sweet', 'sharp', 'oily'], ms: ['pekat', 'masin', 'kering', 'melekit', 'cair', 'manis', 'masam', 'berminyak'] },
    fast: { en: ['fast', 'quickly', 'soon', 'early'], ms: ['cepat', 'terlalu cepat', 'lekas', 'awal-awal'] },
    noHave: { en: ['if you have no', 'if you are out of', 'when short of', 'if you ran out of', 'without', 'lacking'], ms: ['jika tiada', 'jika kehabisan', 'jika kekurangan', 'jika terlupa membeli', 'jika tidak jumpa', 'kalau tiada'] },
    use: { en: ['use', 'try', 'swap in', 'reach for', 'pick', 'add'], ms: ['gunakan', 'cuba', 'gantikan dengan', 'ambil', 'pilih', 'tambah'] },
    instead: { en: ['instead', 'in its place', 'just as well', 'for a change', 'happily', 'without fuss'], ms: ['sebagai ganti', 'sahaja', 'pun boleh', 'untuk kelainan', 'dengan senang hati', 'tanpa masalah'] },
    version: { en: ['version', 'plate', 'take', 'twist', 'batch', 'pot'], ms: ['versi', 'hidangan', 'olahan', 'cubaan', 'sajian', 'periuk'] },
    leftovers: { en: ['leftovers', 'extras', 'any left', 'spare portions', 'cooked portions'], ms: ['lebihannya', 'bakinya', 'sisa hidangan', 'bahagian lebihan', 'yang tinggal'] },
    serveIt: { en: ['serve it', 'bring it', 'eat it', 'share it', 'plate it', 'dish it up'], ms: ['hidangkan', 'sajikan', 'makan', 'kongsikan', 'letakkan di pinggan', 'cedokkan'] },
    buy: { en: ['buy', 'choose', 'pick', 'look for', 'get', 'find'], ms: ['beli', 'pilih', 'cari', 'dapatkan', 'ambil', 'tempah'] },
    whereBuy: { en: ['fresh at the market', 'from a good stall', 'on the day', 'in the morning', 'from the wet market', 'still cold', 'loose, not packed', 'from a friendly seller'], ms: ['segar di pasar', 'dari gerai yang baik', 'pada hari itu juga', 'pada waktu pagi', 'dari pasar basah', 'ketika masih sejuk', 'secara timbang', 'daripada penjual yang mesra'] },
    within: { en: ['the same day', 'within a day', 'by evening', 'that night', 'within two days', 'soon after'], ms: ['pada hari yang sama', 'dalam sehari', 'sebelum petang', 'malam itu juga', 'dalam dua hari', 'tidak lama kemudian'] },
    tipIf: { en: ['if', 'whenever', 'when'], ms: ['jika', 'apabila', 'sekiranya'] },
    sauceWord: { en: ['sauce', 'gravy', 'pan', 'mixture', 'liquid'], ms: ['kuahnya', 'sosnya', 'kualinya', 'campurannya', 'cecairnya'] },
    turns: { en: ['turns', 'gets', 'looks', 'seems', 'becomes'], ms: ['menjadi', 'kelihatan', 'terasa', 'nampak', 'jadi'] },
    browns: { en: ['browns', 'catches', 'dries out', 'colours'], ms: ['perang', 'hangus', 'kering', 'berwarna'] },
    cooler: { en: ['[lower] the heat', '[lift] the [pan] off the flame', '[add] [liquid]', 'use less [oilKind] next time'], ms: ['[lower] api', '[lift] [pan] dari api', '[add] [liquid]', 'kurangkan [oilKind] lain kali'] },
    lower: { en: ['lower', 'reduce', 'turn down', 'drop'], ms: ['kecilkan', 'perlahankan', 'rendahkan', 'kurangkan'] },
    lift: { en: ['lift', 'move', 'slide', 'pull'], ms: ['angkat', 'alihkan', 'jauhkan', 'tarik'] },
    variation: { en: ['milder', 'spicier', 'richer', 'lighter', 'quicker'], ms: ['kurang pedas', 'lebih pedas', 'lebih berlemak', 'lebih ringan', 'lebih cepat'] },
    change: { en: ['use half the [sauce]', '[add] a [sideAdj] chilli', '[stir2] in [pinch] of butter', 'use [about] half the [oilKind]', 'cut the [main] smaller', '[add] [garnish2]'], ms: ['gunakan separuh [sauce]', '[add] sebiji cili [sideAdj]', '[stir2] [pinch] mentega', 'gunakan [about] separuh [oilKind]', 'potong [main] lebih kecil', '[add] [garnish2]'] },
    keep: { en: ['in the fridge for [daysN] days', 'for [daysN] days in a [box]', 'overnight in a [box]', 'in the freezer for [daysN] weeks'], ms: ['di dalam peti sejuk selama [daysN] hari', '[daysN] hari di dalam [box]', 'semalaman di dalam [box]', 'di dalam peti beku selama [daysN] minggu'] },
    daysN: { en: ['two', 'three', 'four'], ms: ['dua', 'tiga', 'empat'] },
    box: { en: ['covered box', 'glass jar', 'lidded tub', 'sealed bag', 'clean tin'], ms: ['bekas bertutup', 'balang kaca', 'bekas berpenutup', 'beg kedap', 'tin bersih'] },
    reheat: { en: ['reheat gently with a splash of water', 'they taste even better the next day', 'a double batch saves an evening', 'add the garnish fresh'], ms: ['panaskan semula perlahan-lahan dengan sedikit air', 'rasanya lebih sedap keesokan harinya', 'masak dua kali ganda untuk menjimatkan masa', 'tambah hiasan yang segar'] },
    prepN: { en: ['5', '10', '15', '20', '25', '30'], ms: ['5', '10', '15', '20', '25', '30'] },
    people: { en: ['2', '3', '4', '5', '6', '8'], ms: ['2', '3', '4', '5', '6', '8'] },
    total: { en: ['15', '20', '25', '30', '35', '40', '45', '50', '55', '60', '70', '75', '80', '90'], ms: ['15', '20', '25', '30', '35', '40', '45', '50', '55', '60', '70', '75', '80', '90'] },
    servesWord: { en: ['serves', 'feeds', 'for', 'enough for'], ms: ['untuk', 'cukup untuk', 'hidangan', 'sajian'] },
    ready: { en: ['ready in', 'about', 'takes', 'on the table in', 'done in'], ms: ['siap dalam', 'kira-kira', 'mengambil masa', 'terhidang dalam', 'selesai dalam'] },
    use2: { ms: ['gunakannya', 'masaknya', 'habiskannya', 'olahnya'] },
  },
};

/** The headings around a recipe. */
const HEADINGS: Record<Lang, RecipeParts['headings']> = {
  en: { ingredients: 'Ingredients', method: 'Method', tip: 'Tip' },
  ms: { ingredients: 'Bahan-bahan', method: 'Cara Memasak', tip: 'Petua' },
};

/** The parts of a recipe in one language. */
function partsIn(lang: Lang): RecipeParts {
  const ingredients = (role: Role) => INGREDIENTS.filter((both) => both.role === role).map((both) => both.words[lang]!);
  const slots = Object.fromEntries(Object.entries(BOTH.slots).flatMap(([name, words]) => (words[lang] ? [[name, words[lang]]] : [])));
  return {
    mains: ingredients('main'), aromas: ingredients('aroma'), sauces: ingredients('sauce'), extras: ingredients('extra'),
    name: BOTH.name[lang]!, headers: BOTH.headers[lang]!, styles: BOTH.styles[lang]!, serves: BOTH.serves[lang]!, about: BOTH.about[lang]!, tips: BOTH.tips[lang]!, slots, headings: HEADINGS[lang]!,
  };
}

const BUILT_IN = perLanguage(HEADINGS, partsIn);

/** A recipe's words in every language: English and Malay here, the others' in languages/<code>/offline-recipes.yaml. */
export const RECIPE_PARTS = demoSection('offline-recipes', BUILT_IN, shapedLike(BUILT_IN.en!));
