// A series on the command line: three 3-chapter romances written with `karya generate romance
// --series "Penang Bakery"` against the fake model (tests/series-book.ts). Book 2's first chapter request carries
// book 1's characters as they stand at its end and its open thread; book 3's carries book 2's end states; nothing
// first recorded in book 3 reaches a request for book 1 or 2, a rewrite of book 1 after book 3 exists included.
// A character dead at the end of book 1 who speaks in book 2 is a finding naming book 1; a fact book 2 overrides
// is sent with its value to book 2 and with book 1's to a rewrite in book 1; a rewrite of book 1's last part
// that resolves its thread reaches book 2, which lists the change. Then the errors a writer meets.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess, type InProcessRun } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { seriesModel } from '../series-book.js';
import { epubcheck, readZip, zipText } from '../export/tools.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const SERIES = 'Penang Bakery';
const lastJson = (r: InProcessRun) => JSON.parse(r.stdout.trim().split('\n').at(-1)!);

describe('karya generate --series: three books that go on from each other', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  const env = () => ({ OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL });
  const run = (args: string[]) => runKaryaInProcess(args, { cwd, env: env() });
  /** The user messages of the generation requests sent while `work` ran. */
  const during = async (work: () => Promise<InProcessRun>): Promise<{ run: InProcessRun; prompts: string[] }> => {
    const from = fake.generationRequests().length;
    const r = await work();
    return {
      run: r,
      prompts: fake
        .generationRequests()
        .slice(from)
        .map((q) => userMessageOf(q.body ?? {})),
    };
  };
  const books: Array<{ run: InProcessRun; prompts: string[] }> = [];
  /** The id of book 1 (karya books --series lists the series' books in order). */
  const firstId = async () => {
    const r = await run(['books', '--series', SERIES, '--json']);
    expect(r.code, r.stderr).toBe(0);
    return String(JSON.parse(r.stdout).books[0].id);
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: seriesModel().answer, contextTokens: 32_768 });
    cwd = tempDir('karya-series-');
    for (let n = 1; n <= 3; n++)
      books.push(
        await during(() =>
          run(['generate', 'romance', '--chapters', '3', '--series', SERIES, '--json', '--out', `book${n}.md`]),
        ),
      );
  });
  afterAll(() => fake.close());

  it('writes the books as 1, 2 and 3 of the series, the brief of 2 and 3 filled from the series', () => {
    for (const [i, b] of books.entries()) {
      expect(b.run.code, b.run.stderr).toBe(0);
      expect(b.run.stderr).toContain(`book ${i + 1} of the series "${SERIES}"`);
    }
    expect(books[1]!.run.stderr).toContain(
      'the brief of book 2 is filled from the series where you left it blank: Premise, Main Characters',
    );
  });

  it("book 2's first chapter request carries book 1's characters as they stand at its end and its open thread", () => {
    const chapter1 = books[1]!.prompts.find((p) => p.startsWith('Write Chapter 1 of 3'))!;
    expect(chapter1).toBeDefined();
    expect(chapter1).toMatch(/Mak Som \| her aunt \| dead, passed away in her sleep \| Book 1, Conclusion/);
    expect(chapter1).toMatch(/Daniel \| her rival \| left for London \| Book 1, Conclusion/);
    expect(chapter1).toMatch(/the lost recipe \| Book 1, Chapter 1 \| open/);
    // Its outline is told what book 1 established, to go on from there.
    const outline = books[1]!.prompts.find((p) => p.startsWith('Create a detailed story outline'))!;
    expect(outline).toContain(`This is book 2 of the series "${SERIES}"`);
    expect(outline).toContain('left for London');
  });

  it("book 3's first chapter request carries book 2's end states", () => {
    const chapter1 = books[2]!.prompts.find((p) => p.startsWith('Write Chapter 1 of 3'))!;
    expect(chapter1).toMatch(/Hafiz \| her new partner \| engaged to Aisyah \| Book 2, Conclusion/);
    expect(chapter1).toContain("Aisyah's job: café owner");
    expect(chapter1).toMatch(/the café lease \| Book 2, Introduction \| open/);
  });

  it("a fact book 2 overrides is sent with its value to book 2 and never with book 1's", () => {
    const later = books[1]!.prompts.filter((p) => /^Write Chapter [23] of 3/.test(p));
    expect(later.length).toBe(2);
    for (const p of later) {
      expect(p).toContain("Aisyah's job: café owner");
      expect(p).not.toContain("Aisyah's job: baker");
    }
  });

  it('a character dead at the end of book 1 who speaks in book 2 is a finding on book 2 that names book 1', () => {
    const json = lastJson(books[1]!.run);
    const chapter1 = json.parts.find((p: { label: string }) => p.label === 'Chapter 1');
    expect(chapter1.continuity).toContainEqual(
      expect.objectContaining({ kind: 'acts_after_death', part: 'Book 1, Conclusion' }),
    );
    expect(books[1]!.run.stderr).toMatch(
      new RegExp(
        /⚠ Chapter 1\s+Mak Som speaks or acts here, but the story bible records Mak Som as "dead, passed/.source +
          / away in her sleep" since Book 1, Conclusion/.source,
      ),
    );
  });

  it(
    'no fact first recorded in book 3 reaches a request for ' +
      'book 1 or 2, nor a rewrite of book 1 after book 3 exists',
    async () => {
      for (const b of books.slice(0, 2)) for (const p of b.prompts) expect(p).not.toContain('B3-');
      expect(books[2]!.prompts.some((p) => p.includes('B3-'))).toBe(true);
      const id = await firstId();
      const rewrite = await during(() =>
        run(['rewrite', '--book', id, '--part', 'chapter:2', '--note', 'More flour on the counter.', '--json']),
      );
      expect(rewrite.run.code, rewrite.run.stderr).toBe(0);
      expect(rewrite.prompts.length).toBeGreaterThanOrEqual(2);
      for (const p of rewrite.prompts) {
        expect(p).not.toMatch(/B3-|B2-|café|Lighthouse/);
      }
      // The fact book 2 overrides: book 1's own value in book 1's rewrite.
      expect(rewrite.prompts[0]).toContain("Aisyah's job: baker");
    },
  );

  it(
    "rewriting book 1's last part so its thread is resolved removes " +
      "it from book 2's open threads, and book 2 lists the change",
    async () => {
      const r = await run([
        'rewrite',
        '--book',
        await firstId(),
        '--part',
        'conclusion',
        '--note',
        'The lost recipe is found in the tin.',
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toMatch(
        new RegExp(
          /⚠ book 2 of "Penang Bakery" \(id \d+\) was written against an earlier version of the series; ch/.source +
            /anged for it: .*thread "the lost recipe": "open" → "resolved"/.source,
        ),
      );
      expect(lastJson(r).series).toContainEqual(
        expect.objectContaining({
          number: 2,
          changes: expect.arrayContaining(['thread "the lost recipe": "open" → "resolved"']),
        }),
      );
      const show = await run(['series', 'show', SERIES, '--json']);
      expect(show.code, show.stderr).toBe(0);
      const json = JSON.parse(show.stdout);
      expect(json.books.map((b: { number: number }) => b.number)).toEqual([1, 2, 3]);
      expect(json.books[0].threads).toContainEqual({
        thread: 'the lost recipe',
        opened: 'Book 1, Chapter 1',
        status: 'resolved',
      });
      expect(json.books[1].changes).toContain('thread "the lost recipe": "open" → "resolved"');
      expect(json.open.map((t: { thread: string }) => t.thread)).toEqual(['the café lease']);
    },
  );
});

