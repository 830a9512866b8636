// `karya import FILE --generator ID` as a writer runs it: the manuscript is saved as a book (every part the
// writer's own), its story bible is built from its chapters with the model, one call a part, saved after
// each; a run stopped part-way goes on from where it stopped without asking again for the parts done; and
// `karya generate ID --book BOOKID` writes the next chapter with that bible and the last imported chapter's
// closing text, then export and rewrite work on the book like any other.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { langs } from '../../engine/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { isBibleRequest, underWriter, userOf } from '../scripted-models.js';
import { CHAPTER_TITLES, gutenbergNovel, malayManuscript } from './manuscript.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

interface Imported {
  book: {
    id: number;
    generator: string;
    title: string;
    lang: string;
    words: number;
    chapters: { imported: number; total: number };
    finished: boolean;
  };
}

describe('karya import --generator: a manuscript becomes a book to continue', () => {
  let cwd: string;
  let fake: FakeOpenAI;
  let novel: string;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  const karya = (args: string[], extra: Record<string, string> = {}) =>
    runKaryaInProcess(args, { cwd, env: { ...env(), ...extra } });
  const bibleCalls = () => fake.generationRequests().filter((r) => isBibleRequest(userOf(r.body ?? {}))).length;

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions());
    cwd = tempDir('karya-import-save-');
    novel = path.join(cwd, 'novel.txt');
    writeFileSync(novel, gutenbergNovel().text);
  });
  afterAll(() => fake.close());

  it(
    'saves the 28 chapters with their titles, builds ' + 'the bible one call a chapter, and says how to go on',
    async () => {
      const before = fake.generationRequests().length;
      const r = await karya(['import', 'novel.txt', '--generator', 'romance', '--chapters', '30', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const { book } = JSON.parse(r.stdout) as Imported;
      expect(book).toMatchObject({
        generator: 'romance',
        lang: 'en',
        chapters: { imported: 28, total: 30 },
        finished: false,
      });
      // The book's settings read from it (one call, first), then one bible update a chapter (the empty
      // introduction of a book without a prologue needs none), nothing else.
      const asked = fake.generationRequests().slice(before);
      expect(asked).toHaveLength(29);
      expect(userOf(asked[0]!.body ?? {})).toContain('Settings to choose');
      expect(asked.slice(1).every((q) => isBibleRequest(userOf(q.body ?? {})))).toBe(true);
      expect(r.stderr).toMatch(/saved novel\.txt as book \d+: 28 chapters/);
      expect(r.stderr).toContain('reading Chapter 28 into the story bible (28 of 28)');

      const listed = await karya(['books', '--json']);
      const row = (
        JSON.parse(listed.stdout) as {
          books: Array<{ id: number; chapters: { written: number; total: number }; finished: boolean }>;
        }
      ).books.find((b) => b.id === book.id)!;
      expect(row.chapters).toEqual({ written: 28, total: 30 });
      // The export has the chapters with their own titles, and no empty introduction page.
      const md = await karya(['export', 'romance', '--book', String(book.id), '--out', 'imported.md']);
      expect(md.code, md.stderr).toBe(0);
      const text = readFileSync(path.join(cwd, 'imported.md'), 'utf8');
      expect(text).not.toMatch(/^## Introduction/m);
      expect(text).toContain(`## Chapter 1: ${CHAPTER_TITLES[0]}`);
      expect(text).toContain(`## Chapter 28: ${CHAPTER_TITLES[27]}`);
      expect(text).toContain('"I know she\'d be here," he said.');

      // A Project Gutenberg text is not the writer's to claim: its EPUB's copyright page has no "©" for the
      // author's text and does not say "Written with Karya"; its description is the book's own opening lines.
      const epub = await karya([
        'export',
        'romance',
        '--book',
        String(book.id),
        '--out',
        'imported.epub',
        '--author',
        'E. M. Hartley',
      ]);
      expect(epub.code, epub.stderr).toBe(0);
      const files = readZip(readFileSync(path.join(cwd, 'imported.epub')));
      const copyright = zipText(files, files.find((f) => f.name.endsWith('copyright.xhtml'))!.name);
      expect(copyright).toContain('This text is in the public domain.');
      expect(copyright).not.toContain('©');
      expect(copyright).not.toContain('Written with Karya');
      const opf = zipText(files, files.find((f) => f.name.endsWith('.opf'))!.name);
      const description = /<dc:description>([^<]*)<\/dc:description>/.exec(opf)?.[1] ?? '';
      expect(description).not.toMatch(/Written with Karya/);
      const opening = text.split(`## Chapter 1: ${CHAPTER_TITLES[0]}`)[1]!.trim().split(/\s+/).slice(0, 6).join(' ');
      expect(description.replace(/&quot;/g, '"').replace(/&#39;|&apos;/g, "'")).toContain(opening);
      // An import of 29 model calls, its voice measured, then a Markdown and an EPUB export: 30.1 s once on two
      // cores under a load of 15, past the default.
    },
    90_000,
  );

  it('importing the same file again goes on with its bible: no part is read twice, nothing saved twice', async () => {
    const before = fake.generationRequests().length;
    const again = await karya(['import', 'novel.txt', '--generator', 'romance', '--chapters', '30', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect(fake.generationRequests().length).toBe(before);
    expect(again.stderr).toMatch(/already book \d+/);
    const listed = JSON.parse((await karya(['books', '--json'])).stdout) as { books: unknown[] };
    expect(listed.books).toHaveLength(1);
  });

  it(
    'generate --book outlines the book (the 28 chapters as written, the rest planned), then ' +
      'writes chapters 29 and 30 with the bible and the end of chapter 28, and no conclusion unasked',
    async () => {
      const { id } = (JSON.parse((await karya(['books', '--json'])).stdout) as { books: Array<{ id: number }> })
        .books[0]!;
      const before = fake.generationRequests().length;
      const r = await karya(['generate', 'romance', '--book', String(id), '--json']);
      expect(r.code, r.stderr).toBe(0);
      const parts = (JSON.parse(r.stdout) as { parts: Array<{ label: string }> }).parts.map((p) => p.label);
      expect(parts).toEqual(['Story Outline', 'Chapter 29', 'Chapter 30']);
      const asked = fake
        .generationRequests()
        .slice(before)
        .map((q) => userOf(q.body ?? {}))
        .filter((u) => !isBibleRequest(u));
      // The outline is asked with the written chapters' titles and what the bible says happens in them.
      const outline = asked.find((u) => /^Create a detailed story outline/.test(u))!;
      expect(outline).toContain('The writer has already written Chapter 1 to Chapter 28');
      expect(outline).toContain(`Chapter 28: ${CHAPTER_TITLES[27]}`);
      expect(outline).toContain('Aisha Rahman');
      expect(outline).toContain('up to Chapter 30');
      const chapter29 = asked.find((u) => !/^Create a detailed story outline/.test(u))!;
      // The bible the scripted model gave for the imported chapters, and the imported text the chapter follows.
      expect(chapter29).toContain('Aisha Rahman');
      const lastImported = gutenbergNovel()
        .text.split('\n')
        .filter((l) => /Margaret/.test(l))
        .at(-1)!;
      expect(chapter29).toContain(lastImported.split(' ').slice(-8).join(' '));
    },
  );
});

describe('karya import --generator: then rewrite and publish like any book', () => {
  it(
    "rewrite --book makes that chapter the model's; the package's AI disclosure says " +
      "some sections, with the share, and names the author's chapters and the model's",
    async () => {
      const fake = await startFakeOpenAI(underWriter(1).fakeOptions());
      try {
        const cwd = tempDir('karya-import-publish-');
        writeFileSync(path.join(cwd, 'novel.txt'), gutenbergNovel().text);
        const withModel = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL };
        const imported = await runKaryaInProcess(['import', 'novel.txt', '--generator', 'romance', '--json'], {
          cwd,
          env: withModel,
        });
        expect(imported.code, imported.stderr).toBe(0);
        const { id } = (JSON.parse(imported.stdout) as Imported).book;
        const rewrite = await runKaryaInProcess(
          ['rewrite', 'romance', '--book', String(id), '--part', 'chapter:3', '--note', 'more rain'],
          { cwd, env: withModel },
        );
        expect(rewrite.code, rewrite.stderr).toBe(0);
        // The package: asked for (--conclusion: the novel ends with its own chapter, and is otherwise packaged as it
        // stands), the model writes the conclusion, then the publishing pieces; the imported parts cost nothing.
        // No package here runs epubcheck (a PATH without it): no verdict is read, and a 29-part EPUB is a long JVM
        // run; tests/publish/cli.test.ts reads the package's own check.
        const pkg = await runKaryaInProcess(
          ['publish', 'romance', '--book', String(id), '--conclusion', '--out', 'pkg', '--author', 'E. M. Hartley'],
          { cwd, env: { ...withModel, ...WITHOUT_EPUBCHECK } },
        );
        expect(pkg.stderr).toMatch(/the book 2 credits \(2 parts\)/);
        const metadata = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'metadata.json'), 'utf8')) as {
          title: string;
          aiContent: {
            text: string;
            textShare: number;
            textDerivation: { rewrittenParts: number; modelParts: number; authorParts: number };
            parts: { author: string[]; model: string[] };
          };
        };
        expect(metadata.title.toLowerCase()).toBe('the orchard gate');
        // Two of 29 parts are the model's (one rewritten, one written): some sections, a small share of the words.
        expect(metadata.aiContent.text).toBe('some');
        expect(metadata.aiContent.textShare).toBeGreaterThan(0);
        expect(metadata.aiContent.textShare).toBeLessThan(0.5);
        expect(metadata.aiContent.textDerivation).toMatchObject({ rewrittenParts: 1, modelParts: 1, authorParts: 27 });
        const readiness = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'readiness.json'), 'utf8')) as {
          channels: Record<string, { checks: Array<{ id: string; status: string; detail: string }> }>;
        };
        const said = readiness.channels.kdp_ebook!.checks.find((c) => c.id === 'ai-disclosure')!;
        expect(said.status).toBe('pass');
        expect(said.detail).toMatch(
          new RegExp(
            /^Text: some sections AI-generated \(\d+ % of words \(\d+ of \d+\): 1 of 29 parts written by the/.source +
              / model, 1 of 29 parts rewritten by the model, 27 of 29 parts the author's own\)/.source,
          ),
        );
        // The writer corrects it: recorded beside the derived level, and the readiness list says KDP's rule.
        const corrected = await runKaryaInProcess(
          [
            'publish',
            'romance',
            '--book',
            String(id),
            '--out',
            'pkg2',
            '--author',
            'E. M. Hartley',
            '--ai-text',
            'none',
          ],
          { cwd, env: { ...withModel, ...WITHOUT_EPUBCHECK } },
        );
        expect(corrected.stderr).toMatch(/the book 2 credits/);
        const again = JSON.parse(readFileSync(path.join(cwd, 'pkg2', 'metadata.json'), 'utf8')) as {
          aiContent: { text: string; textShare: number; corrected: unknown };
        };
        expect(again.aiContent).toMatchObject({
          text: 'none',
          textShare: metadata.aiContent.textShare,
          corrected: { text: 'none', derived: 'some' },
        });
        const warned = (
          JSON.parse(readFileSync(path.join(cwd, 'pkg2', 'readiness.json'), 'utf8')) as typeof readiness
        ).channels.kdp_ebook!.checks.find((c) => c.id === 'ai-disclosure')!;
        expect(warned.status).toBe('warn');
        expect(warned.detail).toContain('you declared "none"; Karya derived "some sections"');
        const wrong = await runKaryaInProcess(
          ['publish', 'romance', '--book', String(id), '--out', 'pkg3', '--ai-text', 'half'],
          { cwd, env: withModel },
        );
        expect(wrong.code).toBe(2);
        expect(wrong.stderr).toContain('--ai-text: "half" is not one of none, some, most, entirely');
        expect(metadata.aiContent.parts.model).toEqual(['Chapter 3', 'Conclusion']);
        expect(metadata.aiContent.parts.author).toHaveLength(27);
        expect(metadata.aiContent.parts.author).toContain('Chapter 28');
      } finally {
        await fake.close();
      }
      // Three packages of a 29-part book: longer than one test's default.
    },
    120_000,
  );

  it("a manuscript with an epilogue is whole: nothing is written, and its text is the author's alone", async () => {
    const cwd = tempDir('karya-import-whole-');
    writeFileSync(
      path.join(cwd, 'book.md'),
      [
        '# Harbour Lights',
        '',
        '## Prologue',
        '',
        'The lamps were lit before the boats came in.',
        '',
        '## Chapter 1',
        '',
        'Aisha opened the shop at dawn and swept the step.',
        '',
        '## Chapter 2',
        '',
        'Daniel came back on the evening ferry with one bag.',
        '',
        '## Epilogue',
        '',
        'A year later the shop still stood by the pier.',
      ].join('\n'),
    );
    const imported = await runKaryaInProcess(['import', 'book.md', '--generator', 'romance', '--json'], { cwd });
    expect(imported.code, imported.stderr).toBe(0);
    const { book } = JSON.parse(imported.stdout) as Imported;
    expect(book).toMatchObject({ title: 'Harbour Lights', finished: true, chapters: { imported: 2, total: 2 } });
    const more = await runKaryaInProcess(['import', 'book.md', '--generator', 'romance', '--chapters', '5'], { cwd });
    expect(more.code).toBe(2);
    expect(more.stderr).toContain('book.md ends with an epilogue after its 2 chapters, so the book is whole');
    // The package is made (a book of three short parts is too thin for a paperback: not ready, exit 1); the book costs
    // nothing.
    const pkg = await runKaryaInProcess(
      ['publish', 'romance', '--book', String(book.id), '--out', 'pkg', '--author', 'Siti Aminah'],
      { cwd, env: WITHOUT_EPUBCHECK },
    );
    expect(pkg.stderr).toMatch(/the book 0 credits \(0 parts\)/);
    const metadata = JSON.parse(readFileSync(path.join(cwd, 'pkg', 'metadata.json'), 'utf8')) as {
      aiContent: { text: string; textShare: number; images: string; parts: { author: string[]; model: string[] } };
    };
    expect(metadata.aiContent).toMatchObject({ text: 'none', textShare: 0, images: 'ai-generated' });
    expect(metadata.aiContent.parts).toEqual({
      author: ['Introduction', 'Chapter 1', 'Chapter 2', 'Conclusion'],
      model: [],
    });
  });
});

