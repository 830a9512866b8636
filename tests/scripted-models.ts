// Scripted models for tests and `npm run eval`: deterministic answer functions for the fake OpenAI server
// (tests/fake-openai.ts) that behave like the models the long-books issue names. Each one reads what a
// request asks for from its text (see describeRequest), as a model would, and answers:
//   - underWriter(ratio): writes ratio × every ask (parts and length extensions);
//   - drifter(opts): answers a Malay book's parts in Indonesian or English (an English book's in Malay);
//   - planter(): writes every part at its target and plants one unique fact per chapter, and its bible
//     updates echo every planted fact the request shows;
//   - outliner(entryWords): writes outlines of the asked chapter count (every model writes outlines so).
// Every model also writes valid story-bible updates (their part's line labelled as real models label it when
// `bibleLine` says so: BibleLineFormat), continues an answer cut at max_tokens from where it
// was cut, and can mark each answer ("[answer 12]") so a test can find which answer went where.
//   const model = planter();
//   const fake = await startFakeOpenAI(model.fakeOptions());
import { createRequire } from 'node:module';
import {
  askedWordsOf,
  asksCharacterDetails,
  characterDetailsBlock,
  PROSE_BLOCK,
  PROSE_SENTENCES,
  requestLanguageOf,
  userMessageOf,
  withoutVariants,
  writeProse,
  type FakeOpenAIOptions,
} from './fake-openai.js';

export type Body = Record<string, unknown>;
/** A book's language (every language of the table: its requests are read in their own wording). */
export type BookLang = 'en' | 'ms' | 'id';
/** A language a scripted answer can be written in (Indonesian: the drift a Malay book must not take). */
export type ProseLang = 'en' | 'ms' | 'id';

/** Real Indonesian (not Malaysian Malay): bisa, saja, karena, uang, mobil, kalian, nggak, kantor, besok… */
export const INDONESIAN_SENTENCES: readonly string[] = [
  'Hujan masih turun di pelabuhan waktu lampu-lampu kota mulai menyala satu per satu.',
  'Aisyah melipat surat itu dua kali lalu memasukkannya ke saku jaketnya.',
  'Daniel menunggu di depan toko buku tua sambil pura-pura membaca pengumuman di pintu.',
  'Mereka nggak bicara untuk beberapa saat, karena keduanya bingung mau mulai dari mana.',
  'Dia ingat liburan waktu mereka mengecat perahu itu dengan warna biru dan tertawa sampai matahari terbenam.',
  'Daniel bertanya apakah dia masih minum teh tanpa gula, dan Aisyah tersenyum karena cowok itu belum lupa.',
  'Pasar itu bau ikan bakar, batu yang basah dan bunga melati yang tumbuh di sepanjang tembok.',
  'Neneknya selalu bilang bahwa janji yang dibuat di tepi laut nggak bisa dilanggar.',
  'Daniel mengaku bahwa dia pulang ke kota itu karena restoran saja, bukan karena Aisyah.',
  'Aisyah nggak percaya, tapi dia membiarkan kebohongan itu begitu saja.',
  'Mereka berjalan melewati bioskop tua tempat mereka dulu berbagi sebungkus kacang rebus.',
  'Mobil tua milik ayahnya masih terparkir di depan toko dengan ban yang kempes.',
  'Dia menghitung uang di laci kasir untuk ketiga kalinya, tapi jumlahnya tetap nggak cukup.',
  'Teleponnya bergetar karena ada pesan lagi dari bank soal pinjaman toko itu.',
  'Kalau toko itu tutup, hasil kerja keras ayahnya bakal hilang begitu saja.',
  'Daniel mau bantu mengurus pembukuan, tapi Aisyah menolak sebelum dia selesai ngomong.',
  'Kalian pikir aku nggak bisa mengurus toko ini sendiri, katanya kepada sepupu-sepupunya.',
  'Besok pagi dia harus ke kantor bank dan menjelaskan semuanya kepada manajer.',
  'Sore itu dia duduk sendirian di tangga dengan secangkir kopi yang sudah dingin.',
  'Air pasang naik pelan-pelan dan menutupi batu-batu tempat mereka dulu mencari kepiting.',
  'Menjelang pagi badai sudah lewat, dan jalanan kelihatan bersih dan terang.',
  'Daniel berdiri di depan pintu dengan dua bungkus roti dan wajah yang susah ditebak.',
];

const SENTENCES: Readonly<Record<ProseLang, readonly string[]>> = { ...PROSE_SENTENCES, id: INDONESIAN_SENTENCES };

/** What a request asks for, read from its text as a model reads it. */
export interface RequestInfo {
  /**
   * What the request writes: a book's outline, one of its parts, a story-bible update, a single piece (`prose`), or
   * something else.
   */
  kind: 'outline' | 'introduction' | 'chapter' | 'conclusion' | 'prose' | 'memory' | 'other';
  /**
   * A follow-up to a part or an outline: a length extension ("Write about N more words"), a continuation
   * after a cut ("Your previous answer was cut off"), the part again with a firm language line, or the
   * outline's missing entries.
   */
  follow?: 'extension' | 'continuation' | 'firm' | 'outline-more';
  /**
   * The book's language (Malay when the request names "Bahasa Malaysia", Indonesian "Bahasa Indonesia"):
   * requestLanguageOf.
   */
  lang: BookLang;
  /**
   * The words asked for: the last "Write about N (more) words" / "Tulis kira-kira N patah perkataan (lagi)" / "Tulis
   * sekitar N kata (lagi)"; 0 when none.
   */
  asked: number;
  /** The chapter a chapter request writes ("Write Chapter K of M" / "Tulis Bab K daripada M"). */
  chapter?: number;
  /** The chapters an outline asks for ("Chapter 1 to Chapter N" / "Bab 1 hingga Bab N"). */
  chapters?: number;
  /** The entries an outline follow-up asks for ("Chapter A to Chapter B" still missing). */
  missing?: readonly [number, number];
  /** A story-bible update: the label of the part just written ("Chapter 3", "Bab 3", "Introduction"). */
  label?: string;
  /** A story-bible update that asks to fold older chapter lines into an arc. */
  asksArc?: boolean;
  /** The end of the answer so far, as a continuation or an extension shows it ('"""'-quoted). */
  shownEnding?: string;
  /** An introduction asked to end with "Character Details:" / "Butiran Watak:". */
  wantsCharacterDetails: boolean;
  /** The outline is a story's (fiction: "Ending:") rather than a guide's ("Conclusion:"). */
  isStory?: boolean;
  user: string;
}

