// Files made to hurt a reader never stop the process that reads them: each is read in the import pool (a
// worker thread with a time and a memory limit), by parsers that cost what a file's bytes cost, and answered
// with the catalogue's refusal naming the file; never a parser's or JavaScript's own words.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImportRefusal, importRefusalMessage } from '../../engine/index.js';
import { ImportPool, DEFAULT_IMPORT_LIMITS } from '../../engine/node/import/pool.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { epubOf, lyingSizeEpub, pandoc, unclosedNumberedDocx, unclosedParagraphsEpub } from './hostile-files.js';
import { tempDir } from '../temp.js';

/** Words a writer must never be shown: a parser's or the runtime's own. */
const FOREIGN = /xmldom|Cannot read properties|TypeError|RangeError|SyntaxError|tagName|\n\s+at |Error:/;

let dir: string;
let files: Record<string, Uint8Array>;
beforeAll(() => {
  dir = tempDir('karya-hostile-');
  files = {
    'unclosed.epub': unclosedParagraphsEpub(),
    'numbered.docx': unclosedNumberedDocx(),
    'lying.epub': lyingSizeEpub(),
    'deep.epub': epubOf(`<html><body>${'<div>'.repeat(200_000)}text</body></html>`),
    'good.epub': pandoc(
      '# Chapter 1\n\nThe rain fell on the harbour all night long.\n' +
        '\n# Chapter 2\n\nMorning came at last, grey and cold.\n',
      'epub',
    ),
  };
  for (const [name, bytes] of Object.entries(files)) writeFileSync(path.join(dir, name), bytes);
});

/** The refusal a pool gives a file, or undefined when it reads it. */
async function refusalOf(pool: ImportPool, name: string, bytes: Uint8Array): Promise<ImportRefusal | undefined> {
  try {
    await pool.readManuscript(name, bytes);
    return undefined;
  } catch (error) {
    if (error instanceof ImportRefusal) return error;
    throw error;
  }
}

describe('hostile manuscripts in the import pool', () => {
  it('each is refused by the catalogue, in English and Malay, and a good EPUB is read right after', async () => {
    const pool = new ImportPool({ ...DEFAULT_IMPORT_LIMITS, countsWaiting: false });
    try {
      const unclosed = await refusalOf(pool, 'unclosed.epub', files['unclosed.epub']!);
      // 180,000 empty paragraphs: read in full, and there is no text in them.
      expect(unclosed?.code).toBe('import_empty');
      const numbered = await refusalOf(pool, 'numbered.docx', files['numbered.docx']!);
      expect(numbered?.code).toBe('import_unreadable');
      expect(importRefusalMessage(numbered!, 'en')).toBe(
        'numbered.docx could not be read (its document is damaged: its elements do not ' +
          'close). Save it again from your writing program, or save it as plain text.',
      );
      expect(importRefusalMessage(numbered!, 'ms')).toBe(
        'numbered.docx tidak dapat dibaca (dokumennya rosak: unsur-unsurnya tidak ditutup). ' +
          'Simpan semula daripada program penulisan anda, atau simpan sebagai teks biasa.',
      );
      const lying = await refusalOf(pool, 'lying.epub', files['lying.epub']!);
      expect(lying?.code).toBe('import_zip_bomb');
      expect(importRefusalMessage(lying!, 'en')).toBe(
        'lying.epub unpacks to more than it declares or to more than ' +
          '100 MB, more than any manuscript needs, so it was not opened.',
      );
      const deep = await refusalOf(pool, 'deep.epub', files['deep.epub']!);
      expect(deep?.code).toBe('import_too_complex');
      for (const refusal of [unclosed, numbered, lying, deep]) {
        for (const lang of ['en', 'ms'] as const) expect(importRefusalMessage(refusal!, lang)).not.toMatch(FOREIGN);
      }
      const good = await pool.readManuscript('good.epub', files['good.epub']!);
      expect(good.parts.filter((p) => p.kind === 'chapter').map((p) => p.firstLine)).toContain(
        'The rain fell on the harbour all night long.',
      );
    } finally {
      await pool.close();
    }
  });

  it('a file that keeps a reader busy past the time limit is refused, and this thread runs on meanwhile', async () => {
    const pool = new ImportPool({ ...DEFAULT_IMPORT_LIMITS, timeoutMs: 2_000, countsWaiting: false });
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    try {
      // A writer's own split pattern that backtracks for ever on this line.
      const text = `${'a'.repeat(40)}!\n\nThe rest of the book.`;
      const refusal = await pool.readManuscript('slow.txt', new TextEncoder().encode(text), { split: /^(a+)+$/m }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal).toBeInstanceOf(ImportRefusal);
      expect((refusal as ImportRefusal).code).toBe('import_too_complex');
      expect(importRefusalMessage(refusal as ImportRefusal, 'en')).toMatch(
        /^slow\.txt is built in a way no manuscript needs/,
      );
      // The time the reader spun was this thread's to use.
      expect(ticks).toBeGreaterThan(5);
      // The next file gets a new thread.
      expect(
        (await pool.readManuscript('ok.md', new TextEncoder().encode('# Chapter 1\n\nIt was late.\n'))).parts.length,
      ).toBeGreaterThan(0);
    } finally {
      clearInterval(timer);
      await pool.close();
    }
  });

  it('karya import --dry-run exits 2 naming each file, and reads the good one', async () => {
    for (const name of ['unclosed.epub', 'numbered.docx', 'lying.epub']) {
      const run = await runKaryaInProcess(['import', path.join(dir, name), '--dry-run'], { cwd: dir });
      expect(run.code, `${name}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(name);
      expect(run.stderr).not.toMatch(FOREIGN);
    }
    const good = await runKaryaInProcess(['import', path.join(dir, 'good.epub'), '--dry-run', '--json'], { cwd: dir });
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout).chapters.length).toBeGreaterThan(1);
  });
});
