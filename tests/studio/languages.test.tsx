// @vitest-environment jsdom
// The studio's languages come from the language table: its switch lists every language of the table by its own
// name (Indonesian included), choosing one sets <html lang> and keeps the choice; every studio text exists in
// Indonesian with the placeholders of the English text; and a table that is not a draft and lacks one studio
// text fails the start naming the language, the catalogue and the key. The table is read here with Indonesian
// in it (as KARYA_DRAFT_LANGUAGES=1 reads it), whether or not Indonesian is still a draft.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
// Through the studio's own door: the table the studio's modules read.
import {
  ensureLanguages,
  langs,
  languageTable,
  LanguageWordsError,
  setLanguageSource,
  type LanguageSource,
} from '../../studio/src/engine.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { LanguageSwitch } from '../../studio/src/components/LanguageSwitch.js';
import {
  editionName,
  LANG_KEY,
  LangProvider,
  languageLabel,
  localeOf,
  studioCatalogueGaps,
  translate,
} from '../../studio/src/i18n/index.js';
import { MESSAGES } from '../../studio/src/i18n/messages.js';
import { PAGE_WORDS, pageWord } from '../../studio/src/generator/words.js';
import '../../studio/src/generator/PackageReport.js';
import { useStudioDom } from './dom.js';

useStudioDom({ clearStorage: true });

const withIndonesian = (): LanguageSource[] =>
  readLanguages(languageFolders(), { ...process.env, KARYA_DRAFT_LANGUAGES: '1' });
/** The repository's languages only: a test that adds its own fourth one ("xx") adds it to these. */
const repositoryOnly = (): LanguageSource[] => readLanguages(languageFolders({}), { KARYA_DRAFT_LANGUAGES: '1' });

beforeAll(() => {
  setLanguageSource(withIndonesian);
  ensureLanguages();
});
// Back to the table every other file reads (engine/node/languages.ts's source).
afterAll(() => setLanguageSource(() => readLanguages()));

const placeholders = (text: unknown): string[] => [...new Set(JSON.stringify(text).match(/\{\w+\}/g) ?? [])].sort();

describe('the studio in Indonesian', () => {
  it('has every studio text in Indonesian, each with the placeholders of its English text', () => {
    expect(langs()).toEqual(expect.arrayContaining(['en', 'ms', 'id']));
    expect(studioCatalogueGaps(['id'])).toEqual([]);
    const entries = [...Object.entries(MESSAGES), ...Object.entries(PAGE_WORDS)];
    expect(entries.length).toBeGreaterThan(900);
    for (const [key, entry] of entries) expect(placeholders(entry.id), key).toEqual(placeholders(entry.en));
  });

  it('speaks standard Indonesian, not Malaysian Malay, with one form for every count', () => {
    expect(translate('books.title', 'id')).toBe('Buku Saya');
    expect(translate('shell.credits', 'id', { n: 1 })).toBe('1 kredit');
    expect(translate('shell.credits', 'id', { n: 5 })).toBe('5 kredit');
    expect(pageWord('words', 'id', { n: 1 })).toBe('1 kata');
    expect(translate('auth.password', 'id')).toBe('Kata Sandi');
    expect(pageWord('download', 'id')).toBe('Unduh');
    const all = [...Object.values(MESSAGES), ...Object.values(PAGE_WORDS)].map((e) => JSON.stringify(e.id)).join('\n');
    // Malaysian spellings and words an Indonesian reader would not write.
    for (const malay of [
      /\bkerana\b/,
      /\bbahawa\b/,
      /\bsahaja\b/,
      /\bbaharu\b/,
      /\bsila\b/i,
      /\bakaun\b/,
      /\bkata laluan\b/i,
      /\bmuat turun\b/i,
      /\bpadam\b/,
      /\bpelayan\b/,
      /\bfail\b/,
      /\bpatah perkataan\b/,
    ]) {
      expect(all, String(malay)).not.toMatch(malay);
    }
  });

  it('names languages from the table: a book’s language, an edition’s, the locale of its dates', () => {
    expect(languageLabel('en', 'id')).toBe('Bahasa Inggris');
    expect(languageLabel('ms', 'ms')).toBe('Bahasa Malaysia');
    expect(languageLabel('en', 'ms')).toBe('Bahasa Inggeris');
    expect(editionName('ms', 'en')).toBe('Malay');
    expect(editionName('id', 'id')).toBe('Bahasa Indonesia');
    expect(localeOf('id')).toBe('id-ID');
    expect(localeOf('en')).toBe('en-GB');
  });
});

