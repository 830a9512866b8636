// Outlines as models really write them (engine/compile/outline.ts): numbered, bold, headings, "Chapter N:",
// "Bab N:", number words, preambles, guides with key points, fixed sections; in English and Malay. Each
// expectation is what a reader of the outline sees: which chapters it plans, their titles, the premise and
// the ending.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numberOf, outlineEntry, parseOutline } from '../../engine/compile/outline.js';

/** A longer outline kept as the model wrote it, in tests/engine/outlines/. */
const fixture = (name: string) => readFileSync(new URL(`./outlines/${name}`, import.meta.url), 'utf8');

const words = (n: number, seed = 'the rain falls on the harbour and Aisha keeps walking home') => {
  const w = seed.split(' ');
  return `${Array.from({ length: n }, (_, i) => w[i % w.length]).join(' ')}.`;
};

const EN_UNITS = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const EN_TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];
/** 21 → "Twenty-One", 100 → "One Hundred", as a writer spells a chapter number. */
const enWords = (n: number): string =>
  n === 100
    ? 'One Hundred'
    : n < 20
      ? EN_UNITS[n]!
      : EN_TENS[Math.floor(n / 10)]! + (n % 10 ? `-${EN_UNITS[n % 10]}` : '');
const MS_UNITS = ['', 'Satu', 'Dua', 'Tiga', 'Empat', 'Lima', 'Enam', 'Tujuh', 'Lapan', 'Sembilan'];
/** 12 → "Dua Belas", 21 → "Dua Puluh Satu", 100 → "Seratus", in Malay. */
const msWords = (n: number): string =>
  n === 100
    ? 'Seratus'
    : n === 10
      ? 'Sepuluh'
      : n === 11
        ? 'Sebelas'
        : n < 10
          ? MS_UNITS[n]!
          : n < 20
            ? `${MS_UNITS[n - 10]} Belas`
            : `${MS_UNITS[Math.floor(n / 10)]} Puluh${n % 10 ? ` ${MS_UNITS[n % 10]}` : ''}`;

interface Case {
  name: string;
  text: string;
  count: number;
  /** The chapters the entries are for, in order (1..count when not given). */
  numbers?: number[];
  titles?: Record<number, string | undefined>;
  plans?: Record<number, RegExp>;
  /** Text an entry must not carry (a key point taken for a chapter, the next part's heading, the model's remarks). */
  notInEntry?: Record<number, RegExp>;
  /** Text an entry's plan must not carry (its title, read from a "Title:" line). */
  notInPlan?: Record<number, RegExp>;
  /** The working title; null when the outline gives none. */
  title?: string | null;
  premise?: RegExp | null;
  characters?: RegExp | null;
  ending?: RegExp | null;
  sectionLabels?: string[];
}

