// The author a book went out under stays the book's: `karya publish --book ID` a second time, with no --author,
// keeps the name the writer gave the first time (in the package's metadata and its readiness), and buys no pen name.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

describe('publishing again keeps the author', () => {
  it(
    'a second karya publish without --author keeps "Eleanor ' +
      'Marsh": no author-name step, the same name in metadata.json',
    async () => {
      const cwd = tempDir('karya-publish-author-');
      // No EPUB check (a JVM, seconds of CPU a package): the author is the point here, not the check's verdict.
      const karya = (args: string[]) =>
        runKaryaInProcess([...args, '--state', 'state.sqlite'], { cwd, env: WITHOUT_EPUBCHECK });
      const first = await karya([
        'publish',
        'romance',
        '--chapters',
        '1',
        '--author',
        'Eleanor Marsh',
        '--out',
        'first',
      ]);
      expect(
        (JSON.parse(readFileSync(path.join(cwd, 'first', 'metadata.json'), 'utf8')) as { author: string }).author,
      ).toBe('Eleanor Marsh');
      expect(first.stderr).not.toMatch(/^ {2}✓ author /m);
      const books = JSON.parse((await karya(['books', '--json'])).stdout) as { books: { id: number }[] };
      const again = await karya(['publish', 'romance', '--book', String(books.books[0]!.id), '--out', 'again']);
      expect(again.stderr).toMatch(/^ {2}– author +the book's own \(no step\)$/m);
      expect(again.stderr).not.toMatch(/^ {2}✓ author /m);
      const metadata = JSON.parse(readFileSync(path.join(cwd, 'again', 'metadata.json'), 'utf8')) as { author: string };
      expect(metadata.author).toBe('Eleanor Marsh');
    },
    180_000,
  );
});
