// Scripted models for the fake AI server (tests/fake-openai.ts): deterministic stand-ins for how real models
// fail at long books, used by the tests and by `npm run eval`. Each reads the request as a model would
// (what step it is, how many words it asks for, its language) and answers:
//   underWriter(r)  writes r × every ask (parts and extensions), as most models do at long targets;
//   drifter(opts)   answers a Malay book's chapters in Indonesian or English;
//   planter()       plants one unique fact per chapter and keeps every fact it is shown in its bible updates.
// All of them write outlines with a titled entry of ~90 words per chapter, and bible updates in the shape
// templates/memory.hbs asks for.
import { askedWordsOf } from './fake-openai.js';

export type Answer = (body: Record<string, unknown>, index: number) => string;

export function userOf(body: Record<string, unknown>): string {
  const messages = (body.messages ?? []) as Array<{ role: string; content: string }>;
  return messages.filter((m) => m.role === 'user').map((m) => m.content).join('\n');
}

export const isMalayRequest = (user: string) => /Bahasa Malaysia/.test(user);
export const isOutlineRequest = (user: string) => /^(Create a detailed (story )?outline|Hasilkan rangka)/.test(user);
export const isOutlineMoreRequest = (user: string) => /Write only the entries still missing|Tulis hanya entri yang belum ada/.test(user);
export const isBibleRequest = (user: string) => /^(Update the story bible|Kemas kini catatan cerita|You keep a short memory|Anda menyimpan ingatan)/.test(user);
export const isExtensionRequest = (user: string) => /Write about [\d,]+ more words|patah perkataan lagi/.test(user);
/** The chapter a request writes (0 for other parts). */
export const chapterOfRequest = (user: string) => Number(/Write Chapter (\d+) of|Tulis Bab (\d+) daripada/.exec(user)?.slice(1).find(Boolean) ?? 0);

const PROSE: Record<'en' | 'ms' | 'id', string[]> = {
  en: [
    'The rain came in from the sea while Aisha walked the length of the harbour road.',
    'Daniel waited by the old customs house, his hands deep in the pockets of his coat.',
    'Neither of them spoke for a long time, and the silence said more than either wanted.',
    'She remembered the letter under the stairs and wondered who else had read it.',
    'Somewhere behind them a ferry sounded its horn, low and patient, and the lights came on.',
    'He told her that the town had changed, but she knew it was only the two of them.',
  ],
  ms: [
    'Hujan datang dari arah laut ketika Aisyah berjalan menyusuri jalan pelabuhan.',
    'Daniel menunggu di sebelah bangunan kastam lama, tangannya dimasukkan ke dalam poket kot.',
    'Lama mereka tidak bercakap, dan kesunyian itu berkata lebih banyak daripada yang mereka mahu.',
    'Dia teringat akan surat di bawah tangga dan tertanya-tanya siapa lagi yang telah membacanya.',
    'Di belakang mereka, sebuah feri membunyikan hon dengan perlahan, dan lampu-lampu mula menyala.',
    'Dia memberitahunya bahawa pekan itu sudah berubah, tetapi Aisyah tahu hanya mereka berdua yang berubah.',
  ],
  id: [
    'Hujan datang dari arah laut ketika Aisyah berjalan menyusuri jalan pelabuhan.',
    'Daniel menunggu di samping gedung bea cukai lama, tangannya dimasukkan ke saku jaketnya.',
    'Lama mereka tidak bicara, karena keheningan itu sudah cukup bilang apa yang mereka mau.',
    'Dia ingat surat di bawah tangga dan bertanya-tanya siapa saja yang sudah membacanya kemarin.',
    'Di belakang mereka, kapal feri membunyikan klakson, dan lampu-lampu mulai menyala di kantor.',
    'Dia bilang kota itu sudah berubah, tapi Aisyah tahu kalian berdua yang berubah, nggak ada yang lain.',
  ],
};

/** Exactly about `n` words of prose in a language, whole sentences. */
export function prose(n: number, lang: 'en' | 'ms' | 'id', seed = 0): string {
  const out: string[] = [];
  let words = 0;
  for (let i = seed; words < n; i++) {
    const s = PROSE[lang][i % PROSE[lang].length]!;
    out.push(s);
    words += s.split(' ').length;
    if (out.length % 5 === 0) out.push('\n\n');
  }
  return out.join(' ').replace(/ \n\n /g, '\n\n').trim();
}

/** An outline of `n` titled entries of ~`entryWords` words, with premise, characters and ending. */
export function scriptedOutline(n: number, lang: 'en' | 'ms', entryWords = 90, from = 1): string {
  const ms = lang === 'ms';
  const lines = from === 1 ? [ms ? 'Tajuk: Lampu di Pelabuhan' : 'Title: Lights on the Harbour', ms ? 'Premis: Aisyah pulang ke pekan pelabuhan untuk mencari ayahnya yang hilang.' : 'Premise: Aisha comes home to the harbour town to find her missing father.', ms ? 'Watak utama:\n- Aisyah: wartawan\n- Daniel: nelayan' : 'Main characters:\n- Aisha: a journalist\n- Daniel: a fisherman', ''] : [];
  for (let k = from; k <= n; k++) lines.push(`${ms ? 'Bab' : 'Chapter'} ${k}: ${ms ? 'Lampu' : 'Lantern'} ${k}`, `plan-${k} ${prose(entryWords - 1, lang, k)}`, '');
  lines.push(ms ? 'Pengakhiran: Aisyah menemui ayahnya di rumah api.' : 'Ending: Aisha finds her father at the lighthouse.');
  return lines.join('\n');
}

