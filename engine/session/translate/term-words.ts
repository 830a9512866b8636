// What a translated edition's glossary reads as language data, one table per language: the endings a language
// writes onto a name (Malay's particles and possessive, English's possessive), the dictionary words that are
// capitalised yet no names (languages, peoples, months, days, feasts, titles, God, common geographic nouns),
// and the words a character's story-bible entry says their gender with. translate/glossary.ts and checks.ts
// use them; a language is added here, never as a rule in code.
import type { Lang } from '../../spec/types.js';
import { wordSet } from '../reading/index.js';

/**
 * Endings a language attaches to a name without a space: a name followed by any one or two of them still stands
 * ("Aishalah yang membuka pintu", "Danielnyalah"; "Aisha's"). Longest first, so the longest ending is tried first.
 */
export const NAME_ENDINGS: Readonly<Record<Lang, readonly string[]>> = {
  en: ["'s", '’s', "'", '’'],
  ms: ['nya', 'lah', 'kah', 'tah', 'pun'],
};

const words = (text: string) => wordSet(text.toLowerCase());

/**
 * Capitalised dictionary words of each language, lower-cased: never a glossary term (a translator writes them as
 * the language does: English → Inggeris, October → Oktober, God → Tuhan); the titles are TITLES.
 */
export const DICTIONARY_NAMES: Readonly<Record<Lang, ReadonlySet<string>>> = {
  en: words(`
    english british scottish scots irish welsh american americans french german germans dutch spanish italian portuguese
    russian russians greek latin chinese cantonese hokkien hakka teochew mandarin japanese korean indian hindu tamil
    malay malays malayan javanese arab arabic persian turkish siamese thai burmese filipino european europeans asian
    asiatic african australian canadian mexican egyptian jewish jew jews christian christians muslim moslem mohammedan
    america europe africa germany france spain italy japan egypt greece russia holland netherlands
    catholic protestant englishman englishmen englishwoman frenchman frenchmen yankee eurasian
    january february march april may june july august september october november december
    monday tuesday wednesday thursday friday saturday sunday
    christmas easter lent whitsun whitsuntide michaelmas candlemas advent pentecost hallowe'en halloween
    ramadan ramadhan eid hari raya deepavali diwali thaipusam wesak vesak
    god lord heaven hell providence almighty bible
    strait straits street road lane avenue square river lake sea ocean bay island islands mount mountain hill hills
    valley cape harbour harbor port north south east west northern southern eastern western
    chapter book part volume first second third fourth fifth sixth seventh eighth ninth tenth
    society liberal liberals conservative conservatives`),
  ms: words(`
    inggeris british scotland perancis jerman belanda sepanyol itali portugis rusia greek latin cina kantonis hokkien hakka
    teochew mandarin jepun korea india hindu tamil melayu jawa arab parsi turki siam thai burma filipina eropah asia
    afrika australia kanada mesir yahudi kristian islam muslim katolik protestan amerika serani
    januari februari mac april mei jun julai ogos september oktober november disember
    isnin selasa rabu khamis jumaat sabtu ahad minggu
    krismas easter ramadan ramadhan aidilfitri aidiladha hari raya deepavali thaipusam wesak tahun baru
    tuhan allah syurga neraka
    selat jalan lorong sungai tasik laut lautan teluk pulau gunung bukit lembah tanjung pelabuhan utara selatan timur barat
    bab buku bahagian jilid pertama kedua ketiga keempat kelima keenam`),
};

/**
 * Titles and forms of address, lower-cased: taken off the front of a name ("Mrs Wilson" is Wilson: Malay writes
 * Puan Wilson) and never a term alone. English carries the Malay honorifics Malaysian English writes, Malay the
 * English ones Malay prose keeps.
 */
export const TITLES: Readonly<Record<Lang, ReadonlySet<string>>> = {
  en: words(`
    mr mrs miss ms dr sir lady lord madam madame mme mlle monsieur mademoiselle master mister missus mistress captain
    colonel major general lieutenant sergeant professor reverend rev father mother sister brother aunt uncle cousin
    king queen prince princess duke duchess count countess baron baroness earl emperor empress pope bishop saint st
    judge doctor nurse governor president senator mayor tuan puan encik cik datuk dato datin sri haji hajah tunku
    tengku raja sultan young old little
  `),
  ms: words(`
    tuan puan encik cik datuk dato datin sri haji hajah tunku tengku raja sultan permaisuri puteri putera cikgu
    doktor profesor kapten kolonel mejar jeneral leftenan sarjan paderi bapa ibu emak abang kakak adik pak mak makcik pakcik
    mr mrs miss dr sir lady
  `),
};

/** Genders a glossary entry can hold: `unknown` where the bible does not say (Malay "dia" is he or she). */
export const GENDERS = ['female', 'male', 'unknown'] as const;
export type Gender = (typeof GENDERS)[number];

/** How a writer may write a gender in a glossary file (both languages' words), lower-cased. */
export const GENDER_WORDS: Readonly<Record<string, Gender>> = {
  female: 'female', f: 'female', she: 'female', her: 'female', woman: 'female', perempuan: 'female', wanita: 'female', p: 'female',
  male: 'male', m: 'male', he: 'male', him: 'male', man: 'male', lelaki: 'male', l: 'male',
  unknown: 'unknown', '?': 'unknown', dia: 'unknown', 'tidak diketahui': 'unknown',
};

/**
 * Words a story bible's character entry (role and state) says a gender with: a woman's or a man's word, in
 * either language. An entry with both, or neither, says nothing.
 */
export const GENDER_CUES: Readonly<Record<Exclude<Gender, 'unknown'>, ReadonlySet<string>>> = {
  female: words(`she her hers herself woman women girl lady mother mum mom wife widow sister daughter aunt niece
    grandmother granddaughter queen princess duchess countess heiress heroine actress waitress hostess mistress bride
    fiancée fiancee nun matron madam mrs miss ms
    perempuan wanita gadis ibu emak isteri balu janda kakak nenek permaisuri puteri makcik puan datin hajah`),
  male: words(`he him his himself man men boy gentleman father dad husband widower brother son uncle nephew grandfather
    grandson king prince duke heir hero actor waiter host master groom fiancé fiance monk mr sir lord
    lelaki jejaka bapa ayah suami duda abang datuk atuk raja putera pakcik encik tuan haji`),
};
