// @vitest-environment jsdom
// A series' next book is a book the writer can come back to: the series page offers "Start Book 2" while the book
// started from the series has nothing written and "Continue Book 2" once it has (English and Malay); either makes it
// the current book (POST /api/books/:id/continue) and opens its generator page with it; "Write the next book" opens
// the book the server saved; and the generator page shows that book's brief, filled from the series, with a note
// saying which book of which series it is. Against a stubbed server (fetch).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { loadCatalog } from '../../engine/node/load.js';
import { bookView, restoreBook, type Catalog } from '../../engine/index.js';
import type { Profile, SeriesDetail } from '../../engine/contract/index.js';
import type { FormModel } from '../../studio/src/engine.js';
import Series from '../../studio/src/pages/Series.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { LangProvider } from '../../studio/src/i18n/index.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

let catalog: Catalog;
beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
});

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 10,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const GENERATORS = [
  {
    id: 'romance',
    route: '/romance',
    family: 'fiction',
    kind: 'book',
    cost: 1,
    title: { en: 'Romance Story Creator', ms: 'Penjana Cerita Romantik' },
    tagline: { en: 'x', ms: 'x' },
    typeLabel: { en: 'Romance', ms: 'Romantik' },
  },
];
const PREMISE =
  'Book 2 of the series "Penang Bakery", picking up where book 1 ' +
  'ended: the bakery opens again. Still unresolved: the lost recipe.';
const CHARACTERS = 'Aisyah: the lead; baking in Penang\nMak Som: her aunt; dead, passed away in her sleep';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function seriesWith(second: { is_started: boolean }): SeriesDetail {
  const book = { generator_id: 'romance', book_type: 'romance', changes: [], bible: '' };
  return {
    id: 4,
    name: 'Penang Bakery',
    lang: 'en',
    open: [],
    books: [
      { ...book, number: 1, id: 7, title: 'Penang Bakery 1', is_finished: true, is_current: false, is_started: true },
      { ...book, number: 2, id: 12, title: 'Romance', is_finished: false, is_current: false, ...second },
    ],
  };
}

function serve(series: SeriesDetail) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push(`${method} ${url}`);
    if (url === '/api/auth/get-session')
      return json({ user: USER, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
    if (url === '/api/me') return json(USER);
    if (url === '/api/generators') return json({ generators: GENERATORS });
    if (url === '/api/series/4') return json({ series });
    if (url === '/api/books/12/continue' && method === 'POST')
      return json({
        book: {
          id: 12,
          title: 'Romance',
          book_type: 'romance',
          generator_id: 'romance',
          type_label: 'Romance',
          lang: 'en',
          words: 0,
          chapters_written: 0,
          chapters_total: 5,
          updated_at: '2025-03-04T10:00:00Z',
          is_finished: false,
          is_current: true,
        },
      });
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return calls;
}

/** The generator page stand-in: where the button went, and the book it was told to show. */
function GeneratorStandIn() {
  const location = useLocation();
  return <p data-testid="generator-page">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

const seriesPage = (accountLang?: 'en' | 'ms') =>
  renderPage(
    <Routes>
      <Route path="/series/:id" element={<Series />} />
      <Route path="/romance" element={<GeneratorStandIn />} />
    </Routes>,
    { path: '/series/4', user: USER, ...(accountLang ? { accountLang } : {}) },
  );

describe('the series page opens the next book the writer started', () => {
  it(
    '"Start Book 2" while nothing of it is written: it ' + 'becomes the current book and its page opens with it',
    async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
      const calls = serve(seriesWith({ is_started: false }));
      const user = userEvent.setup();
      seriesPage();
      const books = await screen.findAllByTestId('series-book');
      expect(books[1]!.textContent).toContain('not started yet');
      expect(within(books[0]!).queryByRole('button')).toBeNull();
      await user.click(within(books[1]!).getByRole('button', { name: 'Start Book 2' }));
      expect((await screen.findByTestId('generator-page')).textContent).toBe('/romance {"continuedBook":12}');
      expect(calls).toContain('POST /api/books/12/continue');
    },
  );

  it('"Teruskan Buku 2" in Malay once it has an outline', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['ms-MY'], language: 'ms-MY' });
    serve(seriesWith({ is_started: true }));
    const user = userEvent.setup();
    seriesPage('ms');
    const books = await screen.findAllByTestId('series-book');
    await user.click(within(books[1]!).getByRole('button', { name: 'Teruskan Buku 2' }));
    expect((await screen.findByTestId('generator-page')).textContent).toBe('/romance {"continuedBook":12}');
  });
});

describe('the generator page on a series’ next book', () => {
  it('opens the saved book with its brief from the series and says which book of which series it is', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    const spec = catalog.get('romance')!;
    const settings = { language: 'en', numberOfChapters: 5, premise: PREMISE, characters: CHARACTERS };
    const state = restoreBook(spec, {
      generatorId: 'romance',
      lang: 'en',
      currentChapter: 0,
      totalChapters: 5,
      content: [],
      settings,
    })!;
    const saved = {
      id: 12,
      book_type: 'romance',
      generator_id: 'romance',
      lang: 'en',
      current_chapter: 0,
      total_chapters: 5,
      content: [],
      settings,
      outline: null,
      updated_at: '2026-11-23T10:00:00.000Z',
      book: bookView(spec, state),
    };
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/auth/get-session')
        return json({ user: USER, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
      if (url === '/api/progress/romance') return json(saved);
      return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
    });
    const form = JSON.parse(JSON.stringify(catalog.form('romance'))) as FormModel;
    const state0 = { continuedBook: 12, seriesNext: { name: 'Penang Bakery', number: 2, settings } };
    render(
      <MemoryRouter initialEntries={[{ pathname: '/romance', state: state0 }]}>
        <AuthProvider initialUser={USER}>
          <LangProvider accountLang="en" saveAccountLang={async () => undefined}>
            <GeneratorWorkspace form={form} />
            <Toaster />
          </LangProvider>
        </AuthProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect((screen.getByLabelText(/^Premise/) as HTMLTextAreaElement).value).toBe(PREMISE));
    expect((screen.getByLabelText(/^Main Characters/) as HTMLTextAreaElement).value).toContain(
      'Mak Som: her aunt; dead, passed away in her sleep',
    );
    expect(await screen.findByText(/^Book 2 of "Penang Bakery": its brief is filled from the series/)).toBeTruthy();
  });
});
