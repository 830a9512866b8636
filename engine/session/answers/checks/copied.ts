// copied: a part of a book that is mostly the book before it, in stretches of 8-word runs found there.
import { readingOf } from '../../reading/index.js';
import type { Runs } from '../../runs.js';
import type { AnswerCheck } from './types.js';

/** A text's 8-word runs, as its reading holds them (read once for every check). */
const runsIn = (text: string): Runs => readingOf(text).runs;

/**
 * Runs of an answer sampled for the copy check: every 8th (runs that do not overlap), which a copy has as surely as all
 * of them.
 */
const COPY_STRIDE = 8;
/** Fewer distinct sampled runs than this (a short answer, or one that loops one passage) is not judged a copy. */
const COPY_LEAST_RUNS = 16;
/**
 * Sampled runs in a row found in the book before a stretch counts as copied (3: 24 words and more). Shorter
 * matches are phrases a model reuses (a clause, a greeting), which the repeat measure counts, not a copy.
 */
const COPY_STRETCH = 3;

/**
 * The share (0–1) of the answer's sampled 8-word runs that stand in stretches copied from the `earlier` texts
 * (COPY_STRETCH runs in a row found there), read until `enough` is reached or out of reach (then the share read so
 * far, on the side it is decided): 1 for a part copied word for word. An answer with too few distinct runs to tell
 * (a short one, one that loops a passage) gives 0.
 */
export function copiedShare(answer: string, earlier: readonly string[], enough?: number): number {
  if (!earlier.length) return 0;
  const runs = readingOf(answer).runs;
  const keys = runs.keys;
  // The sample is read in place (every COPY_STRIDE-th key), with no list or set of its numbers made: an answer a call.
  const n = Math.ceil(keys.length / COPY_STRIDE);
  const distinct = distinctSampled(runs, n);
  if (distinct < COPY_LEAST_RUNS || distinct < n / 2) return 0;
  const texts = earlier.map(runsIn);
  let copied = 0;
  let streak = 0;
  for (let j = 0; j < n; j++) {
    if (isIn(texts, keys[j * COPY_STRIDE]!)) streak++;
    else {
      if (streak >= COPY_STRETCH) copied += streak;
      streak = 0;
    }
    // Decided either way: the rest of the sample cannot change which side of `enough` it is on.
    if (enough !== undefined && (copied >= enough * n || copied + streak + (n - j - 1) < enough * n)) return copied / n;
  }
  return (copied + (streak >= COPY_STRETCH ? streak : 0)) / n;
}

/**
 * How many different runs the `n` sampled runs are: all of them when no run of the answer is found twice (most prose),
 * else the different first places of theirs (Runs.firstOf: one a different run).
 */
function distinctSampled(runs: Runs, n: number): number {
  if (!runs.repeatsWithin) return n;
  const firsts = new Set<number>();
  for (let j = 0; j < n; j++) firsts.add(runs.firstOf(j * COPY_STRIDE));
  return firsts.size;
}

function isIn(texts: readonly Runs[], key: number): boolean {
  for (let t = 0; t < texts.length; t++) if (texts[t]!.has(key)) return true;
  return false;
}

export const COPIED: AnswerCheck = {
  id: 'copied',
  words: {},
  check: (text, { shape, earlier }) =>
    !!shape && !!earlier && copiedShare(text, earlier(), shape.copyShare) >= shape.copyShare,
};
