// A scripted 5-chapter romance for the story map, for the fake OpenAI server (startFakeOpenAI({ answer })), in
// English or Malay. Its bible updates (cumulative, as a model that keeps its table writes them) record:
// - Aisyah, the lead, from the introduction: "running the café alone", then "falling for Daniel" from Chapter 2,
//   then "engaged to Daniel" from Chapter 4;
// - Daniel from Chapter 1 ("a stranger from Kuala Lumpur", then "courting Aisyah" from Chapter 2);
// - Mak Som, her aunt, alive until Chapter 3, where she is recorded dead ("dead, passed away in her sleep");
//   she speaks in Chapter 4 all the same (a continuity finding on Chapter 4);
// - Hafiz, a rival baker, from Chapter 2;
// - the threads "the lost recipe" (opened in Chapter 1, due Chapter 4, resolved in Chapter 4), "the café lease"
//   (opened in Chapter 2, due Chapter 3, never paid: overdue) and "Daniel's secret" (opened in Chapter 1, no due
//   part, resolved in Chapter 5);
// - facts: the café's name ("Kopi Som", renamed "Kopi Aisyah" in Chapter 4: a fact changed) and "Aisyah and
//   Daniel: met at the night market" from Chapter 1.
import { fullLength, userMessageOf } from './fake-openai.js';

export type Lang = 'en' | 'ms';

const isOutline = (user: string) => /^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user.trim());
const isUpdate = (user: string) => /^(Update the story bible|Kemas kini catatan cerita)/.test(user.trim());

/** The part a bible update reads: "(Chapter 4)" → 4; the introduction 0; the conclusion 99. */
function updatedPart(user: string): number {
  const m = /\((?:Chapter|Bab) (\d+)\)|\((Introduction|Pengenalan)\)/.exec(user);
  return m ? (m[1] ? Number(m[1]) : 0) : 99;
}

function writtenChapter(user: string): number {
  return Number(/Write Chapter (\d+) of|Tulis Bab (\d+) daripada/.exec(user)?.slice(1).find(Boolean) ?? 0);
}

/** The words of the book in each language. */
export const BOOK_WORDS = {
  en: {
    chapter: (n: number) => `Chapter ${n}`,
    intro: 'Introduction',
    concl: 'Conclusion',
    open: 'open',
    resolved: 'resolved',
    due: 'due',
    lead: 'the lead',
    aisyah: ['running the café alone', 'falling for Daniel', 'engaged to Daniel'],
    daniel: ['a stranger from Kuala Lumpur', 'courting Aisyah'],
    aunt: 'her aunt',
    alive: 'alive, minding the till',
    dead: 'dead, passed away in her sleep',
    rival: 'rival baker',
    hafiz: 'baking across the street',
    recipe: 'the lost recipe',
    lease: 'the café lease',
    secret: "Daniel's secret",
    cafe: "The café's name",
    met: 'Aisyah and Daniel: met at the night market',
  },
  ms: {
    chapter: (n: number) => `Bab ${n}`,
    intro: 'Pengenalan',
    concl: 'Kesimpulan',
    open: 'terbuka',
    resolved: 'selesai',
    due: 'sasaran',
    lead: 'watak utama',
    aisyah: ['mengusahakan kafe seorang diri', 'jatuh hati pada Daniel', 'bertunang dengan Daniel'],
    daniel: ['orang asing dari Kuala Lumpur', 'memikat Aisyah'],
    aunt: 'ibu saudaranya',
    alive: 'masih hidup, menjaga kaunter',
    dead: 'mati, meninggal dunia dalam tidur',
    rival: 'pembuat roti saingan',
    hafiz: 'membakar roti di seberang jalan',
    recipe: 'resipi yang hilang',
    lease: 'pajakan kafe',
    secret: 'rahsia Daniel',
    cafe: 'Nama kafe',
    met: 'Aisyah dan Daniel: bertemu di pasar malam',
  },
} as const;

