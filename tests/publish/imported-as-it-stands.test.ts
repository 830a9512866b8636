// An imported novel that ends with its own last chapter (a 28-chapter Gutenberg novel, no epilogue) is published as
// it stands: `karya publish --book N` asks the model for no part of the book, its parts stay byte for byte, and the
// package is ready, readiness saying no part was written by a model. `--conclusion` writes its conclusion (one part)
// and readiness names it. An untitled manuscript (no title, no outline, no introduction) is published with a title
// chosen from its chapters; `--title` gives it without the step. Readiness says what the model wrote in Malay and
// Indonesian too.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { describeRequest, underWriter } from '../scripted-models.js';
import { savedBook } from '../translate/book.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';
import { longNovelText } from './long-novel.js';

interface Check {
  id: string;
  status: string;
  detail?: string;
}
type ReadinessFile = { ready: boolean; channels: Record<string, { ready: boolean; checks: Check[] }> };

const BOOK_PARTS = ['outline', 'introduction', 'chapter', 'conclusion', 'prose'];

describe('publishing an imported novel that ends with its own last chapter', () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, ...WITHOUT_EPUBCHECK });
  const karya = (args: string[]) => runKaryaInProcess(args, { cwd, env: env() });
  /** The book parts the model was asked for since request `from` (a part's continuation or extension included). */
  const partsAsked = (from: number) =>
    fake
      .generationRequests()
      .slice(from)
      .map((r) => describeRequest(r.body as Record<string, unknown>))
      .filter((r) => BOOK_PARTS.includes(r.kind));
  const readiness = (dir: string) =>
    JSON.parse(readFileSync(path.join(cwd, dir, 'readiness.json'), 'utf8')) as ReadinessFile;
  const check = (r: ReadinessFile, id: string) => r.channels.kdp_ebook!.checks.find((c) => c.id === id);
  const importNovel = async (file: string, state: string, lang?: string) => {
    const r = await karya([
      'import',
      file,
      '--generator',
      'romance',
      '--voice',
      'none',
      '--json',
      '--state',
      state,
      ...(lang ? ['--lang', lang] : []),
    ]);
    expect(r.code, r.stderr).toBe(0);
    return (
      JSON.parse(r.stdout) as { book: { id: number; title: string; chapters: { imported: number; total: number } } }
    ).book;
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions());
    cwd = tempDir('karya-as-it-stands-');
    writeFileSync(path.join(cwd, 'ravenel.txt'), longNovelText({ chapters: 28, title: 'The Ravenel Orchard' }));
    writeFileSync(path.join(cwd, 'untitled.txt'), longNovelText({ chapters: 28 }));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it(
    'asks for no part, keeps every part byte for byte, ' + 'and readiness says no part was written by a model',
    async () => {
      const state = path.join(cwd, 'ravenel.sqlite');
      const book = await importNovel('ravenel.txt', state);
      expect(book.chapters.imported).toBe(28);
      const before = (await savedBook(state, book.id))!;
      const from = fake.generationRequests().length;
      const r = await karya([
        'publish',
        'romance',
        '--book',
        String(book.id),
        '--author',
        'Anonymous',
        '--cover',
        'typographic',
        '--out',
        'pkg',
        '--state',
        state,
      ]);
      expect([0, 1], r.stderr).toContain(r.code);
      expect(partsAsked(from)).toEqual([]);
      expect(r.stderr).toContain(
        'the book ends with your own last part: packaged as it stands, no ' +
          'part written by the model (--conclusion writes its conclusion first',
      );
      expect(r.stderr).not.toMatch(/Conclusion/);
      const after = (await savedBook(state, book.id))!;
      expect(after.state.content).toEqual(before.state.content);
      expect(after.state.content.length).toBe(29);
      const report = readiness('pkg');
      expect(check(report, 'book-complete')).toMatchObject({
        status: 'pass',
        detail: 'ends with its own last part, as the writer brought it',
      });
      expect(check(report, 'model-parts')).toMatchObject({
        status: 'pass',
        detail: "no part was written by a model: the book is the writer's own text as it was brought",
      });
      // The package's manuscript ends with the writer's Chapter 28, no conclusion after it.
      const metadata = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'metadata.json'), 'utf8')) as { title: string };
      expect(metadata.title).toBe('The Ravenel Orchard');
    },
    300_000,
  );

  it("--conclusion writes the conclusion, one part, and readiness names it as the model's", async () => {
    const state = path.join(cwd, 'ending.sqlite');
    const book = await importNovel('ravenel.txt', state);
    const before = (await savedBook(state, book.id))!;
    const from = fake.generationRequests().length;
    const r = await karya([
      'publish',
      'romance',
      '--book',
      String(book.id),
      '--conclusion',
      '--author',
      'Anonymous',
      '--cover',
      'typographic',
      '--out',
      'ended',
      '--state',
      state,
    ]);
    expect([0, 1], r.stderr).toContain(r.code);
    expect(
      partsAsked(from)
        .filter((p) => !p.follow)
        .map((p) => p.kind),
    ).toEqual(['conclusion']);
    const after = (await savedBook(state, book.id))!;
    expect(after.state.content.slice(0, 29)).toEqual(before.state.content);
    expect(after.state.content).toHaveLength(30);
    const report = readiness('ended');
    expect(check(report, 'book-complete')).toMatchObject({ status: 'pass', detail: 'introduction to conclusion' });
    expect(check(report, 'model-parts')).toMatchObject({
      status: 'pass',
      detail: "written by the model: Conclusion; every other part is the writer's own",
    });
  }, 300_000);

  it(
    'an untitled manuscript is published with a title chosen ' + 'from its chapters; --title gives it without the step',
    async () => {
      const state = path.join(cwd, 'untitled.sqlite');
      const book = await importNovel('untitled.txt', state);
      const from = fake.generationRequests().length;
      const r = await karya([
        'publish',
        'romance',
        '--book',
        String(book.id),
        '--author',
        'Anonymous',
        '--cover',
        'typographic',
        '--out',
        'untitled',
        '--json',
        '--state',
        state,
      ]);
      expect([0, 1], r.stderr).toContain(r.code);
      expect(r.stderr).not.toMatch(/settings\.|is required/);
      const made = JSON.parse(r.stdout) as { title: string; steps: Array<{ part: string; skipped?: string }> };
      expect(made.title.trim()).not.toBe('');
      expect(made.steps.find((s) => s.part === 'title')!.skipped).toBeUndefined();
      // The title step read the novel's first chapter.
      const asked = fake
        .generationRequests()
        .slice(from)
        .map((q) => JSON.stringify(q.body));
      expect(asked.some((q) => q.includes('counted 3011 '))).toBe(true);
      expect(partsAsked(from)).toEqual([]);

      const given = await karya([
        'publish',
        'romance',
        '--book',
        String(book.id),
        '--title',
        'A Walk by the River',
        '--author',
        'Anonymous',
        '--cover',
        'typographic',
        '--out',
        'given',
        '--json',
        '--state',
        state,
      ]);
      expect([0, 1], given.stderr).toContain(given.code);
      const named = JSON.parse(given.stdout) as { title: string; steps: Array<{ part: string; skipped?: string }> };
      expect(named.title).toBe('A Walk by the River');
      expect(named.steps.find((s) => s.part === 'title')!.skipped).toBe('given');
    },
    300_000,
  );

  it('readiness says what the model wrote in Malay and in Indonesian', async () => {
    for (const [lang, none, some] of [
      [
        'ms',
        'tiada bahagian ditulis oleh model: buku ini teks penulis sendiri seperti yang dibawa',
        'ditulis oleh model: Kesimpulan; setiap bahagian lain ialah tulisan penulis sendiri',
      ],
      [
        'id',
        'tidak ada bagian yang ditulis oleh model: buku ini teks penulis sendiri seperti yang dibawa',
        'ditulis oleh model: Kesimpulan; semua bagian lain adalah tulisan penulis sendiri',
      ],
    ] as const) {
      const state = path.join(cwd, `${lang}.sqlite`);
      const book = await importNovel('untitled.txt', state, lang);
      const asIs = await karya([
        'publish',
        'romance',
        '--book',
        String(book.id),
        '--title',
        'Sungai',
        '--author',
        'Anonim',
        '--cover',
        'typographic',
        '--out',
        `${lang}-as-is`,
        '--state',
        state,
      ]);
      expect([0, 1], asIs.stderr).toContain(asIs.code);
      expect(check(readiness(`${lang}-as-is`), 'model-parts')!.detail).toBe(none);
      const ended = await karya([
        'publish',
        'romance',
        '--book',
        String(book.id),
        '--conclusion',
        '--title',
        'Sungai',
        '--author',
        'Anonim',
        '--cover',
        'typographic',
        '--out',
        `${lang}-ended`,
        '--state',
        state,
      ]);
      expect([0, 1], ended.stderr).toContain(ended.code);
      expect(check(readiness(`${lang}-ended`), 'model-parts')!.detail).toBe(some);
    }
  }, 600_000);
});
