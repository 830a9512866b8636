// @vitest-environment jsdom
// Trust on the generator page, against a scripted server (fetch stubbed): a refused step
// (step_not_allowed) becomes the book as the server holds it, never the jargon; a book whose step is
// being written when the page opens shows "Chapter 1 is being written…" with its text so far, then the
// chapter when it lands; a writer without credits sees the page and a Generate button that says so.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { loadCatalog } from '../../engine/node/load.js';
import {
  applyStep,
  bookView,
  nextStep,
  parseSettings,
  startBook,
  type BookState,
  type Catalog,
} from '../../engine/index.js';
import type { Profile } from '../../engine/contract/index.js';
import { renderWorkspace } from './workspace.js';

let catalog: Catalog;
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

beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
  if (!window.matchMedia)
    Object.defineProperty(window, 'matchMedia', {
      value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }),
    });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The romance book after `steps` steps, as GET /api/progress answers it. */
function savedAfter(steps: number, extra: Record<string, unknown> = {}) {
  const spec = catalog.get('romance')!;
  let state: BookState = startBook({ spec, settings: parseSettings(spec, { numberOfChapters: 7 }) });
  for (let i = 0; i < steps; i++)
    state = applyStep(spec, state, nextStep(spec, state)!, `Part ${i} of the book, written by the server.`);
  return {
    book_type: 'romance',
    generator_id: 'romance',
    lang: 'en',
    current_chapter: state.currentChapter,
    total_chapters: state.totalChapters,
    content: state.content,
    settings: state.settings,
    outline: state.outline ?? null,
    updated_at: '2025-01-01T00:00:00.000Z',
    book: { ...bookView(spec, state), ...extra },
  };
}

const renderPage = (user: Profile = USER) => renderWorkspace({ catalog, id: 'romance', user });
const label = () => screen.getByTestId('generate-label');

describe('the book page keeps up with the server', () => {
  it('a refused step (step_not_allowed) shows the book as the server holds it, not the jargon', async () => {
    let progressCalls = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.startsWith('/api/progress/romance/drafts')) return json(200, { drafts: [] });
      if (url.startsWith('/api/progress/')) return json(200, progressCalls++ === 0 ? { book: null } : savedAfter(1));
      if (url.endsWith('/generate'))
        return json(409, {
          error: {
            code: 'step_not_allowed',
            message: 'This step is not the next step of your book',
            fields: { step: 'the next step is Introduction' },
          },
        });
      return json(404, {});
    });
    const user = renderPage();
    expect(label().textContent).toBe('Generate Story Outline');
    await user.click(screen.getByTestId('generate-button'));
    await waitFor(() => expect(label().textContent).toBe('Generate Introduction'), { timeout: 4000 });
    await screen.findByText(/Your book had already moved on/);
    expect(document.body.textContent).not.toMatch(/step_not_allowed|not the next step/);
  });

  it(
    'a step being written when the page opens: "Chapter 1 is ' +
      'being written…" with its text so far, then the chapter',
    async () => {
      let progressCalls = 0;
      const running = {
        kind: 'chapter',
        position: 1,
        label: 'Chapter 1',
        started_at: '2025-01-01T00:00:00.000Z',
        text: 'Half of the first chapter',
      };
      vi.stubGlobal('fetch', async (url: string) => {
        if (url.startsWith('/api/progress/romance/drafts')) return json(200, { drafts: [] });
        if (url.startsWith('/api/progress/'))
          return json(200, progressCalls++ < 2 ? savedAfter(2, { running }) : savedAfter(3));
        return json(404, {});
      });
      renderPage();
      await waitFor(() => expect(label().textContent).toBe('Chapter 1 is being written…'));
      expect(screen.queryByTestId('resume-note')).toBeNull();
      expect(screen.getByTestId('streaming-text').textContent).toContain('Half of the first chapter');
      expect(screen.getByTestId('generate-button').getAttribute('aria-disabled')).toBe('true');
      await waitFor(() => expect(label().textContent).toBe('Generate Chapter 2'), { timeout: 6000, interval: 500 });
      expect(screen.getAllByTestId('preview-part')).toHaveLength(2);
    },
  );

  it(
    'without credits: the page opens and Generate says to ' + 'top up before it is clicked, with the step and its cost',
    async () => {
      vi.stubGlobal('fetch', async (url: string) =>
        url.startsWith('/api/progress/') ? json(200, { book: null }) : json(404, {}),
      );
      renderPage({ ...USER, credits_available: 0 });
      expect(label().textContent).toBe('Top up to continue');
      expect(screen.getByTestId('step-cost').textContent).toBe('Generate Story Outline: 1 credit');
    },
  );
});
