// The offline provider: deterministic demo text (no network) that uses the chosen settings and the
// requested language, roughly respects the requested length, and says clearly that it is demo text.
import type { ImageRequest, ImageResult, Provider, TextRequest, TextResult } from '../provider.js';
import type { Lang } from '../spec/types.js';
import type { PromptMeta } from '../compile/prompt.js';
import { GenerationError } from '../errors.js';
import { fillPlaceholders } from '../i18n.js';
import { renderCoverPng } from './cover.js';
import { seeded } from './seeded.js';

export const OFFLINE_MARK: Record<Lang, string> = {
  en: '*Offline demo text: no AI model wrote this. Set OPENAI_API_KEY to write with a real model.*',
  ms: '*Teks demo luar talian: tiada model AI yang menulis ini. Tetapkan OPENAI_API_KEY untuk menulis dengan model sebenar.*',
};

const SENTENCES: Record<Lang, string[]> = {
  en: [
    'The {a} thread of this {kind} grows stronger as the pages turn.',
    'Here the {a} mood meets the {b} turn, and nothing stays quite the same.',
    'Every detail is chosen to suit the {b} reader who wants the {a} side of things.',
    'A quiet moment gives way to something {a}, and the {kind} moves on.',
    'What began as {b} now asks a harder question.',
    'The morning light falls on the street as the next idea takes shape.',
    'Small choices add up, and the {kind} keeps its promise to the reader.',
    'A name is spoken, a door opens, and the {a} path becomes clear.',
    'Each step builds on the last, so the reader never loses the thread.',
    'There is warmth here, and a little tension, in the {b} manner.',
  ],
  ms: [
    'Benang {a} dalam {kind} ini semakin kuat apabila halaman diselak.',
    'Di sini suasana {a} bertemu liku {b}, dan tiada apa yang kekal sama.',
    'Setiap butiran dipilih untuk pembaca {b} yang mahukan sisi {a}.',
    'Saat yang tenang bertukar menjadi sesuatu yang {a}, dan {kind} ini terus bergerak.',
    'Apa yang bermula sebagai {b} kini bertanya soalan yang lebih sukar.',
    'Cahaya pagi jatuh ke jalan ketika idea seterusnya mula terbentuk.',
    'Pilihan kecil menjadi besar, dan {kind} ini menunaikan janjinya kepada pembaca.',
    'Sebuah nama disebut, sebuah pintu terbuka, dan laluan {a} menjadi jelas.',
    'Setiap langkah dibina atas langkah sebelumnya, jadi pembaca tidak pernah hilang arah.',
    'Ada kehangatan di sini, dan sedikit ketegangan, dalam gaya {b}.',
  ],
};

const KIND_WORD: Record<Lang, { book: string; single: string }> = {
  en: { book: 'book', single: 'piece' },
  ms: { book: 'buku', single: 'karya' },
};

const CHARACTERS: Record<Lang, string[]> = {
  en: ['- Aisha Rahman: the lead, 28, stubborn and kind', '- Daniel Lee: her counterpart, 31, guarded but honest', '- Mak Som: the neighbour who notices everything'],
  ms: ['- Aisha Rahman: watak utama, 28 tahun, degil tetapi baik hati', '- Daniel Lee: pasangannya, 31 tahun, berhati-hati tetapi jujur', '- Mak Som: jiran yang memerhati segalanya'],
};