describe('the language switch', () => {
  it(
    'lists every language of the table by its own name, ' + 'and choosing Indonesian sets <html lang> and keeps it',
    async () => {
      const user = userEvent.setup();
      render(
        <LangProvider accountLang={null} saveAccountLang={async () => undefined}>
          <LanguageSwitch />
        </LangProvider>,
      );
      const select = screen.getByTestId('language-switch');
      const options = [...select.querySelectorAll('option')].map((o) => [o.value, o.textContent, o.lang]);
      // Every language of the table (a fourth one in KARYA_LANGUAGES too), English, Malay and Indonesian first by their
      // order.
      expect(options).toEqual(langs().map((code) => [code, languageTable(code).autonym, code]));
      expect(options.slice(0, 3)).toEqual([
        ['en', 'English', 'en'],
        ['ms', 'Bahasa Malaysia', 'ms'],
        ['id', 'Bahasa Indonesia', 'id'],
      ]);
      await user.selectOptions(select, 'id');
      await waitFor(() => expect(document.documentElement.lang).toBe('id'));
      expect(localStorage.getItem(LANG_KEY)).toBe('id');
      expect(screen.getByLabelText('Bahasa studio')).toBe(select);
    },
  );
});

describe('a table that lacks a studio text', () => {
  it('fails the start naming the language, the catalogue and the key', () => {
    const sources = repositoryOnly();
    const en = sources.find((s) => (s.data as { code: string }).code === 'en')!;
    const id = sources.find((s) => (s.data as { code: string }).code === 'id')!;
    // A fourth language: English's table and sections, Indonesian's studio words less one.
    const studioWords = Object.fromEntries(Object.entries(id.words).filter(([name]) => name.startsWith('studio-')));
    const { 'shell.menu': _dropped, ...shell } = studioWords['studio-shell']!;
    const fourth: LanguageSource = {
      file: 'languages/xx.yaml',
      data: { ...(en.data as object), code: 'xx', order: 9, autonym: 'Xx', draft: false },
      words: { ...en.words, ...studioWords, 'studio-shell': shell },
    };
    setLanguageSource(() => [...sources, fourth]);
    try {
      // The table is read once: the one reading is the failed start.
      let failure: unknown;
      try {
        ensureLanguages();
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(LanguageWordsError);
      expect((failure as LanguageWordsError).params).toEqual({
        language: 'xx',
        catalogue: 'studio-shell',
        key: 'shell.menu',
      });
      expect((failure as Error).message).toBe(
        'language "xx" has no words for "shell.menu" of the studio-shell catalogue (languages/xx/studio-shell.yaml)',
      );
    } finally {
      setLanguageSource(withIndonesian);
    }
  });
});

describe('a table whose studio section has no locale its numbers can be written in', () => {
  it.each([
    ['missing', undefined],
    ['not a BCP 47 tag', 'Bahasa Indonesia'],
  ])("fails the start naming studio.yaml's locale (%s)", (_case, locale) => {
    const sources = repositoryOnly();
    const en = sources.find((s) => (s.data as { code: string }).code === 'en')!;
    const id = sources.find((s) => (s.data as { code: string }).code === 'id')!;
    // A fourth language, first in the table's order (its studio section is read first): English's table and sections,
    // the studio's words, and a studio section without a usable locale.
    const studioWords = Object.fromEntries(Object.entries(id.words).filter(([name]) => name.startsWith('studio-')));
    const fourth: LanguageSource = {
      file: 'languages/xx.yaml',
      data: { ...(en.data as object), code: 'xx', order: 0, autonym: 'Xx', draft: false },
      words: { ...en.words, ...studioWords, studio: { ...(en.words.studio as object), locale } },
    };
    setLanguageSource(() => [...sources, fourth]);
    try {
      let failure: unknown;
      try {
        ensureLanguages();
      } catch (error) {
        failure = error;
      }
      expect(failure).toBeInstanceOf(LanguageWordsError);
      expect((failure as LanguageWordsError).params).toEqual({ language: 'xx', catalogue: 'studio', key: 'locale' });
      expect((failure as Error).message).toBe('languages/xx/studio.yaml: "locale" must be a BCP 47 locale (id-ID)');
    } finally {
      setLanguageSource(withIndonesian);
    }
  });
});
