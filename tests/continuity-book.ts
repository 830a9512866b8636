// A scripted book with planted continuity faults, for the fake OpenAI server (startFakeOpenAI({ answer })),
// in English or Malay. Its outline promises three threads with due chapters; its bible updates record
// one fact per chapter ("Marker k"), the captain Mara dead from chapter `deathAt`, the ship renamed in
// chapter `renameAt` (a fact chapter 2 set), the village spelled another way from chapter `respellAt`, and
// pay two of the three promises. Chapter `speaksAt` has Mara speak; a rewrite of chapter `deathAt` that
// asks for it (the note "Mara lives") makes its update record her alive. Every answer is as long as asked.
import { fullLength, userMessageOf } from './fake-openai.js';

export interface ContinuityPlan {
  lang: 'en' | 'ms';
  deathAt: number;
  speaksAt: number;
  renameAt: number;
  respellAt: number;
}

export const CONTINUITY_PLAN: ContinuityPlan = { lang: 'en', deathAt: 4, speaksAt: 7, renameAt: 6, respellAt: 8 };

/** The three promises: the map pays in 5 (never paid), the letter in 3 (paid), the debt in 8 (paid). */
export const PROMISES = {
  en: [
    { thread: 'the stolen map', opened: 2, due: 5 },
    { thread: 'the sealed letter', opened: 1, due: 3, paidAt: 3 },
    { thread: "Yusuf's debt", opened: 2, due: 8, paidAt: 8 },
  ],
  ms: [
    { thread: 'peta yang dicuri', opened: 2, due: 5 },
    { thread: 'surat bermeterai', opened: 1, due: 3, paidAt: 3 },
    { thread: 'hutang Yusuf', opened: 2, due: 8, paidAt: 8 },
  ],
} as const;

const W = {
  en: {
    chapter: 'Chapter',
    intro: 'Introduction',
    concl: 'Conclusion',
    alive: 'alive, at the helm',
    dead: 'dead, lost in the storm',
    open: 'open',
    resolved: 'resolved',
    due: 'due',
    ship: "The ship's name",
    village: 'The village',
  },
  ms: {
    chapter: 'Bab',
    intro: 'Pengenalan',
    concl: 'Kesimpulan',
    alive: 'masih hidup, di kemudi',
    dead: 'mati, hilang dalam ribut',
    open: 'terbuka',
    resolved: 'selesai',
    due: 'sasaran',
    ship: 'Nama kapal',
    village: 'Kampung itu',
  },
};

const isOutline = (user: string) => /^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user.trim());
const isUpdate = (user: string) => /^(Update the story bible|Kemas kini catatan cerita)/.test(user.trim());
const isRewrite = (user: string) => /Mara lives|Mara masih hidup/.test(user) && !isUpdate(user);

/** The part a bible update reads: "(Chapter 4)" → 4; the introduction 0; the conclusion 99. */
function updatedPart(user: string): number {
  const m = /\((?:Chapter|Bab) (\d+)\)|\((Introduction|Pengenalan)\)/.exec(user);
  return m ? (m[1] ? Number(m[1]) : 0) : 99;
}

/** The chapter a part request writes (0: the introduction or conclusion). */
function writtenChapter(user: string): number {
  return Number(/Write Chapter (\d+) of|Tulis Bab (\d+) daripada/.exec(user)?.slice(1).find(Boolean) ?? 0);
}

function outline(n: number, lang: 'en' | 'ms'): string {
  const w = W[lang];
  const lines = [
    lang === 'ms' ? 'Tajuk: Kapal Terakhir' : 'Title: The Last Ship',
    lang === 'ms' ? 'Premis: Aisyah belayar mencari peta yang dicuri.' : 'Premise: Aisha sails to find a stolen map.',
    '',
  ];
  for (let k = 1; k <= n; k++)
    lines.push(
      `${w.chapter} ${k}: Voyage ${k}`,
      lang === 'ms' ? `Kapal itu belayar lagi dalam bab ${k}.` : `The ship sails on in chapter ${k}.`,
      '',
    );
  lines.push(
    lang === 'ms' ? 'Urusan:' : 'Threads:',
    ...PROMISES[lang].map((p) => `- ${p.thread} | ${w.chapter} ${p.opened} | ${w.due} ${w.chapter} ${p.due}`),
    '',
  );
  lines.push(lang === 'ms' ? 'Pengakhiran: Aisyah pulang.' : 'Ending: Aisha comes home.');
  return lines.join('\n');
}

