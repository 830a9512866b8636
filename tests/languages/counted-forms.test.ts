// A text that counts is said in the form its count takes in the language (docs/add-a-language.md, "A text that
// counts"): English "1 word" and "2 words"; Malay and Indonesian, with one form, the same text for every count; a
// language added by its files with forms of its own (Polish's one, few, many) says each; a malformed form is refused
// naming the file and the key.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { catalogueMessage, ensureLanguages, LanguageWordsError, setLanguageSource, word } from '../../engine/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { audiobookWord } from '../../cli/audiobook-words.js';
import { fingerprintLines } from '../../cli/commands/voice.js';
import { fourthLanguage } from './fourth-language.js';
import type { VoiceFingerprint } from '../../engine/index.js';

afterAll(() => setLanguageSource(() => readLanguages()));

/** The paragraphs line of `karya voice` for a sample whose paragraphs have `n` words. */
function paragraphsLine(n: number, lang: 'en' | 'ms' | 'id' | 'xx'): string {
  const fp = {
    sentenceWords: { mean: 10, spread: 2 },
    paragraphWords: n,
    dialogueShare: 0.2,
    diversity: 80,
    openers: [],
    pointOfView: 'third',
    tense: 'past',
    overusedPerThousand: 0,
  } as unknown as VoiceFingerprint;
  return fingerprintLines(fp, lang)[1]!.trim();
}

describe('a counted text in English', () => {
  it('karya voice says 1 word and 2 words', () => {
    expect(paragraphsLine(1, 'en')).toMatch(/ 1 word$/);
    expect(paragraphsLine(2, 'en')).toMatch(/ 2 words$/);
  });

  it('an audio edition with one chapter left, a sample of one word, a part extended once', () => {
    expect(audiobookWord('left', 'en', { count: 1 })).toBe(
      '1 chapter has no audio (named above), and was not charged: run again to ask for it',
    );
    expect(audiobookWord('left', 'en', { count: 3 })).toMatch(/^3 chapters have no audio/);
    expect(catalogueMessage('voice_too_short', 'en', { words: '1', min: '300' })).toMatch(/the sample has 1 word;/);
    expect(catalogueMessage('voice_too_short', 'en', { words: '1,200', min: '3,000' })).toMatch(/has 1,200 words;/);
    const part = { label: 'Chapter 2', words: 900 };
    expect(word('extended', 'en', { ...part, n: 1 })).toBe('Chapter 2 came back short; extended once to 900 words');
    expect(word('extended', 'en', { ...part, n: 2 })).toBe('Chapter 2 came back short; extended 2 times to 900 words');
  });
});

describe('Malay and Indonesian: one form', () => {
  it.each([
    ['ms', '1 patah perkataan', '2 patah perkataan', '1 bab tiada audio'],
    ['id', '1 kata', '2 kata', '1 bab tidak punya audio'],
  ] as const)('%s says the same text for one and for many', (lang, one, two, left) => {
    expect(paragraphsLine(1, lang)).toMatch(new RegExp(` ${one}$`));
    expect(paragraphsLine(2, lang)).toMatch(new RegExp(` ${two}$`));
    expect(audiobookWord('left', lang, { count: 1 })).toMatch(new RegExp(`^${left}`));
  });
});

describe('a language added by its files counts by its own rules', () => {
  it('a fourth language with forms of its own (its locale pl-PL: one, few, many) says each', () => {
    const dir = fourthLanguage();
    const studio = path.join(dir, 'xx/studio.yaml');
    writeFileSync(studio, readFileSync(studio, 'utf8').replace(/^locale: .*$/m, 'locale: pl-PL'));
    const voice = path.join(dir, 'xx/cli-voice.yaml');
    const forms = [
      'words:',
      '  one: "{n} słowo"',
      '  few: "{n} słowa"',
      '  many: "{n} słów"',
      '  other: "{n} słowa (u)"',
    ].join('\n');
    writeFileSync(voice, readFileSync(voice, 'utf8').replace(/^words: .*\n/m, `${forms}\n`));
    setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
    const said = [1, 3, 5, 22, 25].map((n) => paragraphsLine(n, 'xx').replace(/^\S+\s+/, ''));
    expect(said).toEqual(['1 słowo', '3 słowa', '5 słów', '22 słowa', '25 słów']);
  });

  it(
    'a count written as the language writes numbers is read by ' +
      'its own separators (1.234 and 1,5 in a Polish-ruled xx)',
    () => {
      const dir = fourthLanguage();
      const studio = path.join(dir, 'xx/studio.yaml');
      writeFileSync(studio, readFileSync(studio, 'utf8').replace(/^locale: .*$/m, 'locale: pl-PL'));
      // xx writes its numbers as Indonesian does (its number-words: a point between thousands, a decimal comma).
      const errors = path.join(dir, 'xx/errors.yaml');
      const forms = [
        'voice_too_short:',
        '  by: words',
        '  one: "jeden {words}"',
        '  few: "kilka {words}"',
        '  many: "wiele {words}"',
        '  other: "ułamek {words}"',
      ].join('\n');
      writeFileSync(errors, readFileSync(errors, 'utf8').replace(/^voice_too_short: .*\n/m, `${forms}\n`));
      setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
      const said = ['1', '1.234', '22', '1.225', '1,5', '2,5'].map((words) =>
        catalogueMessage('voice_too_short', 'xx', { words, min: '300' }),
      );
      // 1,234 ends in 4 (few) and 1,225 in 25 (many); 1.5 and 2.5 are fractions (other), not 15 and 25 (many).
      expect(said).toEqual(['jeden 1', 'kilka 1.234', 'kilka 22', 'wiele 1.225', 'ułamek 1,5', 'ułamek 2,5']);
    },
  );

  it('a counted text without its `other` form is refused, naming the file and the key', () => {
    const dir = fourthLanguage();
    const voice = path.join(dir, 'xx/cli-voice.yaml');
    writeFileSync(voice, readFileSync(voice, 'utf8').replace(/^words: .*\n/m, 'words:\n  one: "{n} kata"\n'));
    setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
    expect(() => ensureLanguages()).toThrow(LanguageWordsError);
    expect(() => ensureLanguages()).toThrow(/languages\/xx\/cli-voice\.yaml: "words"/);
  });
});