describe('a book of a series is published as its book: the series and its number', () => {
  it(
    'karya publish --book of book 2: metadata.json, the readiness ' +
      'list and the EPUB (epubcheck clean) carry the series and 2',
    async () => {
      const cwd = tempDir('karya-series-publish-');
      // Books of one chapter: the series and the book's number are what is published here, not its length.
      for (let n = 1; n <= 2; n++) {
        const r = await runKaryaInProcess(
          [
            'generate',
            'romance',
            '--chapters',
            '1',
            '--series',
            'Kedai Roti Pulau',
            '--lang',
            'ms',
            '--out',
            `buku${n}.md`,
          ],
          { cwd },
        );
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toContain(`buku ${n} dalam siri "Kedai Roti Pulau"`);
      }
      const list = await runKaryaInProcess(['books', '--series', 'Kedai Roti Pulau', '--json'], { cwd });
      const [, second] = JSON.parse(list.stdout).books as Array<{ id: number }>;
      // The EPUB is checked once, by epubcheck itself below: the package's own check is left out (a PATH without it).
      const r = await runKaryaInProcess(
        ['publish', 'romance', '--book', String(second!.id), '--author', 'Siti Aminah', '--out', 'pkg/', '--json'],
        { cwd, env: WITHOUT_EPUBCHECK },
      );
      // The offline demo text is never ready to sell (exit 1); the package is made.
      expect(r.code, r.stderr).toBe(1);
      const pkg = path.join(cwd, 'pkg');
      const metadata = JSON.parse(readFileSync(path.join(pkg, 'metadata.json'), 'utf8'));
      expect(metadata.series).toEqual({ name: 'Kedai Roti Pulau', number: 2 });
      const readiness = JSON.parse(readFileSync(path.join(pkg, 'readiness.json'), 'utf8'));
      expect(readiness.channels.kdp_ebook.checks).toContainEqual(
        expect.objectContaining({ id: 'series', status: 'pass', detail: '"Kedai Roti Pulau", buku 2' }),
      );
      const opf = zipText(readZip(readFileSync(path.join(pkg, 'manuscript.epub'))), 'OEBPS/content.opf');
      expect(opf).toContain('<meta property="belongs-to-collection" id="series">Kedai Roti Pulau</meta>');
      expect(opf).toContain('<meta refines="#series" property="group-position">2</meta>');
      const check = await epubcheck(path.join(pkg, 'manuscript.epub'));
      expect(check.code, check.report).toBe(0);
    },
    120_000,
  );
});