/** A story-bible update in the shape templates/memory.hbs asks for ({part}: the part's label). */
const MEMORY_LINES: Record<Lang, string[]> = {
  en: ['## Chapter', '{part}: {a} beginnings give way to {b} turns.', '## Characters', '- Aisha Rahman | the lead | where {part} left her | {part}', '- Daniel Lee | her counterpart | guarded but listening | {part}', '## Open threads', '- what the {a} choice will cost | {part} | open', '## Established facts', '- The story is set where the {b} path begins.'],
  ms: ['## Bab', '{part}: permulaan {a} bertukar menjadi liku {b}.', '## Watak', '- Aisha Rahman | watak utama | di tempat {part} meninggalkannya | {part}', '- Daniel Lee | pasangannya | berhati-hati tetapi mendengar | {part}', '## Urusan belum selesai', '- harga pilihan {a} | {part} | terbuka', '## Fakta yang ditetapkan', '- Cerita ini berlaku di tempat laluan {b} bermula.'],
};
/** Setting values that say nothing about the book ("Any", "Mana-mana"): never put in a demo sentence. */
const VAGUE_VALUES = new Set(['any', 'none', 'other', 'random', 'mixed', 'various', 'default', 'auto', 'mana-mana', 'tiada', 'lain-lain', 'rawak', 'campuran', 'pelbagai', 'lalai']);

/** A demo line with its placeholders filled; in English, "a" before a vowel made "an" ("an internal turn"). */
function fillDemo(line: string, vars: Readonly<Record<string, string>>, lang: Lang): string {
  const filled = fillPlaceholders(line, vars);
  return lang === 'en' ? filled.replace(/\b([Aa]) (?=[aeiouAEIOU])/g, '$1n ') : filled;
}

const PREMISE_LINE: Record<Lang, string> = { en: 'Premise: a {a} story of {b} choices and what they cost.', ms: 'Premis: kisah {a} tentang pilihan {b} dan harganya.' };
const ENDING_LINE: Record<Lang, string> = { en: 'Ending: the {a} path closes on a {b} promise kept.', ms: 'Pengakhiran: laluan {a} berakhir dengan janji {b} yang ditunaikan.' };
const PLAN_LINE: Record<Lang, string> = { en: 'Chapter {n}: {a} ground – what the {b} steps mean', ms: 'Bab {n}: asas {a} – maksud langkah {b}' };
const TITLE_LINE: Record<Lang, string> = { en: 'Title: A Tale of {a} Beginnings', ms: 'Tajuk: Kisah Permulaan {a}' };
const OUTLINE_LINE: Record<Lang, string> = { en: 'Chapter {n}: {title}\n{a} beginnings meet {b} turns.', ms: 'Bab {n}: {title}\nPermulaan {a} bertemu liku {b}.' };
/** Demo chapter titles, in turn (a number follows past the tenth). */
const DEMO_TITLES: Record<Lang, string[]> = {
  en: ['First Light', 'A Door Opens', 'The Long Road', 'Small Choices', 'The Turn', 'Old Promises', 'Storm Warning', 'What Was Hidden', 'The Return', 'Morning Again'],
  ms: ['Cahaya Pertama', 'Pintu Terbuka', 'Jalan Panjang', 'Pilihan Kecil', 'Liku', 'Janji Lama', 'Amaran Ribut', 'Yang Tersembunyi', 'Kepulangan', 'Pagi Sekali Lagi'],
};
function demoTitle(lang: Lang, n: number): string {
  const base = DEMO_TITLES[lang][(n - 1) % 10]!;
  return n > 10 ? `${base} ${Math.ceil(n / 10)}` : base;
}