/** The bible update after part k (cumulative, as a model that keeps its table writes it). */
function update(k: number, plan: ContinuityPlan, isRewritten: boolean): string {
  const { lang } = plan;
  const w = W[lang];
  const label = (n: number) => (n === 0 ? w.intro : n === 99 ? w.concl : `${w.chapter} ${n}`);
  // A fault planted at 99 is left out: the conclusion (also read as 99) does not reach it.
  const reached = (at: number) => at < 99 && k >= at;
  const isDead = reached(plan.deathAt) && !(isRewritten && k === plan.deathAt);
  const facts = [
    ...(k >= 2 ? [`${w.ship}: ${reached(plan.renameAt) ? 'Osprey' : 'Heron'}`] : []),
    `${w.village}: ${reached(plan.respellAt) ? 'Kampung Ulu' : 'Kampung Hulu'}`,
    ...Array.from(
      { length: Math.min(k, 12) + 1 },
      (_, i) => `Marker ${i}: ${lang === 'ms' ? 'tanda bab' : 'chapter token'} ${i}`,
    ),
  ];
  const threads = PROMISES[lang]
    .filter((p) => p.opened <= k)
    .map(
      (p) =>
        `- ${p.thread} | ${label(p.opened)} ` +
        `| ${'paidAt' in p && k >= p.paidAt ? w.resolved : w.open} | ${w.due} ${label(p.due)}`,
    );
  return [
    lang === 'ms' ? '## Bab' : '## Chapter',
    `${lang === 'ms' ? 'Peristiwa' : 'Events of'} ${label(k)}.`,
    lang === 'ms' ? '## Watak' : '## Characters',
    `- Aisha | ${lang === 'ms' ? 'watak utama' : 'the lead'} ` +
      `| ${lang === 'ms' ? 'di kapal' : 'on the ship'} | ${label(k)}`,
    `- Mara | ${lang === 'ms' ? 'kapten' : 'captain'} ` +
      `| ${isDead ? w.dead : w.alive} | ${label(isDead ? plan.deathAt : k)}`,
    `- Yusuf | ${lang === 'ms' ? 'jurumudi' : 'navigator'} ` +
      `| ${lang === 'ms' ? 'membaca carta' : 'reading the charts'} | ${label(k)}`,
    lang === 'ms' ? '## Urusan belum selesai' : '## Open threads',
    ...threads,
    lang === 'ms' ? '## Fakta yang ditetapkan' : '## Established facts',
    ...facts.map((f) => `- ${f}`),
  ].join('\n');
}

/** A part: Aisha and Yusuf act; Mara speaks only in chapter `speaksAt` and is remembered after her death. */
function part(k: number, plan: ContinuityPlan): string {
  const en = plan.lang === 'en';
  const lines = [
    en
      ? `Aisha walked along the deck in chapter ${k}. Yusuf checked the charts and nodded.`
      : `Aisyah berjalan di geladak dalam bab ${k}. Yusuf memeriksa carta dan mengangguk.`,
  ];
  if (k === plan.speaksAt)
    lines.push(
      en
        ? '"Hold the course," Mara said from the wheel, and Aisha froze.'
        : '"Kekalkan haluan," kata Mara dari kemudi, dan Aisyah terpaku.',
    );
  else if (k > plan.deathAt && k % 2 === 1)
    lines.push(
      en
        ? 'Aisha thought of Mara and the storm that took her.'
        : 'Aisyah teringat akan Mara dan ribut yang meragut nyawanya.',
    );
  lines.push(
    en
      ? 'The rain kept falling over the harbour while the lights of the town came on one by one.'
      : 'Hujan terus turun di pelabuhan ketika lampu-lampu pekan menyala satu demi satu.',
  );
  return lines.join('\n\n');
}

/** The answer function of the scripted continuity book. */
export function continuityBook(
  plan: ContinuityPlan = CONTINUITY_PLAN,
): (body: Record<string, unknown>, index: number) => string {
  return fullLength((body) => {
    const user = userMessageOf(body);
    if (isOutline(user))
      return outline(
        Number(/Chapter 1 to Chapter (\d+)|Bab 1 hingga Bab (\d+)/.exec(user)?.slice(1).find(Boolean) ?? 10),
        plan.lang,
      );
    if (isUpdate(user)) return update(updatedPart(user), plan, /MARA-LIVES/.test(user));
    return (
      part(writtenChapter(user), plan) +
      (isRewrite(user)
        ? plan.lang === 'en'
          ? '\n\nMARA-LIVES: Mara survived the storm.'
          : '\n\nMARA-LIVES: Mara terselamat daripada ribut.'
        : '')
    );
  });
}