describe(
  'karya generate --series and karya series: bad input exits ' +
    '2 naming the field and what is allowed, nothing saved',
  () => {
    it('an empty or too long name, --series with --book, a book in another language, an unknown series', async () => {
      const cwd = tempDir('karya-series-input-');
      const run = (args: string[]) => runKaryaInProcess(args, { cwd });
      const empty = await run(['generate', 'romance', '--series', '   ']);
      expect(empty.code).toBe(2);
      expect(empty.stderr).toContain('series: the name is empty; give the series a name of 1 to 100 characters.');
      const long = await run(['generate', 'romance', '--series', 'x'.repeat(101)]);
      expect(long.code).toBe(2);
      expect(long.stderr).toContain('series: the name is 101 characters; a series name may be at most 100.');
      const both = await run(['generate', 'romance', '--series', 'Penang Bakery', '--book', '1']);
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('--series: give --series or --book, not both');
      expect((await run(['series', 'list', '--json'])).stdout.trim()).toBe('{"series":[]}');

      expect(
        (await run(['generate', 'romance', '--chapters', '1', '--series', 'Penang Bakery', '--out', 'b1.md'])).code,
      ).toBe(0);
      const malay = await run([
        'generate',
        'romance',
        '--chapters',
        '3',
        '--series',
        'Penang Bakery',
        '--lang',
        'ms',
        '--out',
        'b2.md',
      ]);
      expect(malay.code).toBe(2);
      expect(malay.stderr).toContain(
        'series: "Penang Bakery" is written in English, and this book is ' +
          'in Bahasa Malaysia; every book of a series is in its language.',
      );
      const unknown = await run(['series', 'show', 'Nope']);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('series: there is no series named "Nope" (karya series list shows yours).');
      // Nothing was saved by the refusals: one series, one book.
      expect(JSON.parse((await run(['series', 'list', '--json'])).stdout)).toEqual({
        series: [{ name: 'Penang Bakery', lang: 'en', books: 1 }],
      });
    }, 60_000);
  },
);
