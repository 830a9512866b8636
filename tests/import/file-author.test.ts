// The author a manuscript file names is the book's, wherever the file names it: a DOCX's properties (pandoc's
// `-M author=…`, its dc:creator), a Markdown file's pandoc metadata block (`author:` one or a list, `lang:`) or its
// `%` title block. The metadata is no part of the book's text; the book keeps the author when saved, and its EPUB
// names them (dc:creator). English and Malay; the files are pandoc's own reading of the same metadata.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { readZip, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const chapters = (word: string, who: string) =>
  [1, 2]
    .flatMap((n) => [
      `# ${word} ${n}`,
      '',
      `${who} walked down to the harbour on the ${n}th morning and counted ` +
        `the boats coming in under the grey sky, one lantern after another.`,
      '',
    ])
    .join('\n');

const FILES = {
  'pines.md': {
    text: [
      '---',
      'title: "Under the Southern Pines"',
      'author: Eleanor Marsh',
      'lang: en-GB',
      '---',
      '',
      chapters('Chapter', 'Eleanor'),
    ].join('\n'),
    title: 'Under the Southern Pines',
    author: 'Eleanor Marsh',
  },
  'two.md': {
    text: [
      '---',
      'title: Letters from Kuala',
      'author:',
      '  - Halimah Yusof',
      '  - Aminah Said',
      'lang: ms',
      '---',
      '',
      chapters('Bab', 'Halimah'),
    ].join('\n'),
    title: 'Letters from Kuala',
    author: 'Halimah Yusof; Aminah Said',
  },
  'block.md': {
    text: ['% Hujan di Kuala', '% Halimah Yusof', '% 1962', '', chapters('Bab', 'Halimah')].join('\n'),
    title: 'Hujan di Kuala',
    author: 'Halimah Yusof',
  },
};

describe('the author a manuscript file names', () => {
  let cwd: string;
  const karya = (args: string[]) => runKaryaInProcess(args, { cwd });

  beforeAll(() => {
    cwd = tempDir('karya-file-author-');
    for (const [name, f] of Object.entries(FILES)) writeFileSync(path.join(cwd, name), f.text);
    // pandoc reads the same metadata into the DOCX's properties; one more DOCX names its author only on the command
    // line.
    for (const name of Object.keys(FILES)) {
      const made = spawnSync('pandoc', [name, '-o', name.replace(/\.md$/, '.docx')], { cwd, encoding: 'utf8' });
      expect(made.status, made.stderr).toBe(0);
    }
    const made = spawnSync('pandoc', ['-f', 'markdown', '-o', 'bare.docx', '-M', 'author=Clara Whitfield'], {
      cwd,
      input: chapters('Chapter', 'Clara'),
      encoding: 'utf8',
    });
    expect(made.status, made.stderr).toBe(0);
  });

  const cases = [
    ...Object.entries(FILES).flatMap(([name, f]) => [
      [name, f.title, f.author],
      [name.replace(/\.md$/, '.docx'), f.title, f.author],
    ]),
    ['bare.docx', null, 'Clara Whitfield'],
  ] as Array<[string, string | null, string]>;

  it.each(cases)(
    '%s: the dry run names its title and author, and its text has no metadata',
    async (file, title, author) => {
      const r = await karya(['import', file, '--dry-run', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const read = JSON.parse(r.stdout) as {
        title: string | null;
        author: string | null;
        chapters: Array<{ number: number; firstLine: string }>;
      };
      expect(read.author).toBe(author);
      if (title) expect(read.title).toBe(title);
      expect(read.chapters.map((c) => c.number)).toEqual([1, 2]);
      expect(read.chapters[0]!.firstLine).toMatch(/^(Eleanor|Halimah|Clara) walked/);
    },
  );

  it.each([
    ['pines.md', 'Eleanor Marsh'],
    ['block.docx', 'Halimah Yusof'],
    ['bare.docx', 'Clara Whitfield'],
  ])('%s imported as a book and exported: the EPUB names %s as its author', async (file, author) => {
    const imported = await karya(['import', file, '--generator', 'romance', '--json']);
    expect(imported.code, imported.stderr).toBe(0);
    const { book } = JSON.parse(imported.stdout) as { book: { id: number } };
    const out = `${path.basename(file).replace('.', '-')}.epub`;
    const exported = await karya(['export', '--book', String(book.id), '--out', out]);
    expect(exported.code, exported.stderr).toBe(0);
    const epub = readZip(new Uint8Array(readFileSync(path.join(cwd, out))));
    const opf = zipText(epub, epub.find((e) => e.name.endsWith('.opf'))!.name);
    expect(opf).toMatch(new RegExp(`<dc:creator[^>]*>${author}</dc:creator>`));
    const text = epub
      .filter((e) => e.name.endsWith('.xhtml'))
      .map((e) => zipText(epub, e.name))
      .join('\n');
    expect(text).not.toMatch(/^---$|^% |lang: /m);
  });
});
