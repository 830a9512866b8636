// The tests' fake model taught to translate (templates/translate.hbs requests): English, Malay and Indonesian,
// each into the others, sentence by sentence from SENTENCES (PROSE_SENTENCES and their Indonesian: the lists are
// each other's translation), a small word map for titles and
// anything else, names kept as the request's glossary sets them. It misbehaves one way at a time, on the first
// ask of the chosen window only (an ask again is answered well), or on every ask (`always`). Habits real models
// have, as options: names with Malay's or Indonesian's particles (`nameEnding`: "Aishalah", "Aishanya"), any prose
// translated with its dictionary words
// as Malay writes them (`anyText`), a scene break kept as it is or rewritten (`breakAs`).
import { hasTerm, type Lang } from '../engine/index.js';
import { PROSE_SENTENCES, userMessageOf } from './fake-openai.js';

/**
 * How a translating model goes wrong: a paragraph dropped, Indonesian (into Malay), Malaysian Malay (into Indonesian),
 * a paragraph left untranslated, a glossary name changed.
 */
export type Misbehaviour = 'drop' | 'indonesian' | 'malay' | 'untranslated' | 'glossary';

export interface TranslatorOptions {
  misbehave?: Misbehaviour;
  /** Which translation request (0-based, in the order they come) misbehaves (default 0). */
  at?: number;
  /** Misbehave on every ask from `at` on (a part that cannot be had). */
  always?: boolean;
  /**
   * Malay and Indonesian prose's habit: every name (each glossary rendering) written with this particle ("Aishalah",
   * "Daniel Leelah", "Aishanya").
   */
  nameEnding?: string;
  /**
   * Any English sentence the fake does not know translated as a real model would write it into Malay: Malay words of
   * about its length (from the fixture's Malay sentences), its names as the glossary sets them, its dictionary words
   * as Malay writes them (English → Inggeris, October → Oktober, God → Tuhan: DICTIONARY_MALAY).
   */
  anyText?: boolean;
  /** A paragraph with no words (a scene break) written as this instead of kept as it is ("* * *" for "*   *   *"). */
  breakAs?: string;
  /** Long windows' habit: every ask of a window of more than this many paragraphs merges its first two (every time). */
  mergeOver?: number;
  /** A paragraph holding this text is never translated: it comes back as its source, every time. */
  cannot?: string;
  /**
   * Malay "dia" into English: a sentence opening with "Dia" reads he or she by the gender the request gives the
   * character named last before it (in the context paragraph or the window); told none, the model guesses "he".
   */
  pronouns?: boolean;
  /**
   * The book's title (asked alone: one paragraph with no stop) answered as a model may: as a sentence about it
   * ("Ini ialah kisah Lampu Pelabuhan."), or with the book's kind, its genre's name in the edition's language.
   */
  bookTitleAs?: 'sentence' | { genre: string };
  /**
   * Chapter titles (paragraph 1 of a window that holds one) left as their source, every time, when they hold this text
   * (any: '').
   */
  keepTitles?: string;
  /** Every block quote (lines opening with ">") answered as one flat line of prose, its ">" dropped. */
  flattenQuotes?: boolean;
}

/** True when a request's paragraph 1 is its part's title (templates/translate.hbs `translate.title`). */
export function asksTitle(body: Record<string, unknown>): boolean {
  return /^(?:Paragraph 1 is the title|Perenggan 1 ialah tajuk|Paragraf 1 adalah judul)/m.test(userMessageOf(body));
}

/** Capitalised words a translator writes as Malay does, never as the glossary's names. */
export const DICTIONARY_MALAY: ReadonlyArray<readonly [string, string]> = [
  ['English', 'Inggeris'],
  ['American', 'Amerika'],
  ['October', 'Oktober'],
  ['God', 'Tuhan'],
  ['Friday', 'Jumaat'],
  ['Christmas', 'Krismas'],
  ['Cantonese', 'Kantonis'],
  ['Sunday', 'Ahad'],
  ['August', 'Ogos'],
  ['Mrs.', 'Puan'],
  ['Mr.', 'Encik'],
  ['Miss', 'Cik'],
  ['French', 'Perancis'],
  ['Canadian', 'Kanada'],
  ['Island', 'Pulau'],
];

/**
 * PROSE_SENTENCES in standard Indonesian (karena, bahwa, uang, toko, kalau, bisa: not Malaysia's kerana, bahawa,
 * wang, kedai), sentence by sentence, the heroine named where the Malay names her.
 */
