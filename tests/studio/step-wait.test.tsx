// @vitest-environment jsdom
// A book step the model keeps waiting: the preview's working line says what the server says the step waits for
// (a rate limit and its seconds, in the server's words) until the first words come, which replace it.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import type { FormModel } from '../../studio/src/engine.js';
import { loadCatalog } from '../../engine/node/load.js';
import type { Catalog } from '../../engine/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import type { Profile } from '../../engine/contract/index.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';
import { useStudioDom } from './dom.js';

let catalog: Catalog;
beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
});
useStudioDom();

const USER: Profile = {
  id: 'u1',
  email: 'ana@karya.test',
  name: '',
  bio: '',
  role: 'free',
  credits_available: 10,
  total_usage: 0,
  lang: 'en',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

describe('the preview while a step waits on the model', () => {
  it("says the server's wait (a rate limit and its seconds), then the words replace it", async () => {
    let send: (text: string) => void = () => undefined;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      if (!url.endsWith('/generate')) return json(404, {});
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => void (send = (text) => controller.enqueue(new TextEncoder().encode(text))),
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    render(
      <MemoryRouter>
        <AuthProvider initialUser={USER}>
          <GeneratorWorkspace form={JSON.parse(JSON.stringify(catalog.form('romance'))) as FormModel} />
        </AuthProvider>
      </MemoryRouter>,
    );
    await userEvent.setup().click(screen.getByTestId('generate-button'));
    await screen.findByTestId('preview-loading');
    const wait = 'The AI service is busy and asked to wait 30 s: asking again then (1/2).';
    send(sse('waiting', { reason: 'model' }));
    send(sse('waiting', { reason: 'rate_limited', seconds: 30, attempt: 1, of: 2, message: wait }));
    expect((await screen.findByTestId('slow-hint')).textContent).toBe(wait);
    send(sse('delta', { text: 'Title: The Lantern Shop' }));
    await screen.findByTestId('streaming-text');
    await vi.waitFor(() => expect(screen.queryByTestId('slow-hint')).toBeNull());
  });

  it(
    'says its turn (another step of the book) before its ' +
      'charge, and the usual working line once the model is asked',
    async () => {
      let send: (text: string) => void = () => undefined;
      vi.stubGlobal('fetch', async (url: string) => {
        if (url.startsWith('/api/progress/')) return json(200, { book: null });
        if (!url.endsWith('/generate')) return json(404, {});
        const body = new ReadableStream<Uint8Array>({
          start: (controller) => void (send = (text) => controller.enqueue(new TextEncoder().encode(text))),
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      });
      render(
        <MemoryRouter>
          <AuthProvider initialUser={USER}>
            <GeneratorWorkspace form={JSON.parse(JSON.stringify(catalog.form('romance'))) as FormModel} />
          </AuthProvider>
        </MemoryRouter>,
      );
      await userEvent.setup().click(screen.getByTestId('generate-button'));
      await screen.findByTestId('preview-loading');
      const turn = 'This book is busy with another step or its story bible: this step starts when that ends.';
      send(sse('waiting', { reason: 'book_step', message: turn }));
      expect((await screen.findByTestId('slow-hint')).textContent).toBe(turn);
      send(sse('waiting', { reason: 'model' }));
      await vi.waitFor(() => expect(screen.queryByText(turn)).toBeNull());
      await screen.findByTestId('preview-loading');
    },
  );

  it(
    'a refusal after its turn (the book moved on meanwhile) ' +
      'is handled as the same refusal answered with its status',
    async () => {
      let send: (text: string) => void = () => undefined;
      let end: () => void = () => undefined;
      vi.stubGlobal('fetch', async (url: string) => {
        if (url.startsWith('/api/progress/')) return json(200, { book: null });
        if (!url.endsWith('/generate')) return json(404, {});
        const body = new ReadableStream<Uint8Array>({
          start: (controller) =>
            void (
              (send = (text) => controller.enqueue(new TextEncoder().encode(text))),
              (end = () => controller.close())
            ),
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      });
      render(
        <MemoryRouter>
          <AuthProvider initialUser={USER}>
            <GeneratorWorkspace form={JSON.parse(JSON.stringify(catalog.form('romance'))) as FormModel} />
            <Toaster />
          </AuthProvider>
        </MemoryRouter>,
      );
      await userEvent.setup().click(screen.getByTestId('generate-button'));
      await screen.findByTestId('preview-loading');
      send(
        sse('waiting', {
          reason: 'book_step',
          message: 'This book is busy with another step or its story bible: this step starts when that ends.',
        }),
      );
      send(sse('error', { code: 'step_not_allowed', message: 'This step is not allowed now.' }));
      end();
      // As a 409 step_not_allowed: the book shown as saved, never the refusal's jargon.
      await screen.findByText(
        'Your book had already moved on (another tab or an earlier request). Here it is as saved.',
      );
      expect(screen.queryByText('This step is not allowed now.')).toBeNull();
    },
  );
});