const cases: Case[] = [
  {
    name: 'en: the format the templates ask for',
    text:
      `Title: Lights on the Harbour\nPremise: Aisha looks for her father.\nMain characters:\n- Aisha: ` +
      `a journalist\n- Daniel: a fisherman\n\nChapter 1: The Letter\nAisha finds a letter under the ` +
      `stairs.\n\nChapter 2: The Harbour\nShe goes to the harbour and meets Daniel.\n\nChapter 3: ` +
      `Storm Warning\nA storm traps them.\n\nEnding: She finds her father at the lighthouse.`,
    count: 3,
    titles: { 1: 'The Letter', 2: 'The Harbour', 3: 'Storm Warning' },
    plans: { 2: /meets Daniel/ },
    title: 'Lights on the Harbour',
    premise: /looks for her father/,
    ending: /lighthouse/,
  },
  {
    name: 'en: GPT-style bold headings with a preamble',
    text:
      `Here is a detailed outline for your romance:\n\n**Title:** *Monsoon Hearts*\n\n**Premise:** ` +
      `Two rivals run competing cafés in Penang.\n\n**Chapter 1: Opening Day**\nMaya opens her café ` +
      `across from Arif's.\n\n**Chapter 2: The Price War**\nThey cut prices until both lose money.\n\n` +
      `**Chapter 3: Flood**\nThe monsoon floods the street.\n\n**Conclusion:** They merge the cafés.`,
    count: 3,
    titles: { 1: 'Opening Day', 2: 'The Price War', 3: 'Flood' },
    title: 'Monsoon Hearts',
    premise: /rival/,
    ending: /merge/,
  },
  {
    name: 'en: markdown headings "### Chapter N:" with bullet points',
    text:
      `# Outline\n\n### Chapter 1: Arrival\n- Nora arrives in Ipoh.\n- She meets ` +
      `her aunt.\n\n### Chapter 2: Secrets\n- The aunt hides a diary.\n\n### ` +
      `Chapter 3: The Diary\n- Nora reads it.\n\n## Ending\nNora stays in Ipoh.`,
    count: 3,
    titles: { 1: 'Arrival', 2: 'Secrets', 3: 'The Diary' },
    plans: { 1: /meets her aunt/ },
    ending: /stays in Ipoh/,
  },
  {
    name: 'en: a plain numbered list with title and plan on one line',
    text:
      `1. The Storm – Aisha is stranded at sea and radios for help.\n2. Rescue – Daniel hears her ` +
      `call.\n3. Ashore – They argue on the beach.\n4. The Truth – He admits he knew her father.`,
    count: 4,
    titles: { 1: 'The Storm', 4: 'The Truth' },
    plans: { 1: /stranded at sea/ },
  },
  {
    name: 'en: "**1. Title**" bold numbered heads',
    text:
      `**1. First Light**\nDawn over the kampung.\n\n**2. The Visitor**\n` +
      `A stranger arrives.\n\n**3. Rumours**\nThe village talks.`,
    count: 3,
    titles: { 1: 'First Light', 2: 'The Visitor', 3: 'Rumours' },
  },
  {
    name: 'en: entries whose head is a plan sentence (no title)',
    text:
      `Chapter 1: Aisha finds the letter and confronts her father, who admits ` +
      `everything.\nChapter 2: Daniel leaves town after the argument at the pasar malam.`,
    count: 2,
    titles: { 1: undefined, 2: undefined },
    plans: { 1: /confronts her father/ },
  },
  {
    name: 'en: number words and quoted titles',
    text:
      `Chapter One: "The Beginning"\nIt starts.\n\nChapter Two - "The ` +
      `Middle"\nIt goes on.\n\nChapter Twenty-One: The End\nIt ends.`,
    count: 3,
    numbers: [1, 2, 21],
    titles: { 1: 'The Beginning', 2: 'The Middle', 21: 'The End' },
  },
  {
    name: 'en: a guide outline whose chapters list numbered key points',
    text:
      `Title: Money Basics\n\nChapter 1: Budgeting\n1. Track spending\n2. Set limits\n` +
      `3. Review monthly\n\nChapter 2: Saving\n1. Emergency fund\n2. Automate\n\n` +
      `Chapter 3: Investing\n1. Index funds\n\nConclusion: A plan for the next year.`,
    count: 3,
    titles: { 1: 'Budgeting', 2: 'Saving', 3: 'Investing' },
    plans: { 1: /Track spending[\s\S]*Review monthly/ },
    ending: /next year/,
  },
  {
    name: 'en: the offline demo shape "1. Chapter 1: …"',
    text:
      `Title: A Tale\n\n1. Chapter 1: gentle beginnings, ` +
      `familiar turns\n2. Chapter 2: warm beginnings, quiet turns`,
    count: 2,
    titles: { 1: 'gentle beginnings, familiar turns' },
  },
  {
    name: 'en: "Chapter N" alone on a line, the title on the next',
    text: `CHAPTER 1\nThe Arrival\nShe lands in KL at night.\n\nCHAPTER 2\nThe Job\nShe starts at the newspaper.`,
    count: 2,
    plans: { 1: /lands in KL/ },
  },
  {
    name: 'en: a realistic 40-chapter outline with ~90-word entries',
    text: [
      'Title: Forty Nights',
      'Premise: A long story.',
      ...Array.from({ length: 40 }, (_, i) => `Chapter ${i + 1}: Night ${i + 1}\n${words(90)}`),
      'Ending: Morning comes.',
    ].join('\n\n'),
    count: 40,
    titles: { 1: 'Night 1', 40: 'Night 40' },
    ending: /Morning comes/,
  },
  {
    name: "en: a fixed-section guide found by its sections' names",
    text:
      `Title: Penang in a Week\n\n1. Cultural & Historical Highlights: George Town's ` +
      `heritage.\n2. Food & Dining Guide: hawker centres.\n3. Getting Around: buses and Grab.`,
    sectionLabels: ['Cultural & Historical Highlights', 'Food & Dining Guide', 'Getting Around'],
    count: 3,
    plans: { 2: /hawker/ },
  },
  {
    name: 'ms: the format the templates ask for',
    text:
      `Tajuk: Lampu di Pelabuhan\nPremis: Aisyah mencari ayahnya yang hilang.\nWatak ` +
      `utama:\n- Aisyah: wartawan\n\nBab 1: Surat\nAisyah menemui sepucuk surat.\n\nBab 2: ` +
      `Pelabuhan\nDia pergi ke pelabuhan.\n\nPengakhiran: Dia menemui ayahnya di rumah api.`,
    count: 2,
    titles: { 1: 'Surat', 2: 'Pelabuhan' },
    title: 'Lampu di Pelabuhan',
    premise: /mencari ayahnya/,
    ending: /rumah api/,
  },
  {
    name: 'ms: number words "Bab Satu", "Bab Dua Belas" and a "Kesimpulan:" block',
    text:
      `Bab Satu: Permulaan\nSemuanya bermula.\n\nBab Dua: Pertemuan\nMereka bertemu.\n` +
      `\nBab Dua Belas: Penamat\nSemuanya berakhir.\n\nKesimpulan:\nMereka berkahwin.`,
    count: 3,
    numbers: [1, 2, 12],
    titles: { 1: 'Permulaan', 2: 'Pertemuan', 12: 'Penamat' },
    ending: /berkahwin/,
  },
  {
    name: 'ms: bold heads with a preamble',
    text:
      `Berikut ialah rangka terperinci:\n\n**Tajuk: Hujan di Kuala Lumpur**\n\n**Bab 1: Hujan ` +
      `Pertama**\nMaya terperangkap dalam hujan.\n\n**Bab 2: Payung Biru**\nArif menawarkan payungnya.`,
    count: 2,
    titles: { 1: 'Hujan Pertama', 2: 'Payung Biru' },
    title: 'Hujan di Kuala Lumpur',
  },
  {
    name: 'ms: headings "## Bab ke-3"',
    text:
      `## Bab ke-1 — Kampung\nKisah bermula di kampung.\n\n## Bab ke-2 — Bandar\n` +
      `Dia berpindah ke bandar.\n\n## Bab ke-3 — Pulang\nDia pulang semula.`,
    count: 3,
    titles: { 1: 'Kampung', 3: 'Pulang' },
  },
  {
    name: 'ms: a numbered list',
    text:
      `1. Permulaan – Aisyah tiba di Melaka.\n2. Rahsia – Neneknya ` +
      `menyimpan rahsia.\n3. Pengakuan – Rahsia itu terbongkar.`,
    count: 3,
    titles: { 1: 'Permulaan', 3: 'Pengakuan' },
    plans: { 2: /menyimpan rahsia/ },
  },
  {
    name: 'ms: a guide with key points under each chapter',
    text:
      `Tajuk: Asas Kewangan\n\nBab 1: Bajet\n1. Catat perbelanjaan\n2. Tetapkan had\n` +
      `\nBab 2: Simpanan\n1. Dana kecemasan\n\nKesimpulan: Pelan untuk tahun depan.`,
    count: 2,
    titles: { 1: 'Bajet', 2: 'Simpanan' },
    plans: { 1: /Tetapkan had/ },
    ending: /tahun depan/,
  },
  {
    name: 'ms: entries whose head is a sentence',
    text:
      `Bab 1: Aisyah menemui surat itu dan bersemuka dengan ayahnya, yang mengaku ` +
      `segala-galanya.\nBab 2: Daniel meninggalkan pekan selepas pertengkaran di pasar malam.`,
    count: 2,
    titles: { 1: undefined },
    plans: { 1: /bersemuka/ },
  },
  {
    name: 'ms: the offline demo shape',
    text: `Tajuk: Kisah\n\nBab 1: Cahaya Pertama\nPermulaan tenang.\n\nBab 2: Pintu Terbuka\nLiku biasa.`,
    count: 2,
    titles: { 1: 'Cahaya Pertama', 2: 'Pintu Terbuka' },
  },
  {
    name: 'ms: a 40-chapter outline',
    text: [
      'Tajuk: Empat Puluh Malam',
      ...Array.from(
        { length: 40 },
        (_, i) =>
          `Bab ${i + 1}: Malam ${i + 1}\n${words(90, 'hujan turun di pelabuhan dan Aisyah terus berjalan pulang')}`,
      ),
      'Pengakhiran: Pagi tiba.',
    ].join('\n\n'),
    count: 40,
    titles: { 40: 'Malam 40' },
    ending: /Pagi tiba/,
  },
  {
    name: 'ms: a fixed-section guide',
    text:
      `Tajuk: Pulau Pinang\n\nSorotan Budaya & Sejarah\nWarisan ` +
      `George Town.\n\nPanduan Makanan & Tempat Makan\nPusat penjaja.`,
    sectionLabels: ['Sorotan Budaya & Sejarah', 'Panduan Makanan & Tempat Makan'],
    count: 2,
    plans: { 2: /penjaja/ },
  },
  {
    name: 'ms: "Bahagian" entries',
    text: `Bahagian 1: Pengenalan kepada tabiat\nApa itu tabiat.\n\nBahagian 2: Membina tabiat\nLangkah demi langkah.`,
    count: 2,
    titles: { 1: 'Pengenalan kepada tabiat' },
  },

  // ---- Longer outlines as models write them (tests/engine/outlines/) ----
  {
    name:
      'en: a GPT-style romance (chatty preamble, bold labels, "### **Chapter ' +
      'N: …**" with bullets, rules, "### **Ending**", a closing offer)',
    text: fixture('en-gpt-romance.md'),
    count: 5,
    titles: { 1: 'Opening Day', 3: 'The Letter', 5: 'The Offer' },
    plans: { 2: /rent is due/, 4: /talk until dawn/ },
    notInEntry: { 5: /Let me know|Arif refuses/ },
    title: 'Monsoon Hearts',
    premise: /rival cafés/,
    characters: /Maya Tan[\s\S]*Arif Rahman[\s\S]*Mr\. Lau/,
    ending: /heritage hearing/,
  },
  {
    name:
      'en: a guide whose "## Chapter N:" entries list numbered ' +
      'key points, a question for a title and a "## Conclusion"',
    text: fixture('en-guide-key-points.md'),
    count: 4,
    titles: { 1: 'Where Does Your Salary Go?', 2: 'A Budget That Survives Real Life', 4: 'Your First Investment' },
    plans: { 1: /Read your payslip[\s\S]*Spot the leaks/, 3: /snowball/ },
    title: "Money Without Fear: A First-Jobber's Guide to Personal Finance in Malaysia",
    premise: /fresh graduates/,
    characters: null,
    ending: /twelve-month action plan/,
  },
  {
    name:
      'en: "Part One/Two/Three" headings grouping bold "Chapter N – ' +
      'Title" entries, a heading title, a logline and an "Epilogue:"',
    text: fixture('en-parts-epilogue.md'),
    count: 5,
    titles: { 1: 'The Ferry', 3: 'Lights Out', 5: 'Crossing' },
    plans: { 4: /logbook/ },
    notInEntry: { 2: /Part Two/, 4: /Part Three/, 5: /turtles return/ },
    title: 'The Lighthouse at Tanjung Api',
    premise: /disgraced marine biologist/,
    ending: /turtles return/,
  },
  {
    name:
      'ms: a GPT-style novel (Baiklah! Berikut…, numbered "Watak-watak ' +
      'Utama", "### Bab N:" with bullets, "### Peleraian", a closing offer)',
    text: fixture('ms-gpt-novel.md'),
    count: 4,
    titles: { 1: 'Payung Biru', 2: 'Surat Lama', 4: 'Kebenaran' },
    plans: { 3: /lagu lama/ },
    notInEntry: { 4: /Beritahu saya|mendamaikan/ },
    title: 'Hujan di Kuala Lumpur',
    premise: /berkongsi payung/,
    characters: /Maya[\s\S]*Arif[\s\S]*Mak Jah/,
    ending: /mendamaikan kedua-dua keluarga/,
  },
  {
    name: 'ms: "Bab Satu" … "Bab Dua Belas" in words, "Watak utama:" and a "Kesimpulan:" block',
    text: fixture('ms-bab-perkataan.md'),
    count: 12,
    titles: { 1: 'Ikan Mati', 9: 'Kilang Ditutup', 11: 'Berdamai', 12: 'Sungai Kembali' },
    plans: { 6: /sungai melimpah/ },
    notInEntry: { 12: /duta alam sekitar/ },
    title: 'Anak Sungai Pahang',
    premise: /Temerloh/,
    characters: /Cikgu Salmah/,
    ending: /duta alam sekitar/,
  },
  {
    name:
      'ms: "## Bahagian Satu" headings grouping "### Bab N" entries (Bahagian ' +
      'is not chapter 1), "# Rangka Novel" is not the title, "## Penamat"',
    text: fixture('ms-bahagian-kumpulan.md'),
    count: 4,
    titles: { 1: 'Kedai Jam', 3: 'Surat yang Tidak Dihantar' },
    notInEntry: { 2: /Bahagian Dua|1989/ },
    title: 'Rumah di Bukit Cina',
    ending: /berdetik semula/,
  },

  // ---- More shapes ----
  {
    name: 'en: a Markdown table of chapters',
    text:
      `Here is the outline as a table:\n\n| Chapter | Title | Summary |\n|---|---|---|\n| 1 | The ` +
      `Storm | Aisha is stranded at sea. |\n| 2 | Rescue | Daniel hears her radio call. |\n| 3 | ` +
      `Ashore | They argue on the beach. |\n\nIn the end, Aisha learns Daniel knew her father.`,
    count: 3,
    titles: { 1: 'The Storm', 2: 'Rescue', 3: 'Ashore' },
    plans: { 2: /radio call/ },
    notInEntry: { 3: /In the end/ },
    premise: null,
    ending: /knew her father/,
  },
  {
    name: 'en: numbered characters, then numbered chapters, then an unlabelled closing paragraph',
    text:
      `Title: The Night Market\n\nMain characters:\n1. Aisha – a journalist looking for her father\n2. Daniel ` +
      `– a fisherman who knows too much\n\n1. The Stall – Aisha buys a lantern from a stall that was closed ` +
      `for ten years.\n2. The Fisherman – Daniel recognises the lantern.\n3. The Confession – Daniel admits he ` +
      `saw her father last.\n\nUltimately, Aisha forgives the town for its silence and stays to run the stall.`,
    count: 3,
    titles: { 1: 'The Stall', 3: 'The Confession' },
    notInEntry: { 3: /Ultimately/ },
    title: 'The Night Market',
    characters: /Aisha – a journalist[\s\S]*Daniel – a fisherman/,
    ending: /run the stall/,
  },
  {
    name:
      'en: "CHAPTER N" heads with "Title:", "Setting:", "Summary:" and ' +
      'a chapter\'s own "Ending:" lines, then the book\'s "Ending:"',
    text:
      `CHAPTER 1\nTitle: The Arrival\nSetting: KLIA, after midnight\nSummary: Aisha lands with ` +
      `no one to meet her.\nEnding: a stranger holds a sign with her name.\n\nCHAPTER 2\nTitle: ` +
      `The Stranger\nSetting: the airport train\nSummary: The stranger says he worked with her ` +
      `father.\nEnding: he vanishes at KL Sentral.\n\nCHAPTER 3\nTitle: Home\nSummary: Aisha ` +
      `opens her father's flat.\n\nEnding: Aisha finds her father alive in Ipoh and forgives him.`,
    count: 3,
    titles: { 1: 'The Arrival', 2: 'The Stranger', 3: 'Home' },
    plans: { 1: /KLIA[\s\S]*sign with her name/, 2: /vanishes at KL Sentral/ },
    notInPlan: { 1: /Title:|The Arrival/ },
    ending: /alive in Ipoh/,
  },
  {
    name: 'en: entries written after the ending (the outline asked again for its missing chapters)',
    text:
      `Title: Rain\n\nChapter 1: The Letter\nAisha finds a letter.\n\nChapter 2: The Harbour\n` +
      `She goes to the harbour.\n\nEnding: She finds her father at the lighthouse.\n\nChapter 3: ` +
      `The Storm\nA storm traps them.\n\nChapter 4: The Lighthouse\nThey climb the lighthouse.`,
    count: 4,
    titles: { 3: 'The Storm', 4: 'The Lighthouse' },
    notInEntry: { 2: /Ending/ },
    ending: /father at the lighthouse/,
  },
  {
    name:
      'en: "Chapter One Last Chance" (number words with no delimiter), ' +
      'Roman numerals and "Chapter 4 (about 3,000 words): …"',
    text:
      `Chapter One Last Chance\nThe band plays its final gig.\n\nChapter II: ` +
      `Encore\nThey are asked back.\n\nChapter Three – The Tour\nA bus across ` +
      `the peninsula.\n\nChapter 4 (about 3,000 words): Home\nThey split up.`,
    count: 4,
    titles: { 1: 'Last Chance', 2: 'Encore', 3: 'The Tour', 4: 'Home' },
  },
  {
    name: 'en: an outline cut after its first entry, whose key points are numbered (they are not chapters 1 to 3)',
    text: `Title: Money Basics\n\nChapter 1: Budgeting\n1. Track spending\n2. Set limits\n3. Review mon`,
    count: 1,
    titles: { 1: 'Budgeting' },
    plans: { 1: /Set limits/ },
  },
  {
    name: 'ms: a Markdown table with "Bab N" cells',
    text:
      `| Bab | Tajuk | Ringkasan |\n| --- | --- | --- |\n| Bab 1 | Hujan | Maya terperangkap dalam hujan. ` +
      `|\n| Bab 2 | Payung | Arif menawarkan payungnya. |\n\nPengakhiran: Mereka berkahwin di Melaka.`,
    count: 2,
    titles: { 1: 'Hujan', 2: 'Payung' },
    plans: { 1: /terperangkap/ },
    ending: /berkahwin di Melaka/,
  },
  {
    name: 'ms: ordinals "Bab Pertama", "Bab Kedua", "Bab Kesepuluh"',
    text:
      `Bab Pertama: Permulaan\nAli tiba di kampung.\n\nBab Kedua: Sahabat\nAli ` +
      `berkawan dengan Siti.\n\nBab Kesepuluh: Pulang\nAli pulang ke bandar.`,
    count: 3,
    numbers: [1, 2, 10],
    titles: { 1: 'Permulaan', 2: 'Sahabat', 10: 'Pulang' },
  },
  {
    name:
      'ms: numbered characters before a numbered list of chapters, ' +
      'an unlabelled closing paragraph and a closing offer',
    text:
      `Tajuk: Pasar Malam\n\nWatak utama:\n1. Aisyah – wartawan yang mencari ayahnya\n2. Daniel – ` +
      `nelayan yang tahu terlalu banyak\n\n1. Gerai Lama – Aisyah membeli tanglung dari gerai yang ` +
      `sudah sepuluh tahun ditutup.\n2. Nelayan – Daniel mengenali tanglung itu.\n3. Pengakuan – ` +
      `Daniel mengaku dialah orang terakhir yang melihat ayahnya.\n\nPada akhirnya, Aisyah memaafkan ` +
      `pekan itu dan mengambil alih gerai tersebut.\n\nBeritahu saya jika anda mahu sebarang perubahan.`,
    count: 3,
    titles: { 1: 'Gerai Lama', 3: 'Pengakuan' },
    notInEntry: { 3: /Pada akhirnya|Beritahu/ },
    title: 'Pasar Malam',
    characters: /Aisyah – wartawan/,
    ending: /mengambil alih gerai/,
  },
  {
    name: 'ms: a fixed-section guide whose sections are numbered as the prompt listed them, with "Kesimpulan:"',
    text:
      `Tajuk: Panduan Pulau Pinang\nPremis: Untuk pelancong yang ada seminggu.\n\n1. Sorotan Budaya & Sejarah\n` +
      `Warisan George Town dan kuil-kuil lama.\n\n2. Panduan Makanan & Tempat Makan\nPusat penjaja di Gurney ` +
      `dan Air Itam.\n\n3. Pengangkutan\nBas Rapid Penang dan feri.\n\nKesimpulan: Jadual tujuh hari.`,
    sectionLabels: ['Sorotan Budaya & Sejarah', 'Panduan Makanan & Tempat Makan', 'Pengangkutan'],
    count: 3,
    plans: { 2: /Gurney/, 3: /feri/ },
    title: 'Panduan Pulau Pinang',
    premise: /pelancong/,
    ending: /tujuh hari/,
  },
  {
    name: 'ms: "Bab N" entries with "Isi-isi utama" numbered under each (not chapters) and a bold "**Kesimpulan**"',
    text:
      `**Tajuk:** Asas Pelaburan\n\n**Bab 1: Mengapa Melabur?**\nIsi-isi utama:\n1. Inflasi\n2. ` +
      `Faedah kompaun\n3. Matlamat\n\n**Bab 2: ASB dan Tabung Haji**\nIsi-isi utama:\n1. Dividen\n2. ` +
      `Risiko\n\n**Bab 3: Unit Amanah**\n1. Yuran\n\n**Kesimpulan**\nPelan pelaburan pertama anda.`,
    count: 3,
    titles: { 1: 'Mengapa Melabur?', 2: 'ASB dan Tabung Haji' },
    plans: { 1: /Inflasi[\s\S]*Matlamat/ },
    title: 'Asas Pelaburan',
    ending: /Pelan pelaburan/,
  },
];

