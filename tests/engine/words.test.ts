// One rule for words (engine/words.ts): counted as runs of non-space characters whatever the spaces
// around them, and cut at the start or the end with the mark where a text was cut.
import { describe, expect, it } from 'vitest';
import { countWords, firstWords, lastWords, wordList } from '../../engine/index.js';

describe('words', () => {
  it('counts runs of non-space characters, leading, trailing and repeated spaces included', () => {
    expect(countWords('  one two\n\nthree  ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(wordList(' a  b ')).toEqual(['a', 'b']);
  });

  it('cuts the first and last words with the mark only where the text was cut', () => {
    expect(firstWords('one two three', 2)).toBe('one two …');
    expect(firstWords('one  two', 2)).toBe('one two');
    expect(lastWords('one two three', 2)).toBe('…two three');
    expect(lastWords('one two three', 2, '… ')).toBe('… two three');
    expect(lastWords('one two', 5)).toBe('one two');
  });
});
