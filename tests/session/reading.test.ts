// One reading of an answer (engine/session/reading/reading.ts): a long text is read once, and what each check
// asks of it (its 8-word runs, its Latin words and sentences, its letter words, its word count) is the same
// object however many checks ask, giving what a fresh reading of the same text gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countWords } from '../../engine/words.js';
import { letterWords } from '../../engine/letter-words.js';
import { readRuns } from '../../engine/session/runs.js';
import {
  detectLanguage,
  findLanguageDrift,
  neighbourWords,
  readingOf,
  repeatedShare,
} from '../../engine/session/reading/index.js';
import { copiedShare, isEcho } from '../../engine/session/answers/index.js';
import { overusedIn } from '../../engine/session/voice/index.js';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, '..', 'fixtures', 'voice', name), 'utf8');
const english = fixture('en-long.txt');
const malay = fixture('ms-long.txt');

describe('a text read once for every check', () => {
  it('gives the same reading, and the same runs, words and sentences, each time a long text is asked for', () => {
    const first = readingOf(english);
    expect(readingOf(english)).toBe(first);
    expect(first.runs).toBe(readingOf(english).runs);
    expect(first.latin).toBe(readingOf(english).latin);
    expect(first.letterWords).toBe(readingOf(english).letterWords);
  });

  it('holds what a fresh reading of the text gives: its runs, its word count, its letter words', () => {
    const reading = readingOf(malay);
    expect([...reading.runs.keys]).toEqual([...readRuns(malay).keys]);
    expect(reading.wordCount).toBe(malay.split(/\s+/).filter(Boolean).length);
    expect(reading.wordCount).toBe(countWords(malay));
    expect(reading.letterWords).toEqual(letterWords(malay));
  });

  it('reads its sentences as the language check does: one unit a sentence or line, each with its words', () => {
    const reading = readingOf(
      `${'The rain fell on the roof. '.repeat(12)}\nDia tidak tahu mengapa hatinya berat kerana hujan.`,
    );
    const { units, unitEnds, count, starts, ends } = reading.latin;
    expect(units).toBe(13);
    expect(unitEnds[units - 1]).toBe(count);
    expect(reading.text.slice(starts[count - 1]!, ends[count - 1]!)).toBe('hujan');
  });

  it('a value a check works out is kept with the reading, once per key', () => {
    const reading = readingOf(english);
    let made = 0;
    const once = () => reading.kept('test: paragraphs', (t) => (made++, t.split('\n\n')));
    expect(once()).toBe(once());
    expect(made).toBe(1);
  });

  it('every check gives the same answer on a text read before as on the text read anew', () => {
    // The text with a space after it is another string, read afresh; the checks on the original read its kept reading.
    for (const text of [english, malay]) {
      const lang = text === english ? 'en' : 'ms';
      readingOf(text);
      const verdict = detectLanguage(text);
      expect(verdict.language).toBe(lang);
      expect(findLanguageDrift(text, lang === 'en' ? 'ms' : 'en')?.found).toBe(lang);
      expect(findLanguageDrift(text, lang)).toBeUndefined();
      expect(repeatedShare(text, [text])).toBe(1);
      expect(copiedShare(text, [text])).toBe(1);
      expect(isEcho(text, { system: 'You are a novelist.', user: text }, { kind: 'prose', material: () => [] })).toBe(
        true,
      );
      expect(overusedIn(text, lang)).toEqual(overusedIn(`${text} `, lang));
      expect(neighbourWords(text, 'ms')).toEqual(neighbourWords(`${text} `, 'ms'));
    }
  });
});