describe('karya generate --book --chapters: an imported book given more chapters before its outline', () => {
  it('more chapters than imported are planned and written; fewer, or a change after the outline, exit 2', async () => {
    const fake = await startFakeOpenAI(underWriter(1).fakeOptions());
    try {
      const cwd = tempDir('karya-import-total-');
      writeFileSync(
        path.join(cwd, 'book.md'),
        [
          '# Harbour Lights',
          '',
          '## Chapter 1',
          '',
          'Aisha opened the shop at dawn and swept the step.',
          '',
          '## Chapter 2',
          '',
          'Daniel came back on the evening ferry with one bag.',
        ].join('\n'),
      );
      const karya = (args: string[]) =>
        runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
      const imported = await karya(['import', 'book.md', '--generator', 'romance', '--json']);
      expect(imported.code, imported.stderr).toBe(0);
      const { id } = (JSON.parse(imported.stdout) as Imported).book;
      const fewer = await karya(['generate', 'romance', '--book', String(id), '--chapters', '1']);
      expect(fewer.code).toBe(2);
      expect(fewer.stderr).toContain(`--book ${id} has 2 chapters, so the book needs at least 2: 1 is too few`);
      const more = await karya([
        'generate',
        'romance',
        '--book',
        String(id),
        '--chapters',
        '3',
        '--conclusion',
        '--json',
      ]);
      expect(more.code, more.stderr).toBe(0);
      expect((JSON.parse(more.stdout) as { parts: Array<{ label: string }> }).parts.map((p) => p.label)).toEqual([
        'Story Outline',
        'Chapter 3',
        'Conclusion',
      ]);
      const books = JSON.parse((await karya(['books', '--json'])).stdout) as {
        books: Array<{ chapters: { written: number; total: number }; finished: boolean }>;
      };
      expect(books.books[0]).toMatchObject({ chapters: { written: 3, total: 3 }, finished: true });
    } finally {
      await fake.close();
    }
  });
});

