// EPUBs read by their own contents: calibre's Quick Start Guide (a real EPUB 2 with an NCX, as Debian ships it)
// imports as the chapters of its table of contents (its Introduction the book's introduction), front matter apart;
// pandoc's EPUB of a novel keeps its
// title page out of Chapter 1; calibre's German guide is refused as German unless the writer names the
// language, nothing saved.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../engine/node/load.js';
import { ImportRefusal, importRefusalMessage, langs, languageTable, type Lang } from '../../engine/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { pandoc } from './hostile-files.js';
import { tempDir } from '../temp.js';

const FIXTURES = path.join(ROOT, 'tests', 'fixtures', 'calibre');
const dir = tempDir('karya-epub-');

/** `karya import FILE --dry-run --json`'s preview. */
async function preview(file: string): Promise<{
  title: string;
  author: string;
  language: string;
  reading: string;
  frontMatterWords: number;
  chapters: Array<{ kind: string; number: number | null; title: string; firstLine: string; words: number }>;
}> {
  const run = await runKaryaInProcess(['import', file, '--dry-run', '--json'], { cwd: dir });
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

describe('an EPUB by its table of contents', () => {
  it(
    "calibre's Quick Start Guide: the chapters of its contents, " +
      'Tasks 1–6 each a chapter, no byline or sub-section',
    async () => {
      const read = await preview(path.join(FIXTURES, 'quick-start-eng.epub'));
      expect(read.reading).toBe('contents');
      // Its Introduction is the book's introduction, never Chapter 1; the chapters follow it, numbered from 1.
      expect(read.chapters[0]).toMatchObject({ kind: 'introduction', number: null });
      expect(read.chapters.slice(1).map((c) => c.title)).toEqual([
        'Installing calibre',
        'The Main Library Window, aka the GUI',
        'Common Tasks',
        'Task 1: Organizing',
        'Task 2: Conversion',
        'Task 3: The e-book editor',
        'Task 4: Downloading News',
        'Task 5: Interacting with e-book readers',
        'Task 6: The e-book viewer',
        'Where to get help',
      ]);
      expect(read.chapters.slice(1).map((c) => c.number)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
      // The title page (with its byline) and the contents page are front matter, counted apart.
      expect(read.frontMatterWords).toBeGreaterThan(20);
      expect(read.chapters.some((c) => /^By:|^\d\.\d/.test(c.title) || /^By:/.test(c.firstLine))).toBe(false);
      // Task 2's sub-sections (2.1 … 2.7) are inside it, not lost: it is the longest chapter.
      const task2 = read.chapters.find((c) => c.title === 'Task 2: Conversion')!;
      expect(task2.words).toBe(Math.max(...read.chapters.map((c) => c.words)));
      expect(read.chapters[0]!.firstLine).toMatch(/^Calibre is an open source e-book management tool/);
      expect({ title: read.title, author: read.author, language: read.language }).toEqual({
        title: 'Quick Start Guide',
        author: 'John Schember',
        language: 'en',
      });
    },
  );

  it("pandoc's EPUB of a novel: its title page is not Chapter 1", async () => {
    const novel = [
      '# The Ferry',
      '',
      'Mei Ling crossed to the island before dawn, the ferry half empty.',
      '',
      '# The Market',
      '',
      'By noon the market smelled of durian and rain.',
      '',
      '# The Letter',
      '',
      'The letter had waited three weeks at the post office.',
    ].join('\n');
    const file = path.join(dir, 'novel.epub');
    writeFileSync(file, pandoc(novel, 'epub', 'Harbour Lights'));
    const read = await preview(file);
    expect(read.chapters.map((c) => [c.number, c.title, c.firstLine])).toEqual([
      [1, 'The Ferry', 'Mei Ling crossed to the island before dawn, the ferry half empty.'],
      [2, 'The Market', 'By noon the market smelled of durian and rain.'],
      [3, 'The Letter', 'The letter had waited three weeks at the post office.'],
    ]);
    expect(read.title).toBe('Harbour Lights');
  });
});

/** The table's languages as `lang` names them in running text (its languageNames, else the language's autonym). */
const names = (lang: Lang) => langs().map((l) => languageTable(lang).languageNames[l] ?? languageTable(l).autonym);
/** Each language of the table as a --lang choice. */
const choices = langs().map((l) => `--lang ${l}`);
/** Three or more items joined as the writer's language joins them: "a, b, and c", "a, b dan c". */
const listed = (items: readonly string[], last: string) => `${items.slice(0, -1).join(', ')}${last} ${items.at(-1)}`;

describe('a manuscript in a language Karya does not write', () => {
  it("calibre's German guide is refused naming German, and nothing is saved; named as English it imports", async () => {
    const state = path.join(dir, 'state.json');
    const file = path.join(dir, 'kurzanleitung.epub');
    writeFileSync(file, readFileSync(path.join(FIXTURES, 'quick-start-deu.epub')));
    const run = await runKaryaInProcess(['import', file, '--generator', 'romance', '--state', state], { cwd: dir });
    expect(run.code, run.stderr).toBe(2);
    // The languages it writes are the table's, each named and each offered as a --lang.
    // (English, Bahasa Malaysia and Indonesian, then any language added to the table: named in the writer's words, or
    // by its autonym.)
    expect(run.stderr).toContain(
      `kurzanleitung.epub reads as German, a language Karya does not write (it ` +
        `writes ${listed(names('en'), ', and')}), so nothing was saved. If the book is in ` +
        `one of them, import it again with its language chosen (${listed(choices, ', or')}).`,
    );
    expect(names('en').slice(0, 3)).toEqual(['English', 'Bahasa Malaysia', 'Indonesian']);
    // In Malay and in Indonesian (the studio's import speaks the writer's language), the same languages and choices.
    const refusal = new ImportRefusal('import_language_other', { file: 'kurzanleitung.epub', language: 'de' });
    expect(importRefusalMessage(refusal, 'ms')).toContain(`(Karya menulis ${listed(names('ms'), ' dan')})`);
    expect(names('ms').slice(0, 3)).toEqual(['bahasa Inggeris', 'Bahasa Malaysia', 'bahasa Indonesia']);
    expect(importRefusalMessage(refusal, 'ms')).toContain(`(${listed(choices, ', atau')})`);
    expect(importRefusalMessage(refusal, 'id')).toContain(`(${listed(choices, ', atau')})`);
    const books = await runKaryaInProcess(['books', '--state', state, '--json'], { cwd: dir });
    expect(JSON.parse(books.stdout).books).toEqual([]);
  });
});
