// KDP's rules for titles and keywords (expected values from KDP's limits: 200 characters for title and
// subtitle, 7 keyword boxes of 50 characters, no promotional words), and reading the publishing answers.
import { describe, expect, it } from 'vitest';
import {
  KDP_KEYWORD_MAX,
  KDP_KEYWORD_SLOTS,
  titleCaseRule,
  chooseAuthor,
  titleCase,
  uncapitalisedTitleWords,
  chooseTitle,
  forbiddenWordsIn,
  kdpKeywords,
  keywordCandidates,
  keywordProblems,
  titleProblems,
  readinessText,
  type RuleProblem,
} from '../../engine/publish/index.js';

/** The first problem, as an English reader sees it. */
const problemOf = (problems: RuleProblem[]) => (problems[0] ? readinessText(problems[0].problem, 'en') : undefined);

describe('forbidden title words', () => {
  const cases: Array<{ title: string; subtitle?: string; refused: string[] }> = [
    { title: 'The Bestselling Guide to Sourdough', refused: ['bestselling'] },
    { title: 'A Best-Selling Romance', refused: ['best-selling'] },
    { title: 'Kuala Lumpur Nights', subtitle: 'The #1 Thriller of the Year', refused: ['#1'] },
    { title: 'Free Money', refused: ['free'] },
    { title: 'Bestseller', refused: ['bestseller'] },
    { title: 'Love, New and Old', refused: ['new'] },
    { title: 'Summer Sale Secrets', refused: ['sale'] },
    { title: 'Resipi Terlaris Mak Som', refused: ['terlaris'] },
    { title: 'Buku Percuma', refused: ['percuma'] },
    // Whole words only: these contain the letters but not the words.
    { title: 'Freedom in Renewal', subtitle: 'Salesmanship for Newcomers', refused: [] },
    { title: 'Room #12', refused: [] },
  ];
  for (const c of cases) {
    it(`${c.title}${c.subtitle ? ` / ${c.subtitle}` : ''}: ${c.refused.join(', ') || 'accepted'}`, () => {
      expect(forbiddenWordsIn(`${c.title}\n${c.subtitle ?? ''}`)).toEqual(c.refused);
      expect(titleProblems(c).length).toBe(c.refused.length ? 1 : 0);
    });
  }
  it('title and subtitle together at most 200 characters; an empty title is refused', () => {
    expect(titleProblems({ title: 'T'.repeat(100), subtitle: 'S'.repeat(100) })).toEqual([]);
    expect(problemOf(titleProblems({ title: 'T'.repeat(100), subtitle: 'S'.repeat(101) }))).toBe(
      'title and subtitle are 201 characters (KDP allows 200)',
    );
    expect(problemOf(titleProblems({ title: '  ' }))).toBe('the title is empty');
  });
});

describe('keywords', () => {
  it(
    `at most ${KDP_KEYWORD_SLOTS} keywords of at most ${KDP_KEYWORD_MAX} ` +
      `characters, without refused words or repeats`,
    () => {
      const long = 'a very long keyword phrase that goes on past fifty characters';
      const { keywords, dropped } = kdpKeywords([
        'cozy mystery',
        'Cozy Mystery',
        'free romance books',
        long,
        'kindle unlimited romance',
        'small town romance',
        'second chance love',
        'enemies to lovers',
        'slow burn romance',
        'romantic comedy',
        'beach read',
        'summer love story',
      ]);
      expect(keywords).toEqual([
        'cozy mystery',
        'small town romance',
        'second chance love',
        'enemies to lovers',
        'slow burn romance',
        'romantic comedy',
        'beach read',
      ]);
      expect(dropped.map((d) => d.keyword)).toEqual([
        'free romance books',
        long,
        'kindle unlimited romance',
        'summer love story',
      ]);
      expect(keywordProblems(keywords)).toEqual([]);
    },
  );
  it('what KDP would refuse in keywords.txt', () => {
    expect(problemOf(keywordProblems([]))).toBe('no keywords');
    expect(problemOf(keywordProblems(Array.from({ length: 8 }, (_, i) => `k${i}`)))).toBe(
      '8 keywords (KDP has 7 boxes)',
    );
    expect(problemOf(keywordProblems(['x'.repeat(51)]))).toMatch(/^longer than 50 characters/);
    expect(problemOf(keywordProblems(['new releases']))).toBe('words KDP refuses: "new" in "new releases"');
    expect(keywordProblems(['x'.repeat(50)])).toEqual([]);
  });
});

