// What an import keeps of the writer's own, with a 1909 novel as Project Gutenberg ships it (tests/import/katrine.ts:
// a `Title:` header, a title page "KATRINE", a signed PREFACE, indented verse and a letter): the dry run shows
// the title, the preface kept and what was really left out; the import saves the book under its own title with
// its preface a part of its own before Chapter 1 and its verse as verse (a block quote, never Markdown's code), prints
// the settings
// read with their sources and takes the manuscript's voice; continuing it keeps the title though the model's
// outline names another. A pandoc DOCX and EPUB with the title in their metadata and a "# Preface": the same.
// A dry run as a generator with a required setting shows the chapters and names the setting.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown, type Block } from '../../engine/markdown.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter, userOf } from '../scripted-models.js';
import { pandoc } from './hostile-files.js';
import {
  KATRINE_TITLES,
  LETTER_OPENING,
  PREFACE_OPENING,
  PREFACE_SIGNATURE,
  VERSE,
  katrineText,
  wrap,
} from './katrine.js';
import { tempDir } from '../temp.js';

interface Preview {
  title: string | null;
  frontMatterWords: number;
  frontMatter?: Array<{ kind: string; title: string; words: number; firstLine: string }>;
  leftOut?: string[];
  chapters: Array<{ kind: string; number: number | null; title: string; firstLine: string }>;
  missingSettings?: string[];
}

/** Every block of a part's Markdown, quotes opened. */
function blocksOf(markdown: string): Block[] {
  const out: Block[] = [];
  const walk = (blocks: readonly Block[]) =>
    blocks.forEach((b) => {
      out.push(b);
      if (b.kind === 'quote') walk(b.blocks);
    });
  walk(parseMarkdown(markdown));
  return out;
}

/** The answer a careful reader of the 1909 novel gives to the settings call. */
const READING = {
  era: 'America, 1909',
  setting: 'a river valley',
  pointOfView: 'third person, past tense',
  tone: 'gentle',
  fields: { romanceType: 'historical', settingType: 'Rural' },
};

