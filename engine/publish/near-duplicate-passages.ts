// What a near-duplicate shares, in words a writer can find: exact 8-word runs of one book found in another
// (or in another chapter of the same book) mapped back to the sentences they are in. Pure; the estimate of
// how much is shared is near-duplicate.ts's.
import { firstWords } from '../words.js';
import { plainWordUnits } from '../letter-words.js';
import { SHINGLE_WORDS, partPrintOf, runsOfText } from './near-duplicate.js';

/** A passage both texts have: as this book says it, and the parts (0-based indexes of the books' parts) it is in. */
export interface SharedPassage {
  text: string;
  part: number;
  otherPart: number;
}

/**
 * A book's parts as runs: each run's hash and part (runs never cross a part's end; a part under 8 words has
 * none). Sentences are found only for the few runs a passage is shown for (sentencesOf, per part).
 */
interface Located {
  hashes: Uint32Array;
  parts: Uint32Array;
  /** Each run's first word, within its part. */
  words: Uint32Array;
  texts: readonly string[];
  sentences: Map<number, PartSentences>;
}

/**
 * A part's sentences and the sentence of each of its first words: read one sentence further each time a later
 * word is asked for (sentenceOfWord), since a passage is shown for a few runs of a book, mostly near a part's
 * start (reading every sentence of a book's parts was half of the passages' time at a batch's end).
 */
interface PartSentences {
  texts: string[];
  ofWord: number[];
  /** Sentences read into ofWord so far. */
  read: number;
}

/** Most words of a passage shown. */
const PASSAGE_WORDS = 40;

