// @vitest-environment jsdom
// The requests that wait on the model beyond a step (a publish, the story bible's update, a series' next book, an
// import) are asked for as events: while the server says what it waits for (a rate limit and its seconds, in its
// words) the writer sees it where they asked, until the answer comes; a refusal after the stream opened keeps the
// status its code has (402: the Publish panel's top-up); an import sends its file's bytes as the upload does.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { KdpPackage, Profile, PublishQuote } from '../../engine/contract/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import { PublishPanel } from '../../studio/src/generator/PublishPanel.js';
import { callShowingWaits, uploadShowingWaits } from '../../studio/src/lib/model-wait.js';
import { turnWait } from '../../engine/index.js';
import { useStudioDom } from './dom.js';
import { CHILDREN_BOOK_PUBLISH_STEPS } from '../publish-steps.js';

useStudioDom();
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const RATE_LIMITED = 'The AI service is busy and asked to wait 30 s: asking again then (1/2).';

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: 'Ana',
  bio: '',
  role: 'free',
  credits_available: 30,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const STEPS: PublishQuote['steps'] = [...CHILDREN_BOOK_PUBLISH_STEPS];
const PACKAGE: KdpPackage = {
  title: 'Pip and the Moon',
  subtitle: '',
  author: 'Siti Aminah',
  ready: true,
  channels: {
    kdp_ebook: { name: 'Amazon KDP (Kindle eBook)', ready: true, checks: [] },
    kdp_paperback: { name: 'Amazon KDP (paperback)', ready: true, checks: [] },
    google_play: { name: 'Google Play Books', ready: true, checks: [] },
    kobo: { name: 'Kobo Writing Life', ready: true, checks: [] },
  },
  description: '<p>Pip flies to the Moon.</p>',
  keywords: ['bedtime story'],
  steps: STEPS,
  cost: 10,
  files: ['manuscript.epub', 'description.html', 'keywords.txt'],
  created_at: '2025-03-02T10:00:00.000Z',
};

/** A stubbed server: JSON for everything but the POSTs, which answer as an event stream the test writes. */
function serve(quote?: Partial<PublishQuote>) {
  let send: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const asked: Array<{ url: string; accept: string; type: string; body: unknown }> = [];
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    if (url === '/api/me') return json(USER);
    if (method === 'GET' && url === '/api/books/children/publish')
      return json({
        is_finished: true,
        steps: STEPS,
        cost: 10,
        trim: '5.5x8.5',
        package: null,
        ...quote,
      } satisfies PublishQuote);
    const headers = new Headers(init.headers);
    asked.push({ url, accept: headers.get('accept') ?? '', type: headers.get('content-type') ?? '', body: init.body });
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void ((send = (t) => c.enqueue(new TextEncoder().encode(t))), (end = () => c.close())),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { asked, send: (t: string) => send(t), end: () => end() };
}

describe('the Publish panel shows what a publish waits for', () => {
  it("the server's rate limit and its seconds while the publish waits, then the package", async () => {
    const server = serve();
    render(
      <MemoryRouter>
        <AuthProvider initialUser={USER}>
          <PublishPanel bookType="children" lang="en" />
          <Toaster />
        </AuthProvider>
      </MemoryRouter>,
    );
    await userEvent.setup().click(await screen.findByTestId('publish-button'));
    await vi.waitFor(() => expect(server.asked).toHaveLength(1));
    expect(server.asked[0]).toMatchObject({ url: '/api/books/children/publish', accept: 'text/event-stream' });
    server.send(sse('waiting', { reason: 'model' }));
    server.send(sse('waiting', { reason: 'rate_limited', seconds: 30, attempt: 1, of: 2, message: RATE_LIMITED }));
    await screen.findByText(RATE_LIMITED);
    server.send(sse('done', { package: PACKAGE, credits_charged: 10, credits_available: 20 }));
    server.end();
    await screen.findByText('Your publishing package is ready to download.');
    await vi.waitFor(() => expect(screen.queryByText(RATE_LIMITED)).toBeNull(), { timeout: 5_000 });
  });
});

describe('the other requests that wait on the model', () => {
  it.each(['en', 'ms', 'id'] as const)(
    "a series' next book waiting for book 1's story bible to " +
      "catch up shows it in the server's words (%s), then its answer",
    async (lang) => {
      render(<Toaster />);
      const server = serve();
      const words = turnWait('story_bible', lang).message;
      const answer = callShowingWaits('POST /series/:id/next', { params: { id: 4 }, body: {} });
      await vi.waitFor(() => expect(server.asked).toHaveLength(1));
      expect(server.asked[0]).toMatchObject({ url: '/api/series/4/next', accept: 'text/event-stream' });
      server.send(sse('waiting', { reason: 'story_bible', message: words }));
      await screen.findByText(words);
      server.send(sse('waiting', { reason: 'model' }));
      const started = {
        series: { id: 4, name: 'Penang Bakery', lang, books: 2 },
        number: 2,
        book_id: 9,
        generator_id: 'romance',
        book_type: 'romance',
        settings: {},
      };
      server.send(sse('done', started));
      server.end();
      expect(await answer).toEqual(started);
      await vi.waitFor(() => expect(screen.queryByText(words)).toBeNull(), { timeout: 5_000 });
    },
  );

  it('a refusal after the stream opened keeps its status: 402 for too few credits', async () => {
    const server = serve();
    const answer = callShowingWaits('POST /progress/:bookType/bible/update', { params: { bookType: 'romance' } });
    await vi.waitFor(() => expect(server.asked).toHaveLength(1));
    server.send(sse('waiting', { reason: 'model' }));
    server.send(sse('error', { code: 'insufficient_credits', message: 'Not enough credits.' }));
    server.end();
    await expect(answer).rejects.toMatchObject({ status: 402, code: 'insufficient_credits' });
  });

  it(
    "an import's preview sends the file's bytes as an " + 'upload, asked as events; its wait shown, then its answer',
    async () => {
      render(<Toaster />);
      const server = serve();
      const file = new File(['Bab 1\n\nAisyah membuka kedai.'], 'bab.md', { type: 'text/markdown' });
      const answer = uploadShowingWaits(
        'POST /books/import/preview',
        { query: { file: 'bab.md', generator: 'romance' } },
        file,
      );
      await vi.waitFor(() => expect(server.asked).toHaveLength(1));
      expect(server.asked[0]).toMatchObject({
        url: '/api/books/import/preview?file=bab.md&generator=romance',
        accept: 'text/event-stream',
        type: 'application/octet-stream',
      });
      expect(await (server.asked[0]!.body as Blob).text()).toBe('Bab 1\n\nAisyah membuka kedai.');
      const slow = 'The AI service has not answered yet (5 s): still waiting for it.';
      server.send(sse('waiting', { reason: 'model' }));
      server.send(sse('waiting', { reason: 'slow_model', seconds: 5, message: slow }));
      await screen.findByText(slow);
      const preview = { chapters: [], cost: { credits: 1, parts: 1 } };
      server.send(sse('done', preview));
      server.end();
      expect(await answer).toEqual(preview);
    },
  );
});