export const INDONESIAN_SENTENCES: readonly string[] = [
  'Hujan terus turun di pelabuhan sementara lampu-lampu kota menyala satu per satu.',
  'Aisyah melipat surat itu dua kali dan menyelipkannya ke dalam saku mantelnya.',
  'Daniel menunggu di depan toko buku tua sambil pura-pura membaca pengumuman di pintu.',
  'Untuk sesaat tidak seorang pun dari mereka bicara, dan keheningan ' +
    'itu terasa lebih hangat daripada permintaan maaf apa pun.',
  'Dia teringat musim panas ketika mereka mengecat perahu itu dengan warna biru dan tertawa sampai matahari terbenam.',
  'Laki-laki itu bertanya apakah dia masih minum teh tanpa gula, dan Aisyah tersenyum karena dia belum lupa.',
  'Pasar itu beraroma ikan bakar, batu basah, dan bunga melati yang tumbuh di sepanjang tembok.',
  'Neneknya selalu bilang bahwa janji yang dibuat di dekat laut tidak akan pernah bisa diingkari.',
  'Seekor burung camar berteriak di atas dermaga ketika kapal feri membunyikan klaksonnya.',
  'Daniel mengaku bahwa dia kembali ke kota karena restoran itu, bukan karena Aisyah.',
  'Aisyah tidak memercayainya, tetapi dia membiarkan kebohongan ' +
    'itu tergeletak di antara mereka seperti sebutir batu kecil.',
  'Mereka berjalan melewati bioskop tua yang sudah tutup, tempat mereka dulu pernah berbagi sekantong kacang sangrai.',
  'Angin menarik syalnya, dan Daniel mengulurkan tangan untuk menangkapnya sebelum syal itu terbang.',
  'Sesaat tangan mereka bersentuhan, dan dia lupa apa yang tadi ingin dikatakannya.',
  'Di dapur penginapan, bibinya sudah mengajukan pertanyaan yang tidak bisa dijawabnya.',
  'Dia menghitung uang di laci kasir untuk ketiga kalinya, tetapi jumlahnya tetap tidak cukup.',
  'Dia tahu bahwa kalau toko itu tutup, hal terakhir yang dibangun ayahnya akan hilang begitu saja.',
  'Daniel menawarkan diri untuk membantu mengurus pembukuan, tetapi Aisyah menolak sebelum dia selesai bicara.',
  'Belakangan dia menyesal, duduk sendirian di anak tangga dengan secangkir kopi yang sudah dingin.',
  'Air pasang naik perlahan-lahan dan menutupi batu-batu tempat mereka dulu mencari kepiting.',
  'Di suatu tempat sebuah radio memutar lagu lama tentang meninggalkan kampung halaman, lalu dia mematikannya.',
  'Menjelang pagi badai itu sudah berlalu, dan jalan-jalan tampak bersih dan terang.',
  'Laki-laki itu berdiri di ambang pintu dengan dua bungkus roti dan raut wajah yang sulit ditebak.',
  'Aisyah mempersilakannya masuk sambil berkata pada dirinya sendiri bahwa itu hanya karena rotinya masih hangat.',
];

/** The fixture's sentences in every language the fake translates. */
export const SENTENCES: Readonly<Record<'en' | 'ms' | 'id', readonly string[]>> = {
  ...PROSE_SENTENCES,
  id: INDONESIAN_SENTENCES,
};
type Language = keyof typeof SENTENCES;
const LANGUAGES = Object.keys(SENTENCES) as Language[];

/** The fixture's Malay words, no names (the pool an unknown sentence's Malay is drawn from). */
const MALAY_WORDS = PROSE_SENTENCES.ms
  .join(' ')
  .split(/\s+/)
  .map((w) => w.replace(/[^\p{L}-]/gu, ''))
  .filter((w) => w && !/^\p{Lu}/u.test(w));

/** A paragraph with no letters or digits (a scene break, an ornament). */
const isWordless = (p: string) => !/[\p{L}\p{N}]/u.test(p);

/**
 * An English paragraph as Malay of about its length: its names (glossary renderings) and dictionary words, then Malay
 * words, in sentences.
 */