describe("karya import keeps what is the writer's", () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });

  beforeAll(async () => {
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({
        reply: (body) =>
          /Settings to choose/.test(userOf(body))
            ? { text: `\`\`\`json\n${JSON.stringify(READING)}\n\`\`\`` }
            : undefined,
      }),
    );
    cwd = tempDir('karya-import-own-');
    writeFileSync(path.join(cwd, 'katrine.txt'), katrineText());
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  it('the dry run shows the title, the preface kept as front matter and names what it left out', async () => {
    const r = await runKaryaInProcess(['import', 'katrine.txt', '--dry-run', '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    const read = JSON.parse(r.stdout) as Preview;
    expect(read.title).toBe('Katrine');
    expect(read.frontMatter).toHaveLength(1);
    expect(read.frontMatter![0]).toMatchObject({ kind: 'preface', title: 'PREFACE' });
    expect(read.frontMatter![0]!.words).toBeGreaterThan(340);
    expect(read.frontMatter![0]!.firstLine.startsWith(PREFACE_OPENING)).toBe(true);
    expect(read.leftOut).toEqual(['titlePage', 'contents', 'copyright', 'licence']);
    // What was left out is the title page and the contents: far fewer words than the preface.
    expect(read.frontMatterWords).toBeLessThan(100);
    expect(read.chapters.map((c) => c.title)).toEqual(KATRINE_TITLES);
    expect(read.chapters.map((c) => c.kind)).toEqual(['chapter', 'chapter', 'chapter', 'chapter']);

    const plain = await runKaryaInProcess(['import', 'katrine.txt', '--dry-run'], { cwd });
    expect(plain.stdout).toContain('title: Katrine');
    expect(plain.stdout).toMatch(/kept as the book's front matter, before Chapter 1: PREFACE \(preface, \d{3} words\)/);
    expect(plain.stdout).toMatch(
      /\d+ words before the first part left out: title page, contents, copyright page, Project Gutenberg's licence/,
    );
    const malay = await runKaryaInProcess(['import', 'katrine.txt', '--dry-run', '--lang', 'ms'], { cwd });
    expect(malay.stdout).toContain('tajuk: Katrine');
    expect(malay.stdout).toMatch(
      /disimpan sebagai bahan awal buku, sebelum Bab 1: PREFACE \(prakata, \d{3} patah perkataan\)/,
    );
    expect(malay.stdout).toContain(
      'tidak dimasukkan: halaman judul, kandungan, halaman hak cipta, lesen Project Gutenberg',
    );
  });

  it(
    'the import saves it under its own title, the preface before Chapter 1, the ' +
      'verse as verse, the settings said with their sources; continuing keeps the title',
    async () => {
      const r = await karya(['import', 'katrine.txt', '--generator', 'romance', '--chapters', '6', '--json']);
      expect(r.code, r.stderr).toBe(0);
      const { book } = JSON.parse(r.stdout) as { book: { id: number; title: string } };
      expect(book.title).toBe('Katrine');
      // The settings read, each with its source, as the dry run shows them; the title and the front matter kept.
      expect(r.stderr).toContain('karya: Romance Type: Historical (from the manuscript)');
      expect(r.stderr).toContain('karya: Setting: Rural (from the manuscript)');
      expect(r.stderr).toContain('karya: Heat Level: Sweet (clean) (from the default)');
      expect(r.stderr).toContain('karya: title: Katrine');
      expect(r.stderr).toContain("karya: kept as the book's front matter, before Chapter 1: PREFACE");
      expect(r.stderr).toMatch(
        new RegExp(
          /the manuscript's own prose is the book's voice: every new chapter is measured against it \(/.source +
            /[\d,]+ words measured; --voice none to go without\)/.source,
        ),
      );

      const exported = await karya(['export', 'romance', '--book', String(book.id), '--out', 'katrine.md']);
      expect(exported.code, exported.stderr).toBe(0);
      const md = readFileSync(path.join(cwd, 'katrine.md'), 'utf8');
      expect(md.startsWith('# Katrine\n')).toBe(true);
      // The preface is a part of its own, headed as the writer headed it, never text under an "Introduction".
      const preface = md.indexOf('\n## PREFACE\n');
      expect(preface).toBeGreaterThan(0);
      expect(md).not.toContain('## Introduction');
      expect(preface).toBeLessThan(md.indexOf(`## Chapter 1: ${KATRINE_TITLES[0]}`));
      expect(md).toContain(PREFACE_OPENING);
      expect(md.slice(preface, md.indexOf('## Chapter 1'))).toContain(PREFACE_SIGNATURE);
      // The verse and the letter: block quotes, the verse line by line, the letter one paragraph; nothing is code.
      const blocks = blocksOf(md);
      expect(blocks.filter((b) => b.kind === 'code')).toEqual([]);
      const quotes = blocks.filter((b): b is Extract<Block, { kind: 'quote' }> => b.kind === 'quote');
      const verse = quotes.find((q) => JSON.stringify(q).includes(VERSE[0]!))!;
      const paragraph = verse.blocks[0] as Extract<Block, { kind: 'paragraph' }>;
      expect(paragraph.spans.filter((s) => s.kind === 'break')).toHaveLength(VERSE.length - 1);
      expect(paragraph.spans.filter((s) => s.kind === 'text').map((s) => (s as { text: string }).text)).toEqual(VERSE);
      const letter = quotes.find((q) => JSON.stringify(q).includes(LETTER_OPENING))!;
      expect(JSON.stringify(letter)).not.toContain('"break"');
      expect(md).not.toMatch(/^ {4}\S/m);

      // Continued: the model's outline calls it "Lights on the Harbour"; the book stays "Katrine", and its new
      // chapters are measured against the manuscript's voice.
      const more = await karya(['generate', 'romance', '--book', String(book.id), '--json']);
      expect(more.code, more.stderr).toBe(0);
      const parts = (JSON.parse(more.stdout) as { parts: Array<{ label: string; voice?: unknown }> }).parts;
      expect(parts.map((p) => p.label)).toEqual(['Story Outline', 'Chapter 5', 'Chapter 6']);
      expect(parts.filter((p) => p.label.startsWith('Chapter')).every((p) => p.voice !== undefined)).toBe(true);
      const listed = JSON.parse((await karya(['books', '--json'])).stdout) as {
        books: Array<{ id: number; title: string }>;
      };
      expect(listed.books.find((b) => b.id === book.id)!.title).toBe('Katrine');
      const again = await karya(['export', 'romance', '--book', String(book.id), '--out', 'continued.md']);
      expect(again.code, again.stderr).toBe(0);
      expect(readFileSync(path.join(cwd, 'continued.md'), 'utf8').startsWith('# Katrine\n')).toBe(true);
    },
  );

  it('--voice none imports the book without a voice, and says so', async () => {
    const r = await karya([
      'import',
      'katrine.txt',
      '--generator',
      'mystery-thriller',
      '--chapters',
      '5',
      '--voice',
      'none',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('no voice for the book (--voice none)');
    const { book } = JSON.parse(r.stdout) as { book: { id: number } };
    const more = await karya(['generate', 'mystery-thriller', '--book', String(book.id), '--json']);
    expect(more.code, more.stderr).toBe(0);
    expect(
      (JSON.parse(more.stdout) as { parts: Array<{ voice?: unknown }> }).parts.every((p) => p.voice === undefined),
    ).toBe(true);
  });

  it('a dry run as a generator with a required setting shows the chapters and names the setting to give', async () => {
    const r = await runKaryaInProcess(['import', 'katrine.txt', '--dry-run', '--generator', 'biography'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Chapter 4  ${KATRINE_TITLES[3]}`);
    expect(r.stdout).toMatch(/Person's Name: not set, and the book needs it: give --set personName=…/);
    const json = await runKaryaInProcess(['import', 'katrine.txt', '--dry-run', '--generator', 'biography', '--json'], {
      cwd,
    });
    expect(json.code, json.stderr).toBe(0);
    const read = JSON.parse(json.stdout) as Preview;
    expect(read.chapters).toHaveLength(4);
    expect(read.missingSettings).toEqual(['personName']);
  });
});

describe('a DOCX and an EPUB made by pandoc, with the title in their metadata and a preface', () => {
  const dir = tempDir('karya-import-own-pandoc-');
  const paragraph = (n: number) =>
    wrap(
      `Katrine walked down to the river for the ${n}th time that spring, and the pines stood dark above the ` +
        `water while the music of the valley went on without her.`,
    ).join('\n');
  const markdown = [
    '# Preface',
    '',
    `${PREFACE_OPENING}, in a house by the river.`,
    '',
    paragraph(0),
    '',
    ...KATRINE_TITLES.flatMap((t, i) => [`# Chapter ${i + 1}: ${t}`, '', paragraph(i + 1), '', paragraph(i + 2), '']),
  ].join('\n');

  it.each(['docx', 'epub'] as const)(
    "%s: the title is the metadata's, the preface front matter, never Chapter 1",
    async (ext) => {
      writeFileSync(path.join(dir, `katrine.${ext}`), pandoc(markdown, ext, 'Katrine'));
      const r = await runKaryaInProcess(['import', `katrine.${ext}`, '--dry-run', '--json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const read = JSON.parse(r.stdout) as Preview;
      expect(read.title).toBe('Katrine');
      expect(read.frontMatter?.map((f) => f.kind)).toEqual(['preface']);
      expect(read.frontMatter![0]!.firstLine.startsWith(PREFACE_OPENING)).toBe(true);
      expect(read.chapters.map((c) => c.title)).toEqual(KATRINE_TITLES);
      expect(read.chapters.map((c) => c.number)).toEqual([1, 2, 3, 4]);
    },
  );
});
