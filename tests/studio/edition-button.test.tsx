// @vitest-environment jsdom
// My Books' edition button before the server's offer is read: it names no language (the language an edition is
// made in is the server's to offer, not the studio's guess from the table's order), and the dialog it opens names
// the offer's language only once the offer has loaded.
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
  is_finished: true,
  has_cover: false,
} as const;
const BOOKS: MyBook[] = [
  { ...base, id: 7, title: 'Hujan di Bandung', lang: 'id' },
  { ...base, id: 8, title: 'Rain Over Penang', lang: 'en' },
];

/** The API, its edition offer held back until `release` is called (the offer: an edition in Malay). */
function serve() {
  let release = () => {};
  const offered = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal('fetch', async (url: string) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/books') return json({ books: BOOKS });
    if (url === '/api/generators') return json({ generators: [] });
    if (url === '/api/books/7/editions') {
      await offered;
      return json({
        book: { id: 7, title: 'Hujan di Bandung', lang: 'id' },
        editions: [],
        offer: {
          to: 'ms',
          cost: { per_part: 1, parts: 3, total: 3, remaining: 3 },
          glossary_terms: 0,
          is_running: false,
        },
      });
    }
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return () => release();
}

const rowOf = async (title: string) =>
  (await screen.findAllByTestId('my-book')).find((r) => r.textContent?.includes(title))!;

describe("My Books' edition button", () => {
  it("names no language before the offer, and the dialog names the offer's once it has loaded", async () => {
    const release = serve();
    renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
    for (const title of ['Hujan di Bandung', 'Rain Over Penang']) {
      const button = within(await rowOf(title)).getByTestId('make-edition');
      expect(button.textContent?.trim()).toBe('Make an edition');
      expect(button.getAttribute('aria-label')).toBe(`Make an edition of “${title}”`);
    }
    await userEvent.click(within(await rowOf('Hujan di Bandung')).getByTestId('make-edition'));
    const dialog = await screen.findByTestId('edition-dialog');
    // Before the offer: no language named (neither the table's first other language nor any other).
    expect(within(dialog).getByRole('heading').textContent).toBe('Loading the edition');
    release();
    expect((await within(dialog).findByRole('heading', { name: 'Make a Malay edition' })).textContent).toBe(
      'Make a Malay edition',
    );
  });

  it('in Indonesian', async () => {
    serve();
    renderPage(<Books />, { user: { ...USER, lang: 'id' }, accountLang: 'id', path: '/books' });
    const button = within(await rowOf('Hujan di Bandung')).getByTestId('make-edition');
    expect(button.textContent?.trim()).toBe('Buat edisi');
    expect(button.getAttribute('aria-label')).toBe('Buat edisi “Hujan di Bandung”');
  });
});
