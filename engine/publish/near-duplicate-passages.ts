// What a near-duplicate shares, in words a writer can find: exact 8-word runs of one book found in another
// (or in another chapter of the same book) mapped back to the sentences they are in. Pure; the estimate of
// how much is shared is near-duplicate.ts's.
import { firstWords, plainWords } from '../words.js';
import { SHINGLE_WORDS, shingleHashesOfWords } from './near-duplicate.js';

/** A passage both texts have: as this book says it, and the parts (0-based indexes of the books' parts) it is in. */
export interface SharedPassage {
  text: string;
  part: number;
  otherPart: number;
}

/** A book's parts as runs: each run's hash, part and sentence (runs never cross a part's end). */
interface Located {
  hashes: number[];
  parts: number[];
  sentences: number[];
  /** Every sentence's text, by index. */
  texts: string[];
}

/** Most words of a passage shown. */
const PASSAGE_WORDS = 40;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.!?…]["'”’)\]]*)\s+|\n\s*\n/).map((s) => s.trim()).filter(Boolean);
}

function locate(parts: readonly string[]): Located {
  const out: Located = { hashes: [], parts: [], sentences: [], texts: [] };
  parts.forEach((text, part) => {
    const words: string[] = [];
    const sentenceOfWord: number[] = [];
    for (const sentence of sentencesOf(text)) {
      const index = out.texts.push(sentence) - 1;
      for (const w of plainWords(sentence)) {
        words.push(w);
        sentenceOfWord.push(index);
      }
    }
    if (words.length < SHINGLE_WORDS) return;
    shingleHashesOfWords(words).forEach((h, i) => {
      out.hashes.push(h);
      out.parts.push(part);
      out.sentences.push(sentenceOfWord[i]!);
    });
  });
  return out;
}

/** The sentence a run starts in, with the next ones it runs into, cut to PASSAGE_WORDS words. */
function passageAt(book: Located, run: number): string {
  const first = book.sentences[run]!;
  const last = book.sentences[Math.min(run + SHINGLE_WORDS - 1, book.sentences.length - 1)]!;
  const end = book.parts[Math.min(run + SHINGLE_WORDS - 1, book.parts.length - 1)] === book.parts[run] ? last : first;
  return firstWords(book.texts.slice(first, Math.max(first, end) + 1).join(' '), PASSAGE_WORDS);
}

/** Up to `count` matches of `runs` in different sentences, spread over the book (the first, then evenly after it). */
function spread(runs: readonly number[], book: Located, count: number): number[] {
  const picked: number[] = [];
  const seen = new Set<number>();
  for (let k = 0; k < count && runs.length; k++) {
    const from = Math.floor((k * runs.length) / count);
    const run = runs.slice(from).find((r) => !seen.has(book.sentences[r]!));
    if (run === undefined) break;
    picked.push(run);
    for (let r = run; r < run + SHINGLE_WORDS && r < book.sentences.length; r++) seen.add(book.sentences[r]!);
  }
  return picked;
}

/**
 * Passages `book` shares word for word (8-word runs, as plainWords reads them) with `other`: at most `count`,
 * from different sentences, spread over the book. Books are given as their parts.
 */
export function sharedPassages(book: readonly string[], other: readonly string[], count = 2): SharedPassage[] {
  return passagesShared(book)(other, count);
}

/**
 * The book read once, for finding the passages it shares with several others (each other book read once).
 * @example const shared = passagesShared(parts); const a = shared(first), b = shared(second)
 */
export function passagesShared(book: readonly string[]): (other: readonly string[], count?: number) => SharedPassage[] {
  const a = locate(book);
  return (other, count = 2) => {
    const b = locate(other);
    const whereInOther = new Map<number, number>();
    b.hashes.forEach((h, i) => {
      if (!whereInOther.has(h)) whereInOther.set(h, i);
    });
    const runs = a.hashes.flatMap((h, i) => (whereInOther.has(h) ? [i] : []));
    return spread(runs, a, count).map((run) => ({ text: passageAt(a, run), part: a.parts[run]!, otherPart: b.parts[whereInOther.get(a.hashes[run]!)!]! }));
  };
}

/** How much of a book is repeated across its own parts. */
export interface PartsReuse {
  /** The share of the book's distinct 8-word runs that occur in more than one part (0 to 1). */
  share: number;
  /** A repeated passage as a later part says it, with the earlier part it first appeared in (0-based). */
  example?: SharedPassage;
}

/**
 * Passages reused across a book's parts (chapters): the share of its distinct 8-word runs found in more than
 * one part, and the first passage of a later part that an earlier part already has.
 * @example reuseAcrossParts(['The rain fell on the old harbour all night long.', 'The rain fell on the old harbour all night long.']).share // 1
 */
export function reuseAcrossParts(parts: readonly string[]): PartsReuse {
  const book = locate(parts);
  const firstPart = new Map<number, number>();
  const repeated = new Set<number>();
  let example: number | undefined;
  book.hashes.forEach((h, i) => {
    const part = book.parts[i]!;
    const first = firstPart.get(h);
    if (first === undefined) firstPart.set(h, part);
    else if (first !== part) {
      repeated.add(h);
      example ??= i;
    }
  });
  const share = firstPart.size ? repeated.size / firstPart.size : 0;
  if (example === undefined) return { share };
  return { share, example: { text: passageAt(book, example), part: book.parts[example]!, otherPart: firstPart.get(book.hashes[example]!)! } };
}
