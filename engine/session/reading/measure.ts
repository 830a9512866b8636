// How well a part kept to its length: LongWriter's length score S_l (Bai et al., 2024), per part and as
// the mean over a book. 100 is exactly the words asked for; writing 4× the target or half of it scores 0.

/**
 * S_l for a part asked for `target` words that came back with `words`: over-length
 * 100·max(0, 1 − (y/x − 1)/3), under-length 100·max(0, 1 − (x/y − 1)/2), rounded to 0.1.
 * @example lengthScore(1500, 1500) // 100
 * @example lengthScore(1500, 1000) // 75
 */
export function lengthScore(target: number, words: number): number {
  if (!(target > 0)) throw new RangeError(`a length score needs a positive target, not ${target}`);
  if (words <= 0) return 0;
  const ratio = words / target;
  const score = ratio >= 1 ? 1 - (ratio - 1) / 3 : 1 - (1 / ratio - 1) / 2;
  return Math.round(1000 * Math.max(0, score)) / 10;
}

/** The book's length score: the mean of its parts' scores (undefined when no part has one). */
export function bookLengthScore(scores: ReadonlyArray<number | undefined>): number | undefined {
  const known = scores.filter((s): s is number => typeof s === 'number');
  return known.length ? Math.round((10 * known.reduce((a, b) => a + b, 0)) / known.length) / 10 : undefined;
}

/**
 * A prose part under this share of its target is extended (engine/session), and still under it after, reported short.
 */
export const SHORT_RATIO = 0.85;
/** A prose part over this share of its target is reported long (kept as written). */
export const LONG_RATIO = 1.5;