/** Compose the demo text for one request. */
export function offlineText(request: TextRequest): string {
  const meta: PromptMeta = request.meta ?? {
    generatorId: 'text', family: 'test', kind: 'single', stepKind: 'single', stepLabel: 'Text', lang: 'en', title: 'Karya', settingsSummary: [], wordTarget: 200, isFiction: false,
  };
  const lang = meta.lang;
  const rand = seeded(`${request.system}\n${request.user}`);
  // Only a setting's descriptive one-word values fill the demo's sentences: "any", "none" or "sweet (clean)"
  // would read "a any promise kept".
  const values = meta.settingsSummary.map((s) => s.value.toLowerCase()).filter((v) => /^[\p{L}-]{3,20}$/u.test(v) && !VAGUE_VALUES.has(v));
  const pick = (list: string[]) => list[Math.floor(rand() * list.length)]!;
  const vars = () => ({ a: values.length ? pick(values) : lang === 'ms' ? 'tenang' : 'gentle', b: values.length ? pick(values) : lang === 'ms' ? 'biasa' : 'familiar', kind: KIND_WORD[lang][meta.kind === 'book' ? 'book' : 'single'] });
  const target = Math.max(40, Math.min(meta.wordTarget, Math.floor(request.maxTokens * 0.7)));

  const lines: string[] = [OFFLINE_MARK[lang], ''];
  const summary = meta.settingsSummary.map((s) => `${s.label}: ${s.value}`).join(' · ');
  if (summary) lines.push(`_${meta.title} — ${summary}_`, '');
  if (meta.stepKind === 'memory') {
    // A story-bible update: a few bounded lines, whatever the length of the book.
    const v = { ...vars(), part: meta.stepLabel };
    return MEMORY_LINES[lang].map((line) => fillDemo(line, v, lang)).join('\n');
  }
  if (meta.stepKind === 'outline') {
    // The working title line the outline templates ask for.
    lines.push(fillDemo(TITLE_LINE[lang], vars(), lang), fillDemo(PREMISE_LINE[lang], vars(), lang), '');
    // One entry per chapter, as the outline templates ask (6 when the count is unknown).
    for (let n = 1; n <= Math.min(meta.chapterCount ?? 6, 100); n++) lines.push(fillDemo(OUTLINE_LINE[lang], { ...vars(), n: String(n), title: demoTitle(lang, n) }, lang), '');
    lines.push('', fillDemo(ENDING_LINE[lang], vars(), lang));
    return lines.join('\n');
  }
  if (meta.stepKind === 'introduction' && meta.isFiction) {
    lines.push(lang === 'ms' ? 'Butiran Watak:' : 'Character Details:', ...CHARACTERS[lang], '');
  }
  let words = 0;
  const plan: string[] = meta.asksChapterPlan
    ? ['', lang === 'ms' ? 'Rancangan Bab:' : 'Chapter Plan:', ...Array.from({ length: meta.chapterCount ?? 3 }, (_, i) => fillDemo(PLAN_LINE[lang], { ...vars(), n: String(i + 1) }, lang))]
    : [];
  while (words < target) {
    const paragraph: string[] = [];
    for (let i = 0; i < 5 && words < target; i++) {
      const sentence = fillDemo(pick(SENTENCES[lang]), vars(), lang);
      paragraph.push(sentence);
      words += sentence.split(/\s+/).length;
    }
    lines.push(paragraph.join(' '), '');
  }
  lines.push(...plan);
  return lines.join('\n').trim();
}

function abortError(): GenerationError {
  return new GenerationError('aborted');
}

export function createOfflineProvider(): Provider {
  return {
    name: 'offline',
    isOffline: true,
    async generateText(request) {
      if (request.signal?.aborted) throw abortError();
      if (!request.user.trim()) throw new GenerationError('prompt_required');
      const text = offlineText(request);
      if (request.onDelta) {
        const chunks = text.match(/\S+\s*/g) ?? [];
        for (let i = 0; i < chunks.length; i += 8) {
          if (request.signal?.aborted) throw abortError();
          request.onDelta(chunks.slice(i, i + 8).join(''));
          if (i % 400 === 0) await new Promise((r) => setImmediate(r));
        }
      }
      const result: TextResult = {
        text,
        model: 'offline-demo',
        finishReason: 'stop',
        usage: { promptTokens: Math.ceil((request.system.length + request.user.length) / 4), completionTokens: Math.ceil(text.length / 4), totalTokens: 0 },
      };
      result.usage!.totalTokens = result.usage!.promptTokens + result.usage!.completionTokens;
      return result;
    },
    async generateImage(request: ImageRequest): Promise<ImageResult> {
      if (request.signal?.aborted) throw abortError();
      return { png: renderCoverPng(request), model: 'offline-cover' };
    },
  };
}
