// @vitest-environment jsdom
// Writing Progress counts one unit: the parts a book shows written, out of the parts it will have. An imported
// manuscript with no opening (4 chapters of a 7-chapter book) reads "4 / 8 parts written" (seven chapters and the
// conclusion), never "5 / 9" with 4 parts on the page; the Generation Process list beside it has no introduction to
// write. A manuscript with an opening (Treasure Island's dedication and verse, Gutenberg; a preface) counts it as the
// introduction. The CLI's export of an unfinished import says the same count.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { bookView, parseSettings, partsWritten, type BookState } from '../../engine/index.js';
import { readManuscript } from '../../engine/import/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { importedBookOf } from '../../engine/session/import/book.js';
import { WritingProgress } from '../../studio/src/generator/parts.js';
import { malayManuscript } from '../import/manuscript.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';
import { useStudioDom } from './dom.js';

useStudioDom();
const catalog = loadCatalog({ useDiskCache: true });
const spec = catalog.get('romance')!;
const TREASURE = path.resolve(import.meta.dirname, '../fixtures/gutenberg/treasure-island-120-part-one.txt');

function imported(file: string, bytes: Uint8Array, totalChapters: number, lang: 'en' | 'ms'): BookState {
  const read = readManuscript(file, { bytes });
  return importedBookOf({
    spec,
    manuscript: read,
    settings: parseSettings(spec, { language: lang }),
    file,
    totalChapters,
  });
}

function shown(state: BookState): { counter: string; parts: number; steps: string[] } {
  const book = bookView(spec, state);
  render(<WritingProgress spec={spec} book={book} lang={state.lang} />);
  return {
    counter: screen.getByTestId('progress-counter').textContent!,
    parts: book.parts.length,
    steps: book.steps.map((s) => s.kind),
  };
}

describe('Writing Progress counts the parts the book shows', () => {
  it(
    "Treasure Island's chapters (Gutenberg) with their " +
      'dedication and verse as the opening, in a book of 9 chapters',
    () => {
      const state = imported('treasure.txt', new Uint8Array(readFileSync(TREASURE)), 9, 'en');
      const written = state.content.length;
      expect(state.content[0]).toContain('Dedication');
      const { counter, parts, steps } = shown(state);
      // The opening and the chapters on the page, out of the introduction, nine chapters and the conclusion.
      expect(parts).toBe(written);
      expect(counter).toBe(`${written} / 11`);
      expect(steps).toContain('introduction');
      expect(partsWritten(spec, state)).toEqual({ written, total: 11 });
    },
  );

  it(
    'a Malay manuscript of 4 chapters and no opening, in a ' +
      '7-chapter book, reads 4 / 8 with no introduction to write',
    () => {
      const state = imported('cerita.txt', new TextEncoder().encode(malayManuscript(4, 'roman')), 7, 'ms');
      expect(state.content[0]).toBe('');
      const { counter, parts, steps } = shown(state);
      expect(parts).toBe(4);
      expect(counter).toBe('4 / 8');
      expect(steps).not.toContain('introduction');
    },
  );

  it('a manuscript with a preface counts its opening as the introduction', () => {
    const text = [
      'PREFACE',
      '',
      'These pages were written over three winters by the sea, and ' +
        'every one of them owes something to the keepers of the light.',
      '',
      ...[1, 2, 3].flatMap((n) => [
        `Chapter ${n}`,
        '',
        `Mara climbed the steps of the lighthouse on the ${n}th night and lit ` +
          `the lamp as her husband had taught her, while the boats came home.`,
        '',
      ]),
    ].join('\n');
    const state = imported('keeper.txt', new TextEncoder().encode(text), 5, 'en');
    const { counter, parts } = shown(state);
    expect(parts).toBe(4);
    expect(counter).toBe('4 / 7');
  });

  it("the CLI's export of the unfinished import says the same count", async () => {
    const cwd = tempDir('karya-parts-progress-');
    writeFileSync(path.join(cwd, 'cerita.txt'), malayManuscript(4, 'roman'));
    const imported = await runKaryaInProcess(
      ['import', 'cerita.txt', '--generator', 'romance', '--chapters', '7', '--lang', 'ms', '--json'],
      { cwd },
    );
    expect(imported.code, imported.stderr).toBe(0);
    const { book } = JSON.parse(imported.stdout) as { book: { id: number } };
    const exported = await runKaryaInProcess(['export', '--book', String(book.id), '--out', 'cerita.md'], { cwd });
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stderr).toMatch(/\b4\b[^\n]*\b8\b/);
  });
});
