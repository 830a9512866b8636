// Vocabulary diversity as MTLD (the measure of textual lexical diversity): the mean length of the runs of a text's
// words over which their type-token ratio stays above 0.72, read forward and backward; one statistic of the
// writer's voice (fingerprint.ts).
import type { Lang } from '../../spec/types.js';
import { readingOf } from '../reading/index.js';
import { wordIdsOf } from './ascii-words.js';

/**
 * MTLD one way: the text's words (each as a number, the same number for the same word) over the number of
 * "factors" (runs whose type-token ratio falls to 0.72). A word is new to a run when the run it was last seen
 * in is an earlier one.
 */
function mtldOneWay(ids: ArrayLike<number>, from: number, step: number, seen: Int32Array): number {
  seen.fill(-1);
  let factors = 0;
  let run = 0;
  let types = 0;
  let tokens = 0;
  for (let k = 0, i = from; k < ids.length; k++, i += step) {
    const id = ids[i]!;
    if (seen[id] !== run) {
      seen[id] = run;
      types++;
    }
    tokens++;
    if (types / tokens <= 0.72) {
      factors++;
      run++;
      types = 0;
      tokens = 0;
    }
  }
  if (tokens > 0) factors += (1 - types / tokens) / (1 - 0.72);
  return factors > 0 ? ids.length / factors : ids.length;
}

/** MTLD: the mean of the forward and backward passes. */
export function mtld(words: readonly string[]): number {
  const numbers = new Map<string, number>();
  const ids = new Int32Array(words.length);
  for (let i = 0; i < words.length; i++) {
    let id = numbers.get(words[i]!);
    if (id === undefined) numbers.set(words[i]!, (id = numbers.size));
    ids[i] = id;
  }
  return mtldOfIds(ids, numbers.size);
}

/** MTLD of words given as numbers from 0 to `kinds` − 1 (the same number for the same word). */
function mtldOfIds(ids: ArrayLike<number>, kinds: number): number {
  if (!ids.length) return 0;
  const seen = new Int32Array(kinds);
  return (mtldOneWay(ids, 0, 1, seen) + mtldOneWay(ids, ids.length - 1, -1, seen)) / 2;
}

/**
 * How many words a text has and their diversity (MTLD): read by char codes when it is written in ASCII letters
 * (ascii-words.ts).
 */
export function vocabularyOf(text: string, lang: Lang): { words: number; diversity: number } {
  const numbered = wordIdsOf(text);
  if (numbered) return { words: numbered.ids.length, diversity: mtldOfIds(numbered.ids, numbered.kinds) };
  // The text's letter words as its reading holds them (wordsOf's words, read once for every check).
  const words = readingOf(text).letterWords;
  return { words: words.length, diversity: mtld(words) };
}