/** Words of a text (as the engine counts them). */
const wordsIn = (text: string) => text.split(/\s+/).filter(Boolean).length;
const num = (m: RegExpExecArray | null) => (m ? Number(m.slice(1).find(Boolean)) : undefined);

/**
 * What a chat request asks for (see RequestInfo).
 * @example describeRequest(body).kind // 'chapter'
 */
export function describeRequest(body: Body): RequestInfo {
  const user = userMessageOf(body);
  const lang: BookLang = requestLanguageOf(body);
  const asked = askedWordsOf(body);
  const base = { lang, asked, user, wantsCharacterDetails: asksCharacterDetails(body) };
  const shown =
    // One regex in two halves: the ending's lead-in, then the quoted ending.
    new RegExp(
      /(?:It ended like this|Ia berakhir begini|Jawaban itu berakhir seperti ini|Kerangka itu berakhir seperti ini)/
        .source + /:\s*\n"""\n([\s\S]*?)\n"""/.source,
    ).exec(user)?.[1];
  const ending = shown !== undefined ? { shownEnding: shown.replace(/^…/, '').trim() } : {};
  // Bible updates: the current wording and the memory update of the templates before the bible existed.
  if (isBibleRequest(user)) {
    const label = /(?:The part just written|Bahagian yang baru ditulis|Bagian yang baru ditulis) \(([^)]+)\):/.exec(
      user,
    )?.[1];
    return { ...base, kind: 'memory', ...(label ? { label } : {}), asksArc: /^## (?:Arc|Arka|Alur)$/m.test(user) };
  }
  if (isOutlineRequest(user)) {
    const chapters =
      num(/Chapter 1 to Chapter (\d+)|Bab 1 hingga Bab (\d+)|Bab 1 sampai Bab (\d+)/.exec(user)) ??
      num(/ of (\d+) chapters|sebanyak (\d+) bab|terdiri atas (\d+) bab/.exec(user));
    // `A|B` whole, as the one group `(?:A|B)` it was: the English and the Malay/Indonesian wording.
    const missing = new RegExp(
      /Write only the entries still missing, Chapter (\d+) to Chapter (\d+)/.source +
        /|Tulis hanya entri yang belum ada, Bab (\d+) (?:hingga|sampai) Bab (\d+)/.source,
    ).exec(user);
    const range = missing ? (missing.slice(1).filter(Boolean).map(Number) as [number, number]) : undefined;
    const follow = range ? ('outline-more' as const) : CUT.test(user) ? ('continuation' as const) : undefined;
    return {
      ...base,
      kind: 'outline',
      ...(chapters ? { chapters } : {}),
      ...(range ? { missing: range } : {}),
      ...(follow ? { follow } : {}),
      ...ending,
      isStory: /story outline|rangka cerita|kerangka cerita/.test(user),
    };
  }
  const chapter = chapterOfRequest(user) || undefined;
  const kind: RequestInfo['kind'] = chapter
    ? 'chapter'
    : /^Write the introduction|^Tulis pengenalan|^Tulis pendahuluan/m.test(user)
      ? 'introduction'
      : /^Write the conclusion|^Tulis kesimpulan|^Tulis penutup/m.test(user)
        ? 'conclusion'
        : asked > 0
          ? 'prose'
          : 'other';
  const follow = CUT.test(user)
    ? ('continuation' as const)
    : isExtensionRequest(user)
      ? ('extension' as const)
      : NOT_WRITTEN_IN.test(user)
        ? ('firm' as const)
        : undefined;
  return { ...base, kind, ...(chapter ? { chapter } : {}), ...(follow ? { follow } : {}), ...ending };
}

/** The user message of a request body. */
export const userOf = (body: Body): string => userMessageOf(body);
/** A request asked again in its language, in English, Malay and Indonesian. */
const NOT_WRITTEN_IN = new RegExp(
  /Your previous answer was not written in|Jawapan anda yang sebelumnya tidak ditulis dalam/.source +
    /|Jawaban Anda sebelumnya tidak ditulis dalam/.source,
);
/** A continuation after a cut, in English, Malay and Indonesian. */
const CUT = /Your previous answer was cut off|Jawapan anda yang sebelumnya terpotong|Jawaban Anda sebelumnya terpotong/;
/** Predicates on a request's user message (as describeRequest reads it), in English, Malay and Indonesian. */
export const isOutlineRequest = (user: string) =>
  /^(?:Create a detailed (?:story )?outline|Hasilkan rangka|Buat kerangka)/.test(user.trim());
export const isOutlineMoreRequest = (user: string) =>
  /Write only the entries still missing|Tulis hanya entri yang belum ada/.test(user);
export const isBibleRequest = (user: string) =>
  new RegExp(
    `^(?:${/Update the story bible|Kemas kini catatan cerita|Perbarui catatan cerita/.source}` +
      `|${/You keep a short memory|Anda menyimpan ingatan/.source})`,
  ).test(user.trim());
export const isExtensionRequest = (user: string) =>
  /Write about [\d,]+ more words|Tulis kira-kira [\d,]+ patah perkataan lagi|Tulis sekitar [\d.]+ kata lagi/.test(user);
