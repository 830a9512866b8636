// @vitest-environment jsdom
// Stop in the studio, against a scripted server (fetch stubbed): while a chapter streams
// (text already on screen) the Stop button is there; Stop asks the server to stop the step, and the text so
// far stays on screen as a draft card with Continue, Rewrite…, Keep and Discard, without an error. Keep
// sends the part and makes it the written chapter; a reload (the saved book with its stopped draft) shows
// the card again; in Malay the card is Malay, Rewrite… sends the note and Discard deletes the draft. In Malay and
// Indonesian the English book's part is named in the page's words ("Bab 1: draf yang dihentikan"). Generate over a
// stopped draft brings the draft into view: smoothly, or at once for a reader whose system asks for less motion.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loadCatalog } from '../../engine/node/load.js';
import { applyStep, bookView, nextStep, restoreBook, type BookState, type Catalog } from '../../engine/index.js';
import type { Profile } from '../../engine/contract/index.js';
import { typeIn, useStudioDom } from './dom.js';
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
const DRAFT = 'Aisha ran to the harbour before the storm';

beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
});
useStudioDom();
// jsdom scrolls nothing: a case that reads where the page scrolls puts its own spy here.
const noScroll = Element.prototype.scrollIntoView;
afterEach(() => {
  Element.prototype.scrollIntoView = noScroll;
});
/** The error event a stopped step ends its stream with. */
const STOPPED = { code: 'step_stopped', message: 'Stopped. The text written so far is kept as a draft.' };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A romance book of 7 chapters with its introduction written (chapter 1 next), as the server holds it. */
function book(stopped = false) {
  const spec = catalog.get('romance')!;
  const state: BookState = restoreBook(spec, {
    generatorId: 'romance',
    lang: 'en',
    currentChapter: 1,
    totalChapters: 7,
    content: ['The introduction.'],
    settings: { language: 'en', numberOfChapters: 7 },
    outline: 'The outline.',
  })!;
  const view = bookView(spec, state);
  const withDraft = stopped
    ? {
        ...view,
        stopped: {
          kind: 'chapter' as const,
          position: 1,
          label: 'Chapter 1',
          text: DRAFT,
          words: 8,
          updated_at: '2026-11-23T10:00:00.000Z',
        },
      }
    : view;
  const saved = {
    book_type: 'romance',
    generator_id: 'romance',
    lang: 'en',
    current_chapter: 1,
    total_chapters: 7,
    content: state.content,
    settings: state.settings,
    outline: state.outline,
    updated_at: '2026-11-23T10:00:00.000Z',
    book: withDraft,
  };
  const kept = bookView(spec, applyStep(spec, state, nextStep(spec, state)!, DRAFT));
  return { saved, view: withDraft, kept };
}

function stub(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    return handler(url, init);
  });
  return calls;
}

const renderPage = (user: Profile = USER) => renderWorkspace({ catalog, id: 'romance', user });