describe('karya import --generator: an import stopped part-way', () => {
  it('fails at chapter 17 with the parts read so far saved, and the same command goes on from 17', async () => {
    const model = underWriter(1);
    let bibleAsks = 0;
    let isDown = false;
    const fake = await startFakeOpenAI(
      model.fakeOptions({
        reply: (body) => {
          if (!isBibleRequest(userOf(body))) return undefined;
          bibleAsks++;
          if (bibleAsks === 17) isDown = true;
          return isDown ? { status: 500, body: { error: { message: 'the model is down' } } } : undefined;
        },
      }),
    );
    try {
      const cwd = tempDir('karya-import-resume-');
      writeFileSync(path.join(cwd, 'novel.txt'), gutenbergNovel().text);
      const karya = (args: string[]) =>
        runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });
      const stopped = await karya(['import', 'novel.txt', '--generator', 'romance']);
      expect(stopped.code).toBe(1);
      expect(stopped.stderr).toMatch(
        /the story bible stopped at Chapter 17: .*run the same command again to go on from Chapter 17/,
      );
      // The book is saved whole; its bible has read chapters 1 to 16.
      const listed = JSON.parse((await karya(['books', '--json'])).stdout) as {
        books: Array<{ chapters: { written: number } }>;
      };
      expect(listed.books.map((b) => b.chapters.written)).toEqual([28]);
      isDown = false;
      const before = fake.generationRequests().length;
      const resumed = await karya(['import', 'novel.txt', '--generator', 'romance']);
      expect(resumed.code, resumed.stderr).toBe(0);
      const again = fake
        .generationRequests()
        .slice(before)
        .filter((r) => isBibleRequest(userOf(r.body ?? {})));
      // Chapters 17 to 28: twelve calls, none for a chapter read before the stop.
      expect(again).toHaveLength(12);
      expect(resumed.stderr).toContain('reading Chapter 17 into the story bible (17 of 28)');
      expect(resumed.stderr).not.toContain('reading Chapter 16 ');
    } finally {
      await fake.close();
    }
  });
});

