// @vitest-environment jsdom
// Write more and a rewrite are asked for as events: while the server says the call waits on the model (a rate
// limit and its seconds, in its words) the writer sees it, until the answer comes; a failure after the charge
// (the `error` event) is the error the card shows.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Toaster } from 'react-hot-toast';
import { callShowingWaits } from '../../studio/src/lib/model-wait.js';
import { useStudioDom } from './dom.js';

useStudioDom();
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

function serve() {
  let send: (text: string) => void = () => undefined;
  let end: () => void = () => undefined;
  const asked: Array<{ url: string; accept: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    asked.push({ url, accept: new Headers(init.headers).get('accept') ?? '' });
    const body = new ReadableStream<Uint8Array>({
      start: (c) => void ((send = (t) => c.enqueue(new TextEncoder().encode(t))), (end = () => c.close())),
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  });
  return { asked, send: (t: string) => send(t), end: () => end() };
}

describe('a charged call on a part shows what it waits for', () => {
  it('the wait while the model keeps it waiting, gone with the answer', async () => {
    render(<Toaster />);
    const server = serve();
    const answer = callShowingWaits('POST /progress/:bookType/more', {
      params: { bookType: 'romance' },
      body: { part: { kind: 'chapter', position: 1 } },
    });
    const wait = 'The AI service is busy and asked to wait 30 s: asking again then (1/2).';
    await vi.waitFor(() => expect(server.asked).toHaveLength(1));
    expect(server.asked[0]).toEqual({ url: '/api/progress/romance/more', accept: 'text/event-stream' });
    server.send(sse('waiting', { reason: 'model' }));
    server.send(sse('waiting', { reason: 'rate_limited', seconds: 30, attempt: 1, of: 2, message: wait }));
    await screen.findByText(wait);
    const done = { book: {}, words: 10, added: 4, credits_available: 3 };
    server.send(sse('done', done));
    server.end();
    expect(await answer).toEqual(done);
    // Dismissed (the toaster lets it fade for a second before it goes).
    await vi.waitFor(() => expect(screen.queryByText(wait)).toBeNull(), { timeout: 5_000 });
  });

  it('a failure after the charge is thrown with its words', async () => {
    const server = serve();
    const answer = callShowingWaits('POST /progress/:bookType/rewrite', {
      params: { bookType: 'romance' },
      body: { part: { kind: 'chapter', position: 1 } },
    });
    await vi.waitFor(() => expect(server.asked).toHaveLength(1));
    server.send(sse('waiting', { reason: 'model' }));
    server.send(
      sse('error', { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' }),
    );
    server.end();
    await expect(answer).rejects.toMatchObject({
      code: 'rate_limited',
      message: 'Too many requests. Please wait a moment and try again.',
    });
  });
});