describe('Stop while a part streams', () => {
  it('Stop mid-chapter keeps the text so far as a draft card; Keep makes it the chapter', async () => {
    const held = book();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const calls = stub(async (url) => {
      if (url === '/api/progress/romance') return json(200, held.saved);
      if (url.endsWith('/drafts')) return json(200, { drafts: [] });
      if (url.endsWith('/progress/romance/stop')) {
        release();
        return json(200, {
          book: book(true).view,
          stopped: book(true).view.stopped,
          credits_charged: 1,
          credits_available: 9,
        });
      }
      if (url.endsWith('/progress/romance/stopped'))
        return json(200, { book: held.kept, words: 8, credits_available: 9 });
      if (url.endsWith('/generate')) {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(encoder.encode(`event: delta\ndata: ${JSON.stringify({ text: DRAFT })}\n\n`));
            await gate;
            controller.enqueue(encoder.encode(`event: error\n` + `data: ${JSON.stringify(STOPPED)}\n` + `\n`));
            controller.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      }
      return json(404, {});
    });
    const user = renderPage();
    await screen.findByTestId('resume-note');
    await user.click(screen.getByTestId('generate-button'));
    // The text streams, and Stop is there with it.
    await waitFor(() => expect(screen.getByTestId('streaming-text').textContent).toContain('before the storm'));
    await user.click(screen.getByTestId('stop-generation'));

    const card = await screen.findByTestId('stopped-draft');
    expect(card.textContent).toContain('Chapter 1: stopped draft');
    expect(screen.getByTestId('stopped-draft-text').textContent).toBe(DRAFT);
    expect(screen.getByTestId('draft-continue').textContent).toBe('Continue (1 credit)');
    expect(screen.getByTestId('draft-rewrite-open').textContent).toContain('Rewrite…');
    expect(screen.getByTestId('draft-keep').textContent).toBe('Keep (free)');
    expect(screen.getByTestId('draft-discard').textContent).toContain('Discard');
    await waitFor(() => expect(screen.queryByTestId('streaming')).toBeNull());
    // Said once, as news, not as an error.
    await screen.findByText('Stopped. The text so far is kept as a draft.');
    expect(screen.queryByText('Stopped. The text written so far is kept as a draft.')).toBeNull();
    expect(screen.queryByTestId('preview-error')).toBeNull();
    expect(calls.find((c) => c.url.endsWith('/stop'))).toMatchObject({ method: 'POST' });

    await user.click(screen.getByTestId('draft-keep'));
    await waitFor(() => expect(screen.queryByTestId('stopped-draft')).toBeNull());
    expect(calls.find((c) => c.url.endsWith('/stopped'))!.body).toEqual({
      part: { kind: 'chapter', position: 1 },
      action: 'keep',
    });
    expect(screen.getByTestId('manuscript').textContent).toContain(DRAFT);
    expect(screen.getByTestId('generate-label').textContent).toBe('Generate Chapter 2');
  });

  // The stream's end and Stop's answer come on two connections, in either order: the draft shown is the grown
  // one, never the draft from before Continue while Stop's answer is on its way.
  it.each([
    ['after', 0],
    ['before', 150],
  ])(
    'Continue on a stopped draft streams like Generate (the draft, then the ' +
      'new words) and Stop keeps the grown draft (stream ends %s Stop answers)',
    async (_order, answerAfterMs) => {
      const MORE = ' The rain began as she reached the pier';
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      const grown = { ...book(true).view, stopped: { ...book(true).view.stopped!, text: DRAFT + MORE, words: 16 } };
      const calls = stub(async (url) => {
        if (url === '/api/progress/romance') return json(200, book(true).saved);
        if (url.endsWith('/drafts')) return json(200, { drafts: [] });
        if (url.endsWith('/progress/romance/stop')) {
          release();
          if (answerAfterMs) await new Promise((r) => setTimeout(r, answerAfterMs));
          return json(200, { book: grown, stopped: grown.stopped, credits_charged: 1, credits_available: 8 });
        }
        if (url.endsWith('/generate')) {
          const encoder = new TextEncoder();
          const body = new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(encoder.encode(`event: delta\ndata: ${JSON.stringify({ text: MORE })}\n\n`));
              await gate;
              controller.enqueue(encoder.encode(`event: error\n` + `data: ${JSON.stringify(STOPPED)}\n` + `\n`));
              controller.close();
            },
          });
          return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
        }
        return json(404, {});
      });
      const user = renderPage();
      await screen.findByTestId('stopped-draft');
      await user.click(screen.getByTestId('draft-continue'));
      // The draft stays on screen and the new words arrive after it, under the part's heading, with Stop.
      await waitFor(() => expect(screen.getByTestId('streaming-text').textContent).toContain('reached the pier'));
      expect(screen.getByTestId('streaming-text').textContent).toContain(DRAFT);
      expect(screen.getByTestId('streaming').textContent).toContain('Chapter 1');
      expect(calls.find((c) => c.url.endsWith('/generate'))!.body).toMatchObject({
        step: { kind: 'chapter', position: 1 },
        fromDraft: 'continue',
      });
      expect(calls.some((c) => c.url.endsWith('/stopped'))).toBe(false);
      await user.click(screen.getByTestId('stop-generation'));
      await screen.findByTestId('stopped-draft');
      expect(screen.getByTestId('stopped-draft-text').textContent).toBe(DRAFT + MORE);
      expect(screen.queryByTestId('preview-error')).toBeNull();
      expect(calls.filter((c) => c.url.endsWith('/stop'))).toHaveLength(1);
    },
  );

  it('a step the page follows (the writer came back during it) can be stopped too', async () => {
    const held = book();
    const running = {
      kind: 'chapter',
      position: 1,
      label: 'Chapter 1',
      started_at: '2026-11-23T10:00:00.000Z',
      text: DRAFT,
    };
    let isStopped = false;
    const calls = stub(async (url) => {
      if (url.endsWith('/drafts')) return json(200, { drafts: [] });
      if (url.endsWith('/progress/romance/stop')) {
        isStopped = true;
        return json(200, {
          book: book(true).view,
          stopped: book(true).view.stopped,
          credits_charged: 1,
          credits_available: 9,
        });
      }
      if (url === '/api/progress/romance')
        return json(200, isStopped ? book(true).saved : { ...held.saved, book: { ...held.view, running } });
      return json(404, {});
    });
    const user = renderPage();
    await waitFor(() => expect(screen.getByTestId('generate-label').textContent).toBe('Chapter 1 is being written…'));
    await user.click(screen.getByTestId('stop-generation'));
    await screen.findByTestId('stopped-draft');
    expect(screen.getByTestId('stopped-draft-text').textContent).toBe(DRAFT);
    expect(calls.filter((c) => c.url.endsWith('/stop'))).toHaveLength(1);
    // The draft's own actions are the next step, and the big button says so.
    await waitFor(() =>
      expect(screen.getByTestId('generate-label').textContent).toBe('Next: finish the draft of Chapter 1 above'),
    );
  });

  it(
    'a reload shows the draft again; in Malay the card is ' +
      'Malay, Rewrite… sends the note, Discard deletes the draft',
    async () => {
      const held = book(true);
      const calls = stub(async (url, init) => {
        if (url === '/api/progress/romance') return json(200, held.saved);
        if (url.endsWith('/drafts'))
          return json(200, { drafts: [{ position: 1, text: DRAFT, updated_at: '2026-11-23T10:00:00.000Z' }] });
        if (url.endsWith('/progress/romance/stopped'))
          return json(402, {
            error: { code: 'insufficient_credits', message: 'Kredit tidak mencukupi. Sila naik taraf pelan anda.' },
          });
        if (url.endsWith('/drafts/1') && init.method === 'DELETE') return json(200, { message: 'ok' });
        return json(404, {});
      });
      const user = renderPage({ ...USER, lang: 'ms' });
      // The note on the book found on entry names the stopped draft, in Malay.
      await screen.findByTestId('resume-note');
      // The English book's part named in the page's words: "Bab 1" inside a Malay sentence, never "Chapter 1".
      expect(screen.getByTestId('resume-stopped').textContent).toBe('Bab 1: draf yang dihentikan, 8 patah perkataan');
      const card = await screen.findByTestId('stopped-draft');
      expect(screen.getByTestId('draft-discard').textContent!.trim()).toBe('Buang (1 kredit untuknya sudah digunakan)');
      expect(card.textContent).toContain('Bab 1: draf yang dihentikan');
      expect(screen.getByTestId('stopped-draft-text').textContent).toBe(DRAFT);
      expect(screen.getByTestId('draft-continue').textContent).toBe('Sambung (1 kredit)');
      expect(screen.getByTestId('draft-keep').textContent).toBe('Simpan (percuma)');
      expect(screen.getByTestId('generate-label').textContent).toBe('Seterusnya: selesaikan draf Bab 1 di atas');
      // Generate does not write the part afresh over the draft: it points at the draft's own actions, and brings
      // the draft into view smoothly.
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      await user.click(screen.getByTestId('generate-button'));
      await screen.findByText(
        'Bab 1 mempunyai draf yang dihentikan: sambung, tulis semula, simpan atau buang draf itu dahulu.',
      );
      expect(scrolled.mock.contexts.map((el) => (el as Element).id)).toEqual(['part-stopped']);
      expect(scrolled).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
      expect(calls.some((c) => c.url.endsWith('/generate'))).toBe(false);
      expect(screen.getByTestId('stopped-draft')).toBeTruthy();

      await user.click(screen.getByTestId('draft-rewrite-open'));
      await typeIn(user, screen.getByTestId('draft-rewrite-note'), 'Lebih banyak dialog');
      await user.click(screen.getByTestId('draft-rewrite-go'));
      expect((await screen.findByRole('alert')).textContent).toContain('Kredit tidak mencukupi');
      expect(calls.find((c) => c.url.endsWith('/stopped'))!.body).toEqual({
        part: { kind: 'chapter', position: 1 },
        action: 'rewrite',
        note: 'Lebih banyak dialog',
      });

      await user.click(screen.getByTestId('draft-discard'));
      await waitFor(() => expect(screen.queryByTestId('stopped-draft')).toBeNull());
      expect(calls.some((c) => c.url.endsWith('/progress/romance/drafts/1') && c.method === 'DELETE')).toBe(true);
      expect(screen.getByTestId('generate-label').textContent).toBe('Jana Bab 1');
    },
  );

  it(
    "in Indonesian the English book's stopped part is " + 'named in Indonesian words in every sentence about it',
    async () => {
      const held = book(true);
      stub(async (url) => {
        if (url === '/api/progress/romance') return json(200, held.saved);
        if (url.endsWith('/drafts')) return json(200, { drafts: [] });
        return json(404, {});
      });
      // This reader's system asks for less motion: the draft is brought into view at once.
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query === '(prefers-reduced-motion: reduce)',
        addEventListener() {},
        removeEventListener() {},
      }));
      const scrolled = vi.fn();
      Element.prototype.scrollIntoView = scrolled;
      const user = renderPage({ ...USER, lang: 'id' });
      await screen.findByTestId('resume-note');
      expect(screen.getByTestId('resume-stopped').textContent).toBe('Bab 1: draf yang dihentikan, 8 kata');
      const card = await screen.findByTestId('stopped-draft');
      expect(card.textContent).toContain('Bab 1: draf yang dihentikan');
      expect(screen.getByTestId('generate-label').textContent).toBe('Berikutnya: selesaikan draf Bab 1 di atas');
      await user.click(screen.getByTestId('generate-button'));
      await screen.findByText(
        'Bab 1 memiliki draf yang dihentikan: lanjutkan, tulis ulang, simpan, atau buang draf itu terlebih dahulu.',
      );
      expect(scrolled).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
      expect(document.body.textContent).not.toContain('Chapter 1: draf');
      // The draft itself is the book's text, in English.
      expect(screen.getByTestId('stopped-draft-text').textContent).toBe(DRAFT);
    },
  );
});
