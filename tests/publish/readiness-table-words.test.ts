// The readiness checks' words are data for every language alike: English's and Malay's are read from
// languages/en/ and languages/ms/ the way Indonesian's are from languages/id/ (readiness.yaml, readiness-how.yaml),
// the code naming keys only; a language whose file lacks a text fails the start naming the language, the file and the
// key.
import { afterAll, describe, expect, it } from 'vitest';
import {
  ensureLanguages,
  LanguageWordsError,
  setLanguageSource,
  type LanguageSource,
} from '../../engine/languages/index.js';
import { readLanguages } from '../../engine/node/languages.js';
import { checkWords, readinessText } from '../../engine/publish/readiness-words.js';

const codeOf = (src: LanguageSource) => (src.data as { code: string }).code;

/** The repository's table, with `edit` made to a copy of its words. */
function tableWith(
  edit: (words: Record<string, Record<string, Record<string, unknown>>>, code: string) => void,
): LanguageSource[] {
  return readLanguages().map((src) => {
    const words = structuredClone(src.words) as Record<string, Record<string, Record<string, unknown>>>;
    edit(words, codeOf(src));
    return { ...src, words };
  });
}

function refusal(sources: LanguageSource[]): unknown {
  setLanguageSource(() => sources);
  try {
    ensureLanguages();
    return undefined;
  } catch (error) {
    return error;
  } finally {
    setLanguageSource(() => readLanguages());
  }
}

afterAll(() => {
  setLanguageSource(() => readLanguages());
  ensureLanguages();
});

describe("the readiness checks' words, read from every language's folder", () => {
  it(
    "says the offline-text check's label, finding and fix " + "in English, Malay and Indonesian, the CLI's how in each",
    () => {
      const found = {
        label: { code: 'label.offline-text' },
        detail: [{ code: 'offline.found', params: { where: [{ code: 'offline.manuscript' }] } }],
        fix: [{ code: 'offline.fix' }],
      };
      const check = { label: '', text: found };
      expect(checkWords(check, 'en', 'cli')).toEqual({
        label: 'written by an AI model, not the offline demo text',
        detail: 'offline demo text in the manuscript: no AI model wrote it',
        fix:
          'write the book with an AI model (not the offline demo), then make the package ' +
          'again (set OPENAI_API_KEY or an AI provider config, and run with --fresh)',
      });
      expect(checkWords(check, 'ms', 'cli')).toEqual({
        label: 'ditulis oleh model AI, bukan teks demo luar talian',
        detail: 'teks demo luar talian dalam manuskrip: tiada model AI yang menulisnya',
        fix:
          'tulis buku dengan model AI (bukan demo luar talian), kemudian buat pakej sekali lagi ' +
          '(tetapkan OPENAI_API_KEY atau konfigurasi pembekal AI, dan jalankan dengan --fresh)',
      });
      const id = checkWords(check, 'id', 'cli');
      expect(id.label).toMatch(/model AI/);
      expect(id.fix).toMatch(/OPENAI_API_KEY/);
    },
  );

  it("says the shared pieces and a rule's studio words in each language", () => {
    expect(readinessText({ code: 'bytes', params: { n: 12 } }, 'en')).toBe('12 bytes');
    expect(readinessText({ code: 'bytes', params: { n: 12 } }, 'ms')).toBe('12 bait');
    expect(readinessText({ code: 'bytes', params: { n: 12 } }, 'id')).toBe('12 bita');
    expect(readinessText({ code: 'label.epubcheck' }, 'en', 'studio')).not.toBe(
      readinessText({ code: 'label.epubcheck' }, 'en', 'cli'),
    );
  });

  it("fails the start when English's file lacks a text, naming the language, the file and the key", () => {
    const error = refusal(
      tableWith((words, code) => {
        if (code === 'en') delete words.readiness!['offline-text']!['offline.fix'];
      }),
    );
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect((error as LanguageWordsError).params).toEqual({
      language: 'en',
      catalogue: 'readiness',
      key: 'offline-text: offline.fix',
    });
    expect((error as Error).message).toContain('languages/en/readiness.yaml');
  });

  it("fails the start when Malay's how-to words lack a key, naming the language, the catalogue and the key", () => {
    const error = refusal(
      tableWith((words, code) => {
        if (code === 'ms') delete words['readiness-how']!['cli.how_again'];
      }),
    );
    expect(error).toBeInstanceOf(LanguageWordsError);
    expect((error as LanguageWordsError).params).toEqual({
      language: 'ms',
      catalogue: 'readiness-how',
      key: 'cli.how_again',
    });
  });

  it('refuses a text for a code no rule has, naming the file', () => {
    const error = refusal(
      tableWith((words, code) => {
        if (code === 'ms') words.readiness!['offline-text']!['offline.nothing'] = 'tiada';
      }),
    );
    expect((error as Error).message).toContain(
      'languages/ms/readiness.yaml: "offline-text" has no text "offline.nothing"',
    );
  });
});
