// Overused phrases in a text, per 1,000 words: the language's list (voice/overused-words.ts) and the
// writer's own phrases to avoid. One measure for the book session, the book view, the CLI and `npm run eval`.
// What a text holds of the list is kept per text (text-cache.ts): a part's check, its fingerprint and the phrases
// every later step is told to avoid read a part once.
import type { Lang } from '../../spec/types.js';
import { OVERUSED_STRIPPED_EN } from './overused-words.js';
import { voiceLanguageOf } from './language.js';
import { threesIn } from './threes.js';
import { VoiceError } from './error.js';
import { TEXTS_KEPT, byText } from '../../text-cache.js';
import { keptFor } from '../reading/index.js';
import { countLetterWords } from '../../letter-words.js';
import { escapeRegExp } from '../../markup.js';

/**
 * A part over this many listed phrases per 1,000 words is marked (people's prose stays well under it; a model's stock
 * prose does not).
 */
export const OVERUSED_BAND = 5;
/** At most this many of the writer's own phrases to avoid, each at most this many characters. */
export const MAX_AVOID = 40;
export const MAX_AVOID_CHARS = 80;

export interface OverusedMeasure {
  /** Listed phrases (and the writer's own) per 1,000 words, to 0.1. */
  perThousand: number;
  /** The phrases found, most frequent first (each once). */
  phrases: string[];
  /** The writer's own phrases to avoid that the text uses anyway. */
  avoided?: string[];
}

const escape = (s: string) => escapeRegExp(s).replace(/'/g, "['’]");
const patterns = new Map<string, RegExp>();
/** A whole-word, case-insensitive pattern for a list of phrases. */
function patternOf(list: readonly string[]): RegExp | null {
  if (!list.length) return null;
  const key = list.join('\u0000');
  let found = patterns.get(key);
  if (!found) {
    found = new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${[...list]
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|')})(?![\\p{L}\\p{N}])`,
      'giu',
    );
    patterns.set(key, found);
  }
  return found;
}

/** The listed three-word phrases (found by threes.ts): counted in a part, but no phrase a prompt names to avoid. */
const STRIPPED = new Set(OVERUSED_STRIPPED_EN);

/**
 * The language's listed phrases in a text, with repeats (lowercased as listed), and its words: what overusedIn counts,
 * the same for any list of the writer's own.
 */
interface Listed {
  readonly found: readonly string[];
  readonly words: number;
}

/**
 * A language's listed phrases and words as one pattern (patternOf), looked up once a language: not a list made and
 * joined into its key at every text read.
 */
const listedPatterns = new WeakMap<ReturnType<typeof voiceLanguageOf>, RegExp>();
function listedPatternOf(voice: ReturnType<typeof voiceLanguageOf>): RegExp | null {
  let found = listedPatterns.get(voice);
  if (!found) {
    const made = patternOf([...voice.overused, ...voice.overusedWords]);
    if (made) listedPatterns.set(voice, made);
    return made;
  }
  return found;
}

/** Every listed phrase a text uses, with repeats (lowercased as listed). */
function listedOf(text: string, lang: Lang): Listed {
  const found: string[] = [];
  const voice = voiceLanguageOf(lang);
  const listed = listedPatternOf(voice);
  for (const m of text.matchAll(listed!)) found.push(m[0].toLowerCase().replace(/’/g, "'"));
  found.push(...Array.from(text.matchAll(voice.notXButY.pattern), () => voice.notXButY.name));
  // English's listed threes (threes.ts) are read with the words they are counted on; other languages' words are
  // counted, not made (a string a word, only for their number).
  const words = voice.threes ? threesIn(text, found) : countLetterWords(text);
  return { found, words };
}

/** The writer's own phrases to avoid that a text uses, with repeats (as the writer wrote them). */
function ownPhrasesIn(text: string, avoid: readonly string[]): string[] {
  const avoided: string[] = [];
  const own = patternOf(avoid);
  if (own)
    for (const m of text.matchAll(own))
      avoided.push(avoid.find((a) => a.toLowerCase() === m[0].toLowerCase().replace(/’/g, "'")) ?? m[0]);
  return avoided;
}

