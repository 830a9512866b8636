// @vitest-environment jsdom
// The side-by-side page of an edition with a paragraph out of date: "Translate again" says its cost first (the
// parts holding one, each charged as an edition's part), asks the server to translate them again, and reads the
// page again, the mark gone. Each chapter title of the edition is shown for the writer to change.
import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Profile as ProfileData, SideBySideResponse } from '../../engine/contract/index.js';
import SideBySide from '../../studio/src/pages/SideBySide.js';
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
const view = (isStale: boolean): SideBySideResponse => ({
  source: { id: 3, title: 'Harbour Lights', lang: 'en' },
  edition: { id: 7, title: 'Cahaya Pelabuhan', lang: 'id', generator_id: 'romance', is_current: false },
  parts: [
    {
      position: 1,
      label: { source: 'Chapter 1', edition: 'Bab 1', page: 'Chapter 1' },
      title: { source: 'The Storm', edition: 'Badai' },
      pairs: [
        {
          source: 'One. Then more.',
          edition: isStale ? 'Satu.' : 'Satu. Lalu lagi.',
          is_stale: isStale,
          is_affected: false,
          is_untranslated: false,
        },
      ],
      stale: isStale ? 1 : 0,
      untranslated: 0,
    },
  ],
  stale_paragraphs: isStale ? 1 : 0,
  again: isStale ? { parts: 1, per_part: 2, total: 2 } : { parts: 0, per_part: 2, total: 0 },
  untranslated_paragraphs: 0,
});

function serve() {
  const asked: Array<{ url: string; method: string; body: unknown }> = [];
  let isStale = true;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (method !== 'GET') asked.push({ url, method, body: JSON.parse(String(init!.body)) });
    if (url === '/api/books/7/side-by-side') return json(view(isStale));
    if (url === '/api/me') return json(USER);
    if (url === '/api/books/3/editions' && method === 'POST') {
      isStale = false;
      const done = {
        edition: {
          id: 7,
          title: 'Cahaya Pelabuhan',
          lang: 'id',
          is_finished: true,
          parts_done: 1,
          parts_total: 1,
          stale_paragraphs: 0,
        },
        credits_charged: 2,
        credits_available: 38,
        untranslated: [],
      };
      return new Response(`event: done\ndata: ${JSON.stringify(done)}\n\n`, {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    }
    if (url === '/api/books/7/edition-chapter-title') return json({ id: 7, position: 1, title: 'Angin Ribut' });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return asked;
}

describe('translating out-of-date paragraphs again from the side-by-side page', () => {
  it('says the cost first, translates them again, and the page shows them current', async () => {
    const asked = serve();
    renderPage(
      <Routes>
        <Route path="/books/:id/side-by-side" element={<SideBySide />} />
      </Routes>,
      { user: USER, accountLang: 'en', path: '/books/7/side-by-side' },
    );
    const box = await screen.findByTestId('translate-again');
    expect(within(box).getByTestId('translate-again-cost').textContent).toBe(
      'Translate the out-of-date paragraphs again: 2 credits (2 for each part they are in).',
    );
    expect(asked).toEqual([]);
    await userEvent.click(within(box).getByTestId('translate-again-start'));
    await vi.waitFor(() => expect(screen.queryByTestId('translate-again')).toBeNull());
    expect(asked).toEqual([{ url: '/api/books/3/editions', method: 'POST', body: { to: 'id', again: true } }]);
    expect(screen.getByTestId('stale-summary').textContent).toBe('Every paragraph is up to date with its source.');
  });

  it("shows each chapter's title in the edition for the writer to change", async () => {
    const asked = serve();
    renderPage(
      <Routes>
        <Route path="/books/:id/side-by-side" element={<SideBySide />} />
      </Routes>,
      { user: USER, accountLang: 'en', path: '/books/7/side-by-side' },
    );
    const field = await screen.findByTestId('edition-chapter-title');
    const input = within(field).getByLabelText('Chapter 1: title in this edition') as HTMLInputElement;
    expect(input.value).toBe('Badai');
    await userEvent.clear(input);
    await userEvent.type(input, 'Angin Ribut');
    await userEvent.click(within(field).getByRole('button', { name: 'Save title' }));
    await vi.waitFor(() => expect(screen.getByRole('heading', { name: 'Bab 1: Angin Ribut' })).toBeTruthy());
    expect(asked).toEqual([
      { url: '/api/books/7/edition-chapter-title', method: 'PUT', body: { position: 1, title: 'Angin Ribut' } },
    ]);
  });
});
