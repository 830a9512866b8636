// One reading of a text, shared by every check of an answer: the echo and copy checks and the repeat measure read
// its 8-word runs, the language guard its words and sentences (units), the length check its word count, the voice
// its letter words and paragraphs. Each is read the first time a check asks for it and kept with the text's
// reading; the last TEXTS_KEPT long texts' readings are kept (an answer is judged, then guarded for its
// language, then measured), so no check tokenizes a text another has read already.
import type { Lang } from '../../spec/types.js';
import { TEXTS_KEPT, byText } from '../../text-cache.js';
import { countWords } from '../../words.js';
import { letterWords } from '../../letter-words.js';
import { runsOf, type Runs } from '../runs.js';
import { scanWords, type LatinWords } from './language-scan.js';

/** What the checks read of a text, each read once, when first asked. */
export interface Reading {
  readonly text: string;
  /** Its 8-word runs (runs.ts): the echo and copy checks, the repeat measure. */
  readonly runs: Runs;
  /** Its words as the product counts them (words.ts countWords): the length check, the progress lines. */
  readonly wordCount: number;
  /** Its Latin words and their sentences or lines (language-scan.ts): the language guard, the Indonesian words. */
  readonly latin: LatinWords;
  /**
   * Its letter words, lower case (letter-words.ts letterWords): the voice's vocabulary, its listed phrases outside
   * English.
   */
  readonly letterWords: readonly string[];
  /** Memoised per reading: a value a check works out from the text once (`key` names it; one per key and language). */
  kept<T>(key: string, of: (text: string) => T): T;
}

/**
 * Words and sentences kept for the answer being checked: a text's words are shared by the checks of one answer,
 * which ask for them one after another. In a 400-book batch (100 books in flight) every hit on the Latin words came
 * within the last 16 texts read, and the letter words were never asked twice (0 hits of 1,000: one voice check asks
 * per answer there); 256 kept up to 256 texts' word tables (tens of KB each) and their texts alive for nothing.
 * Keeping every part's words as long as its runs cost more in collecting them than reading them again; the runs
 * are kept as long by runs.ts's own cache (TEXTS_KEPT).
 */
const WORDS_KEPT = 32;
const latinOf = byText(WORDS_KEPT, scanWords);
const letterWordsOf = byText<readonly string[]>(WORDS_KEPT, letterWords);

class TextReading implements Reading {
  #runs: Runs | undefined;
  #wordCount = -1;
  #kept: Map<string, unknown> | undefined;
  constructor(readonly text: string) {}

  get runs(): Runs {
    // Through runsOf: a text whose runs were kept as another's (runs.ts keepSameRuns) has them at once. Kept here
    // too: a book's parts are asked for their runs by every later answer's checks, one look-up each instead of two.
    return (this.#runs ??= runsOf(this.text));
  }

  get wordCount(): number {
    if (this.#wordCount < 0) this.#wordCount = countWords(this.text);
    return this.#wordCount;
  }

  get latin(): LatinWords {
    return latinOf(this.text);
  }

  get letterWords(): readonly string[] {
    return letterWordsOf(this.text);
  }

  kept<T>(key: string, of: (text: string) => T): T {
    const kept = (this.#kept ??= new Map<string, unknown>());
    if (kept.has(key)) return kept.get(key) as T;
    const value = of(this.text);
    kept.set(key, value);
    return value;
  }
}

/**
 * A text this short is read again when asked (a title, a line of a request): keeping it would cost more than reading
 * it.
 */
const SHORT_CHARS = 256;

const longReadings = byText<Reading>(TEXTS_KEPT, (text) => new TextReading(text));

/**
 * The reading of `text`: the same one for the same long text while it is among the last TEXTS_KEPT read.
 * @example readingOf(chapter).runs === readingOf(chapter).runs // true: read once
 */
export function readingOf(text: string): Reading {
  return text.length <= SHORT_CHARS ? new TextReading(text) : longReadings(text);
}

/** A value per language kept with a text's reading (a voice fingerprint, the listed phrases). */
export function keptFor<T>(name: string, of: (text: string, lang: Lang) => T): (text: string, lang: Lang) => T {
  const keys = new Map<Lang, string>();
  return (text, lang) => {
    let key = keys.get(lang);
    if (key === undefined) keys.set(lang, (key = `${name}:${lang}`));
    return readingOf(text).kept(key, (t) => of(t, lang));
  };
}
