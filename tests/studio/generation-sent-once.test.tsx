// @vitest-environment jsdom
// A generation request from a generator page is sent once: a lost connection before any text, a model's rate
// limit or a failure the server streamed are said to the writer, never sent again by the studio on its own (the
// server's provider has retried the model already; a POST sent again may be a step asked and paid for twice).
// Retry, the writer's own choice, sends it again.
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useGeneration } from '../../studio/src/generator/useGeneration.js';
import type { ApiError } from '../../studio/src/lib/api.js';
import { useStudioDom } from './dom.js';

useStudioDom();

/** The hook on a page of `poems`, with the failures it reported. */
function generationPage() {
  const failures: ApiError[] = [];
  const hook = renderHook(() =>
    useGeneration('poems', 'en', { onDone: () => undefined, onFailure: (e) => void failures.push(e) }),
  );
  return { hook, failures };
}

/** fetch stubbed with `answer`; the POSTs it was sent are counted. */
function serverAnswering(answer: () => Promise<Response>) {
  const posts = vi.fn(async (_url: string, _init?: RequestInit) => answer());
  vi.stubGlobal('fetch', posts);
  return posts;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('a generation request is sent once', () => {
  it('a connection lost before any text: said in plain words, not sent again; Retry sends it once more', async () => {
    const posts = serverAnswering(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { hook, failures } = generationPage();
    await act(() => hook.result.current.run({ settings: {} }));
    expect(hook.result.current.status).toBe('error');
    expect(failures.map((e) => e.code)).toEqual(['connection_lost']);
    // Past the 2 s the studio used to wait before sending it again.
    await new Promise((r) => setTimeout(r, 2_300));
    expect(posts).toHaveBeenCalledTimes(1);
    expect(posts.mock.calls[0]![1]?.method).toBe('POST');
    await act(async () => hook.result.current.retry());
    await waitFor(() => expect(posts).toHaveBeenCalledTimes(2));
  });

  it("the model's rate limit (429 with Retry-After) is the writer's to retry: sent once", async () => {
    const posts = serverAnswering(async () =>
      json(
        429,
        { error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } },
        { 'retry-after': '1' },
      ),
    );
    const { hook, failures } = generationPage();
    await act(() => hook.result.current.run({ settings: {} }));
    expect(failures.map((e) => [e.status, e.code])).toEqual([[429, 'rate_limited']]);
    await new Promise((r) => setTimeout(r, 1_200));
    expect(posts).toHaveBeenCalledTimes(1);
  });

  it('a failure the server streamed (its provider gave up) is shown, not asked again', async () => {
    const stream =
      'event: error\ndata: {"code":"service_unavailable","message":"Service ' +
      'temporarily unavailable. Please try again in a few minutes."}\n\n';
    const posts = serverAnswering(
      async () => new Response(stream, { headers: { 'content-type': 'text/event-stream' } }),
    );
    const { hook, failures } = generationPage();
    await act(() => hook.result.current.run({ settings: {} }));
    expect(failures.map((e) => e.code)).toEqual(['service_unavailable']);
    expect(hook.result.current.error).toBe('Service temporarily unavailable. Please try again in a few minutes.');
    expect(posts).toHaveBeenCalledTimes(1);
  });
});
