// @vitest-environment jsdom
// The edition's language is the writer's choice: the dialog offers every language the server offers (each other
// language of the table), the first not made yet chosen, the chosen one's cost shown before anything starts, and the
// edition made in the one chosen. My Books lists each edition of a book and offers the edition while one is not made.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { MyBook, Profile as ProfileData } from '../../engine/contract/index.js';
import { langs } from '../../engine/index.js';
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
const SOURCE: MyBook = { ...base, id: 8, title: 'Rain Over Penang', lang: 'en' };
const MALAY: MyBook = {
  ...base,
  id: 9,
  title: 'Hujan di Pulau Pinang',
  lang: 'ms',
  edition_of: { id: 8, title: 'Rain Over Penang', lang: 'en' },
};
const INDONESIAN: MyBook = {
  ...base,
  id: 10,
  title: 'Hujan di Penang',
  lang: 'id',
  edition_of: { id: 8, title: 'Rain Over Penang', lang: 'en' },
};
const offer = (to: string, remaining: number) => ({
  to,
  cost: { per_part: 2, parts: 3, total: 6, remaining },
  glossary_terms: 0,
  is_running: false,
});
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The API: My Books' `books`, the offers (the Malay edition made, the Indonesian not), and the starts asked. */
function serve(books: MyBook[]) {
  const starts: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/books') return json({ books });
    if (url === '/api/generators') return json({ generators: [] });
    if (url === '/api/me') return json(USER);
    if (url === '/api/books/8/editions' && init?.method === 'POST') {
      starts.push(JSON.parse(String(init.body)));
      const done = {
        edition: {
          id: 10,
          title: 'Hujan di Penang',
          lang: 'id',
          is_finished: true,
          parts_done: 3,
          parts_total: 3,
          stale_paragraphs: 0,
        },
        credits_charged: 6,
        credits_available: 34,
        untranslated: [],
      };
      return new Response(sse('done', done), { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (url === '/api/books/8/editions')
      return json({
        book: { id: 8, title: 'Rain Over Penang', lang: 'en' },
        editions: [],
        offer: offer('ms', 0),
        offers: [offer('ms', 0), offer('id', 6)],
      });
    if (/^\/api\/books\/8\/editions\/(ms|id)\/glossary/.test(url))
      return json({ terms: [], is_writers: false, max_terms: 200 });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return starts;
}

const rowOf = async (title: string) =>
  (await screen.findAllByTestId('my-book')).find(
    (r) => r.querySelector('[data-testid="my-book-title"]')?.textContent === title,
  )!;

describe('the edition language the writer chooses', () => {
  it(
    'offers every other language, the one not made first ' + 'with its cost, and makes the edition in the one chosen',
    async () => {
      const starts = serve([SOURCE, MALAY]);
      renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
      // The Malay edition is made: it is listed side by side, and an edition is still offered (Indonesian is not made).
      const row = await rowOf('Rain Over Penang');
      expect(
        within(row)
          .getAllByTestId('side-by-side-link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/books/9/side-by-side']);
      await userEvent.click(within(row).getByTestId('make-edition'));
      const dialog = await screen.findByTestId('edition-dialog');
      expect(await within(dialog).findByRole('heading', { name: 'Make an Indonesian edition' })).toBeTruthy();
      const select = within(dialog).getByTestId('edition-language') as HTMLSelectElement;
      expect([...select.options].map((o) => o.textContent)).toEqual(['Malay (made)', 'Indonesian']);
      expect(select.value).toBe('id');
      expect(within(dialog).getByTestId('edition-cost').textContent).toContain('6 credits: 3 parts at 2 a part');
      // Another language chosen: its heading and cost.
      await userEvent.selectOptions(select, 'ms');
      expect(within(dialog).getByRole('heading', { name: 'Make a Malay edition' })).toBeTruthy();
      expect(within(dialog).getByTestId('start-edition').textContent?.trim()).toBe('Go on translating');
      await userEvent.selectOptions(select, 'id');
      await userEvent.click(within(dialog).getByTestId('start-edition'));
      await within(dialog).findByText('The Indonesian edition is ready: it is in My Books.');
      expect(starts).toEqual([{ to: 'id' }]);
    },
  );

  it('lists both editions of a book and offers none once every language is made', async () => {
    // An edition in each language of the table: Malay's and Indonesian's, and one in any language added since.
    const added: MyBook[] = langs()
      .filter((l) => !['en', 'ms', 'id'].includes(l))
      .map((l, i) => ({
        ...base,
        id: 20 + i,
        title: `Edition ${l}`,
        lang: l,
        edition_of: { id: 8, title: 'Rain Over Penang', lang: 'en' },
      }));
    serve([SOURCE, MALAY, INDONESIAN, ...added]);
    renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
    const row = await rowOf('Rain Over Penang');
    const links = within(row).getAllByTestId('side-by-side-link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/books/9/side-by-side',
      '/books/10/side-by-side',
      ...added.map((b) => `/books/${b.id}/side-by-side`),
    ]);
    expect(links.slice(0, 2).map((a) => a.textContent?.trim())).toEqual([
      'Side by side · Malay',
      'Side by side · Indonesian',
    ]);
    expect(within(row).queryByTestId('make-edition')).toBeNull();
  });
});
