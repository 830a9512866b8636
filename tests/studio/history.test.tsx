// @vitest-environment jsdom
// The profile's content history against a stubbed server: a page at a time (Load more asks for the
// next cursor), titles of the items, the filter named by the generators' display names (en, ms), content
// fetched only when an item is opened, and an empty search that says nothing matched (not "No content yet.").
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { HistoryListItem, HistoryType, Profile as ProfileData } from '../../engine/contract/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { LangProvider } from '../../studio/src/i18n/index.js';
import Profile from '../../studio/src/pages/Profile.js';
import { useStudioDom } from './dom.js';

useStudioDom();

const USER: ProfileData = { id: 'u1', email: 'ana@karya.test', name: 'Ana', bio: '', role: 'free', credits_available: 10, total_usage: 0, lang: 'en', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };
const TYPES: HistoryType[] = [
  { type: 'amazon_pdp', name: { en: 'Amazon Book Description', ms: 'Deskripsi Buku Amazon' } },
  { type: 'romance', name: { en: 'Romance Story Creator', ms: 'Penjana Cerita Romantik' } },
];
const item = (id: number, title: string, type = 'romance'): HistoryListItem => ({ id, title, content_type: type, generator_id: type, created_at: '2025-03-02T10:00:00.000Z' });
const PAGE_1 = [item(40, 'Hujan di Kuala Lumpur — Chapter 3: The Storm'), item(39, 'A gripping tale of two rivals', 'amazon_pdp')];
const PAGE_2 = [item(12, 'Hujan di Kuala Lumpur — Story Outline')];

function serve() {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push(`${init.method ?? 'GET'} ${url}`);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/auth/get-session') return json({ user: USER, session: { expires_at: '2099-01-01T00:00:00.000Z', is_remembered: true } });
    if (url === '/api/me') return json(USER);
    if (url === '/api/books') return json({ books: [] });
    if (url.startsWith('/api/history?')) {
      const q = new URL(url, 'http://x').searchParams;
      if (q.get('search')) return json({ items: [], next_cursor: null, types: TYPES });
      if (q.get('cursor') === '39') return json({ items: PAGE_2, next_cursor: null, types: TYPES });
      return json({ items: PAGE_1, next_cursor: 39, types: TYPES });
    }
    if (url === '/api/history/40') return json({ ...PAGE_1[0], content: 'Thunder rolled over the hills.' });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return calls;
}

const renderProfile = (accountLang: 'en' | 'ms' = 'en') =>
  render(
    <MemoryRouter>
      <AuthProvider>
        <LangProvider accountLang={accountLang} saveAccountLang={async () => undefined}>
          <Profile />
          <Toaster />
        </LangProvider>
      </AuthProvider>
    </MemoryRouter>,
  );

describe('content history on the profile', () => {
  it('shows item titles a page at a time, names types as the generators do, and fetches content only on open', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    const calls = serve();
    const user = userEvent.setup();
    renderProfile();
    const list = await screen.findByTestId('history-list');
    expect(within(list).getAllByRole('button', { expanded: false }).map((b) => b.textContent)).toEqual([
      expect.stringContaining('Hujan di Kuala Lumpur — Chapter 3: The Storm'),
      expect.stringContaining('A gripping tale of two rivals'),
    ]);
    expect(list.textContent).toContain('Amazon Book Description ·');
    expect(list.textContent).not.toContain('amazon_pdp');
    const filter = screen.getByRole('combobox', { name: 'Filter by type' });
    expect(within(filter).getAllByRole('option').map((o) => [o.getAttribute('value'), o.textContent])).toEqual([
      ['all', 'All Types'],
      ['amazon_pdp', 'Amazon Book Description'],
      ['romance', 'Romance Story Creator'],
    ]);
    expect(calls.filter((c) => /\/api\/history\/\d+/.test(c))).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(list).findByText('Hujan di Kuala Lumpur — Story Outline');
    expect(calls).toContain('GET /api/history?limit=30&cursor=39');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(within(list).getByText('Hujan di Kuala Lumpur — Chapter 3: The Storm'));
    expect(await screen.findByText('Thunder rolled over the hills.')).toBeTruthy();
    expect(calls.filter((c) => /\/api\/history\/\d+/.test(c))).toEqual(['GET /api/history/40']);
  });

  it('a search that finds nothing says so, not "No content yet."', async () => {
    vi.stubGlobal('navigator', { ...navigator, languages: ['en-GB'], language: 'en-GB' });
    serve();
    const user = userEvent.setup();
    renderProfile();
    await screen.findByTestId('history-list');
    await user.type(screen.getByRole('searchbox', { name: 'Search history' }), 'zebra');
    const empty = await screen.findByTestId('history-empty');
    expect(empty.textContent).toBe('No items match “zebra”.');
  });

  it('in Malay for an account that writes in Malay: the section and the types', async () => {
    serve();
    const user = userEvent.setup();
    renderProfile('ms');
    const list = await screen.findByTestId('history-list');
    expect(screen.getByRole('heading', { name: 'Sejarah Kandungan' })).toBeTruthy();
    const filter = screen.getByRole('combobox', { name: 'Tapis mengikut jenis' });
    expect(within(filter).getAllByRole('option').map((o) => o.textContent)).toEqual(['Semua Jenis', 'Deskripsi Buku Amazon', 'Penjana Cerita Romantik']);
    expect(list.textContent).toContain('Deskripsi Buku Amazon ·');
    await user.type(screen.getByRole('searchbox', { name: 'Cari sejarah' }), 'zebra');
    await waitFor(() => expect(screen.getByTestId('history-empty').textContent).toBe('Tiada item sepadan dengan “zebra”.'));
  });
});
