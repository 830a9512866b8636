// @vitest-environment jsdom
// The import form's "Chapters in the finished book": after the server found the manuscript's chapters it
// offers a few chapters still to write (imported + 3), within the generator's most, so the book is not over
// once the conclusion is written; a manuscript with its epilogue is whole (as imported); the writer may set
// any count the generator allows. Against a stubbed server.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { GeneratorSummary, ImportPreview } from '../../engine/contract/index.js';
import { ImportManuscript } from '../../studio/src/components/ImportManuscript.js';
import { defaultTotal } from '../../studio/src/components/ImportConfirm.js';
import { useStudioDom } from './dom.js';
import { renderPage } from './page.js';

useStudioDom();

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
const chapter = (n: number) => ({
  kind: 'chapter' as const,
  number: n,
  title: `Part ${n}`,
  words: 1200,
  firstLine: 'The rain came early.',
});

function preview(chapters: ImportPreview['chapters'], chaptersMost?: number): ImportPreview {
  return {
    file: 'novel.docx',
    format: 'docx',
    encoding: null,
    title: 'Rain',
    author: null,
    language: 'en',
    reading: 'chapter-word',
    words: 4800,
    frontMatterWords: 0,
    chapters,
    cost: { credits: chapters.length, parts: chapters.length },
    ...(chaptersMost ? { chaptersMost } : {}),
  };
}

describe("the import form's chapters in the finished book", () => {
  it("four chapters imported: it offers 7 (three still to write), within the generator's most", async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      const json = (body: unknown) =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
      // The generator's form model is not what this test is about: without it the form shows no settings to edit.
      if (url.startsWith('/api/generators/')) return new Response('{}', { status: 404 });
      if (url.startsWith('/api/generators')) return json({ generators: [ROMANCE] });
      if (url.startsWith('/api/books/import/preview')) return json(preview([1, 2, 3, 4].map(chapter), 20));
      return new Response('{}', { status: 404 });
    });
    renderPage(<ImportManuscript />, { path: '/books' });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Romance novel' });
    await user.upload(screen.getByTestId('import-file'), new File(['x'], 'novel.docx'));
    await user.click(screen.getByTestId('import-find'));
    const total = (await screen.findByTestId('import-total')) as HTMLInputElement;
    expect(total.value).toBe('7');
    expect(Number(total.value)).toBeGreaterThan(4);
    expect(total.min).toBe('4');
  });

  it(
    "near the generator's most it offers the most; past it, " +
      'three more; with an epilogue the book is whole, as imported',
    () => {
      expect(defaultTotal(preview([1, 2, 3, 4].map(chapter)))).toBe(7);
      expect(
        defaultTotal(
          preview(
            Array.from({ length: 19 }, (_, i) => chapter(i + 1)),
            20,
          ),
        ),
      ).toBe(20);
      // A manuscript already past the generator's menu (28 chapters, romance's menu ends at 20): three more still.
      expect(
        defaultTotal(
          preview(
            Array.from({ length: 28 }, (_, i) => chapter(i + 1)),
            20,
          ),
        ),
      ).toBe(31);
      expect(
        defaultTotal(
          preview(
            [
              ...[1, 2, 3].map(chapter),
              { kind: 'conclusion', number: null, title: 'Epilogue', words: 300, firstLine: 'Years later.' },
            ],
            20,
          ),
        ),
      ).toBe(3);
    },
  );
});