/**
 * The chapter a request writes ("Write Chapter K of" / "Tulis Bab K daripada" / "Tulis Bab K dari"); 0 for other
 * requests.
 */
export const chapterOfRequest = (user: string) =>
  Number(
    /Write Chapter (\d+) of|Tulis Bab (\d+) daripada|Tulis Bab (\d+) dari/.exec(user)?.slice(1).find(Boolean) ?? 0,
  );

// ---------------------------------------------------------------------------------------------------
// Outlines

const TITLE_WORDS = {
  en: {
    adjectives: ['Quiet', 'Broken', 'Borrowed', 'Hidden', 'Last', 'Silver', 'Stubborn', 'Distant'],
    nouns: [
      'Harbour',
      'Letter',
      'Lantern',
      'Promise',
      'Tide',
      'Kitchen',
      'Ledger',
      'Ferry',
      'Garden',
      'Storm',
      'Bridge',
      'Recipe',
    ],
  },
  ms: {
    adjectives: ['yang Sunyi', 'yang Retak', 'Pinjaman', 'Tersembunyi', 'Terakhir', 'Perak', 'yang Degil', 'yang Jauh'],
    nouns: [
      'Pelabuhan',
      'Surat',
      'Pelita',
      'Janji',
      'Air Pasang',
      'Dapur',
      'Lejar',
      'Feri',
      'Taman',
      'Ribut',
      'Jambatan',
      'Resipi',
    ],
  },
  id: {
    adjectives: [
      'yang Sunyi',
      'yang Retak',
      'Pinjaman',
      'Tersembunyi',
      'Terakhir',
      'Perak',
      'yang Keras Kepala',
      'yang Jauh',
    ],
    nouns: [
      'Pelabuhan',
      'Surat',
      'Lentera',
      'Janji',
      'Air Pasang',
      'Dapur',
      'Buku Kas',
      'Feri',
      'Taman',
      'Badai',
      'Jembatan',
      'Resep',
    ],
  },
} as const;

/** The title the outliner gives chapter `k` (unique up to chapter 96): "The Quiet Harbour", "Pelabuhan yang Sunyi". */
export function chapterTitle(k: number, lang: BookLang): string {
  const w = TITLE_WORDS[lang];
  const adjective = w.adjectives[(k - 1) % w.adjectives.length]!;
  const noun = w.nouns[Math.floor((k - 1) / w.adjectives.length) % w.nouns.length]!;
  return lang === 'en' ? `The ${adjective} ${noun}` : `${noun} ${adjective}`;
}

const PLAN_SENTENCES: Readonly<Record<BookLang, readonly string[]>> = {
  en: [
    'Aisha finds a reason to doubt what Daniel told her about the restaurant.',
    'The bank sets a date for the loan, and the shop has less time than anyone thought.',
    'Daniel cooks for the whole street during the blackout, and the town starts to warm to him.',
    'An old photograph in the shop shows their fathers standing side by side on the pier.',
    'Aunt Rohani warns Aisha that some debts are older than the shop itself.',
    'A festival by the sea brings them together in front of everyone they know.',
    'A misunderstanding over a signed contract sends Aisha back to her silence.',
    'Daniel tells the truth about why he left town ten years ago.',
    'The chapter ends with a choice that neither of them can take back.',
    'A storm floods the lower street, and the two of them work through the night to save the books.',
  ],
  ms: [
    'Aisyah menemui sebab untuk meragui apa yang diberitahu oleh Daniel tentang restoran itu.',
    'Pihak bank menetapkan tarikh pinjaman, dan masa untuk kedai itu lebih singkat daripada yang disangka.',
    'Daniel memasak untuk seluruh lorong ketika bekalan elektrik terputus, dan penduduk pekan mula menyukainya.',
    'Sekeping gambar lama di kedai itu menunjukkan ayah mereka berdiri bersebelahan di atas jeti.',
    'Mak Su Rohani memberi amaran kepada Aisyah bahawa sesetengah hutang lebih tua daripada kedai itu sendiri.',
    'Sebuah pesta di tepi laut menemukan mereka di hadapan semua orang yang mereka kenali.',
    'Salah faham tentang kontrak yang telah ditandatangani membuatkan Aisyah kembali berdiam diri.',
    'Daniel menceritakan sebab sebenar dia meninggalkan pekan itu sepuluh tahun dahulu.',
    'Bab ini berakhir dengan satu pilihan yang tidak dapat ditarik balik oleh mereka berdua.',
    'Ribut membanjiri lorong bawah, dan mereka berdua bekerja sepanjang malam untuk menyelamatkan buku-buku itu.',
  ],
  id: [
    'Aisyah menemukan alasan untuk meragukan apa yang dikatakan Daniel soal restoran itu.',
    'Pihak bank menetapkan tanggal pinjaman, dan waktu untuk toko itu lebih singkat daripada yang dikira siapa pun.',
    'Daniel memasak untuk seluruh gang waktu listrik padam, dan warga kota mulai menyukainya.',
    'Sebuah foto lama di toko itu memperlihatkan ayah mereka berdiri berdampingan di dermaga.',
    'Bibi Rohani mengingatkan Aisyah bahwa sebagian utang lebih tua daripada toko itu sendiri.',
    'Sebuah festival di tepi laut mempertemukan mereka di depan semua orang yang mereka kenal.',
    'Salah paham soal kontrak yang sudah ditandatangani membuat Aisyah kembali diam.',
    'Daniel menceritakan alasan sebenarnya dia meninggalkan kota itu sepuluh tahun yang lalu.',
    'Bab ini berakhir dengan satu pilihan yang nggak bisa ditarik kembali oleh mereka berdua.',
    'Badai membanjiri jalan bawah, dan mereka berdua bekerja semalaman untuk menyelamatkan buku-buku itu.',
  ],
};

