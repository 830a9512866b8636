// Batch jobs that name formats: `formats: [epub, pdf]` is checked with the other job fields and writes
// the book beside its Markdown file as `<out>.<ext>`, from the same saved book, when the book is done.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateJobs, type RawJob } from '../../cli/batch/jobs.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { readZip, runTool, zipText } from './tools.js';
import { tempDir } from '../temp.js';
import { repoCatalog } from '../catalog.js';

const catalog = repoCatalog();
const outDir = path.join(os.tmpdir(), 'karya-batch-formats');
const rawJobs = (...values: unknown[]): RawJob[] => values.map((value, i) => ({ index: i + 1, line: i + 1, value }));

describe('batch jobs with formats', () => {
  it.each([
    { name: 'a list', formats: ['epub', 'pdf'], files: ['kl.md', 'kl.epub', 'kl.pdf'] },
    { name: 'one name, md ignored (always written)', formats: 'docx', files: ['kl.md', 'kl.docx'] },
    { name: 'repeats and md dropped', formats: ['md', 'PDF', 'pdf'], files: ['kl.md', 'kl.pdf'] },
  ])('$name', ({ formats, files }) => {
    const { jobs, issues } = validateJobs(rawJobs({ id: 'kl', generator: 'romance', formats }), {
      catalog,
      file: 'jobs.yaml',
      outDir,
    });
    expect(issues).toEqual([]);
    expect([jobs[0]!.outFile, ...jobs[0]!.exports.map((e) => e.file)]).toEqual(files.map((f) => path.join(outDir, f)));
  });

  it('reports an unknown format, formats on a cover, and a format file another job writes', () => {
    const { issues } = validateJobs(
      rawJobs(
        { id: 'a', generator: 'romance', formats: ['epub', 'rtf'] },
        { id: 'cover', generator: 'book-cover', settings: { bookTitle: 'X' }, formats: ['pdf'] },
        { id: 'b', generator: 'romance', out: 'b.md', formats: ['epub'] },
        { id: 'c', generator: 'poems', out: 'b.epub' },
      ),
      { catalog, file: 'jobs.yaml', outDir },
    );
    expect(issues.map((i) => `${i.job}: ${i.field}: ${i.message}`)).toEqual([
      'job "a": formats: "rtf" is not one of md, epub, docx, pdf',
      'job "cover": formats: book-cover makes a PNG image; formats are for books',
      expect.stringMatching(/^job "c": out: .*b\.epub is written by job "b" too$/),
    ]);
  });

  it('karya batch writes each format beside the Markdown (offline provider)', async () => {
    const dir = tempDir('karya-batch-formats-');
    writeFileSync(
      path.join(dir, 'jobs.yaml'),
      '- id: kl\n  generator: romance\n  lang: ms\n  chapters: 1\n  formats: [epub, docx, pdf]\n',
    );
    const run = await runKaryaInProcess(['batch', 'jobs.yaml', '--out', 'books', '--state', 'state.sqlite'], {
      cwd: dir,
    });
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const books = path.join(dir, 'books');
    expect(readdirSync(books).sort()).toEqual(['kl.docx', 'kl.epub', 'kl.md', 'kl.pdf']);
    expect(zipText(readZip(readFileSync(path.join(books, 'kl.epub'))), 'OEBPS/content.opf')).toContain(
      '<dc:language>ms</dc:language>',
    );
    expect(zipText(readZip(readFileSync(path.join(books, 'kl.docx'))), 'word/document.xml')).toContain('Pengenalan');
    expect((await runTool('pdftotext', [path.join(books, 'kl.pdf'), '-'])).stdout).toContain('Bab 1');
  });
});
