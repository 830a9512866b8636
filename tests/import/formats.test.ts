// `karya import FILE --dry-run` on the files a writer brings: the Gutenberg-style novel of 28 chapters as UTF-8
// text, as Latin-1 text with CRLF, and as DOCX and EPUB made from it by pandoc (Debian's, as a writer's own
// tools make them), each read as its 28 chapters in order with their titles and the chapters' words within
// 2 % of the body; Malay manuscripts headed BAB I / Bab 1; and the files an import refuses (a 100 MB file, a
// zip bomb named .docx, a PNG renamed .docx, an empty file): exit 2 with a message naming the file, nothing
// saved and no model called.
import { spawnSync } from 'node:child_process';
import { existsSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { CHAPTER_TITLES, gutenbergNovel, malayManuscript, serialManuscript } from './manuscript.js';
import { tempDir } from '../temp.js';

const dir = tempDir('karya-import-');
const { text, bodyWords } = gutenbergNovel();

interface DryRun {
  format: string;
  encoding: string | null;
  reading: string;
  words: number;
  chapters: Array<{ kind: string; number: number | null; title: string; words: number; firstLine: string }>;
}

async function dryRun(file: string, ...args: string[]) {
  const r = await runKaryaInProcess(['import', path.join(dir, file), '--dry-run', ...args], { cwd: dir });
  return { ...r, json: args.includes('--json') && r.code === 0 ? (JSON.parse(r.stdout) as DryRun) : undefined };
}

beforeAll(() => {
  writeFileSync(path.join(dir, 'orchard.txt'), text);
  writeFileSync(
    path.join(dir, 'orchard-latin1.txt'),
    Buffer.from(text.replace(/Margaret/g, 'Margarète').replace(/\n/g, '\r\n'), 'latin1'),
  );
  writeFileSync(path.join(dir, 'dotted.txt'), gutenbergNovel({ dotted: true }).text);
  for (const [from, out] of [
    ['orchard.txt', 'orchard.docx'],
    ['orchard.txt', 'orchard.epub'],
    ['dotted.txt', 'dotted.docx'],
    ['dotted.txt', 'dotted.epub'],
  ]) {
    const made = spawnSync('pandoc', ['-f', 'markdown', from!, '-o', out!, '--metadata', 'title=The Orchard Gate'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
  }
  writeFileSync(path.join(dir, 'bab-rumi.txt'), malayManuscript(9, 'roman'));
  writeFileSync(path.join(dir, 'bab-angka.md'), malayManuscript(9, 'digits'));
});

describe('the novel of 28 chapters in every format', () => {
  // dotted.*: chapters headed "I.", which pandoc makes a numbered list: the EPUB keeps the numbers in its
  // list, the DOCX drops the empty item, so its chapters are found by their titles alone in capitals.
  it.each([
    'orchard.txt',
    'orchard-latin1.txt',
    'orchard.docx',
    'orchard.epub',
    'dotted.txt',
    'dotted.docx',
    'dotted.epub',
  ])('%s: 28 chapters in order with their titles, words within 2 per cent of the body', async (file) => {
    const r = await dryRun(file, '--json');
    expect(r.code, r.stderr).toBe(0);
    const chapters = r.json!.chapters;
    expect(chapters.map((c) => c.number)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(chapters.map((c) => c.title)).toEqual(CHAPTER_TITLES);
    const words = chapters.reduce((sum, c) => sum + c.words, 0);
    expect(Math.abs(words - bodyWords) / bodyWords).toBeLessThan(0.02);
    expect(chapters[0]!.firstLine).toMatch(/^Margar(et|ète) /);
    if (file === 'orchard-latin1.txt') expect(r.json!.encoding).toBe('windows-1252');
  });

  it('the human list: a line a chapter with its title, words and first line, and nothing saved', async () => {
    const r = await dryRun('orchard.docx');
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^orchard\.docx: 28 parts, [\d,]+ words \(a Roman numeral alone on its line\)$/);
    expect(lines.find((l) => l.trim().startsWith('Chapter 4 '))).toMatch(
      /Chapter 4\s+MARGARET DECIDES\s+\d{3}\s+Margaret /,
    );
    expect(lines.at(-1)).toBe('Nothing was saved (--dry-run).');
    expect(existsSync(path.join(dir, '.karya'))).toBe(false);
  });
});

describe('a serial of 1,200 chapters', () => {
  it('--dry-run --json lists its 1,200 chapters, chapter 1000 on its own; the list says 1,200 parts', async () => {
    writeFileSync(
      path.join(dir, 'serial.txt'),
      serialManuscript(1200, (i) => `Chapter ${i}`),
    );
    const r = await dryRun('serial.txt', '--json');
    expect(r.code, r.stderr).toBe(0);
    const chapters = r.json!.chapters;
    expect(chapters.map((c) => c.number)).toEqual(Array.from({ length: 1200 }, (_, i) => i + 1));
    expect(chapters[999]!.firstLine).toMatch(/^On the 1000th evening /);
    // Each chapter is one paragraph of about 40 words: none holds the chapters after it.
    expect(Math.max(...chapters.map((c) => c.words))).toBeLessThan(60);
    const human = await dryRun('serial.txt');
    expect(human.stdout).toMatch(
      /^serial\.txt: 1,?200 parts, [\d,]+ words \(headings such as "Chapter 3" or "Bab 3"\)\n/,
    );
  });
});

describe('Malay manuscripts', () => {
  it.each(['bab-rumi.txt', 'bab-angka.md'])('%s: its 9 chapters, said in Malay', async (file) => {
    const r = await dryRun(file, '--lang', 'ms');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${file.replace('.', '\\.')}: 9 bahagian`));
    expect(r.stdout).toMatch(/Bab 9\s+Ribut di Pelabuhan 9/);
    expect(r.stdout).toContain('Tiada apa-apa yang disimpan (--dry-run).');
  });
});

describe('files an import refuses: exit 2, the file named, nothing saved', () => {
  it.each([
    [
      'huge.txt',
      () => {
        writeFileSync(path.join(dir, 'huge.txt'), '');
        truncateSync(path.join(dir, 'huge.txt'), 100 * 1024 * 1024);
      },
      /huge\.txt is 100 MB: a manuscript may be at most 20 MB/,
    ],
    [
      'bomb.docx',
      () =>
        writeFileSync(
          path.join(dir, 'bomb.docx'),
          zipSync({ 'word/document.xml': new Uint8Array(150 * 1024 * 1024) }, { level: 9 }),
        ),
      /bomb\.docx unpacks to more than it declares or to more than 100 MB/,
    ],
    [
      'cover.docx',
      () => writeFileSync(path.join(dir, 'cover.docx'), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')),
      /cover\.docx is not a DOCX file: its content is an image/,
    ],
    ['empty.txt', () => writeFileSync(path.join(dir, 'empty.txt'), ''), /empty\.txt is empty/],
    [
      'novel.pdf',
      () => writeFileSync(path.join(dir, 'novel.pdf'), '%PDF-1.7'),
      /novel\.pdf: Karya imports \.txt, \.md, \.docx and \.epub files/,
    ],
  ])('%s', async (file, make, message) => {
    make();
    // Shown (--dry-run) or saved as a book (--generator): refused the same, before anything is saved or asked.
    for (const mode of [['--dry-run'], ['--generator', 'romance']]) {
      const r = await runKaryaInProcess(['import', path.join(dir, file), ...mode], {
        cwd: dir,
        env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' },
      });
      expect(r.code, mode.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(path.join(dir, '.karya'))).toBe(false);
    }
  });

  it('in Malay: a PNG renamed .docx', async () => {
    const r = await runKaryaInProcess(['import', path.join(dir, 'cover.docx'), '--dry-run', '--lang', 'ms'], {
      cwd: dir,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cover.docx bukan fail DOCX: kandungannya ialah imej.');
  });

  it('without --dry-run or --generator it asks which kind of book it is, and saves nothing', async () => {
    const r = await runKaryaInProcess(['import', path.join(dir, 'orchard.txt')], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Which kind of book is orchard.txt? Give --generator');
    expect(existsSync(path.join(dir, '.karya'))).toBe(false);
  });
});
