// @vitest-environment jsdom
// My Books as a shelf: each book shows its cover (the writer's own picture, else a typographic one with the
// title), whether and when it was published, and the list narrows by a title search, language, state and
// series; in Malay the shelf is Malay.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { MyBook, Profile as ProfileData } from '../../engine/contract/index.js';
import Books from '../../studio/src/pages/Books.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

const USER: ProfileData = {
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
} as const;
const BOOKS: MyBook[] = [
  {
    ...base,
    id: 34,
    title: 'Rain Over Penang',
    lang: 'en',
    is_finished: true,
    has_cover: true,
    published_at: '2026-03-03T09:00:00Z',
    series: { id: 5, name: 'Island Hearts', number: 1, is_last: true },
  },
  { ...base, id: 12, title: 'Hujan di Ipoh', lang: 'ms', is_finished: true, has_cover: false },
  { ...base, id: 40, title: 'The Lantern Shop', lang: 'en', is_finished: false, chapters_written: 1, has_cover: false },
];

function serve() {
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/books') return json({ books: BOOKS });
    if (url === '/api/generators') return json({ generators: [] });
    if (url.startsWith('/api/books/') && url.endsWith('/editions')) return json({ editions: [] });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
}

const titles = () => screen.getAllByTestId('my-book-title').map((t) => t.textContent);

describe('My Books as a shelf', () => {
  it(
    'shows each cover (the picture, else the title on a ' +
      'typographic cover) and "Published <date>" or "Not published"',
    async () => {
      serve();
      renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
      const rows = await screen.findAllByTestId('my-book');
      const penang = rows.find((r) => r.textContent?.includes('Rain Over Penang'))!;
      const picture = within(penang).getByRole('img', { name: 'Cover of Rain Over Penang' });
      expect(picture.getAttribute('src')).toBe('/api/books/34/cover');
      expect(within(penang).getByTestId('book-published').textContent).toBe('Published 3 Mar 2026');
      const ipoh = rows.find((r) => r.textContent?.includes('Hujan di Ipoh'))!;
      const typographic = within(ipoh).getByRole('img', { name: 'Cover of Hujan di Ipoh' });
      expect(typographic.getAttribute('data-cover')).toBe('typographic');
      expect(typographic.textContent).toBe('Hujan di Ipoh');
      expect(within(ipoh).getByTestId('book-published').textContent).toBe('Not published');
      const lantern = rows.find((r) => r.textContent?.includes('The Lantern Shop'))!;
      expect(within(lantern).queryByTestId('book-published')).toBeNull();
    },
  );

  it(
    'narrows by title (any case, without accents), language, ' +
      'state and series, says how many are shown, and clears',
    async () => {
      serve();
      renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
      await screen.findAllByTestId('my-book');
      const user = userEvent.setup();
      await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'RAIN');
      expect(titles()).toEqual(['Book 1 · Rain Over Penang']);
      expect(screen.getByTestId('shelf-shown').textContent).toContain('1 of 3 books shown');
      await user.click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(titles()).toHaveLength(3);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ms');
      expect(titles()).toEqual(['Hujan di Ipoh']);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), '');
      await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'published');
      expect(titles()).toEqual(['Book 1 · Rain Over Penang']);
      await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'writing');
      expect(titles()).toEqual(['The Lantern Shop']);
      await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), '');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Series' }), 'none');
      expect(titles().sort()).toEqual(['Hujan di Ipoh', 'The Lantern Shop']);
      await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'penang');
      expect(screen.getByTestId('shelf-none').textContent).toBe('No book matches these filters.');
    },
  );

  it('in Malay', async () => {
    serve();
    renderPage(<Books />, { user: { ...USER, lang: 'ms' }, accountLang: 'ms', path: '/books' });
    const rows = await screen.findAllByTestId('my-book');
    expect(
      within(rows.find((r) => r.textContent?.includes('Rain Over Penang'))!).getByTestId('book-published').textContent,
    ).toBe('Diterbitkan 3 Mac 2026');
    expect(screen.getByRole('searchbox', { name: 'Cari mengikut tajuk' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Keadaan' })).toBeTruthy();
    expect(within(rows.find((r) => r.textContent?.includes('Hujan'))!).getByTestId('book-published').textContent).toBe(
      'Belum diterbitkan',
    );
  });
});
