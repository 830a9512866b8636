// One way to read a catalogue of messages: sayer(catalogue) gives the line for a key in a writer's language with its
// placeholders filled, and a word missing in a language fails naming the language, the catalogue and the key (never
// an English fallback). The catalogue here is this file's own; the lines are what each writer should read.
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogue, ensureLanguages, LanguageWordsError, sayer } from '../../engine/index.js';
import { optionWord } from '../../cli/option-words.js';
import { setLanguageSource } from '../../engine/languages/index.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { fourthLanguage } from './fourth-language.js';

const GREETINGS = catalogue('sayer-greetings', {
  welcome: {
    en: 'Welcome, {name}: {n} chapters wait',
    ms: 'Selamat datang, {name}: {n} bab menanti',
    id: 'Selamat datang, {name}: {n} bab menunggu',
  },
  plain: { en: 'Saved', ms: 'Disimpan', id: 'Tersimpan' },
});
const greet = sayer(GREETINGS);

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('sayer(catalogue)', () => {
  beforeAll(() => ensureLanguages());

  it('says a line in the writer’s language, its placeholders filled', () => {
    expect(greet('welcome', 'en', { name: 'Aisha', n: 12 })).toBe('Welcome, Aisha: 12 chapters wait');
    expect(greet('welcome', 'ms', { name: 'Aisha', n: 12 })).toBe('Selamat datang, Aisha: 12 bab menanti');
    expect(greet('welcome', 'id', { name: 'Aisha', n: 12 })).toBe('Selamat datang, Aisha: 12 bab menunggu');
    expect(greet('plain', 'ms')).toBe('Disimpan');
  });

  it('leaves a placeholder given no value as written', () => {
    expect(greet('welcome', 'en', { name: 'Aisha' })).toBe('Welcome, Aisha: {n} chapters wait');
  });

  it('fails for a language the catalogue has no words in, naming the language, the catalogue and the key', () => {
    const error = thrown(() => greet('welcome', 'xx'));
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect((error as LanguageWordsError).params).toEqual({
      language: 'xx',
      catalogue: 'sayer-greetings',
      key: 'welcome',
    });
    expect((error as Error).message).toContain('languages/xx/sayer-greetings.yaml');
  });

  it(
    'a catalogue worded in its own languages does not stop ' + 'a table that adds a fourth (the one worker reads both)',
    () => {
      const dir = fourthLanguage();
      try {
        setLanguageSource(() => readLanguages([...languageFolders({}), dir], {}));
        expect(() => ensureLanguages()).not.toThrow();
        expect(greet('plain', 'id')).toBe('Tersimpan');
        expect((thrown(() => greet('plain', 'xx')) as LanguageWordsError).params).toEqual({
          language: 'xx',
          catalogue: 'sayer-greetings',
          key: 'plain',
        });
      } finally {
        setLanguageSource(() => readLanguages());
        ensureLanguages();
      }
    },
  );

  it('is how the command line’s catalogues speak (an option refused in Malay)', () => {
    expect(optionWord('bookId', 'ms', { value: 'abc' })).toBe(
      '--book: "abc" bukan id buku (nombor bulat; karya books menyenaraikannya)',
    );
  });
});
