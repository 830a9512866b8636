// @vitest-environment jsdom
// The generator page around the form, against a scripted server (fetch stubbed): step labels and
// buttons in en and ms, streamed text in the preview, the settings lock after the introduction, the
// resume dialog, and the field errors a 400 answer carries.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { FormModel } from '../../engine/browser.js';
import { loadCatalog } from '../../engine/node/load.js';
import { applyStep, bookView, nextStep, parseSettings, restoreBook, startBook, stepRef, type BookState, type Catalog } from '../../engine/index.js';
import { Toaster } from 'react-hot-toast';
import { AuthProvider, useAuth } from '../../studio/src/lib/auth.js';
import type { Profile } from '../../engine/contract/index.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';

let catalog: Catalog;
const model = (id: string): FormModel => JSON.parse(JSON.stringify(catalog.form(id))) as FormModel;
const USER: Profile = { id: 'u1', email: 'ana@karya.test', name: '', bio: '', role: 'free', credits_available: 10, total_usage: 0, lang: 'en', created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z' };

beforeAll(() => {
  catalog = loadCatalog();
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', { value: () => ({ matches: false, addEventListener() {}, removeEventListener() {} }) });
  }
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function sse(events: Array<[string, unknown]>): Response {
  const text = events.map(([e, d]) => `event: ${e}\ndata: ${JSON.stringify(d)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function stubServer(handler: Handler) {
  const calls: Array<{ url: string; body: unknown; method: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    return handler(url, init);
  });
  return calls;
}

function done(content: string, credits: number, extra: Record<string, unknown> = {}) {
  return { generation_id: 'g', part: { kind: 'x' }, label: '', content, words: content.split(' ').length, progress: null, next: null, credits_charged: 1, credits_available: credits, ...extra };
}

/**
 * The book the server holds, as the real server keeps it (through the engine's flow): a step's `done`
 * answer carries the book after it, and the saved progress carries the book as the reader sees it.
 */
function heldBook(id: string, saved?: Omit<BookState, 'generatorId' | 'isLocked'>) {
  const spec = catalog.get(id)!;
  let state: BookState | null = saved ? restoreBook(spec, { ...saved, generatorId: id }) : null;
  return {
    step(body: { settings: Record<string, unknown>; chapterTitle?: string }, content: string, credits: number, extra: Record<string, unknown> = {}) {
      if (!state?.isLocked) state = { ...startBook({ spec, settings: parseSettings(spec, body.settings) }), ...(state?.outline !== undefined ? { outline: state.outline } : {}) };
      const step = nextStep(spec, state)!;
      state = applyStep(spec, state, step, content);
      // The server keeps a user's chapter title with the book.
      if (body.chapterTitle && step.kind === 'chapter') state = { ...state, chapterTitles: { ...state.chapterTitles, [step.position]: body.chapterTitle } };
      const book = bookView(spec, state);
      return done(content, credits, { part: stepRef(step), book, next: book.next, progress: book.progress, ...extra });
    },
    saved() {
      if (!state) return null;
      return {
        book_type: spec.bookType, generator_id: id, lang: state.lang, current_chapter: state.currentChapter, total_chapters: state.totalChapters,
        content: state.content, settings: state.settings, outline: state.outline ?? null, updated_at: '2025-01-01T00:00:00.000Z', book: bookView(spec, state),
      };
    },
  };
}

function CreditProbe() {
  return <span data-testid="credit-balance-test">{useAuth().user?.credits_available}</span>;
}

function renderPage(id: string) {
  render(
    <MemoryRouter>
      <AuthProvider initialUser={USER}>
        <GeneratorWorkspace form={model(id)} />
        <CreditProbe />
        <Toaster />
      </AuthProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const button = () => screen.getByTestId('generate-button');

describe('a book page follows the flow', () => {
  it('romance in English: outline → introduction → chapter 1, text in the preview, settings locked', async () => {
    let credits = 10;
    const held = heldBook('romance');
    const calls = stubServer((url, init) => {
      if (url.startsWith('/api/progress/')) return json(404, { error: { code: 'progress_not_found', message: 'No saved progress' } });
      if (url.endsWith('/generate')) {
        credits -= 1;
        return sse([['delta', { text: 'Once upon ' }], ['delta', { text: 'a time.' }], ['done', held.step(JSON.parse(String(init.body)), `Part written, ${credits} left`, credits)]]);
      }
      return json(404, {});
    });
    const user = renderPage('romance');
    expect(button().textContent).toBe('Generate Story Outline');
    expect(screen.getByTestId('preview-placeholder').textContent).toBe('Your generated content will appear here');

    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe('Generate Introduction'));
    expect(screen.getByTestId('outline').textContent).toContain('Part written, 9 left');
    expect(calls.find((c) => c.url.endsWith('/generate'))!.body).toMatchObject({ step: { kind: 'outline' }, settings: { numberOfChapters: 12, language: 'en' } });
    expect((screen.getByLabelText('Heat Level') as HTMLSelectElement).disabled).toBe(false);

    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe('Generate Chapter 1'));
    expect(screen.getByTestId('chapter-counter').textContent).toBe('1 / 12');
    expect(screen.getByTestId('progress-counter').textContent).toBe('1 / 12');
    expect((screen.getByLabelText('Heat Level') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByTestId('locked-note')).toBeTruthy();
    // The chapter title input shows only while chapters are written.
    const title = screen.getByLabelText('Chapter Title (optional)');
    await user.type(title, 'The Meeting');
    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe('Generate Chapter 2'));
    const last = calls.filter((c) => c.url.endsWith('/generate')).at(-1)!;
    expect(last.body).toMatchObject({ chapterTitle: 'The Meeting', step: { kind: 'chapter', position: 1 } });
    expect(screen.getByText('Chapter 1: The Meeting')).toBeTruthy();
    expect(screen.getByTestId('credit-balance-test').textContent).toBe('7');
  });

  it('romance in Malay: Malay buttons, steps and toasts', async () => {
    const held = heldBook('romance');
    stubServer((url, init) => {
      if (url.startsWith('/api/progress/')) return json(404, {});
      return sse([['done', held.step(JSON.parse(String(init.body)), 'Rangka', 9, { toast: 'Rangka cerita telah dijana!' })]]);
    });
    const user = renderPage('romance');
    await user.selectOptions(screen.getByLabelText('Language'), 'ms');
    expect(button().textContent).toBe('Jana Rangka Cerita');
    expect(screen.getByText('Proses Penjanaan')).toBeTruthy();
    await user.click(button());
    await waitFor(() => expect(button().textContent).toBe('Jana Pengenalan'));
    expect(await screen.findByText('Rangka cerita telah dijana!')).toBeTruthy();
  });
});

describe('resume', () => {
  it('saved progress opens the dialog; Continue restores settings and position', async () => {
    const held = heldBook('romance', { lang: 'en', currentChapter: 3, totalChapters: 7, content: ['intro', 'one', 'two'], settings: { language: 'en', heatLevel: 'steamy', numberOfChapters: 7 }, outline: 'the outline' });
    stubServer((url) => (url.startsWith('/api/progress/') ? json(200, held.saved()) : json(404, {})));
    const user = renderPage('romance');
    const dialog = await screen.findByTestId('resume-dialog');
    expect(dialog.textContent).toContain('Continue Previous Progress?');
    await user.click(screen.getByRole('button', { name: 'Continue Progress' }));
    expect(button().textContent).toBe('Generate Chapter 3');
    expect((screen.getByLabelText('Heat Level') as HTMLSelectElement).value).toBe('steamy');
    expect(screen.getByTestId('chapter-counter').textContent).toBe('3 / 7');
  });

  it('Start New deletes the saved progress', async () => {
    const held = heldBook('romance', { lang: 'ms', currentChapter: 1, totalChapters: 12, content: ['x'], settings: { language: 'ms', numberOfChapters: 12 }, outline: 'o' });
    const calls = stubServer((url, init) => {
      if (url.startsWith('/api/progress/') && init.method === 'DELETE') return json(200, { message: 'Progress cleared' });
      if (url.startsWith('/api/progress/')) return json(200, held.saved());
      return json(404, {});
    });
    const user = renderPage('romance');
    await screen.findByTestId('resume-dialog');
    expect(screen.getByText('Teruskan Kemajuan Sebelumnya?')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mulakan Buku Baharu' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(screen.queryByTestId('resume-dialog')).toBeNull();
    expect(button().textContent).toBe('Generate Story Outline');
  });
});

describe('single tools and server errors', () => {
  it('a 400 answer marks the fields it names', async () => {
    stubServer((url) => (url.endsWith('/generate') ? json(400, { error: { code: 'invalid_settings', message: 'Please check the highlighted fields', fields: { bookTitle: 'is required' } } }) : json(404, {})));
    const user = renderPage('amazon-keywords');
    await user.type(screen.getByLabelText(/^Book Title/), 'x');
    await user.click(button());
    expect(await screen.findByText('Book Title is required')).toBeTruthy();
  });

  it('a cover shows the image with Download Cover named after the generator', async () => {
    stubServer((url) => (url.endsWith('/generate') ? sse([['done', done('prompt', 4, { image: 'data:image/png;base64,iVBORw0KGgo=' })]]) : json(404, {})));
    const user = renderPage('kids-book-cover');
    expect(button().textContent).toBe('Generate Book Cover');
    await user.type(screen.getByLabelText(/^Book Title/), 'Sang Kancil');
    await user.type(screen.getByLabelText(/^Main Character/), 'a mouse deer');
    await user.click(button());
    const link = await screen.findByRole('link', { name: 'Download Cover' });
    expect(link.getAttribute('download')).toBe('kids-book-cover.png');
    expect(screen.getByText('This will use 6 credits.')).toBeTruthy();
  });

  it('the preview shows the error with Try Again where the flow offers retry', async () => {
    let n = 0;
    stubServer((url) => {
      if (!url.endsWith('/generate')) return json(404, {});
      n += 1;
      return n === 1 ? sse([['error', { code: 'server_error', message: 'Server error. Please try again in a few moments.' }]]) : sse([['done', done('Ok now', 9)]]);
    });
    const user = renderPage('rhyme-story');
    await user.click(button());
    const error = await screen.findByTestId('preview-error');
    expect(error.textContent).toContain('Server error. Please try again in a few moments.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('preview').textContent).toContain('Ok now'));
  });
});
