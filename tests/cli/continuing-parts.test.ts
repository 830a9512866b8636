// `karya generate --book ID` on an unfinished book says how many of the book's parts are written, out of the parts
// it will have: its introduction, chapters and conclusion, as the studio's Writing Progress counts them. The outline
// is a step, not a part ("1 of 5 parts written" for a 3-chapter book with its outline and introduction, not "2 of 6").
// The run is stopped by --max-calls after the outline and the introduction; the book text is the offline provider's.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

describe('karya generate --book ID: the parts written of the parts the book will have', () => {
  let cwd: string;
  const karya = (args: string[]) => runKaryaInProcess([...args, '--state', path.join(cwd, 'state.sqlite')], { cwd });
  beforeAll(() => {
    cwd = tempDir('karya-continuing-');
  });
  afterAll(() => undefined);

  it.each([
    ['en', /continuing book (\d+) \(romance\): 1 of 5 parts written/],
    ['ms', /menyambung buku (\d+) \(romance\): 1 daripada 5 bahagian sudah ditulis/],
    ['id', /melanjutkan buku (\d+) \(romance\): 1 dari 5 bagian sudah ditulis/],
  ] as const)('%s', async (lang, said) => {
    // The outline, the introduction and its story bible's update: three calls, then the run stops.
    const stopped = await karya([
      'generate',
      'romance',
      '--lang',
      lang,
      '--chapters',
      '3',
      '--max-calls',
      '3',
      '--fresh',
    ]);
    expect(stopped.code, stopped.stderr).not.toBe(0);
    const listed = await karya(['books', '--json']);
    const books = (
      JSON.parse(listed.stdout) as {
        books: Array<{
          id: number;
          lang: string;
          finished: boolean;
          current: boolean;
          chapters: { written: number; total: number };
        }>;
      }
    ).books;
    const book = books.find((b) => b.lang === lang && b.current && !b.finished)!;
    expect(book.chapters).toEqual({ written: 0, total: 3 });
    const continued = await karya(['generate', 'romance', '--book', String(book.id), '--max-calls', '1']);
    expect(continued.stderr).toMatch(said);
    expect(said.exec(continued.stderr)![1]).toBe(String(book.id));
  });
});
