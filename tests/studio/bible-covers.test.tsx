// @vitest-environment jsdom
// The Story Bible panel says which parts the bible covers, from the book view the server sends (bookView of
// the saved book): "Covers: Introduction, Chapters 1–7" for a 7-chapter book whose bible holds the
// introduction and chapters 1–2 in an earlier arc and chapters 3–7 as lines; in a Malay studio for a Malay
// book, "Meliputi: Pengenalan, Bab 1–7"; a bible that lost a chapter shows the gap.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { loadCatalog } from '../../engine/node/load.js';
import { bookView, restoreBook, type Catalog } from '../../engine/index.js';
import type { Profile } from '../../engine/contract/index.js';
import { renderWorkspace } from './workspace.js';
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

const WORDS = {
  en: {
    chapter: 'Chapter',
    arcs: 'Earlier arcs',
    lines: 'Chapters so far',
    arc: 'Introduction – Chapter 2',
    intro: 'Introduction',
  },
  ms: {
    chapter: 'Bab',
    arcs: 'Arka terdahulu',
    lines: 'Bab setakat ini',
    arc: 'Pengenalan – Bab 2',
    intro: 'Pengenalan',
  },
} as const;

/**
 * A romance written up to chapter 7 of 7, its bible holding the parts `lines` names as lines (and the first three in an
 * arc).
 */
function savedBook(lang: 'en' | 'ms', lines: readonly number[]) {
  const w = WORDS[lang];
  const spec = catalog.get('romance')!;
  const memory = [
    `## ${w.arcs}`,
    `- ${w.arc}: Aisha fights to save the shop.`,
    `## ${w.lines}`,
    ...lines.map((k) => `- ${w.chapter} ${k}: What happened in ${k}.`),
  ].join('\n');
  const content = ['The introduction.', ...Array.from({ length: 7 }, (_, k) => `Chapter ${k + 1} as written.`)];
  const state = restoreBook(spec, {
    generatorId: 'romance',
    lang,
    currentChapter: 8,
    totalChapters: 7,
    content,
    settings: { language: lang, numberOfChapters: 7 },
    outline: 'Title: Rain\nPremise: Aisha looks for her father.',
    memory,
    memoryUpTo: 7,
  })!;
  return {
    book_type: spec.bookType,
    generator_id: 'romance',
    lang,
    current_chapter: 8,
    total_chapters: 7,
    content,
    settings: state.settings,
    outline: state.outline ?? null,
    updated_at: '2025-01-01T00:00:00.000Z',
    book: bookView(spec, state),
  };
}

async function openSaved(lang: 'en' | 'ms', lines: readonly number[]) {
  const saved = savedBook(lang, lines);
  vi.stubGlobal(
    'fetch',
    async (url: string) =>
      new Response(JSON.stringify(url.startsWith('/api/progress/') ? saved : {}), {
        status: url.startsWith('/api/progress/') ? 200 : 404,
        headers: { 'content-type': 'application/json' },
      }),
  );
  renderWorkspace({ catalog, id: 'romance', user: { ...USER, lang } });
  await screen.findByTestId('resume-note');
  return screen.getByTestId('story-bible');
}

describe('the Story Bible panel says which parts it covers', () => {
  it('English: "Covers: Introduction, Chapters 1–7"', async () => {
    const panel = await openSaved('en', [3, 4, 5, 6, 7]);
    const covers = panel.querySelector('[data-testid="bible-covers"]')!;
    expect(covers.textContent).toBe('Covers: Introduction, Chapters 1–7');
    expect(covers.querySelector('span')!.getAttribute('lang')).toBe('en');
  });

  it('Malay: "Meliputi: Pengenalan, Bab 1–7"', async () => {
    const panel = await openSaved('ms', [3, 4, 5, 6, 7]);
    expect(panel.querySelector('[data-testid="bible-covers"]')!.textContent).toBe('Meliputi: Pengenalan, Bab 1–7');
  });

  it('a chapter the bible has nothing of is left out of the line', async () => {
    const panel = await openSaved('en', [3, 5, 6, 7]);
    expect(panel.querySelector('[data-testid="bible-covers"]')!.textContent).toBe(
      'Covers: Introduction, Chapters 1–3, Chapters 5–7',
    );
  });
});
