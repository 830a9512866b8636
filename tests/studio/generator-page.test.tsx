// @vitest-environment jsdom
// The generator page around the form, against a scripted server (fetch stubbed): step labels and
// buttons in en and ms (the page's words in the studio language, the book's text in the book's), streamed
// text in the preview, the settings lock after the introduction, the resume dialog, and the field errors a
// 400 answer carries.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useState } from 'react';
import type { FormModel } from '../../studio/src/engine.js';
import { loadCatalog } from '../../engine/node/load.js';
import {
  applyStep,
  bookView,
  nextStep,
  parseSettings,
  restoreBook,
  startBook,
  stepRef,
  type BookState,
  type Catalog,
} from '../../engine/index.js';
import { Toaster } from 'react-hot-toast';
import { AuthProvider, useAuth } from '../../studio/src/lib/auth.js';
import type { Profile } from '../../engine/contract/index.js';
import { GeneratorWorkspace } from '../../studio/src/generator/GeneratorPage.js';
import { pageWord } from '../../studio/src/generator/words.js';
import { typeIn, useStudioDom } from './dom.js';

let catalog: Catalog;
const model = (id: string): FormModel => JSON.parse(JSON.stringify(catalog.form(id))) as FormModel;
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
});
useStudioDom();

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The server's answer when nothing is saved (GET /api/progress/…), else a 404. */
function noProgress(url: string): Response {
  return url.startsWith('/api/progress/') ? json(200, { book: null }) : json(404, {});
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
  return {
    generation_id: 'g',
    part: { kind: 'x' },
    label: '',
    content,
    words: content.split(' ').length,
    progress: null,
    next: null,
    credits_charged: 1,
    credits_available: credits,
    ...extra,
  };
}

/**
 * The book the server holds, as the real server keeps it (through the engine's flow): a step's `done`
 * answer carries the book after it, and the saved progress carries the book as the reader sees it.
 */
function heldBook(id: string, saved?: Omit<BookState, 'generatorId' | 'isLocked'>) {
  const spec = catalog.get(id)!;
  let state: BookState | null = saved ? restoreBook(spec, { ...saved, generatorId: id }) : null;
  return {
    step(
      body: { settings: Record<string, unknown>; chapterTitle?: string },
      content: string,
      credits: number,
      extra: Record<string, unknown> = {},
    ) {
      if (!state?.isLocked)
        state = {
          ...startBook({ spec, settings: parseSettings(spec, body.settings) }),
          ...(state?.outline !== undefined ? { outline: state.outline } : {}),
        };
      const step = nextStep(spec, state)!;
      state = applyStep(spec, state, step, content);
      // The server keeps a user's chapter title with the book.
      if (body.chapterTitle && step.kind === 'chapter')
        state = { ...state, chapterTitles: { ...state.chapterTitles, [step.position]: body.chapterTitle } };
      const book = bookView(spec, state);
      return done(content, credits, { part: stepRef(step), book, next: book.next, progress: book.progress, ...extra });
    },
    saved() {
      if (!state) return null;
      return {
        book_type: spec.bookType,
        generator_id: id,
        lang: state.lang,
        current_chapter: state.currentChapter,
        total_chapters: state.totalChapters,
        content: state.content,
        settings: state.settings,
        outline: state.outline ?? null,
        updated_at: '2025-01-01T00:00:00.000Z',
        book: bookView(spec, state),
      };
    },
  };
}

/** An English romance of 7 chapters saved after its introduction and chapter 1 (`content`), with `outline`
 * and a story bible that knows Aisha from chapter 1. */
function shortRomance(outline: string, content: string[]) {
  return heldBook('romance', {
    lang: 'en',
    currentChapter: 2,
    totalChapters: 7,
    content,
    settings: { language: 'en', numberOfChapters: 7 },
    outline,
    memory: '## Characters\n- Aisha | lead | searching | Chapter 1',
    memoryUpTo: 1,
  }).saved()!;
}

function CreditProbe() {
  return <span data-testid="credit-balance-test">{useAuth().user?.credits_available}</span>;
}

