// @vitest-environment jsdom
// The edition dialog while an edition is made: beside "N of M parts translated", the time left at the run's pace
// and the calls and credits spent so far, as the server's events give them, moving as the parts are done.
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
const BOOK: MyBook = {
  id: 8,
  title: 'Rain Over Penang',
  lang: 'en',
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
};

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The API: the offer (3 parts in Malay), and the edition's events written when the test says. */
function serve() {
  let send: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url === '/api/books') return json({ books: [BOOK] });
    if (url === '/api/generators') return json({ generators: [] });
    if (url === '/api/books/8/editions' && init?.method === 'POST') {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          send = (text) => controller.enqueue(new TextEncoder().encode(text));
          end = () => controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    }
    if (url === '/api/books/8/editions')
      return json({
        book: { id: 8, title: 'Rain Over Penang', lang: 'en' },
        editions: [],
        offer: {
          to: 'ms',
          cost: { per_part: 1, parts: 3, total: 3, remaining: 3 },
          glossary_terms: 0,
          is_running: false,
        },
      });
    if (url.startsWith('/api/books/8/editions/ms/glossary'))
      return json({ terms: [], limits: { terms: 200, term_chars: 80 } });
    return new Response(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }), { status: 404 });
  });
  return { send: (text: string) => send(text), end: () => end() };
}

const window1 = { position: 1, label: 'Chapter 1', window: 1, windows: 2, is_again: false };

describe('the edition dialog while the edition is made', () => {
  it('shows the time left and the calls and credits so far, moving as parts are done', async () => {
    const server = serve();
    renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
    await userEvent.click(await screen.findByTestId('make-edition'));
    const dialog = await screen.findByTestId('edition-dialog');
    await userEvent.click(await within(dialog).findByTestId('start-edition'));
    server.send(
      sse('progress', {
        ...window1,
        parts_done: 0,
        parts_total: 3,
        so_far: { calls: 0, tokens: 0, credits: 0, elapsed_seconds: 0, eta_seconds: null },
      }),
    );
    const soFar = await within(dialog).findByTestId('edition-so-far');
    expect(soFar.textContent).toBe('time left once a part is done · so far: calls 0, credits 0');
    server.send(
      sse('part', {
        position: 1,
        label: 'Chapter 1',
        status: 'translated',
        credits: 1,
        parts_done: 1,
        parts_total: 3,
        so_far: { calls: 2, tokens: 900, credits: 1, elapsed_seconds: 40, eta_seconds: 80 },
      }),
    );
    await vi.waitFor(() => expect(soFar.textContent).toBe('about 1 min 20 s left · so far: calls 2, credits 1'));
    expect(within(dialog).getByText('1 of 3 parts translated')).toBeTruthy();
    server.send(
      sse('part', {
        position: 2,
        label: 'Chapter 2',
        status: 'translated',
        credits: 1,
        parts_done: 2,
        parts_total: 3,
        so_far: { calls: 5, tokens: 2100, credits: 2, elapsed_seconds: 70, eta_seconds: 35 },
      }),
    );
    await vi.waitFor(() => expect(soFar.textContent).toBe('about 35 s left · so far: calls 5, credits 2'));
    server.end();
  });

  it("says the wait the model's server asked for, in its words, until the next window is asked", async () => {
    const server = serve();
    renderPage(<Books />, { user: USER, accountLang: 'en', path: '/books' });
    await userEvent.click(await screen.findByTestId('make-edition'));
    const dialog = await screen.findByTestId('edition-dialog');
    await userEvent.click(await within(dialog).findByTestId('start-edition'));
    server.send(sse('waiting', { reason: 'model' }));
    const wait = 'Too many requests. Retrying in 30 seconds... (1/3)';
    server.send(sse('waiting', { reason: 'rate_limited', seconds: 30, attempt: 1, of: 3, message: wait }));
    await within(dialog).findByText(wait);
    server.send(sse('progress', { ...window1, parts_done: 0, parts_total: 3 }));
    await vi.waitFor(() => expect(within(dialog).queryByText(wait)).toBeNull());
    server.end();
  });
});
