// No invisible mark reaches a writer through an import: left-to-right and right-to-left marks, bidi
// overrides and zero-width spaces in a manuscript's headings, title and first lines (a text file, and a DOCX
// and an EPUB pandoc made with them in their headings and title), and a right-to-left override in the
// file's name, are gone from the preview, the dry run and a refusal's message.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanText } from '../../engine/index.js';
import {
  ImportRefusal,
  importRefusalMessage,
  manuscriptPreview,
  readManuscript,
  tooLargeRefusal,
} from '../../engine/import/index.js';
import { readManuscriptFile } from '../../engine/node.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

/** Unicode's bidirectional controls and the zero-width characters cleanText takes out. */
const INVISIBLE = /[\u061C\u200B\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/u;
const [LRM, RLM, RLO, PDF, ZWSP] = ['\u200E', '\u200F', '\u202E', '\u202C', '\u200B'];

/**
 * A short manuscript whose title, headings and first lines carry the marks a copy from a web page or a word processor
 * leaves.
 */
const MARKED = [
  `${LRM}Harbour Lights${RLO}`,
  '',
  `Chapter 1: ${LRM}The Storm${LRM}`,
  '',
  `${LRM}Rain fell on the harbour all night, and the boats knocked against the pier until dawn came grey and cold.`,
  '',
  `${RLM}Chapter 2: The${ZWSP} Letter`,
  '',
  `She read the letter twice${RLO} before she folded it${PDF} and put it in the drawer beside the lamp.`,
].join('\n');

describe('cleanText takes out every bidirectional control', () => {
  it.each([
    ['left-to-right mark U+200E', `The${LRM} Storm`],
    ['right-to-left mark U+200F', `The Storm${RLM}`],
    ['Arabic letter mark U+061C', 'The\u061C Storm'],
    ['override U+202E … U+202C', `${RLO}The Storm${PDF}`],
    ['isolate U+2067 … U+2069', '\u2067The Storm\u2069'],
  ])('%s', (_name, text) => {
    expect(cleanText(text)).toBe('The Storm');
  });
});

describe('a text manuscript with marks in its title, headings and first lines, and in its name', () => {
  const read = readManuscript(`harbour${RLO}gpj.txt`, { bytes: new TextEncoder().encode(MARKED) });

  it('the preview shows none of them', () => {
    const preview = manuscriptPreview(read);
    expect(preview.file).toBe('harbourgpj.txt');
    expect(preview.title).toBe('Harbour Lights');
    expect(preview.chapters.map((c) => [c.number, c.title, c.firstLine.slice(0, 14)])).toEqual([
      [1, 'The Storm', 'Rain fell on t'],
      [2, 'The Letter', 'She read the l'],
    ]);
    expect(JSON.stringify(preview)).not.toMatch(INVISIBLE);
    expect(read.parts.map((p) => p.text).join('\n')).not.toMatch(INVISIBLE);
  });

  it('a refusal names the file without them, whoever refuses', () => {
    const refusals = [
      (() => {
        try {
          readManuscript(`empty${RLO}.txt`, { bytes: new Uint8Array(0) });
        } catch (error) {
          return error;
        }
      })(),
      tooLargeRefusal(`/home/writer/big${LRM}.txt`, 30 * 1024 * 1024),
      new ImportRefusal('import_zip_bomb', { file: `uploads/novel${RLO}xcod.epub`, limit: '100 MB' }),
    ] as ImportRefusal[];
    expect(refusals.map((r) => r.params.file)).toEqual(['empty.txt', 'big.txt', 'novelxcod.epub']);
    expect(importRefusalMessage(refusals[0]!, 'en')).toBe('empty.txt is empty: there is no text in it to import.');
    expect(importRefusalMessage(refusals[1]!, 'ms')).toMatch(/^big\.txt bersaiz 30 MB/);
  });
});

describe('DOCX and EPUB made by pandoc with marks in their headings and title', () => {
  const dir = tempDir('karya-invisible-');
  beforeAll(() => {
    const markdown = [
      `# Chapter 1: ${LRM}The Storm${LRM}`,
      '',
      `${LRM}Rain fell on the harbour all night, and the boats knocked against the pier until dawn came grey and cold.`,
      '',
      `# Chapter 2: ${RLM}The Letter`,
      '',
      `She read the letter twice${ZWSP} before she folded it and put it in the drawer beside the lamp.`,
    ].join('\n');
    writeFileSync(path.join(dir, 'harbour.md'), markdown);
    for (const out of ['harbour.docx', 'harbour.epub']) {
      const made = spawnSync('pandoc', ['harbour.md', '-o', out, '--metadata', `title=${LRM}Harbour Lights${RLO}`], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(made.status, made.stderr).toBe(0);
    }
  });

  it.each(['harbour.docx', 'harbour.epub'])(
    '%s: titles, first lines and the book title without marks',
    async (file) => {
      const read = await readManuscriptFile(file, new Uint8Array(readFileSync(path.join(dir, file))));
      const preview = manuscriptPreview(read);
      expect(JSON.stringify(preview)).not.toMatch(INVISIBLE);
      const chapters = preview.chapters.filter((c) => c.words > 0);
      expect(chapters.map((c) => [c.title, c.firstLine.slice(0, 14)])).toEqual([
        ['The Storm', 'Rain fell on t'],
        ['The Letter', 'She read the l'],
      ]);
      // pandoc puts the title on a title page: the DOCX's first line, the EPUB's first spine item.
      expect(preview.title ?? preview.chapters[0]!.title).toBe('Harbour Lights');
    },
  );
});

describe('karya import --dry-run of a file whose name has a right-to-left override', () => {
  it('names it without the override, in the list and the JSON', async () => {
    const dir = tempDir('karya-invisible-cli-');
    writeFileSync(path.join(dir, `harbour${RLO}gpj.txt`), MARKED);
    const json = await runKaryaInProcess(['import', `harbour${RLO}gpj.txt`, '--dry-run', '--json'], { cwd: dir });
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ file: 'harbourgpj.txt', title: 'Harbour Lights' });
    const list = await runKaryaInProcess(['import', `harbour${RLO}gpj.txt`, '--dry-run'], { cwd: dir });
    expect(list.stdout).toMatch(/^harbourgpj\.txt: 2 parts/);
    expect(list.stdout).not.toMatch(INVISIBLE);
  });
});