function anyMalay(paragraph: string, glossary: ReadonlyArray<readonly [string, string]>): string {
  const names = [...glossary]
    .sort((a, b) => b[0].length - a[0].length)
    .filter(([term]) => hasTerm(paragraph, term, 'en'))
    .map(([, rendering]) => rendering);
  const words = DICTIONARY_MALAY.filter(([en]) =>
    new RegExp(`(?<![\\p{L}])${en.replace('.', '\\.')}(?![\\p{L}])`, 'u').test(paragraph),
  ).map(([, ms]) => ms);
  const out = [...names.filter((n, i) => !names.slice(0, i).some((m) => hasTerm(m, n))), ...words];
  // Words drawn at random (seeded by the paragraph): a run of the pool in order would repeat the paragraph before, sent
  // with the window.
  let seed = [...paragraph].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2_147_483_647, 7) || 1;
  while (out.join(' ').length < paragraph.length * 1.15) {
    seed = (seed * 48_271) % 2_147_483_647;
    out.push(MALAY_WORDS[seed % MALAY_WORDS.length]!);
  }
  // Sentences of twelve words, each capitalised and stopped.
  const sentences = Array.from({ length: Math.ceil(out.length / 12) }, (_, k) =>
    out.slice(k * 12, k * 12 + 12).join(' '),
  );
  return sentences.map((t) => `${t[0]!.toUpperCase()}${t.slice(1)}.`).join(' ');
}

/**
 * Every glossary rendering in `text` with the particle after it (the longest rendering first: "Daniel Leelah", not
 * "Daniellah Lee").
 */