/** Lists of the writer's own phrases whose finds are kept (a batch's books in flight, each with its list). */
const AVOID_LISTS_KEPT = 128;
const ownKept = new Map<string, (text: string) => readonly string[]>();

/**
 * ownPhrasesIn, kept per list for the last TEXTS_KEPT texts (a book view measures every part each time it is built).
 */
function avoidedIn(text: string, avoid: readonly string[]): readonly string[] {
  if (!avoid.length) return [];
  const key = avoid.join('\u0000');
  let of = ownKept.get(key);
  if (of) ownKept.delete(key);
  else {
    of = byText(TEXTS_KEPT, (t) => ownPhrasesIn(t, avoid));
    if (ownKept.size >= AVOID_LISTS_KEPT) ownKept.delete(ownKept.keys().next().value!);
  }
  ownKept.set(key, of);
  return of(text);
}

/**
 * A text's listed phrases and words in each language, kept with its reading (reading/reading.ts): a part's
 * check, its fingerprint and every later step's phrases to avoid read it once.
 */
const listed: (text: string, lang: Lang) => Listed = keptFor('listed phrases', listedOf);

/** The most frequent first, each once. */
function byCount(list: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const p of list) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p);
}

/** The overused phrases of a text: listed ones and the writer's own, per 1,000 words. */
export function overusedIn(text: string, lang: Lang, avoid: readonly string[] = []): OverusedMeasure {
  const { found, words } = listed(text, lang);
  const avoided = avoidedIn(text, avoid);
  const perThousand = words ? Math.round((10000 * (found.length + avoided.length)) / words) / 10 : 0;
  return {
    perThousand,
    phrases: byCount([...avoided, ...found]),
    ...(avoided.length ? { avoided: byCount(avoided) } : {}),
  };
}

/** True when a part's overused phrases mark it: over the band, or any phrase the writer asked to avoid. */
export function isOverused(measure: OverusedMeasure): boolean {
  return measure.perThousand > OVERUSED_BAND || (measure.avoided?.length ?? 0) > 0;
}

/**
 * The writer's phrases to avoid as given (the brief, the CLI's --avoid, a batch job): trimmed, blank and
 * repeated ones dropped; a VoiceError names the limit when there are too many or one is too long.
 */
export function avoidListOf(raw: readonly string[]): string[] {
  const list = [
    ...new Set(
      raw
        .map((p) =>
          p
            .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
            .replace(/\s+/g, ' ')
            .trim(),
        )
        .filter(Boolean),
    ),
  ];
  if (list.length > MAX_AVOID) throw new VoiceError('avoid_too_many', { count: list.length, max: MAX_AVOID });
  const long = list.find((p) => [...p].length > MAX_AVOID_CHARS);
  if (long) throw new VoiceError('avoid_too_long', { phrase: long, max: MAX_AVOID_CHARS });
  return list;
}

/**
 * The listed phrases the prompt asks a step to avoid: the writer's own first, then those the book already used
 * most, then (`withHead`: a book with a voice) the list's head; at most `n` besides the writer's own. A book with
 * no voice is told only the phrases it has used: a small window keeps its room for the answer.
 */
export function phrasesToAvoid(
  lang: Lang,
  avoid: readonly string[],
  written: readonly string[],
  opts: { n?: number; withHead?: boolean } = {},
): string[] {
  const n = opts.n ?? 16;
  const { notXButY, overused } = voiceLanguageOf(lang);
  const used = byCount(written.flatMap((t) => listed(t, lang).found)).filter(
    (p) => !STRIPPED.has(p) && p !== notXButY.name,
  );
  const head = opts.withHead ? overused.slice(0, n) : [];
  return [...new Set([...avoid, ...used, ...head])].slice(0, avoid.length + n);
}
