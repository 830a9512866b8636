// The tests' fake model taught to translate (templates/translate.hbs requests): English ↔ Malay sentence by
// sentence from PROSE_SENTENCES (the two lists are each other's translation), a small word map for titles and
// anything else, names kept as the request's glossary sets them. It misbehaves one way at a time, on the first
// ask of the chosen window only (an ask again is answered well), or on every ask (`always`).
import { PROSE_SENTENCES, userMessageOf } from './fake-openai.js';

/** How a translating model goes wrong: a paragraph dropped, Indonesian, a paragraph left untranslated, a glossary name changed. */
export type Misbehaviour = 'drop' | 'indonesian' | 'untranslated' | 'glossary';

export interface TranslatorOptions {
  misbehave?: Misbehaviour;
  /** Which translation request (0-based, in the order they come) misbehaves (default 0). */
  at?: number;
  /** Misbehave on every ask from `at` on (a part that cannot be had). */
  always?: boolean;
}

/** How a name is spelled in each language, when the model's own habit differs from the glossary's. */
const NAME_VARIANTS: ReadonlyArray<readonly [string, string]> = [['Aisha', 'Aisyah']];

/** Titles and words the fake knows beyond its sentences. */
export const WORD_MAP: ReadonlyArray<readonly [string, string]> = [
  ['Harbour Lights', 'Lampu Pelabuhan'], ['The Storm', 'Ribut'], ['The Letter', 'Surat Itu'], ['The Bookshop', 'Kedai Buku'],
  ['Morning Bread', 'Roti Pagi'], ['The Tide', 'Air Pasang'],
];

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
const INDONESIAN = 'Dia tidak mengerti karena uang itu tidak cukup untuk membayar kontrakan, dan saat ini dia harus segera ke rumah sakit bersama Aisha.';

/** True for a request of templates/translate.hbs. */
export function isTranslateRequest(body: Record<string, unknown>): boolean {
  return /^(?:Source paragraphs|Perenggan sumber):$/m.test(userMessageOf(body));
}

/** True for a window asked again (its answer before was not kept). */
export function isAskedAgain(body: Record<string, unknown>): boolean {
  return /Your previous answer could not be kept|Jawapan anda yang sebelumnya tidak dapat disimpan/.test(userMessageOf(body));
}

/** The request's target language, glossary and source paragraphs. */
export function translateAsk(body: Record<string, unknown>): { to: 'en' | 'ms'; glossary: Array<[string, string]>; paragraphs: string[] } {
  const user = userMessageOf(body);
  const to = /^Terjemahkan/m.test(user) ? 'ms' : 'en';
  const glossary = [...user.matchAll(/^- (.+?) → (.+)$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]);
  const source = user.split(/^(?:Source paragraphs|Perenggan sumber):$/m)[1] ?? '';
  return { to, glossary, paragraphs: source.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean) };
}

const sentencesOf = (p: string) => p.split(/(?<=[.!?])\s+/).filter(Boolean);

/** One sentence in the other language, by the sentence lists, else word by word with WORD_MAP. */
function sentence(text: string, to: 'en' | 'ms'): string {
  const from = to === 'ms' ? 'en' : 'ms';
  const plain = NAME_VARIANTS.reduce((t, [en, ms]) => t.split(from === 'en' ? ms : en).join(from === 'en' ? en : ms), text);
  const i = PROSE_SENTENCES[from].indexOf(plain);
  if (i >= 0) return (to === 'en' ? NAMED_ENGLISH[i] : undefined) ?? PROSE_SENTENCES[to][i]!;
  let out = text;
  for (const [en, ms] of WORD_MAP) out = to === 'ms' ? out.split(en).join(ms) : out.split(ms).join(en);
  return out;
}

/** A paragraph translated, names as the model writes them in `to` (the glossary not applied yet). */
export function translateParagraph(p: string, to: 'en' | 'ms'): string {
  return sentencesOf(p).map((s) => sentence(s, to)).join(' ');
}

/** The glossary's renderings put in for every spelling of their terms. */
function withGlossary(text: string, glossary: ReadonlyArray<readonly [string, string]>): string {
  let out = text;
  for (const [term, rendering] of glossary) {
    const spellings = new Set([term, ...NAME_VARIANTS.filter((v) => v.includes(term)).flat()]);
    for (const s of spellings) if (s !== rendering) out = out.replace(new RegExp(`(?<![\\p{L}])${s}(?![\\p{L}])`, 'gu'), rendering);
  }
  return out;
}

/** A translator's answer function for startFakeOpenAI's `reply` (undefined for requests that are not translations). */
export function fakeTranslator(options: TranslatorOptions = {}): { reply: (body: Record<string, unknown>) => { text: string } | undefined; asks: () => number } {
  let asks = 0;
  return {
    asks: () => asks,
    reply: (body) => {
      if (!isTranslateRequest(body)) return undefined;
      const isAgain = isAskedAgain(body);
      const index = asks++;
      const { to, glossary, paragraphs } = translateAsk(body);
      let answer = paragraphs.map((p) => translateParagraph(p, to));
      const wrong = options.misbehave && (options.always ? index >= (options.at ?? 0) : !isAgain && index === (options.at ?? 0));
      if (wrong && options.misbehave === 'glossary') return { text: answer.join('\n\n') };
      answer = answer.map((p) => withGlossary(p, glossary));
      if (wrong && options.misbehave === 'drop') answer = answer.length > 1 ? [...answer.slice(0, 1), ...answer.slice(2)] : [];
      if (wrong && options.misbehave === 'indonesian') answer = answer.map((p) => sentencesOf(p).map(() => INDONESIAN).join(' '));
      if (wrong && options.misbehave === 'untranslated') answer = answer.map((p, i) => (i === answer.length - 1 ? paragraphs[i]! : p));
      return { text: answer.join('\n\n') };
    },
  };
}
