// @vitest-environment jsdom
// An imported book whose story bible lacks parts (the model failed twice on one, or the credits held for the
// bible ran out): beside each such part the studio says what the server says (why, and what reading them costs),
// not the note on a failed update that is tried again for free; "Update the story bible" asks the server, and
// its refusal (402: the credits cannot pay) is shown on the note. A finished book's note promises no next part
// to try its update again. Against a scripted server (fetch stubbed).
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { loadCatalog } from '../../engine/node/load.js';
import { bookView, restoreBook, type BookState, type BookView, type Catalog } from '../../engine/index.js';
import type { Profile } from '../../engine/contract/index.js';
import { useStudioDom } from './dom.js';
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
const LACKING =
  'The story bible lacks Chapter 2, Chapter 3: the model failed twice on Chapter 2, ' +
  'and nothing was charged for it. Update the story bible to try again (2 credits).';
const SHORT = 'Insufficient credits. Please upgrade your plan.';

beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
});
useStudioDom();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const words = (n: number) => 'Aisha walked along the harbour wall while the boats came in. '.repeat(n).trim();

/** A romance of three imported chapters out of five whose bible read chapter 1 only, as the server answers it. */
function imported() {
  const spec = catalog.get('romance')!;
  const base: BookState = restoreBook(spec, {
    generatorId: 'romance',
    lang: 'en',
    currentChapter: 3,
    totalChapters: 5,
    content: ['', words(40), words(40), words(40)],
    settings: { language: 'en', numberOfChapters: 5 },
    memory: '## Characters\n- Aisha | lead',
    memoryUpTo: 1,
    provenance: { 0: { origin: 'author' }, 1: { origin: 'author' }, 2: { origin: 'author' }, 3: { origin: 'author' } },
  })!;
  const view = bookView(spec, base);
  const lacking: BookView = {
    ...view,
    parts: view.parts.map((p) => (p.position === 2 || p.position === 3 ? { ...p, bible_updated: false as const } : p)),
    bible_lacking: {
      reason: 'failed',
      parts: [
        { kind: 'chapter', position: 2, label: 'Chapter 2' },
        { kind: 'chapter', position: 3, label: 'Chapter 3' },
      ],
      credits: 2,
      message: LACKING,
    },
  };
  const saved = {
    book_type: 'romance',
    generator_id: 'romance',
    lang: 'en',
    current_chapter: 3,
    total_chapters: 5,
    content: base.content,
    settings: base.settings,
    outline: null,
    updated_at: '2026-11-23T10:00:00.000Z',
    book: lacking,
  };
  return { saved, read: bookView(spec, { ...base, memoryUpTo: 3 }) };
}

describe('an imported book whose story bible lacks parts', () => {
  it('names why beside each part; Update asks the server, shows its 402, then takes the parts in', async () => {
    const book = imported();
    let updates = 0;
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      calls.push(`${init.method ?? 'GET'} ${url}`);
      if (url === '/api/progress/romance') return json(200, book.saved);
      if (url.endsWith('/drafts')) return json(200, { drafts: [] });
      if (url.endsWith('/progress/romance/bible/update')) {
        updates++;
        if (updates === 1) return json(402, { error: { code: 'insufficient_credits', message: SHORT } });
        return json(200, { book: book.read, parts_read: 2, changes: { added: [], removed: [] }, credits_available: 8 });
      }
      return json(404, {});
    });
    const user = renderWorkspace({ catalog, id: 'romance', user: USER });
    await screen.findByTestId('resume-note');
    const notes = await screen.findAllByTestId('not-in-bible');
    expect(notes).toHaveLength(2);
    for (const note of notes) expect(note.textContent).toContain(LACKING);
    await user.click(screen.getAllByTestId('update-bible')[0]!);
    await screen.findByText(SHORT);
    expect(screen.getAllByTestId('not-in-bible')).toHaveLength(2);
    await user.click(screen.getAllByTestId('update-bible')[0]!);
    await waitFor(() => expect(screen.queryByTestId('not-in-bible')).toBeNull());
    expect(calls.filter((c) => c.endsWith('/bible/update'))).toEqual([
      'POST /api/progress/romance/bible/update',
      'POST /api/progress/romance/bible/update',
    ]);
  });
});

describe('a finished book whose story bible missed a part', () => {
  it('promises no next part to try again: it says the book is finished and offers the update', async () => {
    const spec = catalog.get('romance')!;
    const state: BookState = restoreBook(spec, {
      generatorId: 'romance',
      lang: 'en',
      currentChapter: 5,
      totalChapters: 3,
      content: [words(40), words(40), words(40), words(40), words(40)],
      settings: { language: 'en', numberOfChapters: 3 },
      outline: 'Title: Harbour',
      memory: '## Characters\n- Aisha | lead',
      memoryUpTo: 2,
    })!;
    const view = bookView(spec, state);
    expect(view.is_finished).toBe(true);
    const saved = {
      book_type: 'romance',
      generator_id: 'romance',
      lang: 'en',
      current_chapter: 5,
      total_chapters: 3,
      content: state.content,
      settings: state.settings,
      outline: state.outline,
      updated_at: '2026-11-23T10:00:00.000Z',
      book: view,
    };
    vi.stubGlobal('fetch', async (url: string) => {
      if (url === '/api/progress/romance') return json(200, saved);
      if (url.endsWith('/drafts')) return json(200, { drafts: [] });
      return json(404, {});
    });
    // Coming back to the book shows it at once (no dialog to get past).
    renderWorkspace({ catalog, id: 'romance', user: USER });
    const note = await screen.findByTestId('not-in-bible');
    expect(note.textContent).toContain('The book is finished, so nothing tries it again by itself');
    expect(note.textContent).not.toContain('tried again before the next part');
    expect(screen.getByTestId('update-bible').textContent).toBe('Update the story bible');
  });
});