function withEnding(text: string, glossary: ReadonlyArray<readonly [string, string]>, ending: string): string {
  const renderings = [...new Set(glossary.map(([, r]) => r))]
    .sort((a, b) => b.length - a.length)
    .map((r) => r.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  if (!renderings.length) return text;
  return text.replace(
    new RegExp(`(?<![\\p{L}])(?:${renderings.join('|')})(?![\\p{L}])`, 'gu'),
    (name) => `${name}${ending}`,
  );
}

/**
 * How a name is spelled in each language (English, then Malay and Indonesian), when the model's own habit differs from
 * the glossary's.
 */
const NAME_VARIANTS: ReadonlyArray<readonly [string, string]> = [['Aisha', 'Aisyah']];
const spellingIn = (lang: Language, [en, other]: readonly [string, string]) => (lang === 'en' ? en : other);

/** Titles and words the fake knows beyond its sentences: English, Malay. */
export const WORD_MAP: ReadonlyArray<readonly [string, string]> = [
  ['Harbour Lights', 'Lampu Pelabuhan'],
  ['The Storm', 'Ribut'],
  ['The Letter', 'Surat Itu'],
  ['The Bookshop', 'Kedai Buku'],
  ['Morning Bread', 'Roti Pagi'],
  ['The Tide', 'Air Pasang'],
];
/** WORD_MAP's titles in Indonesian (toko, not kedai; badai, not ribut). */
const INDONESIAN_TITLES = ['Lampu Pelabuhan', 'Badai', 'Surat Itu', 'Toko Buku', 'Roti Pagi', 'Air Pasang'];
/** A title of WORD_MAP in a language. */
export const titleIn = (i: number, lang: Lang): string =>
  lang === 'id' ? INDONESIAN_TITLES[i]! : WORD_MAP[i]![lang === 'en' ? 0 : 1];
const TITLES: ReadonlyArray<Readonly<Record<Language, string>>> = WORD_MAP.map(([en, ms], i) => ({
  en,
  ms,
  id: INDONESIAN_TITLES[i]!,
}));

/**
 * Where the Malay sentence names a lead the English one calls "she" or "he", the English a model following the
 * glossary writes (every name of the source stands in the translation).
 */
const NAMED_ENGLISH: Readonly<Record<number, string>> = {
  5: 'He asked whether Aisha still took her tea without sugar, and Aisha smiled because he had not forgotten.',
  9: 'Daniel admitted that he had come back to town for the restaurant, and not for Aisha.',
  12: 'The wind pulled at her scarf, and Daniel reached out to catch it before it flew away.',
  17: 'Daniel offered to help with the accounts, and Aisha refused before he had finished the sentence.',
  23: 'Aisha let him in, telling herself it was only because the bread was still warm.',
};

/** Indonesian prose with the markers the language guard knows (karena, uang, saat ini, rumah sakit, kontrakan). */
const INDONESIAN =
  'Dia tidak mengerti karena uang itu tidak cukup untuk membayar ' +
  'kontrakan, dan saat ini dia harus segera ke rumah sakit bersama Aisha.';

/** Malaysian Malay prose with the markers that tell it from Indonesian (kerana, wang, sekarang, hospital, faham). */
const MALAY =
  'Dia tidak faham kerana wang itu tidak mencukupi untuk membayar sewa ' +
  'rumah, dan sekarang dia perlu segera ke hospital bersama Aisha.';

/** True for a request of templates/translate.hbs. */
export function isTranslateRequest(body: Record<string, unknown>): boolean {
  return /^(?:Source paragraphs|Perenggan sumber|Paragraf sumber):$/m.test(userMessageOf(body));
}

/** True for a window asked again (its answer before was not kept). */
export function isAskedAgain(body: Record<string, unknown>): boolean {
  const again = new RegExp(
    /Your previous answer could not be kept|Jawapan anda yang sebelumnya tidak dapat disimpan/.source +
      /|Jawaban Anda sebelumnya tidak dapat disimpan/.source,
  );
  return again.test(userMessageOf(body));
}

/** The request's target language, glossary and source paragraphs. */
export function translateAsk(body: Record<string, unknown>): {
  to: Language;
  glossary: Array<[string, string]>;
  paragraphs: string[];
} {
  const user = userMessageOf(body);
  // The request is written in the edition's language (its source paragraphs' heading says which).
  const to: Language = /^Paragraf sumber:$/m.test(user) ? 'id' : /^Perenggan sumber:$/m.test(user) ? 'ms' : 'en';
  const glossary = [...user.matchAll(/^- (.+?) → (.+)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]);
  const source = user.split(/^(?:Source paragraphs|Perenggan sumber|Paragraf sumber):$/m)[1] ?? '';
  return {
    to,
    glossary,
    paragraphs: source
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
  };
}

const sentencesOf = (p: string) => p.split(/(?<=[.!?])\s+/).filter(Boolean);

/** One sentence in `to`, by the sentence lists (whichever language it is in), else word by word with the titles. */
function sentence(text: string, to: Language): string {
  for (const from of LANGUAGES.filter((l) => l !== to)) {
    // Its names as `from` spells them (a glossary may have put the other spelling in).
    const plain = NAME_VARIANTS.reduce(
      (t, v) => t.split(spellingIn(from === 'en' ? 'ms' : 'en', v)).join(spellingIn(from, v)),
      text,
    );
    const i = SENTENCES[from].indexOf(plain);
    if (i >= 0) return (to === 'en' ? NAMED_ENGLISH[i] : undefined) ?? SENTENCES[to][i]!;
  }
  let out = text;
  for (const title of TITLES)
    for (const from of LANGUAGES) if (from !== to) out = out.split(title[from]).join(title[to]);
  return out;
}

/** A paragraph translated, names as the model writes them in `to` (the glossary not applied yet). */
export function translateParagraph(p: string, to: Language): string {
  return sentencesOf(p)
    .map((s) => sentence(s, to))
    .join(' ');
}

/** The glossary's renderings put in for every spelling of their terms. */
function withGlossary(text: string, glossary: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [term, rendering] of glossary) {
    const spellings = new Set([term, ...NAME_VARIANTS.filter((v) => v.includes(term)).flat()]);
    for (const s of spellings)
      if (s !== rendering) out = out.replace(new RegExp(`(?<![\\p{L}])${s}(?![\\p{L}])`, 'gu'), rendering);
  }
  return out;
}

/**
 * The characters a request names with their gender (templates/translate.hbs: "- Aisha: she (a woman)", "- Aisha:
 * perempuan").
 */
export function castOfAsk(body: Record<string, unknown>): Array<[string, 'female' | 'male']> {
  return [...userMessageOf(body).matchAll(/^- ([^→\n]+?): (she|he|perempuan|lelaki)\b.*$/gm)].map((m) => [
    m[1]!,
    m[2] === 'she' || m[2] === 'perempuan' ? 'female' : 'male',
  ]);
}

/** The paragraph before the window a request carries as context: its source and its translation (absent: none). */
export function contextOfAsk(body: Record<string, unknown>): { source?: string; translation?: string } {
  const user = userMessageOf(body);
  const source = /^> (?:Source|Sumber): (.*)$/m.exec(user)?.[1];
  const translation = /^> (?:Translation|Terjemahan): (.*)$/m.exec(user)?.[1];
  return { ...(source ? { source } : {}), ...(translation ? { translation } : {}) };
}