describe('outlines as models write them', () => {
  it.each(cases)('$name', (c) => {
    const parsed = parseOutline(c.text, c.sectionLabels ? { sectionLabels: c.sectionLabels } : {});
    expect(parsed.entries.map((e) => e.number)).toEqual(c.numbers ?? Array.from({ length: c.count }, (_, i) => i + 1));
    for (const [n, title] of Object.entries(c.titles ?? {}))
      expect(outlineEntry(parsed, Number(n))?.title, `title of ${n}`).toBe(title);
    for (const [n, plan] of Object.entries(c.plans ?? {})) {
      expect(outlineEntry(parsed, Number(n))?.text, `entry ${n}`).toMatch(plan);
      expect(outlineEntry(parsed, Number(n))?.plan, `plan of ${n}`).toMatch(plan);
    }
    for (const [n, not] of Object.entries(c.notInEntry ?? {}))
      expect(outlineEntry(parsed, Number(n))?.text, `entry ${n}`).not.toMatch(not);
    for (const [n, not] of Object.entries(c.notInPlan ?? {}))
      expect(outlineEntry(parsed, Number(n))?.plan, `plan of ${n}`).not.toMatch(not);
    if (c.title !== undefined) expect(parsed.title).toBe(c.title ?? undefined);
    if (c.premise) expect(parsed.premise).toMatch(c.premise);
    else if (c.premise === null) expect(parsed.premise).toBeUndefined();
    if (c.characters) expect(parsed.characters).toMatch(c.characters);
    else if (c.characters === null) expect(parsed.characters).toBeUndefined();
    if (c.ending) expect(parsed.ending).toMatch(c.ending);
    else if (c.ending === null) expect(parsed.ending).toBeUndefined();
    // Titles never keep Markdown marks or quotes.
    for (const e of parsed.entries) if (e.title) expect(e.title).not.toMatch(/[*_#`]|^["“']|["”']$/);
    // An entry's text never runs into the next entry or the ending.
    for (const e of parsed.entries) {
      const next = parsed.entries.find((x) => x.number > e.number);
      if (next?.title) expect(e.text).not.toContain(next.title);
      if (c.ending) expect(e.text).not.toMatch(c.ending);
    }
  });

  it('reads number words in both languages', () => {
    expect(
      [
        'three',
        'twenty-one',
        'forty',
        'satu',
        'dua belas',
        'dua puluh satu',
        'empat puluh',
        'sebelas',
        'ke-3',
        'IV',
      ].map(numberOf),
    ).toEqual([3, 21, 40, 1, 12, 21, 40, 11, 3, 4]);
  });

  it('gives an empty outline no entries', () => {
    expect(parseOutline('').entries).toEqual([]);
    expect(parseOutline(undefined).entries).toEqual([]);
  });

  it(
    'any outline of "Chapter k: title" entries, each in any of the ' +
      'shapes, parses to exactly its chapters with their titles (property)',
    () => {
      // Entries headed "Chapter k"/"Bab k": numbered key points under them must never become chapters.
      const chapterShapes = [
        (k: number, t: string) => `Chapter ${k}: ${t}`,
        (k: number, t: string) => `Chapter ${k} - ${t}`,
        (k: number, t: string) => `Chapter ${k} — ${t}`,
        (k: number, t: string) => `Chapter ${k}. ${t}`,
        (k: number, t: string) => `Chapter ${enWords(k)}: ${t}`,
        (k: number, t: string) => `CHAPTER ${k}\n${t}`,
        (k: number, t: string) => `Bab ${k}: ${t}`,
        (k: number, t: string) => `Bab ${msWords(k)}: ${t}`,
        (k: number, t: string) => `Bab ke-${k}: ${t}`,
        (k: number, t: string) => `**Chapter ${k}: ${t}**`,
        (k: number, t: string) => `**Chapter ${k}:** ${t}`,
        (k: number, t: string) => `### Chapter ${k}: ${t}`,
        (k: number, t: string) => `## Bab ${k} — ${t}`,
        (k: number, t: string) => `- Chapter ${k}: ${t}`,
        (k: number, t: string) => `${k}. Chapter ${k}: ${t}`,
        (k: number, t: string) => `Chapter ${k}: "${t}"`,
      ];
      // Entries that are a numbered list.
      const listShapes = [
        (k: number, t: string) => `${k}. ${t}`,
        (k: number, t: string) => `${k}) ${t}`,
        (k: number, t: string) => `**${k}. ${t}**`,
        (k: number, t: string) => `## ${k}. ${t}`,
      ];
      const word = fc.constantFrom(
        'Lantern',
        'Harbour',
        'Monsoon',
        'Letter',
        'Secret',
        'Kampung',
        'Pelabuhan',
        'Hujan',
        'Rahsia',
        'Surat',
        'Night',
        'Market',
        'Rumah',
        'Api',
        'Blue',
        'Laut',
        'Angin',
        'Tide',
      );
      const title = fc.array(word, { minLength: 1, maxLength: 5 }).map((w) => w.join(' '));
      const sentence = fc.constantFrom(
        'Aisha walks to the harbour at night.',
        'Aisyah berjalan ke pelabuhan pada waktu malam.',
        'The storm breaks and nobody sleeps.',
        'Ribut melanda dan tiada siapa yang tidur.',
      );
      const entry = fc.record({ shape: fc.nat(), title, sentence, keyPoints: fc.integer({ min: 0, max: 3 }) });
      const outline = fc.record({
        list: fc.boolean(),
        entries: fc.array(entry, { minLength: 1, maxLength: 100 }),
        ending: fc.boolean(),
      });
      fc.assert(
        fc.property(outline, ({ list, entries, ending }) => {
          const shapes = list ? listShapes : chapterShapes;
          const text =
            entries
              .map((e, i) => {
                const head = shapes[e.shape % shapes.length]!(i + 1, e.title);
                // Key points: indented under a list entry, flush left under a "Chapter k" one.
                const points = Array.from(
                  { length: e.keyPoints },
                  (_, p) => `${list ? '   ' : ''}${p + 1}. Key point ${p + 1}`,
                );
                return [head, e.sentence, ...points].join('\n');
              })
              .join('\n\n') + (ending ? '\n\nEnding: Everyone goes home.' : '');
          const parsed = parseOutline(text);
          expect(parsed.entries.map((e) => e.number)).toEqual(entries.map((_, i) => i + 1));
          expect(parsed.entries.map((e) => e.title)).toEqual(entries.map((e) => e.title));
          expect(parsed.entries.map((e) => e.plan.split('\n')[0])).toEqual(entries.map((e) => e.sentence));
          if (ending) expect(parsed.ending).toBe('Everyone goes home.');
        }),
        { numRuns: 150 },
      );
    },
  );

  it('reads every chapter number from one to a hundred written in English or Malay words (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), (n) => {
        expect(numberOf(enWords(n))).toBe(n);
        expect(numberOf(msWords(n))).toBe(n);
        expect(
          parseOutline(`Chapter ${enWords(n)}: A\nx.\n\nBab ${msWords(n)}: B\ny.`).entries.map((e) => e.number),
        ).toEqual([n]);
      }),
      { numRuns: 100 },
    );
  });

  it('parses a 100-chapter outline quickly (linear, no runaway patterns), even with pathological lines', () => {
    const odd = [
      ' '.repeat(20000) + 'x',
      '*'.repeat(20000),
      '- ' + ' '.repeat(20000) + '*',
      '(' + '1 words '.repeat(3000),
      'Chapter 1: ' + 'a*'.repeat(10000),
    ];
    const text = [
      ...Array.from(
        { length: 100 },
        (_, i) => `**Chapter ${i + 1}: Night ${i + 1}**\n${words(120)}\n1. key point\n2. key point`,
      ),
      ...odd,
    ].join('\n\n');
    const started = performance.now();
    expect(parseOutline(text).entries).toHaveLength(100);
    // Generous: this guards against a quadratic or backtracking blow-up, not a speed target.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