/** The words around an outline entry and an update's part in each language: its chapter word and its opening line. */
const CHAPTER_WORD: Readonly<Record<BookLang, string>> = { en: 'Chapter', ms: 'Bab', id: 'Bab' };
const ENTRY_OPENING: Readonly<Record<BookLang, (title: string) => string>> = {
  en: (title) => `${title} begins where the last chapter ended.`,
  ms: (title) => `Dalam bab “${title}”, kisah bersambung dari tempat bab sebelumnya berakhir.`,
  id: (title) => `Dalam bab “${title}”, kisah berlanjut dari tempat bab sebelumnya berakhir.`,
};

/**
 * The entry the outliner writes for chapter `k`: its head ("Chapter k: title") and a plan of `entryWords`
 * words whose first sentence names the chapter's title (so a test can find the entry in a request).
 */
export function outlineEntry(
  k: number,
  lang: BookLang,
  entryWords = 90,
): { head: string; plan: string; opening: string } {
  const title = chapterTitle(k, lang);
  const opening = ENTRY_OPENING[lang](title);
  // Whole sentences up to about `entryWords` words (an entry never stops mid-sentence).
  const plan = [opening];
  let words = wordsIn(opening);
  for (let i = k * 3; words < entryWords - 4; i++) {
    const sentence = PLAN_SENTENCES[lang][i % PLAN_SENTENCES[lang].length]!;
    plan.push(sentence);
    words += wordsIn(sentence);
  }
  return { head: `${CHAPTER_WORD[lang]} ${k}: ${title}`, plan: plan.join(' '), opening };
}

function outlineEntries(from: number, to: number, lang: BookLang, entryWords: number): string[] {
  const out: string[] = [];
  for (let k = from; k <= to; k++) {
    const e = outlineEntry(k, lang, entryWords);
    out.push(`${e.head}\n${e.plan}`);
  }
  return out;
}

function outlineEnd(lang: BookLang, isStory: boolean): string {
  if (lang === 'id') {
    return isStory
      ? 'Akhir: Aisyah menyelamatkan toko itu dengan bantuan seluruh kota, dan Daniel ' +
          'memilih untuk tinggal. Mereka membuka toko buku dan dapur kecil di bawah satu atap.'
      : 'Penutup: Penutup merangkum pelajaran setiap bab dan memberi pembaca langkah berikutnya.';
  }
  if (lang === 'ms') {
    return isStory
      ? 'Pengakhiran: Aisyah menyelamatkan kedai itu dengan bantuan seluruh pekan, dan Daniel ' +
          'memilih untuk kekal. Mereka membuka kedai buku dan dapur kecil di bawah satu bumbung.'
      : 'Kesimpulan: Kesimpulan menghimpunkan pelajaran setiap bab dan memberi pembaca langkah seterusnya.';
  }
  return isStory
    ? 'Ending: Aisha saves the shop with the help of the whole town, and Daniel ' +
        'chooses to stay. They open a bookshop and a small kitchen under one roof.'
    : 'Conclusion: The conclusion gathers the lessons of every chapter and gives the reader the next steps.';
}

/**
 * An outline of `chapters` entries as the outline templates ask for it (title, premise, characters, entries, ending).
 */
export function writeOutline(chapters: number, lang: BookLang, entryWords = 90, isStory = true): string {
  const head =
    lang === 'id'
      ? [
          'Judul: Lampu di Pelabuhan',
          'Premis: Aisyah Rahman harus menyelamatkan toko buku ayahnya di sebuah ' +
            'kota pesisir sebelum pihak bank menutupnya. Kepulangan Daniel Lee, cinta ' +
            'pertamanya, membawa harapan dan rahasia lama yang mengancam segalanya.',
          'Tokoh utama:',
          '- Aisyah Rahman: pemilik toko buku yang mau menyelamatkan warisan ayahnya',
          '- Daniel Lee: juru masak yang pulang untuk membuka restoran dan menebus kesalahan lama',
          '- Bibi Rohani: bibi Aisyah yang menyimpan rahasia keluarga',
        ]
      : lang === 'ms'
        ? [
            'Tajuk: Lampu di Pelabuhan',
            'Premis: Aisyah Rahman mesti menyelamatkan kedai buku ayahnya di sebuah ' +
              'pekan pesisir sebelum pihak bank menutupnya. Kepulangan Daniel Lee, cinta ' +
              'pertamanya, membawa harapan dan rahsia lama yang mengancam segala-galanya.',
            'Watak utama:',
            '- Aisyah Rahman: pemilik kedai buku yang mahu menyelamatkan warisan ayahnya',
            '- Daniel Lee: tukang masak yang pulang untuk membuka restoran dan menebus kesilapan lama',
            '- Mak Su Rohani: ibu saudara Aisyah yang menyimpan rahsia keluarga',
          ]
        : [
            'Title: Lights on the Harbour',
            "Premise: Aisha Rahman must save her late father's bookshop in a small " +
              'coastal town before the bank closes it. The return of Daniel Lee, her ' +
              'first love, brings hope and an old secret that threatens everything.',
            'Main characters:',
            "- Aisha Rahman: the bookshop's owner, who wants to keep her father's legacy alive",
            '- Daniel Lee: a chef back in town to open a restaurant and make up for an old mistake',
            "- Aunt Rohani: Aisha's aunt, who keeps the family's secret",
          ];
  return [head.join('\n'), ...outlineEntries(1, chapters, lang, entryWords), outlineEnd(lang, isStory)].join('\n\n');
}

// ---------------------------------------------------------------------------------------------------
// Planted facts