function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?…]["'”’)\]]*)\s+|\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

function locate(parts: readonly string[]): Located {
  // A part under 8 words has no run to find in another book.
  const runs = parts
    .map((text) => runsOfText(text))
    .map((r) => (r.words < SHINGLE_WORDS ? new Uint32Array(0) : r.hashes));
  const total = runs.reduce((n, r) => n + r.length, 0);
  const out: Located = {
    hashes: new Uint32Array(total),
    parts: new Uint32Array(total),
    words: new Uint32Array(total),
    texts: parts,
    sentences: new Map(),
  };
  let at = 0;
  runs.forEach((r, part) => {
    out.hashes.set(r, at);
    out.parts.fill(part, at, at + r.length);
    for (let i = 0; i < r.length; i++) out.words[at + i] = i;
    at += r.length;
  });
  return out;
}

function sentencesOfPart(book: Located, part: number): PartSentences {
  let found = book.sentences.get(part);
  if (!found) book.sentences.set(part, (found = { texts: sentencesOf(book.texts[part]!), ofWord: [], read: 0 }));
  return found;
}

/**
 * The sentence word `word` of a part is in, reading the part's sentences as far as it (none past the part's last word).
 */
function sentenceOfWord(sentences: PartSentences, word: number): number | undefined {
  const { texts, ofWord } = sentences;
  while (ofWord.length <= word && sentences.read < texts.length) {
    const i = sentences.read++;
    for (let n = plainWordUnits(texts[i]!).count; n > 0; n--) ofWord.push(i);
  }
  return ofWord[word];
}

/** The sentence of the part's last word (every sentence read). */
function lastSentence(sentences: PartSentences): number | undefined {
  sentenceOfWord(sentences, Infinity);
  return sentences.ofWord[sentences.ofWord.length - 1];
}

/** The sentences (part × sentence, as one number) a run's 8 words are in: a passage is shown once per sentence. */
function sentencesOfRun(book: Located, run: number): number[] {
  const part = book.parts[run]!;
  const sentences = sentencesOfPart(book, part);
  const first = book.words[run]!;
  const out: number[] = [];
  for (let w = first; w < first + SHINGLE_WORDS; w++) {
    const sentence = sentenceOfWord(sentences, w);
    if (sentence === undefined) break;
    if (out[out.length - 1] !== part * 2 ** 20 + sentence) out.push(part * 2 ** 20 + sentence);
  }
  return out;
}

/** The sentence a run starts in, with the next ones its words run into, cut to PASSAGE_WORDS words. */
function passageAt(book: Located, run: number): string {
  const part = book.parts[run]!;
  const sentences = sentencesOfPart(book, part);
  const first = book.words[run]!;
  const from = sentenceOfWord(sentences, first);
  const to = sentenceOfWord(sentences, first + SHINGLE_WORDS - 1) ?? lastSentence(sentences);
  return firstWords(sentences.texts.slice(from, to! + 1).join(' '), PASSAGE_WORDS);
}

/** Up to `count` matches of `runs` in different sentences, spread over the book (the first, then evenly after it). */
function spread(runs: readonly number[], book: Located, count: number): number[] {
  const picked: number[] = [];
  const seen = new Set<number>();
  for (let k = 0; k < count && runs.length; k++) {
    const from = Math.floor((k * runs.length) / count);
    let run: number | undefined;
    for (let i = from; i < runs.length && run === undefined; i++)
      if (!seen.has(sentencesOfRun(book, runs[i]!)[0]!)) run = runs[i];
    if (run === undefined) break;
    picked.push(run);
    for (const sentence of sentencesOfRun(book, run)) seen.add(sentence);
  }
  return picked;
}

/**
 * Other books as passagesShared reads them (their runs, and where each run first is), kept while their parts are:
 * a batch's near-duplicate thread keeps the books it measured, and the closest of them are read again for every
 * book close to them (in a batch of books made from one template, every book).
 */
const othersRead = new WeakMap<readonly string[], { located: Located; where: Map<number, number> }>();

function otherRead(other: readonly string[]): { located: Located; where: Map<number, number> } {
  let read = othersRead.get(other);
  if (!read) {
    const located = locate(other);
    const where = new Map<number, number>();
    located.hashes.forEach((h, i) => {
      if (!where.has(h)) where.set(h, i);
    });
    othersRead.set(other, (read = { located, where }));
  }
  return read;
}

/**
 * Passages `book` shares word for word (8-word runs, as plainWordUnits reads them) with `other`: at most `count`,
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
    const { located: b, where: whereInOther } = otherRead(other);
    const runs: number[] = [];
    a.hashes.forEach((h, i) => {
      if (whereInOther.has(h)) runs.push(i);
    });
    return spread(runs, a, count).map((run) => ({
      text: passageAt(a, run),
      part: a.parts[run]!,
      otherPart: b.parts[whereInOther.get(a.hashes[run]!)!]!,
    }));
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
 * @example reuseAcrossParts(['The rain fell on the old harbour all night long.', 'The rain fell on the old harbour all
 * night long.']).share // 1
 */
export function reuseAcrossParts(parts: readonly string[]): PartsReuse {
  const { distinct, repeated } = runsInParts(parts);
  const share = distinct ? repeated.size / distinct : 0;
  if (!repeated.size) return { share };
  // The example: the first run, in the book's order, of a passage an earlier part has (only repeated runs looked up).
  // The parts' runs are read one part at a time, up to the part it is in (a thread that read the parts ahead kept only
  // their prints: the parts after it are not read again).
  const firstPart = new Map<number, number>();
  let before = 0;
  for (let part = 0; part < parts.length; part++) {
    const runs = runsOfText(parts[part]!);
    const hashes = runs.words < SHINGLE_WORDS ? new Uint32Array(0) : runs.hashes;
    for (let i = 0; i < hashes.length; i++) {
      const h = hashes[i]!;
      if (!repeated.has(h)) continue;
      const first = firstPart.get(h);
      if (first === undefined) firstPart.set(h, part);
      else if (first !== part) {
        const book = locate(parts.slice(0, part + 1));
        return { share, example: { text: passageAt(book, before + i), part, otherPart: first } };
      }
    }
    before += hashes.length;
  }
  return { share };
}

/**
 * How many distinct runs a book's parts have, and those in more than one part: from each part's distinct runs,
 * sorted (kept from its fingerprint), put together and sorted once, instead of a table of every run of the book
 * (that table was a fifth of the near-duplicate thread's time in a batch of novels).
 */
function runsInParts(parts: readonly string[]): { distinct: number; repeated: Set<number> } {
  // A part under 8 words has no run (as locate reads it).
  const sets = parts.map((text) => {
    const print = partPrintOf(text);
    return print.words < SHINGLE_WORDS ? new Uint32Array(0) : print.set;
  });
  const all = new Uint32Array(sets.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of sets) {
    all.set(s, at);
    at += s.length;
  }
  all.sort();
  let distinct = 0;
  const repeated = new Set<number>();
  for (let i = 0; i < all.length; i++) {
    if (i > 0 && all[i] === all[i - 1]) continue;
    distinct++;
    // Each part's runs are distinct: the same hash twice is in two parts.
    if (all[i + 1] === all[i]) repeated.add(all[i]!);
  }
  return { distinct, repeated };
}