describe('karya import --generator: what is refused before anything is saved or asked', () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions());
    cwd = tempDir('karya-import-refuse-');
    writeFileSync(path.join(cwd, 'novel.txt'), gutenbergNovel().text);
    writeFileSync(path.join(cwd, 'bab.txt'), malayManuscript(6, 'roman'));
    const mixed = `${gutenbergNovel().text.slice(0, 40_000)}\n\n${malayManuscript(12, 'digits')}`;
    writeFileSync(path.join(cwd, 'mixed.txt'), mixed);
  });
  afterAll(() => fake.close());

  it('no generator, too few chapters, an unclear language: exit 2, no model call, no book', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['import', 'novel.txt'], /Which kind of book is novel\.txt\? Give --generator/],
      [
        ['import', 'novel.txt', '--generator', 'romance', '--chapters', '20'],
        /novel\.txt has 28 chapters, so the book needs at least 28: 20 is too few/,
      ],
      [['import', 'novel.txt', '--generator', 'poems'], /poems writes a single piece, not a book/],
      [
        ['import', 'mixed.txt', '--generator', 'romance'],
        new RegExp(`mixed\\.txt is \\d+% English and \\d+% Bahasa Malaysia.*--lang \\(one of ${langs().join(', ')}\\)`),
      ],
    ];
    for (const [args, message] of cases) {
      const r = await karya(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(fake.generationRequests()).toHaveLength(0);
    expect(JSON.parse((await karya(['books', '--json'])).stdout)).toEqual({ books: [] });
  });

  it('a Malay manuscript is taken as Malay by itself, and its bible is asked for in Malay', async () => {
    const r = await karya(['import', 'bab.txt', '--generator', 'romance', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as Imported).book).toMatchObject({ lang: 'ms', chapters: { imported: 6, total: 6 } });
    expect(r.stderr).toContain('membaca Bab 6 ke dalam catatan cerita (6 daripada 6)');
    // The settings read first, asked in Malay too; then the bible, part by part.
    const [settings, ...bible] = fake.generationRequests().map((q) => userOf(q.body ?? {}));
    expect(settings).toContain('Tetapan yang boleh dipilih');
    expect(bible.every((u) => /Kemas kini catatan cerita/.test(u))).toBe(true);
  });
});
