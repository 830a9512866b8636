// `karya import` says what the source text is (read before its Gutenberg header is stripped) and keeps it with the
// book; `karya source --book ID` shows it and sets it as the writer says (the Gutenberg file of Anne of Avonlea does
// not name its year: the writer gives 1909), and the book's export then says it on its copyright page.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const NOVEL = path.join(import.meta.dirname, '../fixtures/gutenberg/anne-of-avonlea-xvi-xxi.txt');

describe('karya import and karya source: the source text of a book', () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', path.join(cwd, 'state.sqlite')], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL },
    });

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions());
    cwd = tempDir('karya-source-');
    writeFileSync(path.join(cwd, 'anne.txt'), readFileSync(NOVEL));
    writeFileSync(
      path.join(cwd, 'mine.txt'),
      [
        'THE LIGHTHOUSE KEEPER',
        '',
        'Chapter 1',
        '',
        '"This map is in the public domain," the keeper said, and he laughed at the thought of anyone wanting it.',
        '',
        'The keeper climbed the stairs every evening and counted the ships ' +
          'in the strait, one by one, as his father had done before him.',
        '',
        'Chapter 2',
        '',
        "Morning came grey over the water, and the keeper wrote the night's " +
          'ships in the book that nobody read, in the small hand of a boy.',
      ].join('\n'),
    );
  });
  afterAll(() => fake.close());

  it("the dry run of a Gutenberg novel says public domain, by its author; a writer's own says not", async () => {
    const anne = await karya(['import', 'anne.txt', '--dry-run', '--json']);
    expect(anne.code, anne.stderr).toBe(0);
    expect(JSON.parse(anne.stdout).source).toEqual({
      publicDomain: true,
      from: 'gutenberg',
      originalAuthor: 'Lucy Maud Montgomery',
    });
    const text = await karya(['import', 'anne.txt', '--dry-run']);
    expect(text.stdout).toContain(
      'source: the text is in the public domain, by Lucy Maud ' +
        "Montgomery (read from Project Gutenberg's licence and header)",
    );
    const mine = await karya(['import', 'mine.txt', '--dry-run', '--json']);
    expect(JSON.parse(mine.stdout).source).toEqual({ publicDomain: false, from: 'none' });
  });

  it(
    'the import keeps it; karya source sets the year the file ' +
      "does not name, and the export's copyright page says it",
    async () => {
      const r = await karya(['import', 'anne.txt', '--generator', 'romance', '--json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('source: the text is in the public domain');
      const { book } = JSON.parse(r.stdout) as { book: { id: number; source: unknown } };
      expect(book.source).toEqual({ publicDomain: true, from: 'gutenberg', originalAuthor: 'Lucy Maud Montgomery' });
      const set = await karya(['source', '--book', String(book.id), '--first-published', '1909', '--json']);
      expect(set.code, set.stderr).toBe(0);
      expect(JSON.parse(set.stdout).source).toEqual({
        publicDomain: true,
        from: 'gutenberg',
        firstPublished: 1909,
        originalAuthor: 'Lucy Maud Montgomery',
        confirmed: true,
      });
      const shown = await karya(['source', '--book', String(book.id)]);
      expect(shown.stdout).toContain('the text is in the public domain, first published 1909, by Lucy Maud Montgomery');
      const epub = await karya([
        'export',
        'romance',
        '--book',
        String(book.id),
        '--out',
        'anne.epub',
        '--author',
        'Lucy Maud Montgomery',
      ]);
      expect(epub.code, epub.stderr).toBe(0);
      const files = readZip(readFileSync(path.join(cwd, 'anne.epub')));
      const page = zipText(files, files.find((f) => f.name.endsWith('copyright.xhtml'))!.name);
      expect(page).toContain('The original is by Lucy Maud Montgomery, first published in 1909.');
      expect(page).not.toContain('©');
      // The writer says it is not public domain after all: the copyright page claims it as any book's.
      const not = await karya(['source', '--book', String(book.id), '--no-public-domain', '--json']);
      expect(JSON.parse(not.stdout).source).toMatchObject({ publicDomain: false, from: 'writer', confirmed: true });
      await karya([
        'export',
        'romance',
        '--book',
        String(book.id),
        '--out',
        'anne2.epub',
        '--author',
        'Lucy Maud Montgomery',
      ]);
      const files2 = readZip(readFileSync(path.join(cwd, 'anne2.epub')));
      expect(zipText(files2, files2.find((f) => f.name.endsWith('copyright.xhtml'))!.name)).toMatch(
        /© \d{4} Lucy Maud Montgomery/,
      );
    },
    120_000,
  );
});
