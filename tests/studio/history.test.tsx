// @vitest-environment jsdom
// Content History (its own page) against a stubbed server: one entry per book with its parts inside,
// folded; a page at a time (Load more asks for the next cursor, and a part it brings joins its book), a
// cover with its thumbnail, the filter named by the generators' display names (en, ms), content fetched
// only when an item is opened, and an empty search that says nothing matched (not "No content yet.").
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Toaster } from 'react-hot-toast';
import type { HistoryListItem, HistoryType, Profile as ProfileData } from '../../engine/contract/index.js';
import History from '../../studio/src/pages/History.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

const USER: ProfileData = {
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
const TYPES: HistoryType[] = [
  { type: 'amazon_pdp', name: { en: 'Amazon Book Description', ms: 'Deskripsi Buku Amazon' } },
  { type: 'romance', name: { en: 'Romance Story Creator', ms: 'Penjana Cerita Romantik' } },
];
const item = (id: number, title: string, type = 'romance'): HistoryListItem => ({
  id,
  title,
  content_type: type,
  generator_id: type,
  created_at: '2025-03-02T10:00:00.000Z',
});
const GENERATORS = [
  {
    id: 'romance',
    route: '/romance',
    family: 'fiction',
    kind: 'book',
    bookType: 'romance',
    cost: 1,
    title: TYPES[1]!.name,
    tagline: { en: 'x', ms: 'x' },
    typeLabel: { en: 'Romance', ms: 'Romantik' },
  },
  {
    id: 'amazon_pdp',
    route: '/amazon-pdp',
    family: 'publishing',
    kind: 'single',
    bookType: 'amazon_pdp',
    cost: 1,
    title: TYPES[0]!.name,
    tagline: { en: 'x', ms: 'x' },
    typeLabel: TYPES[0]!.name,
  },
  {
    id: 'book_cover',
    route: '/book-cover',
    family: 'covers',
    kind: 'image',
    bookType: 'book_cover',
    cost: 6,
    title: { en: 'Book Cover Generator', ms: 'Penjana Kulit Buku' },
    tagline: { en: 'x', ms: 'x' },
    typeLabel: { en: 'Book Cover Generator', ms: 'Penjana Kulit Buku' },
  },
];
const PIXEL =
  'data:image/png;base64,' +
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const PAGE_1 = [
  item(41, 'A Quiet Harbour', 'book_cover'),
  item(40, 'Hujan di Kuala Lumpur — Chapter 3: The Storm'),
  item(39, 'A gripping tale of two rivals', 'amazon_pdp'),
];
const PAGE_2 = [item(12, 'Hujan di Kuala Lumpur — Story Outline')];

function serve() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${url}`);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/auth/get-session')
      return json({ user: USER, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
    if (url === '/api/me') return json(USER);
    if (url === '/api/books') return json({ books: [] });
    if (url === '/api/generators') return json({ generators: GENERATORS });
    if (url === '/api/history/41') return json({ ...PAGE_1[0], content: PIXEL });
    if (url.startsWith('/api/history?')) {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('search')) return json({ items: [], next_cursor: null, types: TYPES });
      if (q.get('cursor') === '39') return json({ items: PAGE_2, next_cursor: null, types: TYPES });
      return json({ items: PAGE_1, next_cursor: 39, types: TYPES });
    }
    if (url === '/api/history/40') return json({ ...PAGE_1[1], content: 'Thunder rolled over the hills.' });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return calls;
}

const renderHistory = (accountLang: 'en' | 'ms' = 'en') =>
  renderPage(
    <>
      <History />
      <Toaster />
    </>,
    { accountLang },
  );

describe('Content History', () => {
  it(
    'one entry per book with its parts folded inside, a cover with ' +
      'its thumbnail; a page at a time; content fetched only on open',
    async () => {
      vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
      const calls = serve();
      const user = userEvent.setup();
      renderHistory();
      expect(screen.getByRole('heading', { level: 1, name: 'Content History' })).toBeTruthy();
      const list = await screen.findByTestId('history-list');
      await within(list).findByTestId('history-book');
      const entries = () => [...list.children].map((li) => li.querySelector('button')!.textContent);
      expect(entries()).toEqual([
        expect.stringContaining('A Quiet Harbour'),
        expect.stringContaining('Hujan di Kuala Lumpur'),
        expect.stringContaining('A gripping tale of two rivals'),
      ]);
      const book = within(list).getByTestId('history-book');
      expect(book.textContent).toContain('Romance Story Creator · 1 part ·');
      expect(within(book).queryByText('Chapter 3: The Storm')).toBeNull();
      expect(list.textContent).toContain('Amazon Book Description ·');
      expect(list.textContent).not.toContain('amazon_pdp');
      // The cover shows its picture in the list.
      const thumbnail = await within(list).findByTestId('history-thumbnail');
      expect(thumbnail.getAttribute('src')).toBe(PIXEL);
      const filter = screen.getByRole('combobox', { name: 'Filter by type' });
      expect(
        within(filter)
          .getAllByRole('option')
          .map((o) => [o.getAttribute('value'), o.textContent]),
      ).toEqual([
        ['all', 'All Types'],
        ['amazon_pdp', 'Amazon Book Description'],
        ['romance', 'Romance Story Creator'],
      ]);
      expect(calls.filter((c) => /\/api\/history\/\d+/.test(c))).toEqual(['GET /api/history/41']);

      // The next page's outline joins its book: still one entry for it.
      await user.click(screen.getByRole('button', { name: 'Load more' }));
      await waitFor(() => expect(book.textContent).toContain('2 parts'));
      expect(calls).toContain('GET /api/history?limit=30&cursor=39');
      expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
      expect(within(list).getAllByTestId('history-book')).toHaveLength(1);

      await user.click(within(book).getByRole('button', { name: /Hujan di Kuala Lumpur/ }));
      expect(
        within(book)
          .getAllByTestId('history-item')
          .map((li) => li.querySelector('.font-medium')!.textContent),
      ).toEqual(['Chapter 3: The Storm', 'Story Outline']);
      await user.click(within(book).getByText('Chapter 3: The Storm'));
      expect(await screen.findByText('Thunder rolled over the hills.')).toBeTruthy();
      expect(calls.filter((c) => /\/api\/history\/\d+/.test(c))).toEqual([
        'GET /api/history/41',
        'GET /api/history/40',
      ]);
    },
  );

  it('a search that finds nothing says so, not "No content yet."', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    serve();
    const user = userEvent.setup();
    renderHistory();
    await screen.findByTestId('history-list');
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'zebra');
    const empty = await screen.findByTestId('history-empty');
    expect(empty.textContent).toBe('No items match “zebra”.');
  });

  it('in Malay for an account that writes in Malay: the section and the types', async () => {
    serve();
    const user = userEvent.setup();
    renderHistory('ms');
    const list = await screen.findByTestId('history-list');
    expect(screen.getByRole('heading', { level: 1, name: 'Sejarah Kandungan' })).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Tapis mengikut jenis' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Semua Jenis', 'Deskripsi Buku Amazon', 'Penjana Cerita Romantik']);
    expect(list.textContent).toContain('Deskripsi Buku Amazon ·');
    await user.type(screen.getByRole('searchbox', { name: 'Cari sejarah' }), 'zebra');
    await waitFor(() =>
      expect(screen.getByTestId('history-empty').textContent).toBe('Tiada item sepadan dengan “zebra”.'),
    );
  });
});
