// A series in a jobs file: `series: NAME` on two romance jobs makes them books 1 and 2 of that series,
// written one after the other: book 2 starts once book 1 is done and its first chapter request carries book 1's
// characters as they stand at its end (the fake model of tests/series-book.ts); its EPUB carries the series and 2.
// A series job of a single piece, or a series in two languages, is refused with the rest of the file's problems.
// (--queue: tests/scale/batch-queue-series.test.ts.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { seriesModel } from '../series-book.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

describe('karya batch with a series', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ answer: seriesModel().answer, contextTokens: 32_768 });
  });
  afterAll(() => fake.close());

  it('book 2 waits for book 1 and is told its end; the EPUB says which book of which series', async () => {
    const cwd = tempDir('karya-batch-series-');
    writeFileSync(
      path.join(cwd, 'jobs.yaml'),
      [
        '- { id: bakery-2, generator: romance, chapters: 3, series: Penang Bakery }',
        '- { id: bakery-1, generator: romance, chapters: 3, series: Penang Bakery, formats: [epub] }',
      ].join('\n'),
    );
    // The file's order is the series' order: bakery-2 (listed first) is book 1 here.
    const r = await runKaryaInProcess(['batch', 'jobs.yaml', '--out', 'books', '--concurrency', '4'], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL },
    });
    expect(r.code, r.stderr).toBe(0);
    const prompts = fake.generationRequests().map((q) => userMessageOf(q.body ?? {}));
    const outlines = prompts.flatMap((p, i) => (p.startsWith('Create a detailed story outline') ? [i] : []));
    expect(outlines).toHaveLength(2);
    // Every request of book 1 (its last bible update included) before the first of book 2.
    const lastOfBook1 = prompts.findLastIndex((p) => p.includes('[B1]'));
    expect(lastOfBook1).toBeLessThan(outlines[1]!);
    const chapter1 = prompts.slice(outlines[1]!).find((p) => p.startsWith('Write Chapter 1 of 3'))!;
    expect(chapter1).toMatch(/Mak Som \| her aunt \| dead, passed away in her sleep \| Book 1, Conclusion/);
    const opf = zipText(readZip(readFileSync(path.join(cwd, 'books', 'bakery-1.epub'))), 'OEBPS/content.opf');
    expect(opf).toContain('<meta refines="#series" property="group-position">2</meta>');
    const show = JSON.parse(
      (
        await runKaryaInProcess(['series', 'show', 'Penang Bakery', '--json', '--state', '.karya/state.sqlite'], {
          cwd,
        })
      ).stdout,
    );
    expect(show.books.map((b: { number: number; finished: boolean }) => [b.number, b.finished])).toEqual([
      [1, true],
      [2, true],
    ]);
  });

  it(
    'refuses a series on a single piece, a series in two ' +
      "languages and an empty name, with the file's other problems",
    async () => {
      const cwd = tempDir('karya-batch-series-bad-');
      writeFileSync(
        path.join(cwd, 'jobs.yaml'),
        [
          '- { id: a, generator: romance, series: Kedai }',
          '- { id: b, generator: romance, lang: ms, series: Kedai }',
          '- { id: c, generator: poems, series: Kedai }',
          '- { id: d, generator: romance, series: "" }',
        ].join('\n'),
      );
      const r = await runKaryaInProcess(['batch', 'jobs.yaml', '--dry-run'], { cwd });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        '"Kedai" is written in English (its first book is job "a"), and ' +
          'this book is not; every book of a series is in its language',
      );
      expect(r.stderr).toContain('poems writes a single piece; only books make a series');
      expect(r.stderr).toContain('the name is empty; give the series a name of 1 to 100 characters.');
    },
  );
});
