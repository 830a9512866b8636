// A text's vocabulary (engine/letter-words.ts), what a voice is measured on: in every script a word keeps its
// letters' marks (Hindi's and Tamil's vowel signs, Arabic's vowels, a decomposed "é", Turkish "İ" in lower case), and
// in a script written without spaces (Thai, Chinese) a run is its words, not one word a sentence.
import { describe, expect, it } from 'vitest';
import { countLetterWords, firstLetterWord, letterWords } from '../../engine/letter-words.js';

describe('letter words', () => {
  it('keep the marks of their letters, in every script', () => {
    expect(letterWords('किताब पढ़ो।')).toEqual(['किताब', 'पढ़ो']);
    expect(letterWords('புத்தகம் படி')).toEqual(['புத்தகம்', 'படி']);
    expect(letterWords('كِتَابٌ جَمِيلٌ')).toEqual(['كِتَابٌ', 'جَمِيلٌ']);
    expect(letterWords('Cafe\u0301 noir')).toEqual(['cafe\u0301', 'noir']);
    expect(letterWords('İstanbul')).toHaveLength(1);
  });

  it('are the words of a script written without spaces', () => {
    expect(letterWords('ฉันกินข้าว, แม่ไปตลาด')).toEqual(['ฉัน', 'กิน', 'ข้าว', 'แม่', 'ไป', 'ตลาด']);
    expect(letterWords('我每天早上喝咖啡。')).toEqual(['我', '每天', '早上', '喝', '咖啡']);
  });

  it('are counted as they are listed, the first found as the list begins', () => {
    for (const text of [
      'किताब पढ़ो।',
      'புத்தகம் படி',
      'كِتَابٌ جَمِيلٌ',
      'Cafe\u0301 noir',
      'İstanbul',
      'ฉันกินข้าว, แม่ไปตลาด',
      "Don't—she said, kanak-kanak.",
    ]) {
      expect(countLetterWords(text), text).toBe(letterWords(text).length);
      expect(firstLetterWord(`“${text}`), text).toBe(letterWords(text)[0]);
    }
  });
});
