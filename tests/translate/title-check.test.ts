// A model's answer is kept as an edition's title only when it reads as a title in the edition's language: no
// sentence (a full stop the source title has not), not far longer than its source, never the book's kind, never
// its source left as it was unless the title is only names (or the languages read alike: Malay and Indonesian).
import { describe, expect, it } from 'vitest';
import { titleProblem } from '../../engine/index.js';

const kinds = ['Romance', 'Romantik', 'Romansa', 'Romance Story Creator', 'Penjana Cerita Romantik'];
const glossary = [
  { term: 'Anne', rendering: 'Anne' },
  { term: 'Avonlea', rendering: 'Avonlea' },
  { term: 'Marilla', rendering: 'Marilla' },
];
const check = (
  answer: string,
  source = 'Anne of Avonlea',
  from: 'en' | 'ms' | 'id' = 'en',
  to: 'en' | 'ms' | 'id' = 'ms',
) => titleProblem({ answer, source, kinds, glossary, from, to });

describe("an edition's title, checked as a title", () => {
  it("keeps a title in the edition's language", () => {
    expect(check('Anne dari Avonlea')).toBeUndefined();
    expect(check('Lampu Pelabuhan', 'Harbour Lights')).toBeUndefined();
  });
  it('refuses a sentence, an answer far longer than its source, the genre, and the source unchanged', () => {
    expect(check('Ini ialah kisah Anne dari Avonlea.')).toBe('sentence');
    expect(
      check('Anne dari Avonlea, sebuah kisah seorang gadis yatim piatu yang menjadi guru di kampung halamannya'),
    ).toBe('long');
    expect(check('Romantik')).toBe('genre');
    expect(check('Anne of Avonlea')).toBe('unchanged');
    expect(check('"Anne of Avonlea"')).toBe('unchanged');
  });
  it('keeps a title of names only as it is, and a Malay title for an Indonesian edition that reads the same', () => {
    expect(check('Marilla', 'Marilla')).toBeUndefined();
    expect(check('Surat Itu', 'Surat Itu', 'ms', 'id')).toBeUndefined();
  });
});
