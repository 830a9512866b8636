// Outlines as models really write them (engine/compile/outline.ts): numbered, bold, headings, "Chapter N:",
// "Bab N:", number words, preambles, guides with key points, fixed sections; in English and Malay. Each
// expectation is what a reader of the outline sees: which chapters it plans, their titles, the premise and
// the ending.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { numberOf, outlineEntry, parseOutline } from '../../engine/compile/outline.js';

const words = (n: number, seed = 'the rain falls on the harbour and Aisha keeps walking home') => {
  const w = seed.split(' ');
  return `${Array.from({ length: n }, (_, i) => w[i % w.length]).join(' ')}.`;
};

interface Case {
  name: string;
  text: string;
  count: number;
  titles?: Record<number, string | undefined>;
  plans?: Record<number, RegExp>;
  title?: string;
  premise?: RegExp;
  ending?: RegExp;
  sectionLabels?: string[];
}

const cases: Case[] = [
  {
    name: 'en: the format the templates ask for',
    text: `Title: Lights on the Harbour\nPremise: Aisha looks for her father.\nMain characters:\n- Aisha: a journalist\n- Daniel: a fisherman\n\nChapter 1: The Letter\nAisha finds a letter under the stairs.\n\nChapter 2: The Harbour\nShe goes to the harbour and meets Daniel.\n\nChapter 3: Storm Warning\nA storm traps them.\n\nEnding: She finds her father at the lighthouse.`,
    count: 3, titles: { 1: 'The Letter', 2: 'The Harbour', 3: 'Storm Warning' }, plans: { 2: /meets Daniel/ }, title: 'Lights on the Harbour', premise: /looks for her father/, ending: /lighthouse/,
  },
  {
    name: 'en: GPT-style bold headings with a preamble',
    text: `Here is a detailed outline for your romance:\n\n**Title:** *Monsoon Hearts*\n\n**Premise:** Two rivals run competing cafés in Penang.\n\n**Chapter 1: Opening Day**\nMaya opens her café across from Arif's.\n\n**Chapter 2: The Price War**\nThey cut prices until both lose money.\n\n**Chapter 3: Flood**\nThe monsoon floods the street.\n\n**Conclusion:** They merge the cafés.`,
    count: 3, titles: { 1: 'Opening Day', 2: 'The Price War', 3: 'Flood' }, title: 'Monsoon Hearts', premise: /rival/, ending: /merge/,
  },
  {
    name: 'en: markdown headings "### Chapter N:" with bullet points',
    text: `# Outline\n\n### Chapter 1: Arrival\n- Nora arrives in Ipoh.\n- She meets her aunt.\n\n### Chapter 2: Secrets\n- The aunt hides a diary.\n\n### Chapter 3: The Diary\n- Nora reads it.\n\n## Ending\nNora stays in Ipoh.`,
    count: 3, titles: { 1: 'Arrival', 2: 'Secrets', 3: 'The Diary' }, plans: { 1: /meets her aunt/ }, ending: /stays in Ipoh/,
  },
  {
    name: 'en: a plain numbered list with title and plan on one line',
    text: `1. The Storm – Aisha is stranded at sea and radios for help.\n2. Rescue – Daniel hears her call.\n3. Ashore – They argue on the beach.\n4. The Truth – He admits he knew her father.`,
    count: 4, titles: { 1: 'The Storm', 4: 'The Truth' }, plans: { 1: /stranded at sea/ },
  },
  {
    name: 'en: "**1. Title**" bold numbered heads',
    text: `**1. First Light**\nDawn over the kampung.\n\n**2. The Visitor**\nA stranger arrives.\n\n**3. Rumours**\nThe village talks.`,
    count: 3, titles: { 1: 'First Light', 2: 'The Visitor', 3: 'Rumours' },
  },
  {
    name: 'en: entries whose head is a plan sentence (no title)',
    text: `Chapter 1: Aisha finds the letter and confronts her father, who admits everything.\nChapter 2: Daniel leaves town after the argument at the pasar malam.`,
    count: 2, titles: { 1: undefined, 2: undefined }, plans: { 1: /confronts her father/ },
  },
  {
    name: 'en: number words and quoted titles',
    text: `Chapter One: "The Beginning"\nIt starts.\n\nChapter Two - "The Middle"\nIt goes on.\n\nChapter Twenty-One: The End\nIt ends.`,
    count: 3, titles: { 1: 'The Beginning', 2: 'The Middle', 21: 'The End' },
  },
  {
    name: 'en: a guide outline whose chapters list numbered key points',
    text: `Title: Money Basics\n\nChapter 1: Budgeting\n1. Track spending\n2. Set limits\n3. Review monthly\n\nChapter 2: Saving\n1. Emergency fund\n2. Automate\n\nChapter 3: Investing\n1. Index funds\n\nConclusion: A plan for the next year.`,
    count: 3, titles: { 1: 'Budgeting', 2: 'Saving', 3: 'Investing' }, plans: { 1: /Track spending[\s\S]*Review monthly/ }, ending: /next year/,
  },
  {
    name: 'en: the offline demo shape "1. Chapter 1: …"',
    text: `Title: A Tale\n\n1. Chapter 1: gentle beginnings, familiar turns\n2. Chapter 2: warm beginnings, quiet turns`,
    count: 2, titles: { 1: 'gentle beginnings, familiar turns' },
  },
  {
    name: 'en: "Chapter N" alone on a line, the title on the next',
    text: `CHAPTER 1\nThe Arrival\nShe lands in KL at night.\n\nCHAPTER 2\nThe Job\nShe starts at the newspaper.`,
    count: 2, plans: { 1: /lands in KL/ },
  },
  {
    name: 'en: a realistic 40-chapter outline with ~90-word entries',
    text: ['Title: Forty Nights', 'Premise: A long story.', ...Array.from({ length: 40 }, (_, i) => `Chapter ${i + 1}: Night ${i + 1}\n${words(90)}`), 'Ending: Morning comes.'].join('\n\n'),
    count: 40, titles: { 1: 'Night 1', 40: 'Night 40' }, ending: /Morning comes/,
  },
  {
    name: 'en: a fixed-section guide found by its sections\' names',
    text: `Title: Penang in a Week\n\n1. Cultural & Historical Highlights: George Town's heritage.\n2. Food & Dining Guide: hawker centres.\n3. Getting Around: buses and Grab.`,
    sectionLabels: ['Cultural & Historical Highlights', 'Food & Dining Guide', 'Getting Around'],
    count: 3, plans: { 2: /hawker/ },
  },
  {
    name: 'ms: the format the templates ask for',
    text: `Tajuk: Lampu di Pelabuhan\nPremis: Aisyah mencari ayahnya yang hilang.\nWatak utama:\n- Aisyah: wartawan\n\nBab 1: Surat\nAisyah menemui sepucuk surat.\n\nBab 2: Pelabuhan\nDia pergi ke pelabuhan.\n\nPengakhiran: Dia menemui ayahnya di rumah api.`,
    count: 2, titles: { 1: 'Surat', 2: 'Pelabuhan' }, title: 'Lampu di Pelabuhan', premise: /mencari ayahnya/, ending: /rumah api/,
  },
  {
    name: 'ms: number words "Bab Satu", "Bab Dua Belas" and a "Kesimpulan:" block',
    text: `Bab Satu: Permulaan\nSemuanya bermula.\n\nBab Dua: Pertemuan\nMereka bertemu.\n\nBab Dua Belas: Penamat\nSemuanya berakhir.\n\nKesimpulan:\nMereka berkahwin.`,
    count: 3, titles: { 1: 'Permulaan', 2: 'Pertemuan', 12: 'Penamat' }, ending: /berkahwin/,
  },
  {
    name: 'ms: bold heads with a preamble',
    text: `Berikut ialah rangka terperinci:\n\n**Tajuk: Hujan di Kuala Lumpur**\n\n**Bab 1: Hujan Pertama**\nMaya terperangkap dalam hujan.\n\n**Bab 2: Payung Biru**\nArif menawarkan payungnya.`,
    count: 2, titles: { 1: 'Hujan Pertama', 2: 'Payung Biru' }, title: 'Hujan di Kuala Lumpur',
  },
  {
    name: 'ms: headings "## Bab ke-3"',
    text: `## Bab ke-1 — Kampung\nKisah bermula di kampung.\n\n## Bab ke-2 — Bandar\nDia berpindah ke bandar.\n\n## Bab ke-3 — Pulang\nDia pulang semula.`,
    count: 3, titles: { 1: 'Kampung', 3: 'Pulang' },
  },
  {
    name: 'ms: a numbered list',
    text: `1. Permulaan – Aisyah tiba di Melaka.\n2. Rahsia – Neneknya menyimpan rahsia.\n3. Pengakuan – Rahsia itu terbongkar.`,
    count: 3, titles: { 1: 'Permulaan', 3: 'Pengakuan' }, plans: { 2: /menyimpan rahsia/ },
  },
  {
    name: 'ms: a guide with key points under each chapter',
    text: `Tajuk: Asas Kewangan\n\nBab 1: Bajet\n1. Catat perbelanjaan\n2. Tetapkan had\n\nBab 2: Simpanan\n1. Dana kecemasan\n\nKesimpulan: Pelan untuk tahun depan.`,
    count: 2, titles: { 1: 'Bajet', 2: 'Simpanan' }, plans: { 1: /Tetapkan had/ }, ending: /tahun depan/,
  },
  {
    name: 'ms: entries whose head is a sentence',
    text: `Bab 1: Aisyah menemui surat itu dan bersemuka dengan ayahnya, yang mengaku segala-galanya.\nBab 2: Daniel meninggalkan pekan selepas pertengkaran di pasar malam.`,
    count: 2, titles: { 1: undefined }, plans: { 1: /bersemuka/ },
  },
  {
    name: 'ms: the offline demo shape',
    text: `Tajuk: Kisah\n\nBab 1: Cahaya Pertama\nPermulaan tenang.\n\nBab 2: Pintu Terbuka\nLiku biasa.`,
    count: 2, titles: { 1: 'Cahaya Pertama', 2: 'Pintu Terbuka' },
  },
  {
    name: 'ms: a 40-chapter outline',
    text: ['Tajuk: Empat Puluh Malam', ...Array.from({ length: 40 }, (_, i) => `Bab ${i + 1}: Malam ${i + 1}\n${words(90, 'hujan turun di pelabuhan dan Aisyah terus berjalan pulang')}`), 'Pengakhiran: Pagi tiba.'].join('\n\n'),
    count: 40, titles: { 40: 'Malam 40' }, ending: /Pagi tiba/,
  },
  {
    name: 'ms: a fixed-section guide',
    text: `Tajuk: Pulau Pinang\n\nSorotan Budaya & Sejarah\nWarisan George Town.\n\nPanduan Makanan & Tempat Makan\nPusat penjaja.`,
    sectionLabels: ['Sorotan Budaya & Sejarah', 'Panduan Makanan & Tempat Makan'],
    count: 2, plans: { 2: /penjaja/ },
  },
  {
    name: 'ms: "Bahagian" entries',
    text: `Bahagian 1: Pengenalan kepada tabiat\nApa itu tabiat.\n\nBahagian 2: Membina tabiat\nLangkah demi langkah.`,
    count: 2, titles: { 1: 'Pengenalan kepada tabiat' },
  },
];

