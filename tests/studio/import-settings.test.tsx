// @vitest-environment jsdom
// The studio's import shows what it read from the manuscript before anything is charged: the title, the
// preface kept before Chapter 1, what was left out, and each setting read with where it came from; the writer
// changes a setting and the title, and the import sends exactly those (the server saves the book with them).
// Against a stubbed server, with romance's real form model (as GET /api/generators/romance sends it).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { GeneratorSummary, ImportPreview } from '../../engine/contract/index.js';
import type { Catalog } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { ImportManuscript } from '../../studio/src/components/ImportManuscript.js';
import { typeIn, useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

let catalog: Catalog;
beforeAll(() => {
  catalog = loadCatalog({ useDiskCache: true });
});
afterEach(() => vi.unstubAllGlobals());

const ROMANCE: GeneratorSummary = {
  id: 'romance',
  route: '/romance',
  family: 'fiction',
  kind: 'book',
  bookType: 'romance',
  cost: 1,
  title: { en: 'Romance', ms: 'Romantik' },
  tagline: { en: 'Love stories', ms: 'Kisah cinta' },
  typeLabel: { en: 'Romance novel', ms: 'Novel romantik' },
};

const PREVIEW: ImportPreview = {
  file: 'katrine.txt',
  format: 'text',
  encoding: 'utf-8',
  title: 'Katrine',
  author: null,
  language: null,
  reading: 'chapter-word',
  words: 1800,
  frontMatterWords: 64,
  frontMatter: [
    { kind: 'preface', title: 'PREFACE', words: 362, firstLine: 'This story was written in the long summer.' },
  ],
  leftOut: ['titlePage', 'contents', 'licence'],
  chapters: [1, 2, 3, 4].map((n) => ({
    kind: 'chapter' as const,
    number: n,
    title: `Part ${n}`,
    words: 360,
    firstLine: 'Katrine thought of the river.',
  })),
  cost: { credits: 4, parts: 4 },
  chaptersMost: 20,
  settings: {
    romanceType: { value: 'historical', from: 'manuscript' },
    heatLevel: { value: 'sweet', from: 'default' },
    premise: { value: 'Period: America, 1909.', from: 'manuscript' },
  },
};

describe('the import shows the settings read before anything is charged, editable, and sends them', () => {
  it(
    'the title, the preface, what was left out and each ' + 'setting with its source; the changes go with the import',
    async () => {
      const imports: string[] = [];
      vi.stubGlobal('fetch', async (url: string) => {
        const json = (body: unknown) =>
          new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
        if (url.startsWith('/api/generators/romance')) return json(JSON.parse(JSON.stringify(catalog.form('romance'))));
        if (url.startsWith('/api/generators')) return json({ generators: [ROMANCE] });
        if (url.startsWith('/api/books/import/preview')) return json(PREVIEW);
        if (url.startsWith('/api/books/import')) {
          imports.push(url);
          return json({
            book: {
              id: 7,
              book_type: 'romance',
              generator: 'romance',
              title: 'Katrine of the Valley',
              lang: 'en',
              words: 1800,
              chapters: { imported: 4, total: 7 },
              finished: false,
            },
            cost: { credits: 4, parts: 4 },
            credits_available: 6,
          });
        }
        return new Response('{}', { status: 404 });
      });
      renderPage(<ImportManuscript />, { path: '/books' });
      const user = userEvent.setup();
      await screen.findByRole('option', { name: 'Romance novel' });
      await user.upload(screen.getByTestId('import-file'), new File(['x'], 'katrine.txt'));
      await user.click(screen.getByTestId('import-find'));

      const title = (await screen.findByTestId('import-book-title')) as HTMLInputElement;
      expect(title.value).toBe('Katrine');
      expect(screen.getByTestId('import-front-matter').textContent).toBe('Kept before Chapter 1: PREFACE (362 words)');
      expect(screen.getByTestId('import-left-out').textContent).toBe(
        "Left out: title page, contents, Project Gutenberg's licence (64 words)",
      );
      const type = screen.getByRole('combobox', { name: 'Romance Type' }) as HTMLSelectElement;
      expect(type.value).toBe('historical');
      const settings = screen.getByTestId('import-settings');
      expect(settings.textContent).toContain('Romance Typeread from your manuscript');
      expect(settings.textContent).toContain("Heat Levelthe generator's default");
      // Shown before the cost, and nothing imported yet.
      expect(imports).toEqual([]);
      expect(screen.getByTestId('import-cost').textContent).toContain('4 credits');

      await user.selectOptions(type, 'small-town');
      expect(settings.textContent).toContain('Romance Typeyour choice');
      await user.clear(title);
      await typeIn(user, title, 'Katrine of the Valley');
      await user.click(screen.getByTestId('import-confirm'));
      expect(imports).toHaveLength(1);
      const sent = JSON.parse(new URL(imports[0]!, 'http://studio.test').searchParams.get('settings')!) as Record<
        string,
        string
      >;
      expect(sent).toMatchObject({
        romanceType: 'small-town',
        heatLevel: 'sweet',
        workingTitle: 'Katrine of the Valley',
        premise: 'Period: America, 1909.',
      });
    },
  );
});
