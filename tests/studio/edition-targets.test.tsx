// @vitest-environment jsdom
// My Books offers "Make an edition" only where one can be made: a language whose translation section lists the
// book's language under `from` (docs/add-a-language.md: "a book in it gets an edition in another language only once
// that language's translation.yaml lists it"). The table is the repository's with a fourth language added by the doc
// (tests/languages/fourth-language.ts: Indonesian's files, so it is translated from English and Malay, and no other
// language is translated from it), read as the studio's bundle carries it (studio/scripts/language-table.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { MyBook, Profile } from '../../engine/contract/index.js';
import { langs, setLanguageSource, type LanguageSource } from '../../studio/src/engine.js';
import { languageFolders, readLanguages } from '../../engine/node/languages.js';
import { browserWords } from '../../studio/scripts/language-table.js';
import Books from '../../studio/src/pages/Books.js';
import { fourthLanguage } from '../languages/fourth-language.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

/**
 * The table, its translation section as the bundle carries it (the rest of each language as the server reads it:
 * this process defines the server's sections too, which the bundle leaves out, and reads the table whole).
 */
function bundled(): LanguageSource[] {
  const sources = readLanguages(languageFolders({ KARYA_LANGUAGES: fourthLanguage() }), { KARYA_DRAFT_LANGUAGES: '1' });
  return sources.map((src) => {
    const { translation: _whole, ...words } = src.words;
    const browser = browserWords(src, 'translation') as Record<string, unknown> | undefined;
    return { ...src, words: { ...words, ...(browser ? { translation: browser } : {}) } };
  });
}

let table: LanguageSource[] = [];
beforeAll(() => {
  table = bundled();
  setLanguageSource(() => table);
});
afterAll(() => setLanguageSource(() => readLanguages()));

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 40,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const base = {
  book_type: 'romance',
  generator_id: 'romance',
  type_label: 'Romance',
  words: 9000,
  chapters_written: 3,
  chapters_total: 3,
  updated_at: '2026-03-02T10:00:00Z',
  is_current: false,
  is_finished: true,
  has_cover: false,
} as const;

/** A source book and its editions, each made whole (as many chapters as the source). */
function withEditions(id: number, title: string, lang: string, editionLangs: readonly string[]): MyBook[] {
  const source: MyBook = { ...base, id, title, lang };
  const edition = (l: string, i: number): MyBook => ({
    ...base,
    id: id * 10 + i,
    title: `${title} (${l})`,
    lang: l,
    edition_of: { id, title, lang },
  });
  return [source, ...editionLangs.map(edition)];
}

function serve(books: readonly MyBook[]) {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/books') return json({ books });
    if (url === '/api/generators') return json({ generators: [] });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
}

/** The source book's row (its editions' rows say what they are an edition of). */
const rowOf = async (title: string) =>
  (await screen.findAllByTestId('my-book')).find(
    (r) => r.textContent?.includes(title) && !within(r).queryByTestId('edition-of'),
  )!;
const button = async (title: string) => within(await rowOf(title)).queryByTestId('make-edition');

/**
 * The languages a book in `lang` can be made into, read from the table's files as a maintainer reads them: each
 * language whose translation.yaml lists `lang` under `from`.
 */
const madeFrom = (lang: string): string[] =>
  table.flatMap((src) => {
    const from = (src.words.translation as { from?: Record<string, unknown> } | undefined)?.from ?? {};
    return lang in from ? [String((src.data as { code?: unknown }).code)] : [];
  });

describe("My Books' edition button follows the table's translation lists", () => {
  it('shows none for a book in a language no other language is translated from', async () => {
    expect(langs()).toContain('xx');
    expect(madeFrom('xx')).toEqual([]);
    serve(withEditions(1, 'Pelangi Senja', 'xx', []));
    renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
    expect(await rowOf('Pelangi Senja')).toBeTruthy();
    expect(await button('Pelangi Senja')).toBeNull();
  });

  it(
    'offers one while a language it can be made into has ' + 'none: the fourth counts for English, not Indonesian',
    async () => {
      // The fourth language (Indonesian's files) is translated from English and not from Indonesian.
      expect(madeFrom('en')).toContain('xx');
      expect(madeFrom('id')).not.toContain('xx');
      const others = (lang: string) => madeFrom(lang).filter((l) => l !== 'xx');
      serve([
        // Indonesian, with an edition in every language it can be made into: none left, though xx has none.
        ...withEditions(2, 'Hujan di Bandung', 'id', madeFrom('id')),
        // English, with an edition in each it can be made into but the fourth language.
        ...withEditions(3, 'Rain Over Penang', 'en', others('en')),
        // Malay, with an edition in every language it can be made into: none left.
        ...withEditions(4, 'Hujan di Pulau', 'ms', madeFrom('ms')),
      ]);
      renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
      expect(await button('Hujan di Bandung')).toBeNull();
      expect((await button('Rain Over Penang'))?.textContent?.trim()).toBe('Make an edition');
      expect(await button('Hujan di Pulau')).toBeNull();
    },
  );
});
