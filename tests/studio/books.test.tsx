// @vitest-environment jsdom
// The studio's book downloads: the Download menu (plain download links per format, opened and walked with
// the keyboard, in en and ms), the file links typed from the contract, the reader's language, and My Books
// (/books: reached from the sidebar and the dashboard; its rows, Continue, downloads, delete after a
// confirmation) against a stubbed server.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { MyBook, Profile as ProfileData } from '../../engine/contract/index.js';
import { fileHref } from '../../studio/src/lib/api.js';
import { browserLang } from '../../studio/src/lib/lang.js';
import { DownloadMenu, FORMAT_NAMES } from '../../studio/src/components/DownloadMenu.js';
import { EXPORT_FORMATS } from '../../engine/contract/index.js';
import Profile from '../../studio/src/pages/Profile.js';
import Books from '../../studio/src/pages/Books.js';
import Dashboard from '../../studio/src/pages/Dashboard.js';
import Shell from '../../studio/src/components/Shell.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

const hrefOf = (format: string) => `/api/books/romance/export?format=${format}`;

describe('DownloadMenu', () => {
  it('opens with Enter, lists a download link per format, walks them with the arrows, closes with Escape', async () => {
    const user = userEvent.setup();
    render(<DownloadMenu hrefOf={hrefOf} lang="en" />);
    const button = screen.getByRole('button', { name: 'Download' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link')).toBeNull();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const links = within(screen.getByRole('list', { name: 'Download formats' })).getAllByRole('link');
    expect(
      links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.hasAttribute('download')]),
    ).toEqual([
      ['Download as Markdown', hrefOf('md'), true],
      ['Download as EPUB', hrefOf('epub'), true],
      ['Download as DOCX', hrefOf('docx'), true],
      ['Download as PDF', hrefOf('pdf'), true],
    ]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(links[0]);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement).toBe(links[2]);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(links[1]);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('Tab reaches the links in order, and leaving the menu closes it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DownloadMenu hrefOf={hrefOf} lang="en" />
        <button type="button">After</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Download as Markdown');
    await user.tab();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('After');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('names every export format of the contract, in its order', () => {
    expect(Object.keys(FORMAT_NAMES)).toEqual([...EXPORT_FORMATS]);
  });

  it('speaks Malay in a Malay book', async () => {
    const user = userEvent.setup();
    render(<DownloadMenu hrefOf={hrefOf} lang="ms" />);
    await user.click(screen.getByRole('button', { name: 'Muat Turun' }));
    expect(screen.getByRole('list', { name: 'Format muat turun' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Muat turun sebagai EPUB' })).toBeTruthy();
  });
});

describe("file links and the reader's language", () => {
  it('fileHref builds the export routes of the contract', () => {
    expect(
      fileHref('GET /books/:bookType/export', { params: { bookType: 'travel_guide' }, query: { format: 'pdf' } }),
    ).toBe('/api/books/travel_guide/export?format=pdf');
    expect(fileHref('GET /books/:id/export', { params: { id: 12 }, query: { format: 'docx' } })).toBe(
      '/api/books/12/export?format=docx',
    );
  });

  it.each([
    [['ms-MY', 'en'], 'ms'],
    [['en-GB', 'ms'], 'en'],
    [['fr', 'ms'], 'ms'],
    [['fr'], 'en'],
    [[], 'en'],
  ] as const)('%j → %s', (languages, lang) => {
    expect(browserLang(languages)).toBe(lang);
  });
});

describe('My Books (/books): one click from the sidebar and the dashboard; Continue, Download, Delete', () => {
  const USER: ProfileData = {
    id: 'u1',
    email: 'ana@karya.test',
    name: 'Ana',
    bio: '',
    role: 'free',
    credits_available: 10,
    total_usage: 3,
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
  const BOOKS: MyBook[] = [
    {
      id: 9,
      title: 'Second Thoughts',
      book_type: 'romance',
      generator_id: 'romance',
      type_label: 'Romance',
      lang: 'en',
      words: 2100,
      chapters_written: 0,
      chapters_total: 6,
      updated_at: '2025-03-04T10:00:00Z',
      is_finished: false,
      is_current: true,
    },
    {
      id: 7,
      title: 'Cinta di Pesisir',
      book_type: 'romance',
      generator_id: 'romance',
      type_label: 'Romantik',
      lang: 'ms',
      words: 12345,
      chapters_written: 3,
      chapters_total: 12,
      updated_at: '2025-03-02T10:00:00Z',
      is_finished: false,
      is_current: false,
    },
    {
      id: 3,
      title: 'A Tale of Gentle Beginnings',
      book_type: 'romance',
      generator_id: 'romance',
      type_label: 'Romance',
      lang: 'en',
      words: 9000,
      chapters_written: 1,
      chapters_total: 1,
      updated_at: '2025-02-01T10:00:00Z',
      is_finished: true,
      is_current: false,
    },
  ];

  function serve(user: ProfileData = USER, books: MyBook[] = BOOKS) {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/auth/get-session')
        return json({ user, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
      if (url === '/api/me') return json(user);
      if (url === '/api/generators') return json({ generators: GENERATORS });
      if (url === '/api/books' && method === 'GET') return json({ books });
      if (url === '/api/books/3' && method === 'DELETE') return json({ message: 'Item deleted successfully' });
      const continued = /^\/api\/books\/(\d+)\/continue$/.exec(url);
      if (continued && method === 'POST')
        return json({ book: { ...books.find((b) => b.id === Number(continued[1]))!, is_current: true } });
      if (url.startsWith('/api/history')) return json({ items: [], next_cursor: null, types: [] });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
    });
    return calls;
  }

  /** The generator page stand-in: where Continue went, and the book it was told to show. */
  function GeneratorStandIn() {
    const location = useLocation();
    return <p data-testid="generator-page">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
  }

  const routes = (
    <Routes>
      <Route element={<Shell />}>
        <Route index element={<Dashboard />} />
        <Route path="/books" element={<Books />} />
        <Route path="/profile/edit" element={<Profile />} />
        <Route path="/romance" element={<GeneratorStandIn />} />
      </Route>
    </Routes>
  );
  const renderStudio = (path = '/', user: ProfileData = USER) =>
    renderPage(
      <>
        {routes}
        <Toaster />
      </>,
      { path, user },
    );

  it(
    'the sidebar opens My Books in one click: every book with ' +
      'its facts, downloads by id, delete after a confirmation',
    async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
      const calls = serve();
      const user = userEvent.setup();
      renderStudio('/profile/edit');
      // Edit Profile no longer lists the books: it links to My Books.
      expect(await screen.findByTestId('my-books-link')).toBeTruthy();
      expect(screen.queryByTestId('my-book')).toBeNull();
      const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
      await user.click(within(nav).getByRole('link', { name: 'My Books' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'My Books' })).toBeTruthy();
      const rows = await screen.findAllByTestId('my-book');
      expect(rows.map((r) => r.querySelector('.font-medium')!.textContent)).toEqual([
        'Second Thoughts',
        'Cinta di Pesisir',
        'A Tale of Gentle Beginnings',
      ]);
      expect(rows[0]!.textContent).toContain(
        'Romance · Unfinished · 0 of 6 chapters · 2,100 words · ' +
          'English · Last change 4 Mar 2025 · Open in its generator',
      );
      expect(rows[1]!.textContent).toContain(
        'Romantik · Unfinished · 3 of 12 chapters · 12,345 words · Bahasa Malaysia · Last change 2 Mar 2025',
      );
      expect(rows[2]!.textContent).toContain(
        'Romance · Finished · 1 of 1 chapter · 9,000 words · English · Last change 1 Feb 2025',
      );

      // Every book downloads by its id, finished or not; each Download is named by its book.
      expect(
        rows.map((r) =>
          within(r)
            .getByRole('button', { name: /^Download / })
            .getAttribute('aria-label'),
        ),
      ).toEqual(['Download Second Thoughts', 'Download Cinta di Pesisir', 'Download A Tale of Gentle Beginnings']);
      await user.click(within(rows[1]!).getByRole('button', { name: 'Download Cinta di Pesisir' }));
      expect(within(rows[1]!).getByRole('link', { name: 'Download as EPUB' }).getAttribute('href')).toBe(
        '/api/books/7/export?format=epub',
      );

      await user.click(within(rows[2]!).getByRole('button', { name: 'Delete A Tale of Gentle Beginnings' }));
      const dialog = screen.getByRole('dialog', { name: 'Delete this book?' });
      expect(dialog.textContent).toContain('"A Tale of Gentle Beginnings" will be deleted for good.');
      expect(calls).not.toContain('DELETE /api/books/3');
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await screen.findByText('Book deleted');
      expect(calls).toContain('DELETE /api/books/3');
      await waitFor(() => expect(screen.getAllByTestId('my-book')).toHaveLength(2));
    },
  );

  it('Continue makes a kept book current and opens its generator page with it', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    const calls = serve();
    const user = userEvent.setup();
    renderStudio('/books');
    const rows = await screen.findAllByTestId('my-book');
    await user.click(await within(rows[1]!).findByRole('button', { name: 'Continue Cinta di Pesisir' }));
    expect((await screen.findByTestId('generator-page')).textContent).toBe('/romance {"continuedBook":7}');
    expect(calls).toContain('POST /api/books/7/continue');
  });

  it(
    "the dashboard's and the sidebar's counts are the " + 'catalogue\'s (one generator served: "1 generator", Types 1)',
    async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
      serve();
      renderStudio('/');
      await waitFor(() => expect(screen.getAllByTestId('generator-count')[0]!.textContent).toBe('1 generator'));
      expect(screen.getByTestId('stat-types').textContent).toBe('1');
      expect(screen.getByText(/^1 generator\. What will you write today/).textContent).toBe(
        '1 generator. What will you write today?',
      );
      expect(document.body.textContent).not.toMatch(/35\+|25\+/);
    },
  );

  it(
    'the dashboard greets a returning writer with "Continue ' +
      '<title>" for the latest unfinished book, and links to My Books',
    async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
      // The latest change is a finished book: the latest unfinished one is offered.
      const books = [{ ...BOOKS[2]!, updated_at: '2025-03-09T10:00:00Z' }, BOOKS[1]!];
      const calls = serve(USER, books);
      const user = userEvent.setup();
      renderStudio('/');
      const card = await screen.findByTestId('dashboard-books');
      await user.click(await within(card).findByRole('button', { name: 'Continue Cinta di Pesisir' }));
      expect((await screen.findByTestId('generator-page')).textContent).toBe('/romance {"continuedBook":7}');
      expect(calls).toContain('POST /api/books/7/continue');
    },
  );

  it('in Malay when the account chose Malay; cancel keeps the book; the dashboard links to My Books', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    const calls = serve({ ...USER, lang: 'ms' });
    const user = userEvent.setup();
    renderStudio('/', { ...USER, lang: 'ms' });
    expect(await screen.findByRole('button', { name: 'Teruskan Second Thoughts' })).toBeTruthy();
    await user.click(await screen.findByRole('link', { name: 'Semua buku saya' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buku Saya' })).toBeTruthy();
    const rows = await screen.findAllByTestId('my-book');
    expect(rows[2]!.textContent).toContain(
      'Romance · Siap · 1 daripada 1 bab · 9,000 patah perkataan · Bahasa Inggeris · Perubahan terakhir',
    );
    await user.click(within(rows[2]!).getByRole('button', { name: 'Padam A Tale of Gentle Beginnings' }));
    const dialog = screen.getByRole('dialog', { name: 'Padam buku ini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    expect(screen.getAllByTestId('my-book')).toHaveLength(3);
  });

  it('says so when there is no book', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en'], language: 'en' });
    serve(USER, []);
    renderStudio('/books');
    await screen.findByText('No books yet. Pick a generator to write your first.');
  });
});
