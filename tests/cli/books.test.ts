// Many books in the CLI's state file: a finished book written again with the same
// settings is kept aside under its id, never written over; `karya books` lists the saved books (id,
// generator, title, words, chapters, language, last change, finished); `karya export --book ID` and
// `karya rewrite --book ID` choose a book by id, and a generator id alone still works (its latest book).
// `karya generate --fresh` on an unfinished book keeps that book (listed, unfinished) and starts a new one.
// The book text comes from the offline provider; the rewrite's from the fake AI server of tests/fake-openai.ts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';

interface Listed {
  id: number;
  generator: string;
  title: string;
  words: number;
  chapters: { written: number; total: number };
  lang: string;
  updatedAt: string;
  finished: boolean;
  current: boolean;
}

/** The first stored or deflated file of a zip (an EPUB's is its `mimetype`). */
function firstFile(zip: Buffer): { name: string; text: string } {
  expect(zip.readUInt32LE(0)).toBe(0x04034b50);
  const method = zip.readUInt16LE(8);
  const size = zip.readUInt32LE(18);
  const nameLength = zip.readUInt16LE(26);
  const start = 30 + nameLength + zip.readUInt16LE(28);
  const data = zip.subarray(start, start + size);
  return {
    name: zip.toString('utf8', 30, 30 + nameLength),
    text: (method === 8 ? inflateRawSync(data) : data).toString('utf8'),
  };
}