/** The chapter count an outline request asks for. */
function outlineChapters(user: string): number {
  return Number(/Chapter 1 to Chapter (\d+)|Bab 1 hingga Bab (\d+)/.exec(user)?.slice(1).find(Boolean) ?? /of (\d+) chapters|sebanyak (\d+) bab/.exec(user)?.slice(1).find(Boolean) ?? 6);
}

/** A planted fact's sentence for chapter k, with its unique token. */
export const factOf = (k: number, lang: 'en' | 'ms') => (lang === 'ms' ? `Lampu di loteng itu bertanda kod KX-${k}-bara.` : `The lamp in the attic is marked with the code KX-${k}-ember.`);
export const FACT_TOKEN = /KX-\d+-(?:ember|bara)/g;

/** A bible update in the asked shape, keeping `facts`. */
function bibleUpdate(user: string, facts: string[]): string {
  const ms = isMalayRequest(user);
  const part = user.slice(Math.max(0, user.search(/The part just written|Bahagian yang baru ditulis/)));
  const fold = /## (?:Arc|Arka)\n/.test(user.slice(user.search(/Answer in|Jawab dalam/))) || /sums up these older lines|meringkaskan baris-baris lama/.test(user);
  const line = ms ? `Aisyah mencari ayahnya; ${part.slice(0, 60).replace(/\s+/g, ' ')}` : `Aisha searches for her father; ${part.slice(0, 60).replace(/\s+/g, ' ')}`;
  return [
    ms ? '## Bab' : '## Chapter', line,
    ...(fold ? [ms ? '## Arka' : '## Arc', ms ? 'Aisyah pulang dan mula mencari.' : 'Aisha came home and began the search.'] : []),
    ms ? '## Watak' : '## Characters', ms ? '- Aisyah | wartawan | sedang mencari | kini' : '- Aisha | journalist | searching | now', ms ? '- Daniel | nelayan | membantu | kini' : '- Daniel | fisherman | helping | now',
    ms ? '## Urusan belum selesai' : '## Open threads', ms ? '- ayah yang hilang | Bab 1 | terbuka' : '- the missing father | Chapter 1 | open',
    ms ? '## Fakta yang ditetapkan' : '## Established facts', ...facts.map((f) => `- ${f}`),
  ].join('\n');
}

interface ModelOptions {
  /** Share of every ask written. */
  ratio?: number;
  /** Plant a unique fact per chapter, and keep every fact shown in bible updates. */
  plants?: boolean;
  /** Answer a Malay book's chapters in this language instead (every `every`-th chapter; 1 = all). */
  driftTo?: 'id' | 'en';
  every?: number;
  entryWords?: number;
}

/** A scripted model (see the file's head). */
export function scriptedModel(opts: ModelOptions = {}): Answer {
  const ratio = opts.ratio ?? 1;
  return (body) => {
    const user = userOf(body);
    const lang: 'en' | 'ms' = isMalayRequest(user) ? 'ms' : 'en';
    if (isOutlineMoreRequest(user)) {
      const m = /Chapter (\d+) to Chapter (\d+)|Bab (\d+) hingga Bab (\d+)/.exec(user);
      const [from, to] = m ? [Number(m[1] ?? m[3]), Number(m[2] ?? m[4])] : [1, 6];
      return scriptedOutline(to, lang, opts.entryWords ?? 90, from);
    }
    if (isOutlineRequest(user)) return scriptedOutline(outlineChapters(user), lang, opts.entryWords ?? 90);
    if (isBibleRequest(user)) {
      const facts = opts.plants ? [...new Set(user.match(FACT_TOKEN) ?? [])].map((t) => factOf(Number(/KX-(\d+)/.exec(t)![1]), lang)) : [lang === 'ms' ? 'Pekan itu terletak di tepi laut.' : 'The town lies by the sea.'];
      return bibleUpdate(user, facts);
    }
    const asked = askedWordsOf(body);
    if (!asked) return lang === 'ms' ? 'Baik.' : 'OK.';
    const k = chapterOfRequest(user);
    const drift = lang === 'ms' && opts.driftTo && k > 0 && k % (opts.every ?? 1) === 0 && !/tidak ditulis dalam Bahasa Malaysia/.test(user) ? opts.driftTo : undefined;
    const words = Math.max(5, Math.round(asked * ratio));
    const planted = opts.plants && k > 0 && !isExtensionRequest(user) ? ` ${factOf(k, lang)}` : '';
    const intro = /Character Details:|Butiran Watak:/.test(user) && !isExtensionRequest(user) ? `\n\n${lang === 'ms' ? 'Butiran Watak:' : 'Character Details:'}\n- Aisha: ${lang === 'ms' ? 'wartawan' : 'a journalist'}\n` : '';
    return `${prose(words - (planted ? 12 : 0), drift ?? lang, k)}${planted}${intro}`;
  };
}

export const underWriter = (ratio: number) => scriptedModel({ ratio });
export const drifter = (driftTo: 'id' | 'en' = 'id', every = 2) => scriptedModel({ driftTo, every });
export const planter = () => scriptedModel({ plants: true });
