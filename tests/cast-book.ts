// A scripted 12-chapter romance whose cast grows, for the fake OpenAI server (startFakeOpenAI({ answer })), in
// English or Malay: its bible updates (cumulative, as a model that keeps its table writes them) bring in Nadia, the
// lead, and Tariq in Chapter 1, Leila in Chapter 2, Harun in Chapter 5 and Mei in Chapter 9; the introduction names
// nobody. Nadia's and Tariq's states change in every chapter and the shop's sign is repainted in every chapter, so the
// bible replaces three values a chapter (far more than any few it could keep).
import { fullLength, userMessageOf } from './fake-openai.js';

export type Lang = 'en' | 'ms';

/** Who enters in which chapter. */
export const CAST = [
  { name: 'Nadia', at: 1 },
  { name: 'Tariq', at: 1 },
  { name: 'Leila', at: 2 },
  { name: 'Harun', at: 5 },
  { name: 'Mei', at: 9 },
] as const;

const W = {
  en: {
    chapter: (n: number) => `Chapter ${n}`,
    intro: 'Introduction',
    concl: 'Conclusion',
    role: 'friend',
    nadia: (k: number) => `mood ${k}, waiting at the bakery`,
    tariq: (k: number) => `plan ${k}, hiding the letter`,
    calm: 'settled in town',
    sign: "The shop's sign",
    update: /^Update the story bible/,
    outline: /^Create a detailed (story )?outline/,
  },
  ms: {
    chapter: (n: number) => `Bab ${n}`,
    intro: 'Pengenalan',
    concl: 'Kesimpulan',
    role: 'kawan',
    nadia: (k: number) => `suasana ${k}, menunggu di kedai roti`,
    tariq: (k: number) => `rancangan ${k}, menyembunyikan surat`,
    calm: 'sudah menetap di pekan',
    sign: 'Papan tanda kedai',
    update: /^Kemas kini catatan cerita/,
    outline: /^Hasilkan rangka/,
  },
} as const;

export const CAST_WORDS = W;

/** The part a bible update reads: "(Chapter 4)" → 4; the introduction 0; the conclusion 99. */
function updatedPart(user: string): number {
  const m = /\((?:Chapter|Bab) (\d+)\)|\((Introduction|Pengenalan)\)/.exec(user);
  return m ? (m[1] ? Number(m[1]) : 0) : 99;
}

function outline(n: number, lang: Lang): string {
  const w = W[lang];
  const lines = [
    lang === 'ms' ? 'Tajuk: Roti di Melaka' : 'Title: Bread in Melaka',
    lang === 'ms' ? 'Premis: Nadia menyelamatkan kedai roti.' : 'Premise: Nadia saves the bakery.',
    '',
  ];
  for (let k = 1; k <= n; k++)
    lines.push(
      `${w.chapter(k)}: ${lang === 'ms' ? 'Hari' : 'Day'} ${k}`,
      lang === 'ms' ? `Nadia membuka kedai dalam bab ${k}.` : `Nadia opens the bakery in chapter ${k}.`,
      '',
    );
  lines.push(lang === 'ms' ? 'Pengakhiran: kedai itu selamat.' : 'Ending: the bakery is saved.');
  return lines.join('\n');
}

/** The bible update after part k (0 the introduction, 99 the conclusion). */
function update(k: number, lang: Lang): string {
  const w = W[lang];
  const label = (n: number) => (n === 0 ? w.intro : n === 99 ? w.concl : w.chapter(n));
  const chapter = Math.min(k, 12);
  const characters = CAST.filter((c) => c.at <= k).map((c) => {
    const state = c.name === 'Nadia' ? w.nadia(chapter) : c.name === 'Tariq' ? w.tariq(chapter) : w.calm;
    return `- ${c.name} | ${w.role} | ${state} | ${label(k)}`;
  });
  return [
    lang === 'ms' ? '## Bab' : '## Chapter',
    `${lang === 'ms' ? 'Peristiwa' : 'Events of'} ${label(k)}.`,
    ...(characters.length ? [lang === 'ms' ? '## Watak' : '## Characters', ...characters] : []),
    ...(k >= 1
      ? [
          lang === 'ms' ? '## Fakta yang ditetapkan' : '## Established facts',
          `- ${w.sign}: ${lang === 'ms' ? 'cat' : 'paint'} ${chapter}`,
        ]
      : []),
  ].join('\n');
}

function part(user: string, lang: Lang): string {
  const k = Number(/Write Chapter (\d+) of|Tulis Bab (\d+) daripada/.exec(user)?.slice(1).find(Boolean) ?? 0);
  return lang === 'en'
    ? `Nadia swept the bakery floor at dawn in chapter ${k}, and the ` +
        `ovens ticked as they warmed.\n\nThe street outside filled ` +
        `slowly with bicycles and the smell of bread reached the river by seven.`
    : `Nadia menyapu lantai kedai roti pada waktu subuh dalam bab ${k}, ` +
        `dan ketuhar berdetik ketika panas.\n\nJalan di luar perlahan-lahan ` +
        `dipenuhi basikal dan bau roti sampai ke sungai sebelum pukul tujuh.`;
}

/** The answer function of the scripted cast book. */
export function castBook(lang: Lang): (body: Record<string, unknown>, index: number) => string {
  const w = W[lang];
  return fullLength((body) => {
    const user = userMessageOf(body).trim();
    if (w.outline.test(user))
      return outline(
        Number(/Chapter 1 to Chapter (\d+)|Bab 1 hingga Bab (\d+)/.exec(user)?.slice(1).find(Boolean) ?? 12),
        lang,
      );
    if (w.update.test(user)) return update(updatedPart(user), lang);
    return part(user, lang);
  });
}
