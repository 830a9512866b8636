// plainLine: the one rule for a line of Markdown as plain words (titles, headings, the lines checks read).
import { describe, expect, it } from 'vitest';
import { plainLine } from '../../engine/index.js';

const CASES: ReadonlyArray<{ name: string; input: string; expected: string }> = [
  { name: 'a heading with emphasis', input: '## **The Storm**', expected: 'The Storm' },
  {
    name: 'a link keeps its words',
    input: 'Read [the first book](https://example.com/one) again',
    expected: 'Read the first book again',
  },
  { name: 'an image keeps its description', input: '![A red door](door.png)', expected: 'A red door' },
  { name: 'code marks and italics', input: 'The `storm` was *late*', expected: 'The storm was late' },
  { name: 'a quote', input: '> She said _nothing_.', expected: 'She said nothing.' },
  { name: 'a bullet', input: '- Bab 1: Hujan', expected: 'Bab 1: Hujan' },
  { name: 'a numbered line keeps its number', input: '1. The Storm', expected: '1. The Storm' },
  { name: 'an unclosed mark', input: '**Chapter 1: The Storm', expected: 'Chapter 1: The Storm' },
  { name: 'words joined by an underscore stay whole', input: 'file_name here', expected: 'file_name here' },
  { name: 'struck text keeps its words, spaces collapse', input: '~~old~~   new', expected: 'old new' },
];

describe('plainLine', () => {
  it.each(CASES)('$name', ({ input, expected }) => {
    expect(plainLine(input)).toBe(expected);
  });
});