function outline(n: number, lang: Lang): string {
  const w = BOOK_WORDS[lang];
  const lines = [
    lang === 'ms' ? 'Tajuk: Kopi di Georgetown' : 'Title: Coffee in Georgetown',
    lang === 'ms' ? 'Premis: Aisyah menyelamatkan kafe ibu saudaranya.' : "Premise: Aisyah saves her aunt's café.",
    '',
  ];
  for (let k = 1; k <= n; k++)
    lines.push(
      `${w.chapter(k)}: ${lang === 'ms' ? 'Pagi' : 'Morning'} ${k}`,
      lang === 'ms' ? `Aisyah membuka kafe dalam bab ${k}.` : `Aisyah opens the café in chapter ${k}.`,
      '',
    );
  lines.push(lang === 'ms' ? 'Pengakhiran: kafe itu dibuka semula.' : 'Ending: the café opens again.');
  return lines.join('\n');
}

/** The bible update after part k (0 the introduction, 99 the conclusion). */
function update(k: number, lang: Lang): string {
  const w = BOOK_WORDS[lang];
  const label = (n: number) => (n === 0 ? w.intro : n === 99 ? w.concl : w.chapter(n));
  const characters = [
    `- Aisyah | ${w.lead} | ${w.aisyah[k >= 4 ? 2 : k >= 2 ? 1 : 0]} | ${label(k)}`,
    ...(k >= 1
      ? [`- Daniel | ${lang === 'ms' ? 'kekasih' : 'love interest'} | ${w.daniel[k >= 2 ? 1 : 0]} | ${label(k)}`]
      : []),
    `- Mak Som | ${w.aunt} | ${k >= 3 ? w.dead : w.alive} | ${label(k >= 3 ? 3 : k)}`,
    ...(k >= 2 ? [`- Hafiz | ${w.rival} | ${w.hafiz} | ${label(k)}`] : []),
  ];
  const threads = [
    ...(k >= 1 ? [`- ${w.recipe} | ${w.chapter(1)} | ${k >= 4 ? w.resolved : w.open} | ${w.due} ${w.chapter(4)}`] : []),
    ...(k >= 2 ? [`- ${w.lease} | ${w.chapter(2)} | ${w.open} | ${w.due} ${w.chapter(3)}`] : []),
    ...(k >= 1 ? [`- ${w.secret} | ${w.chapter(1)} | ${k >= 5 ? w.resolved : w.open}`] : []),
  ];
  const facts = [`${w.cafe}: ${k >= 4 ? 'Kopi Aisyah' : 'Kopi Som'}`, ...(k >= 1 ? [w.met] : [])];
  return [
    lang === 'ms' ? '## Bab' : '## Chapter',
    `${lang === 'ms' ? 'Peristiwa' : 'Events of'} ${label(k)}.`,
    lang === 'ms' ? '## Watak' : '## Characters',
    ...characters,
    ...(threads.length ? [lang === 'ms' ? '## Urusan belum selesai' : '## Open threads', ...threads] : []),
    lang === 'ms' ? '## Fakta yang ditetapkan' : '## Established facts',
    ...facts.map((f) => `- ${f}`),
  ].join('\n');
}

/** A part: Aisyah acts in every one; Mak Som speaks in chapter 4, after the bible recorded her dead in chapter 3. */
function part(k: number, lang: Lang): string {
  const en = lang === 'en';
  const lines = [
    en
      ? `Aisyah walked to the café at dawn in chapter ${k}. Daniel waited by the door and smiled.`
      : `Aisyah berjalan ke kafe pada waktu subuh dalam bab ${k}. Daniel menunggu di pintu dan tersenyum.`,
  ];
  if (k === 4)
    lines.push(
      en
        ? '"Eat first," Mak Som said from the kitchen, and Aisyah froze.'
        : '"Makan dulu," kata Mak Som dari dapur, dan Aisyah terpaku.',
    );
  lines.push(
    en
      ? 'The kettles hissed as the street outside woke, and the smell of coffee reached the corner shop by six.'
      : 'Cerek berdesing ketika jalan di luar terjaga, dan bau kopi sampai ke kedai di simpang sebelum pukul enam.',
  );
  return lines.join('\n\n');
}

/** The answer function of the scripted story-map romance. */
export function storyMapBook(lang: Lang): (body: Record<string, unknown>, index: number) => string {
  return fullLength((body) => {
    const user = userMessageOf(body);
    if (isOutline(user))
      return outline(
        Number(/Chapter 1 to Chapter (\d+)|Bab 1 hingga Bab (\d+)/.exec(user)?.slice(1).find(Boolean) ?? 5),
        lang,
      );
    if (isUpdate(user)) return update(updatedPart(user), lang);
    return part(writtenChapter(user), lang);
  });
}
