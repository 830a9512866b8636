// What both front ends call for an import and a voice (server/core/import.ts, server/core/voice.ts): the book's
// language (the one asked, else the manuscript's own, else refused) and a book's voice from a sample and the
// phrases to avoid (a sample measured, kept or removed; the list replaced or kept).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportRefusal, readManuscript, VoiceError, type BookVoice, type Lang } from '../../engine/index.js';
import { bookVoiceOf, importLanguageOf } from '../../server/index.js';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'voice');
const text = (name: string) => readFileSync(path.join(FIXTURES, name), 'utf8');
const manuscript = (body: string) =>
  readManuscript('book.md', {
    bytes: new TextEncoder().encode(`# A Book\n\n## Chapter 1\n\n${body}\n\n## Chapter 2\n\n${body}\n`),
  });
const refusalOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ImportRefusal || error instanceof VoiceError) return error.code;
    throw error;
  }
  return null;
};

describe('importLanguageOf', () => {
  const cases: Array<{ name: string; body: string; asked?: Lang; lang?: Lang; refused?: string }> = [
    { name: 'an English manuscript, nothing asked', body: text('en-long.txt'), lang: 'en' },
    { name: 'a Malay manuscript, nothing asked', body: text('ms-long.txt'), lang: 'ms' },
    { name: 'an English manuscript written as Malay when asked', body: text('en-long.txt'), asked: 'ms', lang: 'ms' },
    {
      name: 'half English, half Malay, nothing asked',
      body: `${text('en-terse.txt')}\n\n${text('ms-terse.txt')}`,
      refused: 'import_language_unclear',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const read = manuscript(c.body);
      if (c.refused) expect(refusalOf(() => importLanguageOf(read, c.asked))).toBe(c.refused);
      else expect(importLanguageOf(read, c.asked)).toBe(c.lang);
    });
  }
});

describe('bookVoiceOf', () => {
  const measured = bookVoiceOf({ lang: 'en', sample: text('en-terse.txt') })!;

  it('measures a sample (its fingerprint and exemplars) and checks the phrases to avoid', () => {
    const voice = bookVoiceOf({ lang: 'en', sample: text('en-terse.txt'), avoid: ['crimson dawn', ' crimson dawn '] })!;
    expect(voice.fingerprint).toEqual(measured.fingerprint);
    expect(voice.exemplars!.length).toBeGreaterThan(0);
    expect(voice.avoid).toEqual(['crimson dawn']);
  });

  const kept: BookVoice = { ...measured, avoid: ['suddenly'] };
  const cases: Array<{ name: string; input: Parameters<typeof bookVoiceOf>[0]; expected: BookVoice | undefined }> = [
    { name: 'nothing given keeps the kept voice', input: { lang: 'en', kept }, expected: kept },
    {
      name: 'a new list replaces the phrases and keeps the sample',
      input: { lang: 'en', kept, avoid: ['all at once'] },
      expected: { ...measured, avoid: ['all at once'] },
    },
    {
      name: 'a null sample removes the measure and keeps the phrases',
      input: { lang: 'en', kept, sample: null },
      expected: { avoid: ['suddenly'] },
    },
    {
      name: 'a null sample and an empty list leave no voice',
      input: { lang: 'en', kept, sample: null, avoid: [] },
      expected: undefined,
    },
    { name: 'nothing given and nothing kept is no voice', input: { lang: 'en' }, expected: undefined },
  ];
  for (const c of cases) it(c.name, () => expect(bookVoiceOf(c.input)).toEqual(c.expected));

  it('refuses a sample too short to measure, and one in another language', () => {
    expect(refusalOf(() => bookVoiceOf({ lang: 'en', sample: 'Too short to say anything.' }))).toBe('voice_too_short');
    expect(refusalOf(() => bookVoiceOf({ lang: 'en', sample: text('ms-long.txt') }))).toBe('voice_language');
  });
});