function renderPage(id: string, user: Profile = USER) {
  render(
    <MemoryRouter>
      <AuthProvider initialUser={user}>
        <GeneratorWorkspace form={model(id)} />
        <CreditProbe />
        {/* A toast stays up as long as a loaded worker may take to read it (the studio's success toasts go after 2 s of
        real time: at a load of 20 a test once looked after they had gone). */}
        <Toaster toastOptions={{ duration: 30_000 }} />
      </AuthProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

const button = () => screen.getByTestId('generate-button');
// The button's words; the step's cost is on its own line under them.
const label = () => screen.getByTestId('generate-label');

describe('a book page follows the flow', () => {
  it('romance in English: outline → introduction → chapter 1, text in the preview, settings locked', async () => {
    let credits = 10;
    const held = heldBook('romance');
    const calls = stubServer((url, init) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      if (url.endsWith('/generate')) {
        credits -= 1;
        return sse([
          ['delta', { text: 'Once upon ' }],
          ['delta', { text: 'a time.' }],
          ['done', held.step(JSON.parse(String(init.body)), `Part written, ${credits} left`, credits)],
        ]);
      }
      return json(404, {});
    });
    const user = renderPage('romance');
    expect(label().textContent).toBe('Generate Story Outline');
    expect(screen.getByTestId('preview-placeholder').textContent).toBe('Your generated content will appear here');

    await user.click(button());
    await waitFor(() => expect(label().textContent).toBe('Generate Introduction'));
    expect(screen.getByTestId('outline').textContent).toContain('Part written, 9 left');
    // A 10-credit account: the book opens at 7 chapters, the longest its credits can finish.
    expect(calls.find((c) => c.url.endsWith('/generate'))!.body).toMatchObject({
      step: { kind: 'outline' },
      settings: { numberOfChapters: 7, language: 'en' },
    });
    expect((screen.getByLabelText('Heat Level') as HTMLSelectElement).disabled).toBe(false);

    await user.click(button());
    await waitFor(() => expect(label().textContent).toBe('Generate Chapter 1'));
    expect(screen.getByTestId('chapter-counter').textContent).toBe('1 / 7');
    // Writing Progress counts the parts written (introduction, 7 chapters, conclusion), as the process list does.
    expect(screen.getByTestId('progress-counter').textContent).toBe('1 / 9');
    expect((screen.getByLabelText('Heat Level') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByTestId('locked-note')).toBeTruthy();
    // The chapter title input shows only while chapters are written.
    const title = screen.getByLabelText('Chapter Title (optional)');
    await typeIn(user, title, 'The Meeting');
    await user.click(button());
    await waitFor(() => expect(label().textContent).toBe('Generate Chapter 2'));
    const last = calls.filter((c) => c.url.endsWith('/generate')).at(-1)!;
    expect(last.body).toMatchObject({ chapterTitle: 'The Meeting', step: { kind: 'chapter', position: 1 } });
    expect(screen.getByRole('heading', { name: 'Chapter 1: The Meeting' })).toBeTruthy();
    expect(screen.getByTestId('credit-balance-test').textContent).toBe('7');
  });

  it('romance in a Malay studio: Malay buttons, steps and toasts', async () => {
    const held = heldBook('romance');
    stubServer((url, init) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      return sse([
        ['done', held.step(JSON.parse(String(init.body)), 'Rangka', 9, { toast: 'Rangka cerita telah dijana!' })],
      ]);
    });
    const user = renderPage('romance', { ...USER, lang: 'ms' });
    expect(label().textContent).toBe('Jana Rangka Cerita');
    expect(screen.getByText('Proses Penjanaan')).toBeTruthy();
    await user.click(button());
    await waitFor(() => expect(label().textContent).toBe('Jana Pengenalan'));
    expect(await screen.findByText('Rangka cerita telah dijana!')).toBeTruthy();
  });

  it(
    'a Malay book in an English studio: the controls speak ' + "English, the book's headings stay Malay (issue 24)",
    async () => {
      const held = heldBook('romance');
      stubServer((url, init) => {
        if (url.startsWith('/api/progress/')) return json(200, { book: null });
        return sse([
          [
            'done',
            held.step(JSON.parse(String(init.body)), 'Teks bahagian ini.', 9, { toast: 'Rangka cerita telah dijana!' }),
          ],
        ]);
      });
      const user = renderPage('romance');
      await user.selectOptions(screen.getByLabelText('Language'), 'ms');
      expect(label().textContent).toBe('Generate Story Outline');
      expect(screen.getByText('Generation Process')).toBeTruthy();
      await user.click(button());
      await waitFor(() => expect(label().textContent).toBe('Generate Introduction'));
      expect(await screen.findByText('Story outline generated!')).toBeTruthy();
      await user.click(button());
      await waitFor(() => expect(label().textContent).toBe('Generate Chapter 1'));
      expect(screen.getByTestId('chapter-heading').textContent).toBe('Chapter 1');
      // The step line is numbered as the Generation Process list beside it (outline, introduction, chapters,
      // conclusion).
      expect(screen.getByTestId('progress-step').textContent).toBe('Step 3 of 4: Generate the next sections');
      expect(screen.getByTestId('process-steps').querySelectorAll('li')).toHaveLength(4);
      expect(screen.getByTestId('process-steps').textContent).toContain('Introduction');
      expect(screen.getByLabelText('Heat Level')).toBeTruthy();
      // The book's text: its outline and part headings in Malay, marked so.
      const heading = screen.getByRole('heading', { name: 'Pengenalan' });
      expect(heading.getAttribute('lang')).toBe('ms');
      expect(screen.getByText('Rangka Cerita', { selector: 'summary' }).getAttribute('lang')).toBe('ms');
      expect(screen.getByTestId('word-count').textContent).toMatch(/words$/);
    },
  );
});

describe('the book language starts at the studio language', () => {
  it('a user whose studio speaks Malay starts a Malay book (and can still choose English)', async () => {
    stubServer((url) => noProgress(url));
    const user = renderPage('romance', { ...USER, lang: 'ms' });
    const language = (await screen.findByLabelText('Bahasa')) as HTMLSelectElement;
    expect(language.value).toBe('ms');
    expect(label().textContent).toBe('Jana Rangka Cerita');
    await user.selectOptions(language, 'en');
    expect(language.value).toBe('en');
    // An English book; the page still speaks the studio's Malay.
    expect(label().textContent).toBe('Jana Rangka Cerita');
    expect(screen.getByLabelText('Bahasa')).toBe(language);
  });

  it("an English studio starts an English book (the spec's default)", async () => {
    stubServer((url) => noProgress(url));
    renderPage('romance');
    expect(((await screen.findByLabelText('Language')) as HTMLSelectElement).value).toBe('en');
    expect(label().textContent).toBe('Generate Story Outline');
  });
});

describe('resume', () => {
  it(
    'coming back shows the saved book at once, its settings ' + 'and position, with no dialog over an empty form',
    async () => {
      const held = heldBook('romance', {
        lang: 'en',
        currentChapter: 3,
        totalChapters: 7,
        content: ['intro', 'one', 'two'],
        settings: { language: 'en', heatLevel: 'steamy', numberOfChapters: 7 },
        outline: 'the outline',
      });
      stubServer((url) => (url.startsWith('/api/progress/') ? json(200, held.saved()) : json(404, {})));
      renderPage('romance');
      const note = await screen.findByTestId('resume-note');
      expect(note.textContent).toContain('Your book, as you left it');
      expect(screen.getByTestId('resume-summary').textContent).toBe(
        'You have saved progress for Romance (2 of 7 chapters written). Next: Chapter 3.',
      );
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(label().textContent).toBe('Generate Chapter 3');
      expect((screen.getByLabelText('Heat Level') as HTMLSelectElement).value).toBe('steamy');
      expect(screen.getByTestId('chapter-counter').textContent).toBe('3 / 7');
      // Its parts are on the page.
      expect(screen.getByRole('heading', { name: 'Introduction' })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Chapter 2' })).toBeTruthy();
    },
  );

  it('an English book in a Malay studio: the note and the page speak Malay; the book stays English', async () => {
    const held = heldBook('romance', {
      lang: 'en',
      currentChapter: 3,
      totalChapters: 7,
      content: ['intro', 'one', 'two'],
      settings: { language: 'en', heatLevel: 'steamy', numberOfChapters: 7 },
      outline: 'the outline',
    });
    stubServer((url) => (url.startsWith('/api/progress/') ? json(200, held.saved()) : json(404, {})));
    renderPage('romance', { ...USER, lang: 'ms' });
    const note = await screen.findByTestId('resume-note');
    expect(note.textContent).toContain('Buku anda, seperti yang anda tinggalkan');
    expect(screen.getByTestId('resume-summary').textContent).toBe(
      'Anda mempunyai kemajuan tersimpan untuk Romantik (2 daripada 7 bab ditulis). Seterusnya: Bab 3.',
    );
    expect(screen.getByTestId('resume-start-new').textContent).toBe('Mulakan Buku Baharu');
    expect(label().textContent).toBe('Jana Bab 3');
    expect(screen.getByTestId('chapter-heading').textContent).toBe('Bab 3');
    expect((screen.getByLabelText('Tahap Keintiman') as HTMLSelectElement).value).toBe('steamy');
    expect((screen.getByLabelText('Bahasa') as HTMLSelectElement).value).toBe('en');
    expect(screen.getByText('Tetapan')).toBeTruthy();
    expect(screen.getByTestId('locked-note').textContent).toContain('Tetapan dikunci');
    // The book's own headings stay English.
    expect(screen.getByRole('heading', { name: 'Introduction' }).getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { name: 'Chapter 2' })).toBeTruthy();
  });

  it(
    'Start New Book on the note asks first, then clears ' + 'the saved progress and the page starts a new book',
    async () => {
      const held = heldBook('romance', {
        lang: 'ms',
        currentChapter: 1,
        totalChapters: 12,
        content: ['x'],
        settings: { language: 'ms', numberOfChapters: 12 },
        outline: 'o',
      });
      const calls = stubServer((url, init) => {
        if (url.startsWith('/api/progress/') && init.method === 'DELETE')
          return json(200, { message: 'Progress cleared' });
        if (url.startsWith('/api/progress/')) return json(200, held.saved());
        return json(404, {});
      });
      // A Malay book in an English studio: the note speaks English.
      const user = renderPage('romance');
      await screen.findByTestId('resume-note');
      await user.click(screen.getByTestId('resume-start-new'));
      const dialog = await screen.findByRole('dialog');
      expect(dialog.textContent).toContain('This book stays in My Books');
      expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'Start New Book' }));
      await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
      await waitFor(() => expect(screen.queryByTestId('resume-note')).toBeNull());
      expect(label().textContent).toBe('Generate Story Outline');
    },
  );
});