describe('reading the publishing answers', () => {
  it('title options: the first one KDP accepts, with its subtitle', () => {
    const answer = [
      '1. **Title:** The Bestselling Heart',
      '**Subtitle:** A Romance',
      'Why: …',
      '',
      '2. Title: "Rain Over Kuala Lumpur"',
      '   Subtitle: A Second-Chance Love Story',
      'Why: it sells.',
    ].join('\n');
    expect(chooseTitle(answer)).toEqual({
      title: 'Rain Over Kuala Lumpur',
      subtitle: 'A Second-Chance Love Story',
      source: 'answer',
    });
    expect(chooseTitle('1. Tajuk: Hujan di Kota\nSubtajuk: Kisah Cinta Kedua')).toEqual({
      title: 'Hujan di Kota',
      subtitle: 'Kisah Cinta Kedua',
      source: 'answer',
    });
  });
  it('an answer without "Title:" lines: its first plain line, at most 8 words', () => {
    expect(
      chooseTitle('*Offline demo text*\n\nThe morning light falls on the street as the next idea takes shape.'),
    ).toEqual({
      title: 'The morning light falls on the street as',
      source: 'fallback',
    });
  });
  it('author names: the first bold name, else the first numbered name', () => {
    expect(chooseAuthor('1. **Aisha Rahman** - warm and modern.\nBranding: …\n2. **Daniel Lee** - …')).toEqual({
      author: 'Aisha Rahman',
      source: 'answer',
    });
    expect(chooseAuthor('1. Mira Holt — crisp, modern\n2. Ada Lane — classic')).toEqual({
      author: 'Mira Holt',
      source: 'answer',
    });
  });
  it('an answer without a usable name gives no author: none is made up from its first words (issue 28)', () => {
    expect(chooseAuthor('Small choices add up, and the book keeps its promise to the reader.')).toEqual({
      author: '',
      source: 'none',
    });
    expect(chooseAuthor('*Offline demo text: no AI model wrote this.*\n\nSmall choices add up.')).toEqual({
      author: '',
      source: 'none',
    });
    // A bold phrase that is a sentence, not a name, is not taken either.
    expect(chooseAuthor('1. **the morning light falls on the street as ideas take shape**')).toEqual({
      author: '',
      source: 'none',
    });
  });
  it('keywords: the numbered lines without their explanation, not the headings', () => {
    const answer =
      'Short-tail\n1. cozy mystery - readers who want comfort\n2. **amateur sleuth** – ' +
      'a hobby detective\nLong-tail:\n3. "small town murder mystery" (series readers)';
    expect(keywordCandidates(answer)).toEqual({
      candidates: ['cozy mystery', 'amateur sleuth', 'small town murder mystery'],
      source: 'answer',
    });
    expect(keywordCandidates('*Offline*\n\nA door opens, and the path becomes clear.').source).toBe('fallback');
  });
});

describe('title case per language (issue 28: "A Tale of enemies to lovers Beginnings" is not a title)', () => {
  it(
    'English headline style: every major word capitalised; ' +
      'articles, conjunctions and short prepositions inside stay small',
    () => {
      expect(uncapitalisedTitleWords('A Tale of enemies to lovers Beginnings', 'en')).toEqual(['enemies', 'lovers']);
      expect(titleCase('A Tale of enemies to lovers Beginnings', 'en')).toBe('A Tale of Enemies to Lovers Beginnings');
      expect(uncapitalisedTitleWords('The Girl Who Stayed in Ipoh', 'en')).toEqual([]);
      expect(uncapitalisedTitleWords('a Night in Penang', 'en')).toEqual(['a']);
      expect(uncapitalisedTitleWords('What They Fought for', 'en')).toEqual(['for']);
      expect(uncapitalisedTitleWords('My iPhone and Me', 'en')).toEqual([]);
      expect(titleCase('the lord of the rings', 'en')).toBe('The Lord of the Rings');
    },
  );
  it('Malay: every word capitalised except kata sendi and kata hubung that are not first', () => {
    expect(uncapitalisedTitleWords('Hujan di Kota', 'ms')).toEqual([]);
    expect(uncapitalisedTitleWords('Kisah permulaan musuh jadi kekasih', 'ms')).toEqual([
      'permulaan',
      'musuh',
      'jadi',
      'kekasih',
    ]);
    expect(titleCase('cinta yang hilang di kuala lumpur', 'ms')).toBe('Cinta yang Hilang di Kuala Lumpur');
    expect(titleCaseRule('ms').source).toContain('Dewan Bahasa dan Pustaka');
    expect(titleCaseRule('en').source).toContain('Chicago');
  });
});

describe('one-letter keywords are refused (issue 28)', () => {
  it('kdpKeywords leaves them out and keywordProblems names them', () => {
    const { keywords, dropped } = kdpKeywords(['a', 'x', 'cozy mystery', '-']);
    expect(keywords).toEqual(['cozy mystery']);
    expect(dropped.map((d) => d.keyword)).toEqual(['a', 'x', '-']);
    expect(problemOf(keywordProblems(['cozy mystery', 'x']))).toContain('"x"');
    expect(keywordProblems(['ai', 'cozy mystery'])).toEqual([]);
  });
});
