// @vitest-environment jsdom
// The import preview's "Public domain text, first published [year]": ticked with the year when the server read a
// Gutenberg licence and the year, the original author named; the writer's year goes with the import
// (POST /api/books/import?public_domain=true&first_published=1909); a writer's own text is not ticked. Against a
// stubbed server.
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { GeneratorSummary, ImportPreview } from '../../engine/contract/index.js';
import { ImportManuscript } from '../../studio/src/components/ImportManuscript.js';
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
const chapters = [1, 2, 3].map((n) => ({
  kind: 'chapter' as const,
  number: n,
  title: `Part ${n}`,
  words: 1200,
  firstLine: 'The rain came early.',
}));

function stubServer(source: ImportPreview['source']): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.startsWith('/api/generators/')) return new Response('{}', { status: 404 });
    if (url.startsWith('/api/generators')) return json({ generators: [ROMANCE] });
    if (url.startsWith('/api/books/import/preview'))
      return json({
        file: 'anne.txt',
        format: 'text',
        encoding: 'utf-8',
        title: 'Anne of Avonlea',
        author: null,
        language: null,
        reading: 'roman-alone',
        words: 3600,
        frontMatterWords: 0,
        chapters,
        ...(source ? { source } : {}),
      });
    if (url.startsWith('/api/books/import'))
      return json({
        book: {
          id: 7,
          book_type: 'romance',
          generator: 'romance',
          title: 'Anne of Avonlea',
          lang: 'en',
          words: 3600,
          chapters: { imported: 3, total: 6 },
          finished: false,
        },
        cost: { credits: 3, parts: 3 },
        credits_available: 10,
      });
    return new Response('{}', { status: 404 });
  });
  return asked;
}

async function previewIt() {
  renderPage(<ImportManuscript />, { path: '/books' });
  const user = userEvent.setup();
  await screen.findByRole('option', { name: 'Romance novel' });
  await user.upload(screen.getByTestId('import-file'), new File(['x'], 'anne.txt'));
  await user.click(screen.getByTestId('import-find'));
  await screen.findByTestId('source-fields');
  return user;
}

describe("the import preview's public-domain field", () => {
  it('a Gutenberg text: ticked, the author named; the year the writer types goes with the import', async () => {
    const asked = stubServer({ publicDomain: true, from: 'gutenberg', originalAuthor: 'Lucy Maud Montgomery' });
    const user = await previewIt();
    expect((screen.getByLabelText('Public domain text, first published') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('source-fields').textContent).toContain(
      "Read from the text's Project Gutenberg licence. Original author: Lucy Maud Montgomery.",
    );
    await user.type(screen.getByLabelText('Year first published'), '1909');
    await user.click(screen.getByTestId('import-confirm'));
    await vi.waitFor(() => expect(asked.some((u) => u.startsWith('/api/books/import?'))).toBe(true));
    const sent = new URL(
      asked.find((u) => u.startsWith('/api/books/import?'))!,
      'http://x',
    ).searchParams;
    expect(sent.get('public_domain')).toBe('true');
    expect(sent.get('first_published')).toBe('1909');
  });

  it("a writer's own text: not ticked, and the import says so", async () => {
    const asked = stubServer({ publicDomain: false, from: 'none' });
    const user = await previewIt();
    expect((screen.getByLabelText('Public domain text, first published') as HTMLInputElement).checked).toBe(false);
    expect((screen.getByLabelText('Year first published') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByTestId('import-confirm'));
    await vi.waitFor(() => expect(asked.some((u) => u.startsWith('/api/books/import?'))).toBe(true));
    const sent = new URL(
      asked.find((u) => u.startsWith('/api/books/import?'))!,
      'http://x',
    ).searchParams;
    expect(sent.get('public_domain')).toBe('false');
    expect(sent.has('first_published')).toBe(false);
  });
});