describe('single tools and server errors', () => {
  it('a 400 answer marks the fields it names', async () => {
    stubServer((url) =>
      url.endsWith('/generate')
        ? json(400, {
            error: {
              code: 'invalid_settings',
              message: 'Please check the highlighted fields',
              fields: { bookTitle: 'is required' },
            },
          })
        : noProgress(url),
    );
    const user = renderPage('amazon-keywords');
    await user.type(screen.getByLabelText(/^Book Title/), 'x');
    await user.click(button());
    expect(await screen.findByText('Book Title is required')).toBeTruthy();
  });

  it('a cover shows the image with Download Cover named after the generator', async () => {
    stubServer((url) =>
      url.endsWith('/generate')
        ? sse([['done', done('prompt', 4, { image: 'data:image/png;base64,iVBORw0KGgo=' })]])
        : noProgress(url),
    );
    const user = renderPage('kids-book-cover');
    expect(label().textContent).toBe('Generate Book Cover');
    await typeIn(user, screen.getByLabelText(/^Book Title/), 'Sang Kancil');
    await typeIn(user, screen.getByLabelText(/^Main Character/), 'a mouse deer');
    await user.click(button());
    const link = await screen.findByRole('link', { name: 'Download Cover' });
    expect(link.getAttribute('download')).toBe('kids-book-cover.png');
    expect(screen.getByText('This will use 6 credits.')).toBeTruthy();
  });

  it('the preview shows the error with Try Again where the flow offers retry', async () => {
    let n = 0;
    stubServer((url) => {
      if (!url.endsWith('/generate')) return noProgress(url);
      n += 1;
      return n === 1
        ? sse([['error', { code: 'server_error', message: 'Server error. Please try again in a few moments.' }]])
        : sse([['done', done('Ok now', 9)]]);
    });
    const user = renderPage('rhyme-story');
    await user.click(button());
    const error = await screen.findByTestId('preview-error');
    expect(error.textContent).toContain('Server error. Please try again in a few moments.');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('preview').textContent).toContain('Ok now'));
  });

  it(
    'a generator that always writes English, in a Malay studio: Malay page, toasts ' +
      "and errors (the server words the failure in the book's English) (issue 24)",
    async () => {
      stubServer((url) =>
        url.endsWith('/generate')
          ? sse([['error', { code: 'generation_failed', message: 'Failed to generate content. Please try again.' }]])
          : noProgress(url),
      );
      const user = renderPage('dad-jokes', { ...USER, lang: 'ms' });
      expect(screen.getByTestId('generator-title').textContent).toBe('Penjana Jenaka Ayah');
      expect(label().textContent).toBe('Jana Jenaka');
      expect((screen.getByLabelText('Jenis Jenaka') as HTMLSelectElement).selectedOptions[0]!.textContent).toBe(
        'Ketuk-Ketuk',
      );
      await user.click(button());
      const error = await screen.findByTestId('preview-error');
      expect(error.textContent).toContain('Gagal menjana kandungan. Sila cuba lagi.');
      expect(error.textContent).not.toContain('Failed');
    },
  );

  it('a cover in a Malay studio: Malay labels, button, heading and download (issue 24)', async () => {
    stubServer((url) =>
      url.endsWith('/generate')
        ? sse([['done', done('prompt', 4, { image: 'data:image/png;base64,iVBORw0KGgo=' })]])
        : noProgress(url),
    );
    const user = renderPage('book-cover', { ...USER, lang: 'ms' });
    expect(label().textContent).toBe('Jana Kulit Buku');
    expect(screen.getByText('Kulit Buku Yang Dijana')).toBeTruthy();
    await user.type(screen.getByLabelText(/^Tajuk Buku/), 'Hikayat');
    await user.click(button());
    expect(await screen.findByRole('link', { name: 'Muat Turun Kulit Buku' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Penjana Kulit Buku' })).toBeTruthy();
  });
});

describe('the writing experience (issue 15)', () => {
  it('"no saved progress" is an ordinary answer: no dialog, no error toast', async () => {
    stubServer((url) => (url.startsWith('/api/progress/') ? json(200, { book: null }) : json(404, {})));
    renderPage('romance');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('resume-note')).toBeNull();
    expect(screen.queryByText('Failed to load saved progress')).toBeNull();
  });

  it(
    'the saved book shown on entry: Generate asks for ' + 'its next step; the note goes once the writer goes on',
    async () => {
      const held = heldBook('romance', {
        lang: 'en',
        currentChapter: 2,
        totalChapters: 7,
        content: ['intro', 'one'],
        settings: { language: 'en', heatLevel: 'mild', numberOfChapters: 7 },
        outline: 'the outline',
      });
      const calls = stubServer((url, init) => {
        if (url.startsWith('/api/progress/')) return json(200, held.saved());
        if (url.endsWith('/generate')) return sse([['done', held.step(JSON.parse(String(init.body)), 'two', 9)]]);
        return json(404, {});
      });
      const user = renderPage('romance');
      await screen.findByTestId('resume-note');
      expect(label().textContent).toBe('Generate Chapter 2');
      expect(screen.getByTestId('chapter-counter').textContent).toBe('2 / 7');
      await user.click(button());
      await waitFor(() => expect(label().textContent).toBe('Generate Chapter 3'));
      expect(calls.find((c) => c.url.endsWith('/generate'))!.body).toMatchObject({
        step: { kind: 'chapter', position: 2 },
      });
      expect(screen.queryByText('This step is not the next step of your book')).toBeNull();
      expect(screen.queryByTestId('resume-note')).toBeNull();
    },
  );

  it('a single tool\'s last result is shown on entry, with "Start New", not "Start New Book"', async () => {
    const saved = {
      book_type: 'dad_jokes',
      generator_id: 'dad-jokes',
      lang: 'en',
      current_chapter: 1,
      total_chapters: 1,
      content: ['Why did the chicken…'],
      settings: {},
      outline: null,
      updated_at: '2025-01-01T00:00:00.000Z',
    };
    stubServer((url) => (url.startsWith('/api/progress/') ? json(200, saved) : json(404, {})));
    renderPage('dad-jokes');
    const note = await screen.findByTestId('resume-note');
    expect(note.textContent).not.toContain('Start New Book');
    expect(screen.getByTestId('resume-start-new').textContent).toBe('Start New');
    expect(screen.getByTestId('preview').textContent).toContain('Why did the chicken…');
  });

  it('focus returns to the generate button after a step started with Enter', async () => {
    const held = heldBook('romance');
    stubServer((url, init) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      if (url.endsWith('/generate'))
        return sse([
          ['delta', { text: 'Outline…' }],
          ['done', held.step(JSON.parse(String(init.body)), 'The outline', 9)],
        ]);
      return json(404, {});
    });
    const user = renderPage('romance');
    button().focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(label().textContent).toBe('Generate Introduction'));
    await waitFor(() => expect(document.activeElement).toBe(button()));
  });

  it('the cost: each button states its step, the form the whole default romance before its first step', async () => {
    const held = heldBook('romance');
    stubServer((url, init) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      if (url.endsWith('/generate')) return sse([['done', held.step(JSON.parse(String(init.body)), 'The outline', 9)]]);
      return json(404, {});
    });
    const user = renderPage('romance');
    // A 10-credit account opens at 7 chapters: outline + introduction + 7 chapters + conclusion at 1 credit each.
    expect(screen.getByTestId('book-cost').textContent).toContain('This book: 10 credits — you have 10');
    expect(screen.queryByTestId('book-cost-short')).toBeNull();
    expect(screen.getByTestId('step-cost').textContent).toBe('1 credit');
    // The default 12 chapters, chosen: 15 credits, 5 short.
    await user.selectOptions(screen.getByLabelText('Number of Chapters'), '12');
    expect(screen.getByTestId('book-cost').textContent).toContain('This book: 15 credits — you have 10');
    expect(screen.getByTestId('book-cost-short').textContent).toBe('You need 5 more credits to finish it.');
    // One credit short is said in the singular.
    expect(pageWord('bookCostShort', 'en', { n: 1 })).toBe('You need 1 more credit to finish it.');
    await user.selectOptions(screen.getByLabelText('Number of Chapters'), '7');
    await user.click(button());
    await waitFor(() => expect(label().textContent).toBe('Generate Introduction'));
    expect(screen.getByTestId('book-cost').textContent).toContain('To finish this book: 9 credits');
  });

  it('the chapter counter explains itself ("1 / 7" after the introduction is the chapter written next)', async () => {
    const held = heldBook('romance', {
      lang: 'en',
      currentChapter: 1,
      totalChapters: 7,
      content: ['intro'],
      settings: { language: 'en', numberOfChapters: 7 },
      outline: 'o',
    });
    stubServer((url) => (url.startsWith('/api/progress/') ? json(200, held.saved()) : json(404, {})));
    const user = renderPage('romance');
    await screen.findByTestId('resume-note');
    expect(screen.getByTestId('chapter-counter').textContent).toBe('1 / 7');
    expect(screen.getByTestId('chapter-counter-help').textContent).toBe(
      'The chapter you write next, out of all chapters.',
    );
  });

  it('Markdown renders while it streams: an unclosed **bold** shows bold, never its stars', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    stubServer(async (url) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      if (!url.endsWith('/generate')) return json(404, {});
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(
            encoder.encode(`event: delta\ndata: ${JSON.stringify({ text: '## The Plan\n\nShe said **never' })}\n\n`),
          );
          await gate;
          controller.enqueue(encoder.encode(`event: done\ndata: ${JSON.stringify(done('x', 9))}\n\n`));
          controller.close();
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
    });
    const user = renderPage('poems');
    await user.click(button());
    const text = await screen.findByTestId('streaming-text');
    await waitFor(() => expect(text.textContent).toContain('She said never'));
    expect(text.textContent).not.toContain('*');
    expect(text.textContent).not.toContain('#');
    expect(text.querySelector('strong')?.textContent).toBe('never');
    expect(text.querySelector('[role="heading"]')?.textContent).toBe('The Plan');
    release();
  });

  it('a written part is edited by hand: saved to progress, shown, and a refused edit says why', async () => {
    const held = heldBook('romance', {
      lang: 'en',
      currentChapter: 2,
      totalChapters: 7,
      content: ['The intro.', 'Chapter one as written.'],
      settings: { language: 'en', numberOfChapters: 7 },
      outline: 'o',
    });
    const saved = held.saved()!;
    let n = 0;
    let current: typeof saved = saved;
    const calls = stubServer((url, init) => {
      if (url.endsWith('/progress/romance/part')) {
        n += 1;
        if (n === 1)
          return json(400, {
            error: {
              code: 'part_empty',
              message: 'The text of a part cannot be empty.',
              fields: { text: 'The text of a part cannot be empty.' },
            },
          });
        const body = JSON.parse(String(init.body)) as { text: string };
        const book = {
          ...saved.book,
          parts: saved.book.parts.map((p) => (p.position === 1 ? { ...p, text: body.text } : p)),
        };
        // The server reads the part again for the story bible in the background: the next read has it done.
        current = { ...saved, content: book.parts.map((p) => p.text), book };
        return json(200, {
          book: {
            ...book,
            bible_updating: true,
            parts: book.parts.map((p) => (p.position === 1 ? { ...p, bible_updated: false } : p)),
          },
          memory_reset: true,
        });
      }
      if (url.startsWith('/api/progress/')) return json(200, current);
      return json(404, {});
    });
    const user = renderPage('romance');
    await screen.findByTestId('resume-note');
    // The manuscript: a navigator to each part with its word count.
    const nav = screen.getByRole('navigation', { name: 'Parts of the book' });
    expect(nav.textContent).toContain('Chapter 1 · 4');
    await user.click(screen.getByRole('button', { name: 'Edit Chapter 1' }));
    const area = screen.getByLabelText('Text of Chapter 1') as HTMLTextAreaElement;
    expect(area.value).toBe('Chapter one as written.');
    await user.clear(area);
    await user.click(screen.getByTestId('save-edit'));
    expect((await screen.findByRole('alert')).textContent).toBe('The text of a part cannot be empty.');
    await typeIn(user, area, 'Chapter one, rewritten by hand.');
    await user.click(screen.getByTestId('save-edit'));
    await waitFor(() => expect(screen.queryByTestId('part-editor')).toBeNull());
    const put = calls.filter((c) => c.method === 'PUT').at(-1)!;
    // The edit carries the hash of the text the writer saw, so a part changed meanwhile is refused, not overwritten.
    expect(put.body).toEqual({
      part: { kind: 'chapter', position: 1 },
      text: 'Chapter one, rewritten by hand.',
      hash: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(screen.getByTestId('preview').textContent).toContain('Chapter one, rewritten by hand.');
    expect(
      await screen.findByText(
        'Your edit is saved. The story bible is being updated with it and keeps everything it knew meanwhile.',
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Chapter 1' }));
    // The part says the bible is being updated (no failure, no button) until the book is read again with it done.
    expect(new Set(screen.getAllByTestId('not-in-bible').map((n) => n.textContent))).toEqual(
      new Set(['The story bible is being updated with this part. Until then it keeps everything it knew.']),
    );
    expect(screen.queryByTestId('update-bible')).toBeNull();
    await waitFor(
      () =>
        expect(
          screen.queryByText(
            'The story bible is being updated with this part. Until then it keeps everything it knew.',
          ),
        ).toBeNull(),
      { timeout: 5000, interval: 500 },
    );
    expect(screen.getByTestId('preview').textContent).toContain('Chapter one, rewritten by hand.');
  });

  it('leaving the page while a part streams says it goes on and will be there (issue 48)', async () => {
    stubServer((url) => {
      if (url.startsWith('/api/progress/')) return json(200, { book: null });
      // The outline streams and never ends while the writer is on the page.
      if (url.endsWith('/generate'))
        return new Response(
          new ReadableStream({
            start: (c) => c.enqueue(new TextEncoder().encode('event: delta\ndata: {"text":"Title: Rain"}\n\n')),
          }),
          { status: 200, headers: { 'content-type': 'text/event-stream' } },
        );
      return json(404, {});
    });
    function Host() {
      const [isShown, setIsShown] = useState(true);
      return (
        <MemoryRouter>
          <AuthProvider initialUser={USER}>
            {isShown && <GeneratorWorkspace form={model('romance')} />}
            <button type="button" onClick={() => setIsShown(false)}>
              Go to My Books
            </button>
            <Toaster />
          </AuthProvider>
        </MemoryRouter>
      );
    }
    render(<Host />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('generate-button'));
    await waitFor(() => expect(label().textContent).toBe('Generating...'));
    await user.click(screen.getByRole('button', { name: 'Go to My Books' }));
    expect(
      await screen.findByText(
        'Story Outline is still being written: it goes on, and it will be there when you come back to read it.',
      ),
    ).toBeTruthy();
  });

  it('a book whose cards went from 7 to 5 says 5 chapters in its locked form (issue 48)', async () => {
    const outline =
      'Title: Rain\nPremise: Aisha looks for her father.\n\nChapter ' +
      '1: The Letter\nShe finds a letter.\n\nEnding: She finds him.';
    const saved = heldBook('romance', {
      lang: 'en',
      currentChapter: 2,
      totalChapters: 5,
      content: ['An opening.', 'Chapter one as written.'],
      settings: { language: 'en', numberOfChapters: 7 },
      outline,
    }).saved()!;
    stubServer((url) => (url.startsWith('/api/progress/') ? json(200, saved) : json(404, {})));
    const user = renderPage('romance');
    await screen.findByTestId('resume-note');
    const chapters = screen.getByLabelText('Number of Chapters') as HTMLSelectElement;
    await waitFor(() => expect(chapters.value).toBe('5'));
    expect(chapters.selectedOptions[0]!.textContent).toBe('5 Chapters');
    expect(chapters.disabled).toBe(true);
  });

  it(
    'a short part shows how short it is and Write more with its cost; the ' +
      'outline titles head the chapters; the story bible is shown and edited',
    async () => {
      const outline =
        'Title: Rain\nPremise: Aisha looks for her father.\n\nChapter 1: The Letter\nShe finds ' +
        'a letter.\n\nChapter 2: The Harbour\nShe goes to the harbour.\n\nEnding: She finds him.';
      const saved = shortRomance(outline, [
        'An opening of a few words only.',
        'Chapter one as written, far shorter than asked.',
      ]);
      const longer = `${saved.book.parts[1]!.text} ${'More words of the chapter. '.repeat(300)}`;
      const calls = stubServer((url, init) => {
        if (url.endsWith('/progress/romance/more')) {
          const book = {
            ...saved.book,
            parts: saved.book.parts.map((p) =>
              p.position === 1 ? { ...p, text: longer, words: 1207, is_short: false } : p,
            ),
          };
          return json(200, { book, words: 1207, added: 1200, credits_available: 9 });
        }
        if (url.endsWith('/progress/romance/bible')) {
          const body = JSON.parse(String(init.body)) as { text: string };
          return json(200, {
            book: { ...saved.book, bible: `${saved.book.bible}\n${body.text}`, bible_notes: body.text },
          });
        }
        if (url.startsWith('/api/progress/')) return json(200, saved);
        return json(404, {});
      });
      const user = renderPage('romance');
      await screen.findByTestId('resume-note');
      // The outline's title heads chapter 1, in the manuscript and its navigator.
      expect(screen.getByRole('heading', { name: 'Chapter 1: The Letter' })).toBeTruthy();
      // Both parts are short: each says by how much, and offers Write more at the step's cost.
      const notes = screen.getAllByTestId('short-part');
      expect(notes).toHaveLength(2);
      expect(notes[1]!.textContent).toContain('Short: 8 of 1,500 words');
      const more = screen.getByRole('button', { name: 'Write more of Chapter 1: The Letter' });
      expect(more.textContent).toContain('1 credit');
      await user.click(more);
      await waitFor(() => expect(screen.getAllByTestId('short-part')).toHaveLength(1));
      const post = calls.find((c) => c.method === 'POST' && c.url.endsWith('/more'))!;
      expect(post.body).toEqual({
        part: { kind: 'chapter', position: 1 },
        hash: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      expect(screen.getByTestId('preview').textContent).toContain('More words of the chapter.');
      expect(screen.getByTestId('credit-balance-test').textContent).toBe('9');
      // The story bible: premise and ending from the outline (read only), the characters the book keeps; edited by
      // hand.
      const bible = screen.getByTestId('story-bible');
      expect(bible.querySelector('summary')!.textContent).toBe('Story Bible');
      const fromOutline = screen.getByTestId('bible-outline');
      expect(fromOutline.textContent).toContain('Aisha looks for her father');
      expect(fromOutline.textContent).toContain('She finds him.');
      expect(fromOutline.textContent).not.toContain('searching');
      expect(fromOutline.getAttribute('lang')).toBe('en');
      expect(screen.getByTestId('bible-notes').textContent).toContain('searching');
      await user.click(screen.getByRole('button', { name: 'Edit Story Bible' }));
      const area = screen.getByLabelText('Text of Story Bible') as HTMLTextAreaElement;
      // The text box holds what the book keeps, not the premise; the premise stays in view above it.
      expect(area.value).toBe('## Characters\n- Aisha | lead | searching | Chapter 1');
      expect(screen.getByTestId('bible-outline').textContent).toContain('Aisha looks for her father');
      await user.click(area);
      await user.paste('\n- Daniel | fisherman | helping | Chapter 1');
      await user.click(screen.getByTestId('save-edit'));
      await waitFor(() => expect(screen.queryByTestId('part-editor')).toBeNull());
      const put = calls.find((c) => c.method === 'PUT' && c.url.endsWith('/bible'))!;
      expect((put.body as { text: string }).text).toContain('Daniel | fisherman');
    },
  );

  it('a refused Write more or story bible edit says why in its card; a 401 signs the writer out', async () => {
    const outline =
      'Title: Rain\nPremise: Aisha looks for her father.\n\nChapter ' +
      '1: The Letter\nShe finds a letter.\n\nEnding: She finds him.';
    const saved = shortRomance(outline, ['An opening of a few words only.', 'Chapter one, short.']);
    let bibleCalls = 0;
    stubServer((url) => {
      if (url.endsWith('/progress/romance/more'))
        return json(402, {
          error: { code: 'insufficient_credits', message: 'Insufficient credits. Please upgrade your plan.' },
        });
      if (url.endsWith('/progress/romance/bible')) {
        bibleCalls += 1;
        if (bibleCalls === 1)
          return json(400, {
            error: {
              code: 'bible_too_long',
              message: 'The story bible can hold at most 20000 characters. Shorten it and save again.',
              fields: { text: 'The story bible can hold at most 20000 characters. Shorten it and save again.' },
            },
          });
        return json(401, { error: { code: 'not_signed_in', message: 'Please sign in to generate content' } });
      }
      if (url.startsWith('/api/progress/')) return json(200, saved);
      return json(404, {});
    });
    const user = renderPage('romance');
    await screen.findByTestId('resume-note');
    await user.click(screen.getByRole('button', { name: 'Write more of Chapter 1: The Letter' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits. Please upgrade your plan.');
    expect(screen.getByTestId('credit-balance-test').textContent).toBe('10');
    await user.click(screen.getByRole('button', { name: 'Edit Story Bible' }));
    await user.type(screen.getByLabelText('Text of Story Bible'), ' more');
    await user.click(screen.getByTestId('save-edit'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain(
        'The story bible can hold at most 20000 characters. Shorten it and save again.',
      ),
    );
    await user.click(screen.getByTestId('save-edit'));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContain('Please sign in to generate content'),
    );
    expect(screen.getByTestId('credit-balance-test').textContent).toBe('');
  });

  it(
    'a part that repeats the book is marked "Berulang" beside short, and a neighbour\'s ' +
      '(Indonesian) words in a Malay part are named; a part that does neither has no note',
    async () => {
      const looped = 'Hujan turun di pelabuhan ketika Aisyah menunggu kapal ayahnya yang tidak kunjung tiba. '
        .repeat(150)
        .trim();
      const fresh = 'Aisyah bisa melihat kapal itu dari jauh, dan kamu tahu dia gembira banget pagi itu.';
      const held = heldBook('romance', {
        lang: 'ms',
        currentChapter: 2,
        totalChapters: 7,
        content: [looped, fresh],
        settings: { language: 'ms', numberOfChapters: 7 },
      });
      const saved = held.saved()!;
      stubServer((url) => (url.startsWith('/api/progress/') ? json(200, saved) : json(404, {})));
      const user = renderPage('romance', { ...USER, lang: 'ms' });
      await screen.findByTestId('resume-note');
      const repeating = screen.getAllByTestId('repeating-part');
      expect(repeating).toHaveLength(1);
      expect(repeating[0]!.closest('article')!.id).toBe('part-0');
      expect(repeating[0]!.textContent).toMatch(
        /^Berulang: (9\d|100)% perkataan bahagian ini sudah ditulis sebelum ini/,
      );
      const indonesian = screen.getAllByTestId('neighbour-words');
      expect(indonesian).toHaveLength(1);
      expect(indonesian[0]!.closest('article')!.id).toBe('part-1');
      expect(indonesian[0]!.textContent).toBe('Perkataan bahasa Indonesia dalam bahagian ini: bisa, kamu, banget');
    },
  );

  it(
    'in a Malay studio, a Malay book: "Pendek: … daripada … patah perkataan", Tulis lagi with ' +
      'its cost, Bab titles from the outline, Catatan Cerita; a part not short has no marker',
    async () => {
      const outline =
        'Tajuk: Hujan\nPremis: Aisha mencari ayahnya.\n\nBab 1: Surat Itu\nDia menjumpai sepucuk ' +
        'surat.\n\nBab 2: Pelabuhan\nDia pergi ke pelabuhan.\n\nPengakhiran: Dia menemui ayahnya.';
      const long = 'Perkataan yang cukup panjang untuk bahagian ini. '.repeat(200).trim();
      const held = heldBook('romance', {
        lang: 'ms',
        currentChapter: 2,
        totalChapters: 7,
        content: [long, 'Bab satu yang terlalu pendek.'],
        settings: { language: 'ms', numberOfChapters: 7 },
        outline,
      });
      const saved = held.saved()!;
      expect(saved.book.parts.map((p) => p.is_short)).toEqual([false, true]);
      const calls = stubServer((url) => {
        if (url.endsWith('/progress/romance/more'))
          return json(402, { error: { code: 'insufficient_credits', message: 'Not enough credits.' } });
        if (url.startsWith('/api/progress/')) return json(200, saved);
        return json(404, {});
      });
      const user = renderPage('romance', { ...USER, lang: 'ms' });
      await screen.findByTestId('resume-note');
      const heading = screen.getByRole('heading', { name: 'Bab 1: Surat Itu' });
      expect(heading.getAttribute('lang')).toBe('ms');
      // The contents list the chapter by its title too, with its words.
      expect(screen.getByTestId('parts-nav').textContent).toContain('Bab 1: Surat Itu · 5');
      // Only the short chapter is marked.
      const notes = screen.getAllByTestId('short-part');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.closest('article')!.id).toBe('part-1');
      expect(notes[0]!.textContent).toContain('Pendek: 5 daripada 1,500 patah perkataan');
      const more = screen.getByRole('button', { name: 'Tulis lagi untuk Bab 1: Surat Itu' });
      expect(more.textContent).toBe('Tulis lagi (1 kredit)');
      // A refusal is said in the studio's language, under the button.
      await user.click(more);
      expect((await screen.findByRole('alert', {}, { timeout: 2000 })).textContent).toMatch(/kredit/i);
      expect(calls.filter((c) => c.url.endsWith('/more'))).toHaveLength(1);
      expect(screen.getByTestId('story-bible').querySelector('summary')!.textContent).toBe('Catatan Cerita');
      expect(screen.getByTestId('bible-outline').textContent).toContain('Aisha mencari ayahnya.');
      // No part kept yet: the panel says it fills in, and notes may be added now.
      expect(screen.getByTestId('bible-notes').textContent).toContain('Belum ada apa-apa');
    },
  );
});

describe('the preview while a step runs', () => {
  it("shows the slow-generation hint right under the text being written, in the book's language", async () => {
    const { Preview } = await import('../../studio/src/generator/Manuscript.js');
    const common = {
      parts: [],
      outlineLabel: 'Story Outline',
      streamingHeading: 'Chapter 3',
      isLoading: true,
      error: null,
      canRetry: false,
      onRetry: () => undefined,
      isBook: true,
    };
    const { rerender } = render(
      <Preview {...common} streaming="The storm broke over **Penang" elapsed={30} lang="en" />,
    );
    expect(screen.queryByTestId('slow-hint')).toBeNull();
    rerender(<Preview {...common} streaming="The storm broke over **Penang" elapsed={61} lang="en" />);
    const hint = screen.getByTestId('slow-hint');
    expect(hint.textContent).toBe('This is taking longer than usual...');
    expect(hint.closest('[data-streaming="true"]')).toBe(screen.getByTestId('streaming'));
    rerender(<Preview {...common} streaming="Ribut melanda" elapsed={171} lang="ms" />);
    expect(screen.getByTestId('slow-hint').textContent).toBe('Hampir siap...');
  });
});

describe(
  'many books (issue 25): the resume dialog offers an unfinished ' +
    'book kept by Start New, and a continued one opens at once',
  () => {
    const kept = {
      id: 7,
      title: 'Cinta di Pesisir',
      book_type: 'romance',
      generator_id: 'romance',
      type_label: 'Romance',
      lang: 'en',
      words: 900,
      chapters_written: 2,
      chapters_total: 7,
      updated_at: '2025-03-02T10:00:00Z',
      is_finished: false,
      is_current: false,
    };
    const keptState = {
      lang: 'en' as const,
      currentChapter: 3,
      totalChapters: 7,
      content: ['intro', 'one', 'two'],
      settings: { language: 'en', heatLevel: 'steamy', numberOfChapters: 7 },
      outline: 'the outline',
    };

    it(
      'no current book: a note offering the latest unfinished one; ' +
        'Continue Progress makes it current and the page shows it',
      async () => {
        const held = heldBook('romance', keptState);
        let isContinued = false;
        const calls = stubServer((url, init) => {
          if (url.startsWith('/api/progress/romance') && !url.includes('/drafts'))
            return json(200, isContinued ? { id: 7, ...held.saved() } : { book: null });
          if (url === '/api/books')
            return json(200, {
              books: [{ ...kept, id: 9, generator_id: 'adventure' }, { ...kept, id: 8, is_finished: true }, kept],
            });
          if (url === '/api/books/7/continue' && init.method === 'POST') {
            isContinued = true;
            return json(200, { book: { ...kept, is_current: true } });
          }
          return json(404, {});
        });
        const user = renderPage('romance');
        const dialog = await screen.findByTestId('kept-book-offer');
        expect(dialog.textContent).toContain('Continue Previous Progress?');
        expect(dialog.textContent).toContain('You have an unfinished Romance: "Cinta di Pesisir" (2 of 7 chapters).');
        await user.click(screen.getByRole('button', { name: 'Continue Progress' }));
        await waitFor(() => expect(label().textContent).toBe('Generate Chapter 3'));
        expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/api/books/7/continue']);
        expect(screen.queryByTestId('kept-book-offer')).toBeNull();
        expect(screen.queryByTestId('resume-note')).toBeNull();
      },
    );

    it('Start New Book leaves the kept book where it is; a current book is never offered another', async () => {
      const calls = stubServer((url) => {
        if (url.startsWith('/api/progress/')) return json(200, { book: null });
        if (url === '/api/books') return json(200, { books: [kept] });
        return json(404, {});
      });
      const user = renderPage('romance', { ...USER, lang: 'ms' });
      const dialog = await screen.findByTestId('kept-book-offer');
      expect(dialog.textContent).toContain('Teruskan Kemajuan Sebelumnya?');
      expect(dialog.textContent).toContain(
        'Anda mempunyai Romance yang belum siap: "Cinta di Pesisir" (2 daripada 7 bab).',
      );
      await user.click(screen.getByRole('button', { name: 'Mulakan Buku Baharu' }));
      expect(screen.queryByTestId('kept-book-offer')).toBeNull();
      expect(label().textContent).toBe('Jana Rangka Cerita');
      expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
      cleanup();

      const held = heldBook('romance', keptState);
      const seen = stubServer((url) =>
        url.startsWith('/api/progress/')
          ? json(200, { id: 5, ...held.saved() })
          : url === '/api/books'
            ? json(200, { books: [kept] })
            : json(404, {}),
      );
      renderPage('romance');
      await screen.findByTestId('resume-note');
      expect(screen.queryByTestId('kept-book-offer')).toBeNull();
      expect(seen.map((c) => c.url)).not.toContain('/api/books');
    });

    it('a book continued from My Books opens at once, without the note', async () => {
      const held = heldBook('romance', keptState);
      stubServer((url) =>
        url.startsWith('/api/progress/') && !url.includes('/drafts')
          ? json(200, { id: 7, ...held.saved() })
          : json(404, {}),
      );
      render(
        <MemoryRouter initialEntries={[{ pathname: '/romance', state: { continuedBook: 7 } }]}>
          <AuthProvider initialUser={USER}>
            <GeneratorWorkspace form={model('romance')} />
          </AuthProvider>
        </MemoryRouter>,
      );
      await waitFor(() => expect(label().textContent).toBe('Generate Chapter 3'));
      expect(screen.queryByTestId('resume-note')).toBeNull();
    });
  },
);

describe('a part the story bible has not taken in (issue 36)', () => {
  it(
    'is marked on the part, in Malay for a Malay studio, ' + 'with a retry that updates the bible (uncharged)',
    async () => {
      const spec = catalog.get('romance')!;
      const words = (n: number) => 'Perkataan yang cukup panjang untuk bahagian ini. '.repeat(n).trim();
      const held = heldBook('romance', {
        lang: 'ms',
        currentChapter: 3,
        totalChapters: 7,
        content: [words(200), words(200), words(200)],
        settings: { language: 'ms', numberOfChapters: 7 },
        outline: 'Tajuk: Hujan',
        memory: '## Watak\n- Aisyah | watak utama',
        memoryUpTo: 0,
      });
      const saved = held.saved()!;
      // What the server answers once the bible has taken in every part.
      const taken = bookView(spec, {
        ...restoreBook(spec, {
          generatorId: 'romance',
          lang: 'ms',
          currentChapter: 3,
          totalChapters: 7,
          content: saved.content,
          settings: saved.settings,
          outline: 'Tajuk: Hujan',
        })!,
        memoryUpTo: 2,
      });
      const calls = stubServer((url) => {
        if (url.endsWith('/progress/romance/bible/update')) return json(200, { book: taken });
        if (url.startsWith('/api/progress/')) return json(200, saved);
        return json(404, {});
      });
      const user = renderPage('romance', { ...USER, lang: 'ms' });
      await screen.findByTestId('resume-note');
      // Bab 1 only: the introduction is in the bible, and the last part's update runs after it is saved.
      const notes = screen.getAllByTestId('not-in-bible');
      expect(notes).toHaveLength(1);
      expect(notes[0]!.textContent).toContain('Catatan cerita belum mengambil kira bahagian ini');
      await user.click(screen.getByRole('button', { name: 'Kemas kini catatan cerita' }));
      await waitFor(() => expect(screen.queryByTestId('not-in-bible')).toBeNull());
      expect(calls.filter((c) => c.url === '/api/progress/romance/bible/update').map((c) => c.method)).toEqual([
        'POST',
      ]);
      expect(screen.getByTestId('credit-balance-test').textContent).toBe('10');
    },
  );
});
