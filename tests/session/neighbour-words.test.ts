// A part that keeps a neighbour language's words below the refusal level is named in a note, whichever language
// the book is in: Indonesian's words in a Malay part, Malay's in an Indonesian one, each from the language's own
// guard table, the neighbour named in the reader's language (the studio's, the command line's).
import { describe, expect, it } from 'vitest';
import { neighbourFinds, neighbourNote } from '../../engine/index.js';

describe("a neighbour language's words in a part", () => {
  it('in a Malay part: Indonesian words, named as Indonesian in English, Malay and Indonesian', () => {
    const found = neighbourFinds(
      'Aisyah bisa melihat kapal itu dari jauh, dan kamu tahu dia gembira banget pagi itu.',
      'ms',
    );
    expect(found).toEqual({ words: ['bisa', 'kamu', 'banget'], languages: ['id'] });
    expect(neighbourNote('studio', 'en', found)).toBe('Indonesian words in this part: bisa, kamu, banget');
    expect(neighbourNote('studio', 'ms', found)).toBe(
      'Perkataan bahasa Indonesia dalam bahagian ini: bisa, kamu, banget',
    );
    expect(neighbourNote('studio', 'id', found)).toBe('Kata-kata Bahasa Indonesia di bagian ini: bisa, kamu, banget');
    expect(neighbourNote('cli', 'ms', { ...found, label: 'Bab 2' })).toBe(
      'Perkataan bahasa Indonesia dalam Bab 2: bisa, kamu, banget',
    );
  });

  it('in an Indonesian part: Malay words, named as Malay, never as Indonesian', () => {
    const found = neighbourFinds('Dia tidak datang kerana dia mahu pulang esok pagi ke rumah ibunya di desa.', 'id');
    expect(found.languages).toEqual(['ms']);
    expect(found.words).toEqual(expect.arrayContaining(['kerana', 'mahu']));
    expect(neighbourNote('cli', 'id', { ...found, label: 'Bab 1' })).toMatch(
      /^Kata-kata bahasa Melayu \(Malaysia\) dalam Bab 1: .*kerana/,
    );
    expect(neighbourNote('studio', 'en', found)).toMatch(/^Bahasa Malaysia words in this part: /);
    expect(neighbourNote('studio', 'en', found)).not.toMatch(/Indonesian/);
  });

  it('an English part, or a Malay part with none of them, has no note to make', () => {
    expect(neighbourFinds('She could see the ship from far away, and you knew she was glad.', 'en')).toEqual({
      words: [],
      languages: [],
    });
    expect(neighbourFinds('Aisyah dapat melihat kapal itu dari jauh pada waktu pagi.', 'ms')).toEqual({
      words: [],
      languages: [],
    });
  });
});