/**
 * English sentences opening with a pronoun where the Malay opens with "Dia": he or she by who was named last before.
 */
function withPronouns(answer: string[], paragraphs: readonly string[], body: Record<string, unknown>): string[] {
  const cast = castOfAsk(body);
  let before = contextOfAsk(body).source ?? '';
  return answer.map((p, k) => {
    const source = sentencesOf(paragraphs[k]!);
    const out = sentencesOf(p).map((s, j) => {
      const ms = source[j] ?? '';
      const named = cast
        .map(([name, gender]) => ({ at: before.lastIndexOf(name), gender }))
        .filter((c) => c.at >= 0)
        .sort((a, b) => b.at - a.at)[0];
      before += ` ${ms}`;
      if (!/^Dia\s/.test(ms) || !/^(?:She|He)\s/.test(s)) return s;
      return s.replace(/^(?:She|He)/, named?.gender === 'female' ? 'She' : 'He');
    });
    return out.join(' ');
  });
}

/** A translator's answer function for startFakeOpenAI's `reply` (undefined for requests that are not translations). */
export function fakeTranslator(options: TranslatorOptions = {}): {
  reply: (body: Record<string, unknown>) => { text: string } | undefined;
  asks: () => number;
} {
  let asks = 0;
  return {
    asks: () => asks,
    reply: (body) => {
      if (!isTranslateRequest(body)) return undefined;
      const isAgain = isAskedAgain(body);
      const index = asks++;
      const { to, glossary, paragraphs } = translateAsk(body);
      const known = (p: string) =>
        sentencesOf(p).every(
          (x) => LANGUAGES.some((l) => SENTENCES[l].includes(x)) || TITLES.some((t) => Object.values(t).includes(x)),
        );
      let answer = paragraphs.map((p) => {
        if (isWordless(p)) return options.breakAs ?? p;
        return options.anyText && to === 'ms' && !known(p) ? anyMalay(p, glossary) : translateParagraph(p, to);
      });
      const wrong =
        options.misbehave && (options.always ? index >= (options.at ?? 0) : !isAgain && index === (options.at ?? 0));
      if (wrong && options.misbehave === 'glossary') return { text: answer.join('\n\n') };
      answer = answer.map((p) => withGlossary(p, glossary));
      if (options.nameEnding && to !== 'en') answer = answer.map((p) => withEnding(p, glossary, options.nameEnding!));
      if (wrong && options.misbehave === 'drop')
        answer = answer.length > 1 ? [...answer.slice(0, 1), ...answer.slice(2)] : [];
      if (wrong && options.misbehave === 'indonesian')
        answer = answer.map((p) =>
          sentencesOf(p)
            .map(() => INDONESIAN)
            .join(' '),
        );
      if (wrong && options.misbehave === 'malay')
        answer = answer.map((p) =>
          sentencesOf(p)
            .map(() => MALAY)
            .join(' '),
        );
      if (wrong && options.misbehave === 'untranslated')
        answer = answer.map((p, i) => (i === answer.length - 1 ? paragraphs[i]! : p));
      if (options.pronouns && to === 'en') answer = withPronouns(answer, paragraphs, body);
      if (options.cannot)
        answer = answer.map((p, i) => (paragraphs[i]!.includes(options.cannot!) ? paragraphs[i]! : p));
      if (options.flattenQuotes)
        answer = answer.map((p) =>
          p
            .split('\n')
            .map((l) => l.replace(/^\s*>\s?/, '').trim())
            .join(' '),
        );
      if (options.keepTitles !== undefined && asksTitle(body) && paragraphs[0]!.includes(options.keepTitles))
        answer = [paragraphs[0]!, ...answer.slice(1)];
      const isBookTitle =
        !asksTitle(body) &&
        paragraphs.length === 1 &&
        !/[.!?"”:;,]$/.test(paragraphs[0]!) &&
        !paragraphs[0]!.startsWith('>');
      if (options.bookTitleAs && isBookTitle)
        answer = [
          options.bookTitleAs === 'sentence'
            ? `Ini ialah kisah ${answer[0]!.toLowerCase()} yang indah dan menyentuh hati.`
            : options.bookTitleAs.genre,
        ];
      if (options.mergeOver !== undefined && answer.length > options.mergeOver)
        answer = [`${answer[0]} ${answer[1]}`, ...answer.slice(2)];
      return { text: answer.join('\n\n') };
    },
  };
}
