// One rule for words (engine/words.ts): counted as runs of non-space characters whatever the spaces
// around them, and cut at the start or the end with the mark where a text was cut. In a script written without
// spaces between words (Thai, Chinese, Japanese, Lao…), a run is a phrase or a sentence: its words are counted and cut
// one by one, and the text cut is joined again as it was written (no space put between its words).
import { describe, expect, it } from 'vitest';
import { countWords, firstWords, lastWords, wordList } from '../../engine/index.js';
import { estimateTokens } from '../../engine/context-window.js';
import { countWordsUpTo, wordsOver } from '../../engine/words.js';

describe('words', () => {
  it('counts runs of non-space characters, leading, trailing and repeated spaces included', () => {
    expect(countWords('  one two\n\nthree  ')).toBe(3);
    expect(countWords('')).toBe(0);
    expect(wordList(' a  b ')).toEqual(['a', 'b']);
  });

  it('counts long texts right when they come back in turn, edited or as the same words in a new string', () => {
    // Long texts (a part, its first and last paragraphs, a request) are counted again and again in a step.
    const texts = Array.from({ length: 7 }, (_, i) => `${'word '.repeat(100 + i * 37)}end ${i}`.repeat(i % 2 ? 2 : 1));
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < texts.length; i++) {
        // Forth, back, forth: each text comes back after the others.
        const t = texts[round === 1 ? texts.length - 1 - i : i]!;
        expect(countWords(t)).toBe(wordList(t).length);
        // The same words in another string; one word more; a word joined to the next, shorter or of the same length.
        expect(countWords(` ${t}`.slice(1))).toBe(wordList(t).length);
        expect(countWords(`${t} more`)).toBe(wordList(t).length + 1);
        expect(countWords(t.replace('word word', 'wordword'))).toBe(wordList(t).length - 1);
        expect(countWords(t.replace('word word', 'wordxword'))).toBe(wordList(t).length - 1);
      }
    }
  });

  it('counts the words over a bound exactly, and stops at or under it when the rest cannot reach past it', () => {
    expect(wordsOver('a b c d', 3)).toBe(4);
    expect(wordsOver('a b c d', 4)).toBe(0);
    // Words of every length and spacing, against every bound from none to past the count.
    for (let seed = 1; seed <= 300; seed++) {
      const words = Array.from({ length: seed % 40 }, (_, i) => 'xyz'.slice(0, 1 + ((i * seed) % 3)));
      const text = words.join(seed % 3 ? ' ' : ' \n\t ') + (seed % 2 ? ' ' : '');
      for (let least = 0; least <= words.length + 1; least++) {
        const n = wordsOver(text, least);
        if (words.length > least) expect(n).toBe(words.length);
        else expect(n).toBeLessThanOrEqual(least);
      }
    }
  });

  it('counts a stretch of a text up to a most: its words when fewer, else the most', () => {
    expect(countWordsUpTo('a b c d', 2)).toBe(2);
    expect(countWordsUpTo('  a b\n\nc d ', 9)).toBe(4);
    // Every stretch of texts of every spacing, against every most from one to past its count.
    for (let seed = 1; seed <= 200; seed++) {
      const words = Array.from({ length: seed % 30 }, (_, i) => 'xyz'.slice(0, 1 + ((i * seed) % 3)));
      const text = words.join(seed % 3 ? ' ' : ' \n\t ') + (seed % 2 ? ' ' : '');
      const start = seed % 5;
      const end = text.length - (seed % 4);
      const n = countWords(text.slice(start, end));
      for (let most = 1; most <= n + 1; most++) expect(countWordsUpTo(text, most, start, end)).toBe(Math.min(n, most));
    }
  });

  it('cuts the first and last words with the mark only where the text was cut', () => {
    expect(firstWords('one two three', 2)).toBe('one two …');
    expect(firstWords('one  two', 2)).toBe('one two');
    expect(lastWords('one two three', 2)).toBe('…two three');
    expect(lastWords('one two three', 2, '… ')).toBe('… two three');
    expect(lastWords('one two', 5)).toBe('one two');
  });

  describe('in a script written without spaces between words', () => {
    // Thai puts a space between sentences, none between words: five words in each of these.
    const THAI = 'ฉันกินข้าวที่บ้าน แม่ไปตลาดทุกวัน';
    // A chapter as a Thai writer's model writes it: 400 sentences of 5 words, 2,000 words in all.
    const chapter = Array.from({ length: 200 }, () => THAI).join(' ');

    it('counts the words, not the sentences between spaces', () => {
      expect(countWords(THAI)).toBe(10);
      expect(wordList(THAI)).toEqual(['ฉัน', 'กิน', 'ข้าว', 'ที่', 'บ้าน', 'แม่', 'ไป', 'ตลาด', 'ทุก', 'วัน']);
      expect(countWords(chapter)).toBe(2000);
      expect(countWords('我每天早上喝咖啡。')).toBe(5);
      // Japanese: more words than runs, as many counted as listed.
      const japanese = '私は毎朝パンを食べます。 今日は雨が降っています。';
      expect(countWords(japanese)).toBeGreaterThan(6);
      expect(countWords(japanese)).toBe(wordList(japanese).length);
    });

    it('keeps marks with their words: a word is never a quote or a comma alone', () => {
      expect(wordList('“ฉันกินข้าว,” แม่พูด')).toEqual(['“ฉัน', 'กิน', 'ข้าว,”', 'แม่', 'พูด']);
      expect(countWords('“ฉันกินข้าว,” แม่พูด')).toBe(5);
      // English beside them is counted as it always was.
      expect(countWords('“Hello,” she said — ฉันกินข้าว')).toBe(7);
    });

    it('cuts at a word and joins the words kept as they were written', () => {
      expect(firstWords(THAI, 7)).toBe('ฉันกินข้าวที่บ้าน แม่ไป …');
      expect(lastWords(THAI, 3)).toBe('…ตลาดทุกวัน');
      expect(lastWords(THAI, 6)).toBe('…บ้าน แม่ไปตลาดทุกวัน');
      expect(firstWords(`  ${THAI}\n\n${THAI} `, Infinity)).toBe(`${THAI} ${THAI}`);
      expect(lastWords(THAI, 0)).toBe(`…${THAI}`);
    });

    it('counts a stretch up to a most, and the words over a bound, as countWords counts them', () => {
      const mixed = `Chapter 1 ${THAI} 我每天早上喝咖啡。 “ฉันกินข้าว,” end`;
      for (const text of [THAI, mixed, chapter.slice(0, 500)]) {
        const n = countWords(text);
        for (let most = 1; most <= n + 1; most++) expect(countWordsUpTo(text, most)).toBe(Math.min(n, most));
        for (let least = 0; least <= n + 1; least++) {
          if (n > least) expect(wordsOver(text, least)).toBe(n);
          else expect(wordsOver(text, least)).toBeLessThanOrEqual(least);
        }
      }
    });

    it("estimates a prompt's tokens at least one a word", () => {
      expect(estimateTokens(chapter)).toBeGreaterThanOrEqual(2000);
    });
  });
});
