// @vitest-environment jsdom
// The studio's book downloads: the Download menu (plain download links per format, opened and walked with
// the keyboard, in en and ms), the file links typed from the contract, the reader's language, and the
// profile's "My books" (its rows, downloads, delete after a confirmation) against a stubbed server.
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { MyBook, Profile as ProfileData } from '../../engine/contract/index.js';
import { fileHref } from '../../studio/src/lib/api.js';
import { browserLang } from '../../studio/src/lib/lang.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { DownloadMenu, FORMAT_NAMES } from '../../studio/src/components/DownloadMenu.js';
import { EXPORT_FORMATS } from '../../engine/contract/index.js';
import Profile from '../../studio/src/pages/Profile.js';
import { useStudioDom } from './dom.js';

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
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.hasAttribute('download')])).toEqual([
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
    render(<><DownloadMenu hrefOf={hrefOf} lang="en" /><button type="button">After</button></>);
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

describe('file links and the reader\'s language', () => {
  it('fileHref builds the export routes of the contract', () => {
    expect(fileHref('GET /books/:bookType/export', { params: { bookType: 'travel_guide' }, query: { format: 'pdf' } })).toBe('/api/books/travel_guide/export?format=pdf');
    expect(fileHref('GET /books/:id/export', { params: { id: 12 }, query: { format: 'docx' } })).toBe('/api/books/12/export?format=docx');
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

describe('My books on the profile', () => {
  const USER: ProfileData = { id: 'u1', email: 'ana@karya.test', name: 'Ana', bio: '', role: 'free', credits_available: 10, total_usage: 0, lang: 'en', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
  const BOOKS: MyBook[] = [
    { id: 7, title: 'Cinta di Pesisir', book_type: 'romance', generator_id: 'romance', type_label: 'Romantik', lang: 'ms', words: 12345, finished_at: '2025-03-02T10:00:00.000Z', is_current: true },
    { id: 3, title: 'A Tale of Gentle Beginnings', book_type: 'romance', generator_id: 'romance', type_label: 'Romance', lang: 'en', words: 9000, finished_at: '2025-02-01T10:00:00.000Z', is_current: false },
  ];

  function serve(user: ProfileData = USER) {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${url}`);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      if (url === '/api/auth/get-session') return json({ user, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
      if (url === '/api/me') return json(user);
      if (url === '/api/books' && method === 'GET') return json({ books: BOOKS });
      if (url === '/api/books/3' && method === 'DELETE') return json({ message: 'Item deleted successfully' });
      if (url.startsWith('/api/history')) return json({ items: [], next_cursor: null, types: [] });
      return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
    });
    return calls;
  }

  const renderProfile = () =>
    render(
      <MemoryRouter>
        <AuthProvider>
          <Profile />
          <Toaster />
        </AuthProvider>
      </MemoryRouter>,
    );

  it('lists each book (title, type, language, words, date) with its downloads, and deletes one after a confirmation', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    const calls = serve();
    const user = userEvent.setup();
    renderProfile();
    const section = await screen.findByTestId('my-books');
    expect(within(section).getByRole('heading', { name: 'My Books' })).toBeTruthy();
    const rows = await within(section).findAllByTestId('my-book');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('Cinta di Pesisir'),
      expect.stringContaining('A Tale of Gentle Beginnings'),
    ]);
    expect(rows[0]!.textContent).toContain('Romantik · Bahasa Malaysia · 12,345 words · Finished 2 Mar 2025 · Current book');
    expect(rows[1]!.textContent).toContain('Romance · English · 9,000 words · Finished 1 Feb 2025');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Download' }));
    expect(within(rows[1]!).getByRole('link', { name: 'Download as PDF' }).getAttribute('href')).toBe('/api/books/3/export?format=pdf');

    await user.click(within(rows[1]!).getByRole('button', { name: 'Delete A Tale of Gentle Beginnings' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this book?' });
    expect(dialog.textContent).toContain('"A Tale of Gentle Beginnings" will be deleted for good.');
    expect(calls).not.toContain('DELETE /api/books/3');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByText('Book deleted');
    expect(calls).toContain('DELETE /api/books/3');
    await waitFor(() => expect(within(section).getAllByTestId('my-book')).toHaveLength(1));
  });

  it('in Malay when the account chose Malay (even with an English browser); cancel keeps the book', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    const calls = serve({ ...USER, lang: 'ms' });
    const user = userEvent.setup();
    renderProfile();
    const section = await screen.findByTestId('my-books');
    // The account's language arrives with the session.
    expect(await within(section).findByRole('heading', { name: 'Buku Saya' })).toBeTruthy();
    const rows = await within(section).findAllByTestId('my-book');
    expect(rows[1]!.textContent).toContain('Romance · Bahasa Inggeris · 9,000 patah perkataan · Siap pada');
    await user.click(within(rows[1]!).getByRole('button', { name: 'Padam A Tale of Gentle Beginnings' }));
    const dialog = screen.getByRole('dialog', { name: 'Padam buku ini?' });
    await user.click(within(dialog).getByRole('button', { name: 'Batal' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);
    expect(within(section).getAllByTestId('my-book')).toHaveLength(2);
  });

  it('says so when there is no book', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en'], language: 'en' });
    vi.stubGlobal('fetch', async (url: string) => {
      const body = url === '/api/books' ? { books: [] } : url.startsWith('/api/history') ? { items: [], next_cursor: null, types: [] } : url === '/api/auth/get-session' ? { user: USER, session: null } : USER;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    renderProfile();
    await screen.findByText('No books yet.');
  });
});
