// Length kept, measured: LongWriter's S_l per part (expected values worked out by hand from the formula:
// over-length 100·max(0, 1 − (y/x − 1)/3), under-length 100·max(0, 1 − (x/y − 1)/2)) and the book's mean.
import { describe, expect, it } from 'vitest';
import { bookLengthScore, lengthScore } from '../../engine/index.js';

describe('lengthScore (S_l)', () => {
  it.each([
    [1500, 1500, 100],
    [1500, 1800, 93.3], // y/x = 1.2 → 1 − 0.2/3
    [1500, 3000, 66.7], // twice the target → 1 − 1/3
    [1500, 6000, 0], // four times → 0
    [1500, 9000, 0],
    [1500, 1000, 75], // x/y = 1.5 → 1 − 0.5/2
    [1500, 750, 50], // half → 1 − 1/2
    [1500, 500, 0], // a third → 1 − 2/2
    [1500, 0, 0],
    [400, 380, 97.4], // x/y = 1.0526 → 1 − 0.0526/2
  ])('target %i, %i words → %f', (target, words, score) => {
    expect(lengthScore(target, words)).toBe(score);
  });

  it('needs a target', () => {
    expect(() => lengthScore(0, 100)).toThrow(RangeError);
  });

  it("a book's score is the mean of its parts' (parts without one left out)", () => {
    expect(bookLengthScore([100, 75, undefined, 50])).toBe(75);
    expect(bookLengthScore([undefined])).toBeUndefined();
  });
});