const FACT_OBJECTS: Readonly<Record<BookLang, readonly string[]>> = {
  en: [
    'lamp in the attic',
    'key to the boathouse',
    'blue ledger',
    "father's compass",
    'tin of old stamps',
    'ferry ticket',
    'brass bell of the shop',
    'recipe card',
  ],
  ms: [
    'Pelita di loteng',
    'Kunci rumah bot',
    'Lejar biru',
    'Kompas ayahnya',
    'Tin setem lama',
    'Tiket feri',
    'Loceng tembaga kedai',
    'Kad resipi',
  ],
  id: [
    'Lentera di loteng',
    'Kunci rumah perahu',
    'Buku kas biru',
    'Kompas ayahnya',
    'Kaleng perangko lama',
    'Tiket feri',
    'Lonceng kuningan toko',
    'Kartu resep',
  ],
};
const FACT_SENTENCE: Readonly<Record<BookLang, (object: string, token: string) => string>> = {
  en: (object, token) => `The ${object} is marked with the code ${token}.`,
  ms: (object, token) => `${object} itu ditanda dengan kod ${token}.`,
  id: (object, token) => `${object} itu ditandai dengan kode ${token}.`,
};
const FACT_WORDS = [
  'ember',
  'cedar',
  'tide',
  'moss',
  'flint',
  'heron',
  'amber',
  'reed',
  'slate',
  'coral',
  'pearl',
  'thorn',
];

/** The fact the planter plants in chapter `k`: a sentence with a token no other chapter has ("KX-07-ember"). */
export function plantedFact(k: number, lang: BookLang): { chapter: number; token: string; sentence: string } {
  const letter = (n: number) => String.fromCharCode(65 + (((n % 26) + 26) % 26));
  const word = FACT_WORDS[k % FACT_WORDS.length];
  const token = `${letter(k * 7 + 10)}${letter(k * 11 + 23)}-${String(k).padStart(2, '0')}-${word}`;
  const object = FACT_OBJECTS[lang][k % FACT_OBJECTS[lang].length]!;
  const sentence = FACT_SENTENCE[lang](object, token);
  return { chapter: k, token, sentence };
}

/** The planted tokens a text holds, in the order they first appear. */
export function plantedTokensIn(text: string): string[] {
  return [...new Set(text.match(/\b[A-Z]{2}-\d{2}-[a-z]+\b/g) ?? [])];
}

// ---------------------------------------------------------------------------------------------------
// Story-bible updates

const CHAPTER_LINES: Readonly<Record<BookLang, readonly string[]>> = {
  en: [
    'Aisha and Daniel meet again at the harbour, and the debt on the shop comes between them.',
    'Daniel helps in the shop during a storm, and Aisha starts to trust him again.',
    'Aunt Rohani hides a letter from the bank, and Aisha finds it.',
    'The town gathers at the festival, and Daniel cooks for everyone.',
    'Aisha learns that their fathers were partners once, and the partnership ended badly.',
    'A quarrel over the contract sends Aisha and Daniel apart for a while.',
  ],
  ms: [
    'Aisyah dan Daniel bertemu semula di pelabuhan, dan hutang kedai itu memisahkan mereka.',
    'Daniel membantu di kedai ketika ribut, dan Aisyah mula mempercayainya semula.',
    'Mak Su Rohani menyembunyikan surat daripada pihak bank, dan Aisyah menemuinya.',
    'Penduduk pekan berkumpul di pesta itu, dan Daniel memasak untuk semua orang.',
    'Aisyah mengetahui bahawa ayah mereka pernah berkongsi perniagaan, dan perkongsian itu berakhir dengan buruk.',
    'Pertengkaran tentang kontrak itu memisahkan Aisyah dan Daniel untuk seketika.',
  ],
  id: [
    'Aisyah dan Daniel bertemu lagi di pelabuhan, dan utang toko itu memisahkan mereka.',
    'Daniel membantu di toko waktu badai, dan Aisyah mulai percaya lagi kepadanya.',
    'Bibi Rohani menyembunyikan surat dari pihak bank, dan Aisyah menemukannya.',
    'Warga kota berkumpul di festival itu, dan Daniel memasak untuk semua orang.',
    'Aisyah tahu bahwa ayah mereka dulu pernah berbisnis bersama, dan kerja sama itu berakhir buruk.',
    'Pertengkaran soal kontrak itu memisahkan Aisyah dan Daniel untuk sementara.',
  ],
};

/**
 * How a model writes the part's one line of a story-bible update, as real models do: as asked (`plain`), with
 * the part's name in front ("Chapter 1: …", "Bab 1: …", "Pengenalan: …"), numbered ("1. …" or "1. Chapter 1 –
 * …"), bulleted, with a bold label ("**Chapter 1:** …"), or under a heading of its own ("## Chapter 1")
 * instead of the "## Chapter" asked for; `none` leaves the line out (only the tables and the arc). Models that
 * label their line label the arc too, with the chapter numbers they count ("Chapters 1–3:"), whatever parts it folds.
 */
export type BibleLineFormat =
  'plain' | 'labelled' | 'numbered' | 'numbered-labelled' | 'bulleted' | 'bold' | 'heading' | 'none';
/** The formats that write a line. */
export const BIBLE_LINE_FORMATS: readonly BibleLineFormat[] = [
  'plain',
  'labelled',
  'numbered',
  'numbered-labelled',
  'bulleted',
  'bold',
  'heading',
];

/** The line the scripted models write for part `part` (0 the introduction) of a book in `lang`. */
export function bibleLineOf(part: number, lang: BookLang): string {
  return CHAPTER_LINES[lang][part % CHAPTER_LINES[lang].length]!;
}

/** The arc line the scripted models write when asked to fold older lines. */
export const ARC_LINES: Readonly<Record<BookLang, string>> = {
  en: "Aisha fights to save her father's shop while Daniel's return reopens old wounds and new hope.",
  ms:
    'Aisyah berjuang menyelamatkan kedai ayahnya sementara ' +
    'kepulangan Daniel membuka semula luka lama dan harapan baharu.',
  id: 'Aisyah berjuang menyelamatkan toko ayahnya sementara kepulangan Daniel membuka lagi luka lama dan harapan baru.',
};