describe('karya books, export --book, rewrite --book', () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[], env: Record<string, string> = {}) => runKaryaInProcess(args, { cwd, env });
  const listed = async (): Promise<Listed[]> => {
    const r = await karya(['books', '--json']);
    expect(r.code, r.stderr).toBe(0);
    return (JSON.parse(r.stdout) as { books: Listed[] }).books;
  };
  const exported = async (args: string[], name: string) => {
    const r = await karya(['export', ...args, '--out', name]);
    expect(r.code, r.stderr).toBe(0);
    return readFileSync(path.join(cwd, name));
  };

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: fullLength(
        (_body, index) => `Rewritten-${index}. The rain came down over the harbour while Aisha waited.`,
      ),
    });
    cwd = tempDir('karya-books-');
  });
  afterAll(() => fake.close());

  it('no state file: no saved books, and nothing created', async () => {
    const r = await karya(['books']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('No saved books');
    expect(JSON.parse((await karya(['books', '--json'])).stdout)).toEqual({ books: [] });
    expect(existsSync(path.join(cwd, '.karya'))).toBe(false);
  });

  it('the same settings written again keep the first book under its id; both are listed and export by id', async () => {
    expect((await karya(['generate', 'romance', '--chapters', '2', '--out', 'first.md'])).code).toBe(0);
    const [first] = await listed();
    expect(first).toMatchObject({
      generator: 'romance',
      lang: 'en',
      chapters: { written: 2, total: 2 },
      finished: true,
      current: true,
    });
    expect(first!.words).toBeGreaterThan(0);
    expect(first!.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect((await karya(['generate', 'romance', '--chapters', '2', '--out', 'second.md'])).code).toBe(0);
    expect((await karya(['generate', 'romance', '--chapters', '3', '--lang', 'ms', '--out', 'third.md'])).code).toBe(0);
    const books = await listed();
    expect(books).toHaveLength(3);
    expect(books.find((b) => b.id === first!.id)).toMatchObject({ current: false, finished: true });
    expect(books[0]).toMatchObject({ lang: 'ms', chapters: { written: 3, total: 3 }, current: true });

    const table = (await karya(['books'])).stdout.split('\n');
    expect(table[0]).toMatch(/^ID\s+GENERATOR\s+TITLE\s+WORDS\s+CHAPTERS\s+LANG\s+LAST CHANGE \(UTC\)\s+STATE$/);
    expect(table.find((l) => l.startsWith(`${first!.id} `))).toMatch(/romance .* 2\/2 +en .* finished$/);

    const epub = await exported(['--book', String(first!.id)], 'first.epub');
    expect(firstFile(epub)).toEqual({ name: 'mimetype', text: 'application/epub+zip' });
    expect((await exported(['romance', '--book', String(first!.id)], 'first-again.md')).toString('utf8')).toBe(
      readFileSync(path.join(cwd, 'first.md'), 'utf8'),
    );
    // A generator id alone (settings that find no book): its latest book.
    expect((await exported(['romance'], 'latest.md')).toString('utf8')).toBe(
      readFileSync(path.join(cwd, 'third.md'), 'utf8'),
    );
  });

  it('rewrite --book changes only that book; export --book shows it', async () => {
    const books = await listed();
    const first = books.at(-1)!;
    const others = books.filter((b) => b.id !== first.id);
    const before = await Promise.all(others.map((b) => exported(['--book', String(b.id)], `other-${b.id}.md`)));
    const r = await karya(['rewrite', '--book', String(first.id), '--part', 'chapter:1', '--note', 'more rain'], {
      OPENAI_API_KEY: 'k',
      OPENAI_BASE_URL: fake.baseURL,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(fake.generationRequests().some((q) => JSON.stringify(q).includes('more rain'))).toBe(true);
    expect((await exported(['--book', String(first.id)], 'first-rewritten.md')).toString('utf8')).toContain(
      'Rewritten-',
    );
    const after = await Promise.all(others.map((b) => exported(['--book', String(b.id)], `other-${b.id}-after.md`)));
    expect(after.map((b) => b.toString('utf8'))).toEqual(before.map((b) => b.toString('utf8')));
    expect((await listed()).map((b) => b.id).sort()).toEqual(books.map((b) => b.id).sort());
  });

  it('a missing id, an id that is no number, or a book of another generator exits 2', async () => {
    const [latest] = await listed();
    for (const args of [
      ['export', '--book', '999', '--out', 'x.md'],
      ['export', '--book', 'abc', '--out', 'x.md'],
      ['export', 'adventure', '--book', String(latest!.id), '--out', 'x.md'],
      ['export', '--out', 'x.md'],
      ['rewrite', '--book', '999', '--part', 'chapter:1'],
    ]) {
      const r = await karya(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/--book|generator id/);
    }
  });

  it(
    'generate --fresh on an unfinished book keeps it (listed, ' +
      'unfinished, exported as it was) and starts a new one',
    async () => {
      let isFailing = true;
      const failing = await startFakeOpenAI({
        answer: fullLength(
          (_body, index) => `Answer-${index}. The rain came down over the harbour while Aisha waited.`,
        ),
        reply: (body) =>
          isFailing && JSON.stringify(body).includes('Write Chapter 2 of 3')
            ? { status: 400, body: { error: { message: 'refused' } } }
            : undefined,
      });
      try {
        const env = { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: failing.baseURL };
        const state = ['--state', 'fresh.sqlite'];
        const stopped = await karya(['generate', 'romance', '--chapters', '3', ...state], env);
        expect(stopped.code).not.toBe(0);
        const books = async () => {
          const r = await karya(['books', '--json', ...state]);
          expect(r.code, r.stderr).toBe(0);
          return (JSON.parse(r.stdout) as { books: Listed[] }).books;
        };
        const [unfinished] = await books();
        expect(unfinished).toMatchObject({
          generator: 'romance',
          chapters: { written: 1, total: 3 },
          finished: false,
          current: true,
        });
        const before = await exported(['--book', String(unfinished!.id), ...state], 'unfinished.md');

        isFailing = false;
        const fresh = await karya(['generate', 'romance', '--chapters', '3', '--fresh', ...state], env);
        expect(fresh.code, fresh.stderr).toBe(0);
        expect(fresh.stderr).not.toContain('resuming');
        const after = await books();
        expect(after).toHaveLength(2);
        expect(after.find((b) => b.id === unfinished!.id)).toMatchObject({
          chapters: { written: 1, total: 3 },
          finished: false,
          current: false,
        });
        expect(after.find((b) => b.id !== unfinished!.id)).toMatchObject({
          generator: 'romance',
          chapters: { written: 3, total: 3 },
          finished: true,
          current: true,
        });
        expect(
          (await exported(['--book', String(unfinished!.id), ...state], 'unfinished-after.md')).toString('utf8'),
        ).toBe(before.toString('utf8'));
      } finally {
        await failing.close();
      }
    },
  );
});