describe('outlines as models write them', () => {
  it.each(cases)('$name', (c) => {
    const parsed = parseOutline(c.text, c.sectionLabels ? { sectionLabels: c.sectionLabels } : {});
    expect(parsed.entries.map((e) => e.number)).toHaveLength(c.count);
    for (const [n, title] of Object.entries(c.titles ?? {})) expect(outlineEntry(parsed, Number(n))?.title, `title of ${n}`).toBe(title);
    for (const [n, plan] of Object.entries(c.plans ?? {})) expect(outlineEntry(parsed, Number(n))?.text, `entry ${n}`).toMatch(plan);
    if (c.title) expect(parsed.title).toBe(c.title);
    if (c.premise) expect(parsed.premise).toMatch(c.premise);
    if (c.ending) expect(parsed.ending).toMatch(c.ending);
    // An entry's text never runs into the next entry or the ending.
    for (const e of parsed.entries) {
      const next = parsed.entries.find((x) => x.number > e.number);
      if (next?.title) expect(e.text).not.toContain(next.title);
      if (c.ending) expect(e.text).not.toMatch(c.ending);
    }
  });

  it('reads number words in both languages', () => {
    expect(['three', 'twenty-one', 'forty', 'satu', 'dua belas', 'dua puluh satu', 'empat puluh', 'sebelas', 'ke-3', 'IV'].map(numberOf)).toEqual([3, 21, 40, 1, 12, 21, 40, 11, 3, 4]);
  });

  it('gives an empty outline no entries', () => {
    expect(parseOutline('').entries).toEqual([]);
    expect(parseOutline(undefined).entries).toEqual([]);
  });

  it('any outline of "Chapter k: title" entries in any of the shapes parses to exactly its chapters, with their titles (property)', () => {
    const shapes = [
      (k: number, t: string) => `Chapter ${k}: ${t}`,
      (k: number, t: string) => `**Chapter ${k}: ${t}**`,
      (k: number, t: string) => `### Chapter ${k}: ${t}`,
      (k: number, t: string) => `Bab ${k}: ${t}`,
      (k: number, t: string) => `**Bab ${k}:** ${t}`,
      (k: number, t: string) => `${k}. Chapter ${k}: ${t}`,
      (k: number, t: string) => `Chapter ${k} — ${t}`,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 0, max: shapes.length - 1 }), (n, s) => {
        const text = Array.from({ length: n }, (_, i) => `${shapes[s]!(i + 1, `Lantern ${i + 1}`)}\nAisha walks to the harbour at night.`).join('\n\n');
        const parsed = parseOutline(text);
        return parsed.entries.length === n && parsed.entries.every((e, i) => e.number === i + 1 && e.title === `Lantern ${i + 1}`);
      }),
      { numRuns: 60 },
    );
  });

  it('parses a 100-chapter outline quickly (linear, no runaway patterns)', () => {
    const text = Array.from({ length: 100 }, (_, i) => `Chapter ${i + 1}: Night ${i + 1}\n${words(120)}`).join('\n\n');
    const started = performance.now();
    expect(parseOutline(text).entries).toHaveLength(100);
    // Generous: this guards against a quadratic or backtracking blow-up, not a speed target.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