/**
 * An update's words in each language, as the memory template asks for them (its headings) and a model writes its lines.
 */
const UPDATE_WORDS: Readonly<
  Record<BookLang, { thisPart: string; arc: string; arcLabel: string; rest: (label: string) => string[] }>
> = {
  en: {
    thisPart: 'this part',
    arc: '## Arc',
    arcLabel: 'Chapters 1–3: ',
    rest: (label) => [
      '## Characters',
      `- Aisha Rahman | bookshop owner | worried about the debt but starting to trust Daniel | ${label}`,
      `- Daniel Lee | chef | secretive about why he came back | ${label}`,
      "- Aunt Rohani | Aisha's aunt | keeps a letter from the bank | Chapter 2",
      '## Open threads',
      "- the shop's debt to the bank | Introduction | open",
      '- why Daniel left town | Chapter 1 | open',
      '## Established facts',
    ],
  },
  ms: {
    thisPart: 'bahagian ini',
    arc: '## Arka',
    arcLabel: 'Bab 1–3: ',
    rest: (label) => [
      '## Watak',
      `- Aisyah Rahman | pemilik kedai buku | bimbang tentang hutang tetapi mula mempercayai Daniel | ${label}`,
      `- Daniel Lee | tukang masak | berahsia tentang sebab dia pulang | ${label}`,
      '- Mak Su Rohani | ibu saudara Aisyah | menyimpan surat daripada bank | Bab 2',
      '## Urusan belum selesai',
      '- hutang kedai kepada pihak bank | Pengenalan | terbuka',
      '- sebab Daniel meninggalkan pekan | Bab 1 | terbuka',
      '## Fakta yang ditetapkan',
    ],
  },
  id: {
    thisPart: 'bagian ini',
    arc: '## Alur',
    arcLabel: 'Bab 1–3: ',
    rest: (label) => [
      '## Tokoh',
      `- Aisyah Rahman | pemilik toko buku | cemas soal utang tetapi mulai percaya kepada Daniel | ${label}`,
      `- Daniel Lee | juru masak | merahasiakan alasan dia pulang | ${label}`,
      '- Bibi Rohani | bibi Aisyah | menyimpan surat dari bank | Bab 2',
      '## Urusan belum selesai',
      '- utang toko kepada pihak bank | Pendahuluan | terbuka',
      '- alasan Daniel meninggalkan kota | Bab 1 | terbuka',
      '## Fakta yang ditetapkan',
    ],
  },
};

/** The "## Chapter" section of an update with its line written as `format`. */
function partLines(format: BibleLineFormat, label: string, line: string, lang: BookLang): string[] {
  const heading = `## ${CHAPTER_WORD[lang]}`;
  switch (format) {
    case 'plain':
      return [heading, line];
    case 'labelled':
      return [heading, `${label}: ${line}`];
    case 'numbered':
      return [heading, `1. ${line}`];
    case 'numbered-labelled':
      return [heading, `1. ${label} – ${line}`];
    case 'bulleted':
      return [heading, `- ${line}`];
    case 'bold':
      return [heading, `**${label}:** ${line}`];
    case 'heading':
      return [`## ${label}`, line];
    case 'none':
      return [];
  }
}

function bibleUpdate(
  info: RequestInfo,
  facts: readonly string[],
  part: number,
  format: BibleLineFormat = 'plain',
): string {
  const words = UPDATE_WORDS[info.lang];
  const label = info.label ?? words.thisPart;
  const out = partLines(format, label, bibleLineOf(part, info.lang), info.lang);
  if (info.asksArc) {
    const isLabelled = !['plain', 'numbered', 'bulleted', 'none'].includes(format);
    out.push(words.arc, `${isLabelled ? words.arcLabel : ''}${ARC_LINES[info.lang]}`);
  }
  out.push(...words.rest(label));
  out.push(...facts.map((f) => `- ${f}`));
  return out.join('\n');
}

const GENERIC_FACTS: Readonly<Record<BookLang, readonly string[]>> = {
  en: [
    'The bookshop stands on Jalan Pelabuhan, by the ferry pier.',
    'The bank gave the shop ninety days to pay.',
    'Aisha is 29 and Daniel is 31.',
  ],
  ms: [
    'Kedai buku itu terletak di Jalan Pelabuhan, berhampiran jeti feri.',
    'Pihak bank memberi kedai itu sembilan puluh hari untuk membayar.',
    'Aisyah berumur 29 tahun dan Daniel 31 tahun.',
  ],
  id: [
    'Toko buku itu ada di Jalan Pelabuhan, dekat dermaga feri.',
    'Pihak bank memberi toko itu waktu sembilan puluh hari untuk membayar.',
    'Aisyah berumur 29 tahun dan Daniel 31 tahun.',
  ],
};

// ---------------------------------------------------------------------------------------------------
// The models

/** One answer a scripted model gave. */
export interface AnswerRecord {
  /** The fake server's answer index (0-based; probes are not counted). */
  index: number;
  info: Omit<RequestInfo, 'user'>;
  /** Words of the answer as written (before any max_tokens cut), without the character list. */
  words: number;
  /** The language its prose was written in (prose answers only). */
  wrote?: ProseLang;
  text: string;
}

/** An answer function for startFakeOpenAI's `answer`. */
export type Answer = (body: Body, index: number) => string;

/** A scripted model: itself an answer function (`answer: model`), with what it answered. */
export interface ScriptedModel extends Answer {
  readonly model: string;
  /** The answer function for startFakeOpenAI (the model itself). */
  readonly answer: Answer;
  /** Options for startFakeOpenAI: this model's answers, cut at max_tokens unless `honourMaxTokens: false` was given. */
  fakeOptions(extra?: FakeOpenAIOptions): FakeOpenAIOptions;
  /** Every answer given, in order. */
  readonly answers: readonly AnswerRecord[];
  /** The facts planted so far, by chapter (the planter only). */
  readonly planted: ReadonlyMap<number, { token: string; sentence: string }>;
}

