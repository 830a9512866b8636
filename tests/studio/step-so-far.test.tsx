// @vitest-environment jsdom
// Writing Progress after a step: what the step spent (the server's `so_far`: its calls and credits, its time) and the
// book's time left at that pace, in the studio's language.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { FormModel } from '../../studio/src/engine.js';
import { loadCatalog } from '../../engine/node/load.js';
import {
  applyStep,
  bookView,
  nextStep,
  parseSettings,
  startBook,
  stepRef,
  type BookState,
  type Catalog,
} from '../../engine/index.js';
import { AuthProvider } from '../../studio/src/lib/auth.js';
import type { Profile, RunSoFar } from '../../engine/contract/index.js';
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
const sse = (events: Array<[string, unknown]>) =>
  new Response(events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join(''), {
    status: 200,
    headers: { 'content-type': 'text/event-stream' },
  });

describe('Writing Progress says what the last step spent and the time left', () => {
  it("after a step: its calls, credits and time, and the book's time left", async () => {
    const spec = catalog.get('romance')!;
    let state: BookState | null = null;
    let credits = 10;
    // The figures the server gives each step (server/core/steps.ts): the outline's, then the introduction's.
    const figures: RunSoFar[] = [
      { calls: 1, tokens: 300, credits: 1, elapsed_seconds: 12, eta_seconds: 96 },
      { calls: 3, tokens: 4200, credits: 1, elapsed_seconds: 50, eta_seconds: 350 },
    ];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      if (!url.endsWith('/generate')) return json(404, {});
      const body = JSON.parse(String(init.body)) as { settings: Record<string, unknown> };
      if (!state?.isLocked)
        state = {
          ...startBook({ spec, settings: parseSettings(spec, body.settings) }),
          ...(state?.outline !== undefined ? { outline: state.outline } : {}),
        };
      const step = nextStep(spec, state)!;
      state = applyStep(spec, state, step, 'Part written.');
      const book = bookView(spec, state);
      credits -= 1;
      const so_far = figures.shift()!;
      return sse([
        [
          'done',
          {
            generation_id: 'g',
            part: stepRef(step),
            label: '',
            content: 'Part written.',
            words: 2,
            progress: book.progress,
            next: book.next,
            book,
            credits_charged: 1,
            credits_available: credits,
            so_far,
          },
        ],
      ]);
    });
    render(
      <MemoryRouter>
        <AuthProvider initialUser={USER}>
          <GeneratorWorkspace form={JSON.parse(JSON.stringify(catalog.form('romance'))) as FormModel} />
        </AuthProvider>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByTestId('generate-button'));
    await user.click(await screen.findByTestId('generate-button'));
    await waitFor(() =>
      expect(screen.getByTestId('progress-so-far').textContent).toBe(
        'Last part: calls 3, credits 1, 50 s · about 5 min 50 s left for the book at this pace',
      ),
    );
  });
});