export interface ModelOptions {
  /** Words of plan an outline entry runs to (default 90). */
  entryWords?: number;
  /** Start each answer with "[answer N]" (N: the fake's answer index + 1; counted in its words). */
  mark?: boolean;
  /** Cut answers at the request's max_tokens with finish_reason length (default true). */
  honourMaxTokens?: boolean;
  /** How its story-bible updates write the part's line (default `plain`, as the template asks). */
  bibleLine?: BibleLineFormat;
}

interface Behaviour {
  /** Share of the words asked that a prose answer writes. */
  ratio(info: RequestInfo): number;
  /** The language a prose answer is written in. */
  language(info: RequestInfo): ProseLang;
  /** The sentence planted in a prose answer (second sentence), if any. */
  plant?(info: RequestInfo): string | undefined;
  /** The facts a bible update lists. */
  facts(info: RequestInfo): readonly string[];
}

/** `text` with whitespace runs as single spaces, and where each of its characters was in `text`. */
function normalised(text: string): { flat: string; at: number[] } {
  let flat = '';
  const at: number[] = [];
  let wasSpace = false;
  for (let i = 0; i < text.length; i++) {
    const isSpace = /\s/.test(text[i]!);
    if (isSpace && (wasSpace || !flat)) continue;
    flat += isSpace ? ' ' : text[i]!;
    at.push(i);
    wasSpace = isSpace;
  }
  return { flat, at };
}

/** Where in `sentences` a text stopped: the index after the bank sentence that ends latest in it (0 when none). */
function resumeIndex(text: string, sentences: readonly string[]): number {
  let best = -1;
  let bestAt = -1;
  sentences.forEach((s, i) => {
    const at = text.lastIndexOf(s);
    if (at > bestAt) {
      bestAt = at;
      best = i;
    }
  });
  return best + 1;
}

/** `text` cut at `maxTokens` o200k tokens as the fake server cuts it (the tokenizer is loaded on first use). */
function cutAt(text: string, maxTokens: number): string | undefined {
  tokenizer ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/o200k_base') as typeof tokenizer;
  const tokens = tokenizer!.encode(text);
  return tokens.length > maxTokens ? tokenizer!.decode(tokens.slice(0, maxTokens)) : undefined;
}
let tokenizer: { encode(text: string): number[]; decode(tokens: number[]): string } | undefined;

function scriptedModel(name: string, opts: ModelOptions, behaviour: Behaviour): ScriptedModel {
  const answers: AnswerRecord[] = [];
  const planted = new Map<number, { token: string; sentence: string }>();
  const entryWords = opts.entryWords ?? 90;
  const record = (index: number, info: RequestInfo, text: string, words: number, wrote?: ProseLang) => {
    const { user: _user, ...rest } = info;
    answers.push({ index, info: rest, words, text, ...(wrote ? { wrote } : {}) });
    return text;
  };
  const mark = (index: number) => (opts.mark ? `[answer ${index + 1}] ` : '');

  /**
   * The rest of an earlier answer that was cut where `shown` ends, with a little overlap (the engine drops
   * it). The answer is the latest one that holds `shown`; where it was cut is where `maxTokens` cuts it (the
   * continuation asks with the step's own budget), else the first place that ends with `shown`.
   */
  const continuation = (shown: string, maxTokens: number): string | undefined => {
    const needle = normalised(shown).flat.slice(-400);
    if (needle.length < 20) return undefined;
    for (let i = answers.length - 1; i >= 0; i--) {
      const full = answers[i]!.text;
      const { flat, at } = normalised(full);
      if (!flat.includes(needle)) continue;
      const budgeted = maxTokens > 0 ? cutAt(full, maxTokens) : undefined;
      const cut =
        budgeted !== undefined && normalised(budgeted).flat.endsWith(needle)
          ? budgeted.length
          : at[flat.indexOf(needle) + needle.length - 1]! + 1;
      if (cut >= full.length) return undefined;
      return full.slice(Math.max(0, cut - 60));
    }
    return undefined;
  };

  const answer = (body: Body, index: number): string => {
    const info = describeRequest(body);
    if (info.follow === 'continuation' && info.shownEnding) {
      const rest = continuation(info.shownEnding, Number(body.max_tokens ?? body.max_completion_tokens ?? 0));
      if (rest) return record(index, info, rest, wordsIn(rest));
    }
    if (info.kind === 'memory') {
      const part = info.label ? Number(/(\d+)/.exec(info.label)?.[1] ?? 0) : 0;
      const text = bibleUpdate(info, behaviour.facts(info), part, opts.bibleLine);
      return record(index, info, opts.mark ? text.replace(/\n/, `\n${mark(index)}`) : text, wordsIn(text));
    }
    if (info.kind === 'outline') {
      const isStory = info.isStory ?? true;
      const text = info.missing
        ? [
            ...outlineEntries(info.missing[0], info.missing[1], info.lang, entryWords),
            outlineEnd(info.lang, isStory),
          ].join('\n\n')
        : writeOutline(info.chapters ?? 12, info.lang, entryWords, isStory);
      const marked = opts.mark ? `${text}\n\n${mark(index).trim()}` : text;
      return record(index, info, marked, wordsIn(marked));
    }
    if (info.asked > 0) {
      const language = behaviour.language(info);
      const sentences = SENTENCES[language];
      const words = Math.round(behaviour.ratio(info) * info.asked);
      // Each part and each extension in its own block of sentences (PROSE_BLOCK): its prose repeats no other's
      // (a continuation writes its part's own text again, from where it was cut).
      const block =
        info.follow === 'extension' ? 1000 + index : 2 * (info.chapter ?? 0) + (info.kind === 'conclusion' ? 1 : 0);
      const start =
        block * PROSE_BLOCK +
        (info.follow === 'extension' && info.shownEnding
          ? resumeIndex(withoutVariants(info.shownEnding), sentences)
          : (info.chapter ?? 0) * 5 + (info.kind === 'conclusion' ? 3 : 0));
      const prefix = mark(index);
      const fact = info.follow !== 'extension' ? behaviour.plant?.(info) : undefined;
      const budget = Math.max(1, words - wordsIn(prefix) - (fact ? wordsIn(fact) : 0));
      let text = writeProse(budget, sentences, start);
      if (fact) {
        // The fact goes in as the second sentence: early in the part, so the next chapter's "previous ending" does not
        // carry it.
        const first = text.indexOf('. ') + 1;
        text = first > 0 ? `${text.slice(0, first)} ${fact}${text.slice(first)}` : `${text} ${fact}`;
      }
      text = `${prefix}${text}`;
      const counted = wordsIn(text);
      if (info.wantsCharacterDetails && info.follow !== 'extension')
        text = `${text}\n\n${characterDetailsBlock(language)}\n`;
      return record(index, info, text, counted, language);
    }
    const text = `${mark(index)}${writeProse(40, SENTENCES[info.lang], index)}`;
    return record(index, info, text, wordsIn(text), info.lang);
  };

  const model = Object.assign((body: Body, index: number) => answer(body, index), {
    model: name,
    answer,
    answers,
    planted,
    fakeOptions: (extra: FakeOpenAIOptions = {}): FakeOpenAIOptions => ({
      honourMaxTokens: opts.honourMaxTokens ?? true,
      ...extra,
      answer,
    }),
  }) satisfies ScriptedModel;
  if (behaviour.plant) {
    const plant = behaviour.plant;
    behaviour.plant = (info) => {
      const sentence = plant(info);
      if (sentence && info.chapter) planted.set(info.chapter, { token: plantedTokensIn(sentence)[0]!, sentence });
      return sentence;
    };
  }
  return model;
}

/**
 * A model that writes `ratio` × every ask: each part and each length extension comes back with
 * round(ratio × the words asked) words. Outlines and story-bible updates are written in full.
 * @example startFakeOpenAI(underWriter(0.6).fakeOptions())
 */
export function underWriter(ratio: number, opts: ModelOptions = {}): ScriptedModel {
  return scriptedModel(`under-writer ${ratio}`, opts, {
    ratio: () => ratio,
    language: (info) => info.lang,
    facts: (info) => GENERIC_FACTS[info.lang],
  });
}

export interface DrifterOptions extends ModelOptions {
  /** The language a Malay book's drifting parts are written in: Indonesian (default) or English. */
  into?: 'id' | 'en' | ((info: RequestInfo) => 'id' | 'en');
  /** Which parts drift: all of them (default), the chapters numbered, or those a predicate picks. */
  parts?: 'all' | readonly number[] | ((info: RequestInfo) => boolean);
  /** Drift also when asked again with the firm language line (default false: that answer is in the book's language). */
  stubborn?: boolean | ((info: RequestInfo) => boolean);
  /** An English book's drifting parts are written in Malay (default false: English books are answered in English). */
  reverse?: boolean;
  /** Share of each ask written (default 1). */
  ratio?: number;
}

/**
 * A model that answers a Malay book's parts (some or all) in Indonesian or English, and otherwise writes
 * every ask in full in the book's language (outlines and story-bible updates included).
 * @example drifter({ into: 'id', parts: [2, 4] })
 */
export function drifter(opts: DrifterOptions = {}): ScriptedModel {
  const picks = (info: RequestInfo) => {
    const p = opts.parts ?? 'all';
    if (p === 'all') return true;
    if (typeof p === 'function') return p(info);
    return info.chapter !== undefined && p.includes(info.chapter);
  };
  const isStubborn = (info: RequestInfo) =>
    typeof opts.stubborn === 'function' ? opts.stubborn(info) : (opts.stubborn ?? false);
  return scriptedModel(`drifter ${typeof opts.into === 'string' ? opts.into : 'id'}`, opts, {
    ratio: () => opts.ratio ?? 1,
    language: (info) => {
      const isPart = info.kind === 'introduction' || info.kind === 'chapter' || info.kind === 'conclusion';
      if (!isPart || !picks(info) || (info.follow === 'firm' && !isStubborn(info))) return info.lang;
      if (info.lang === 'en') return opts.reverse ? 'ms' : 'en';
      return typeof opts.into === 'function' ? opts.into(info) : (opts.into ?? 'id');
    },
    facts: (info) => GENERIC_FACTS[info.lang],
  });
}

/**
 * A model that writes every part at its target and plants one unique fact in each chapter (see
 * plantedFact; recorded in `planted`); its story-bible updates list, under Established facts, every
 * planted fact the request shows (the bible so far and the new part), in the order they appear.
 */
export function planter(opts: ModelOptions = {}): ScriptedModel {
  return scriptedModel('planter', opts, {
    ratio: () => 1,
    language: (info) => info.lang,
    plant: (info) =>
      info.kind === 'chapter' && info.chapter ? plantedFact(info.chapter, info.lang).sentence : undefined,
    facts: (info) => plantedTokensIn(info.user).map((t) => plantedFact(Number(t.split('-')[1]), info.lang).sentence),
  });
}

/**
 * A model that writes outlines of about `entryWords` words an entry, and everything else in full (as underWriter(1)).
 */
export function outliner(entryWords = 90, opts: ModelOptions = {}): ScriptedModel {
  return Object.assign(underWriter(1, { ...opts, entryWords }), { model: `outliner ${entryWords}` });
}
