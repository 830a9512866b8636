// Real public-domain novels imported as a writer brings them (tests/fixtures/gutenberg/README.md,
// tests/fixtures/balai-pustaka/README.md): Frankenstein's four letters before Chapter 1 are the story's, its title
// is "Frankenstein" with its subtitle and author read from the title page; Treasure Island's prose dedication and
// its verse "TO THE HESITATING PURCHASER" are kept, its Part lines end no chapter's text; a Balai Pustaka novel's
// "Kata Pendahoeloean" (old spelling) is its preface. Imported with `karya import` and exported to Markdown, EPUB,
// DOCX and PDF: each piece of the front is a part of its own kind (the EPUB's landmarks name the preface, the
// contents list every letter), and nothing anywhere is a code block. An EPUB pandoc made from Gutenberg's HTML
// Frankenstein reads as the text file does.
import { readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown, type Block } from '../../engine/markdown.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { epubcheck, readZip, runTool, zipText } from '../export/tools.js';
import { tempDir } from '../temp.js';

const FIXTURES = path.join(import.meta.dirname, '../fixtures');
const FRANKENSTEIN = path.join(FIXTURES, 'gutenberg', 'frankenstein-84-letters-chapters-1-3.txt');
const FRANKENSTEIN_HTML = path.join(FIXTURES, 'gutenberg', 'frankenstein-84-letters-chapters-1-3.htm');
const TREASURE_ISLAND = path.join(FIXTURES, 'gutenberg', 'treasure-island-120-part-one.txt');
const AZAB = path.join(FIXTURES, 'balai-pustaka', 'azab-dan-sengsara-structure.txt');

interface Preview {
  title: string | null;
  subtitle?: string;
  author: string | null;
  frontMatter?: Array<{ kind: string; title: string; words: number; firstLine: string }>;
  leftOut?: string[];
  chapters: Array<{ kind: string; number: number | null; title: string; words: number; firstLine: string }>;
}

/** Every block of a Markdown text, quotes opened. */
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

/** The time a novel's import, export and epubcheck are given (see the tests that use it). */
const EPUBCHECKED_NOVEL_MS = 120_000;
/**
 * The time a novel's import and its four exports are given: five `karya` processes and a whole novel laid out as a
 * PDF, 30.2 s under two CI runs at once on a 2-core machine (session 43), past the suite's 30 s.
 */
const EXPORTED_NOVEL_MS = 120_000;

describe('public-domain novels: what the dry run reads', () => {
  const dir = tempDir('karya-pd-dry-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const dry = async (file: string) => {
    const r = await runKaryaInProcess(['import', file, '--dry-run', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as Preview;
  };

  it(
    'Frankenstein: the four letters kept as letters before Chapter 1, the ' +
      'title without its ";", the subtitle and the author from the title page',
    async () => {
      const read = await dry(FRANKENSTEIN);
      expect(read.title).toBe('Frankenstein');
      expect(read.subtitle).toBe('or, the Modern Prometheus');
      expect(read.author).toBe('Mary Wollstonecraft (Godwin) Shelley');
      expect(read.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['letter', 'Letter 1'],
        ['letter', 'Letter 2'],
        ['letter', 'Letter 3'],
        ['letter', 'Letter 4'],
      ]);
      // Project Gutenberg's Frankenstein has 5,608 words of letters: all of them are kept, none left out.
      expect(read.frontMatter!.reduce((sum, f) => sum + f.words, 0)).toBeGreaterThan(5500);
      expect(read.frontMatter![0]!.firstLine).toBe('_To Mrs. Saville, England._');
      expect(read.leftOut).toEqual(['titlePage', 'contents']);
      expect(read.chapters.map((c) => c.number)).toEqual([1, 2, 3]);
      expect(read.chapters[0]!.firstLine).toMatch(/^I am by birth a Genevese/);
    },
  );

  it(
    'Treasure Island: the prose dedication "To S.L.O." and the verse "TO ' +
      'THE HESITATING PURCHASER" kept; the chapters under their Part lines',
    async () => {
      const read = await dry(TREASURE_ISLAND);
      expect(read.title).toBe('TREASURE ISLAND');
      expect(read.author).toBe('Robert Louis Stevenson');
      expect(read.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['dedication', ''],
        ['dedication', 'TO THE HESITATING PURCHASER'],
      ]);
      expect(read.frontMatter![0]!.firstLine).toMatch(/^To S\.L\.O\., an American gentleman/);
      expect(read.frontMatter![1]!.firstLine).toBe('If sailor tales to sailor tunes,');
      expect(read.leftOut).toEqual(['titlePage', 'contents']);
      expect(read.chapters.map((c) => c.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(read.chapters[0]!.title).toBe('The Old Sea-dog at the Admiral Benbow');
      expect(read.chapters[6]!.title).toBe('I Go to Bristol');
    },
  );

  it(
    'Anne of Avonlea (Gutenberg header, a dedication under "To" alone, an ' +
      'epigraph signed --WHITTIER, a contents list without a heading): each named',
    async () => {
      const read = await dry(path.join(FIXTURES, 'gutenberg', 'anne-of-avonlea-xvi-xxi.txt'));
      expect(read.author).toBe('Lucy Maud Montgomery');
      expect(read.frontMatter?.map((f) => f.kind)).toEqual(['dedication', 'epigraph']);
      expect(read.leftOut).toEqual(['titlePage', 'contents', 'licence']);
      expect(read.chapters).toHaveLength(6);
    },
  );

  it(
    'a Balai Pustaka novel in the old spelling: "Kata Pendahoeloean" ' +
      'is its preface; title, subtitle and the author after "oleh"',
    async () => {
      const read = await dry(AZAB);
      expect(read.title).toBe('AZAB DAN SENGSARA');
      expect(read.subtitle).toBe('Kissah Kehidoepan Seorang Anak Gadis');
      expect(read.author).toBe('Merari Siregar');
      expect(read.frontMatter?.map((f) => [f.kind, f.title])).toEqual([['preface', 'Kata Pendahoeloean']]);
      expect(read.chapters.map((c) => c.title)).toEqual([
        'Di Tepi Soengai',
        'Kampoeng Sipirok',
        'Soerat dari Medan',
        'Adat jang Keras',
      ]);
      // The writer is told in the book's language what was read.
      const plain = await runKaryaInProcess(['import', AZAB, '--dry-run', '--lang', 'id'], { cwd: dir });
      expect(plain.stdout).toContain('subjudul: Kissah Kehidoepan Seorang Anak Gadis');
      expect(plain.stdout).toContain('pengarang: Merari Siregar');
      expect(plain.stdout).toMatch(/Kata Pendahoeloean \(prakata, \d+ kata\)/);
    },
  );

  it.each(['epub', 'docx'])(
    "a %s pandoc made of Gutenberg's HTML Frankenstein: the same title, author and letters, the address in italics",
    async (ext) => {
      const made = spawnSync('pandoc', [FRANKENSTEIN_HTML, '-o', path.join(dir, `frankenstein.${ext}`)], {
        encoding: 'utf8',
      });
      expect(made.status, made.stderr).toBe(0);
      const read = await dry(path.join(dir, `frankenstein.${ext}`));
      expect(read.title).toBe('Frankenstein');
      expect(read.subtitle).toBe('or, the Modern Prometheus');
      expect(read.author).toBe('Mary Wollstonecraft (Godwin) Shelley');
      expect(read.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['letter', 'Letter 1'],
        ['letter', 'Letter 2'],
        ['letter', 'Letter 3'],
        ['letter', 'Letter 4'],
      ]);
      expect(read.frontMatter![0]!.firstLine).toBe('*To Mrs. Saville, England.*');
      expect(read.chapters.map((c) => c.number)).toEqual([1, 2, 3]);
    },
  );

  it("a DOCX whose text names no author: the author its properties name (pandoc's --metadata author)", async () => {
    const md = [
      '# Kata Pengantar',
      '',
      'Kitab ini ditulis untuk sekalian pembaca yang gemar akan cerita lama dari tanah Melayu dan sekitarnya.',
      '',
      ...[1, 2].flatMap((n) => [
        `# Bab ${n}`,
        '',
        `Pada pagi yang ke-${n} Halimah berjalan ke tepi sungai dan ` +
          `melihat perahu nelayan pulang ke kuala dengan muatan penuh.`,
        '',
      ]),
    ].join('\n');
    writeFileSync(path.join(dir, 'kuala.md'), md);
    const made = spawnSync(
      'pandoc',
      ['kuala.md', '-o', 'kuala.docx', '--metadata', 'title=Hujan di Kuala', '--metadata', 'author=Halimah Yusof'],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(made.status, made.stderr).toBe(0);
    const read = await dry(path.join(dir, 'kuala.docx'));
    expect(read.title).toBe('Hujan di Kuala');
    expect(read.author).toBe('Halimah Yusof');
    expect(read.frontMatter?.map((f) => [f.kind, f.title])).toEqual([['foreword', 'Kata Pengantar']]);
  });
});

describe('public-domain novels imported and exported', () => {
  let cwd: string;
  let fake: FakeOpenAI;
  const karya = (args: string[]) =>
    runKaryaInProcess(args, { cwd, env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL } });

  beforeAll(async () => {
    fake = await startFakeOpenAI(underWriter(1).fakeOptions());
    cwd = tempDir('karya-pd-books-');
    for (const file of [FRANKENSTEIN, TREASURE_ISLAND, AZAB]) copyFileSync(file, path.join(cwd, path.basename(file)));
  });
  afterAll(async () => {
    await fake.close();
    rmSync(cwd, { recursive: true, force: true });
  });

  /**
   * The book imported, and its exports in every format: Markdown, the EPUB's files, the DOCX's document, the PDF's text
   * and fonts.
   */
  async function importAndExport(file: string, extra: string[] = []) {
    const r = await karya([
      'import',
      path.basename(file),
      '--generator',
      'romance',
      '--chapters',
      '8',
      '--voice',
      'none',
      '--json',
      ...extra,
    ]);
    expect(r.code, r.stderr).toBe(0);
    const { book } = JSON.parse(r.stdout) as { book: { id: number; title: string } };
    const out = (ext: string) => path.join(cwd, `${book.id}.${ext}`);
    for (const ext of ['md', 'epub', 'docx', 'pdf']) {
      const e = await karya(['export', 'romance', '--book', String(book.id), '--out', out(ext)]);
      expect(e.code, e.stderr).toBe(0);
    }
    const epub = readZip(new Uint8Array(readFileSync(out('epub'))));
    const xhtml = epub
      .filter((e) => /\.xhtml$/.test(e.name))
      .map((e) => ({ name: e.name, text: zipText(epub, e.name) }));
    const docx = zipText(readZip(new Uint8Array(readFileSync(out('docx')))), 'word/document.xml');
    const [pdfText, pdfFonts] = await Promise.all([
      runTool('pdftotext', [out('pdf'), '-']),
      runTool('pdffonts', [out('pdf')]),
    ]);
    const opf = zipText(epub, epub.find((e) => /\.opf$/.test(e.name))!.name);
    return {
      book,
      epubFile: out('epub'),
      opf,
      md: readFileSync(out('md'), 'utf8'),
      xhtml,
      nav: xhtml.find((x) => /toc\.xhtml$/.test(x.name))!.text,
      docx,
      pdf: pdfText.stdout,
      pdfFonts: pdfFonts.stdout,
    };
  }

  /**
   * No format prints a code block: no Markdown code, no <pre>/<code>, no monospace run in the DOCX, no monospace font
   * in the PDF.
   */
  function expectNoCode(x: Awaited<ReturnType<typeof importAndExport>>) {
    expect(blocksOf(x.md).filter((b) => b.kind === 'code')).toEqual([]);
    expect(x.md).not.toMatch(/^ {4}\S/m);
    for (const page of x.xhtml) expect(page.text).not.toMatch(/<pre\b|<code\b/);
    expect(x.docx).not.toContain('Courier');
    expect(x.pdfFonts).not.toMatch(/Mono|Courier/);
  }

  it(
    'Frankenstein: each letter a part of its own before Chapter ' +
      '1 in every format, the address in italics, nothing as code',
    async () => {
      const x = await importAndExport(FRANKENSTEIN);
      expect(x.book.title).toBe('Frankenstein');
      // The title page's author is the book's: the EPUB names her, no --author given.
      expect(x.opf).toMatch(/<dc:creator[^>]*>Mary Wollstonecraft \(Godwin\) Shelley<\/dc:creator>/);
      const at = (heading: string) => x.md.indexOf(`\n## ${heading}\n`);
      expect(
        [at('Letter 1'), at('Letter 2'), at('Letter 3'), at('Letter 4')].every(
          (n, i, all) => n > 0 && (i === 0 || n > all[i - 1]!),
        ),
      ).toBe(true);
      expect(at('Letter 4')).toBeLessThan(at('Chapter 1'));
      expect(x.md).not.toContain('## Introduction');
      expect(x.md).toContain('_To Mrs. Saville, England._');
      // The EPUB's contents list every letter; the letters are the story's (chapters), so the body starts at Letter 1.
      for (const n of [1, 2, 3, 4]) expect(x.nav).toMatch(new RegExp(`<li><a href="[^"]+">Letter ${n}</a></li>`));
      expect(x.nav).toMatch(/epub:type="bodymatter" href="[^"]+">Letter 1</);
      const letter = x.xhtml.find((p) => p.text.includes('<h1>Letter 1</h1>'))!;
      expect(letter.text).toContain('<em>To Mrs. Saville, England.</em>');
      expect(x.pdf).toContain('Letter 4');
      expect(x.pdf).not.toContain('_To Mrs. Saville');
      expectNoCode(x);
    },
    EXPORTED_NOVEL_MS,
  );

  it(
    'Treasure Island: both dedications are Dedication parts (EPUB ' +
      'landmarks), the verse line by line in a quote, nothing as code',
    async () => {
      const x = await importAndExport(TREASURE_ISLAND);
      expect(x.md).toContain('\n## Dedication\n');
      expect(x.md).toContain('\n## TO THE HESITATING PURCHASER\n');
      expect(x.nav).toMatch(/epub:type="dedication" href="[^"]+">Dedication</);
      expect(x.nav).toMatch(/epub:type="dedication" href="[^"]+">TO THE HESITATING PURCHASER</);
      expect(x.nav).toMatch(/epub:type="bodymatter" href="[^"]+">Chapter 1/);
      const verse = x.xhtml.find((p) => p.text.includes('If sailor tales to sailor tunes'))!;
      expect(verse.text).toMatch(/<section epub:type="dedication" role="doc-dedication">/);
      expect(verse.text).toMatch(/<blockquote>[\s\S]*If sailor tales to sailor tunes,<br\s*\/?>\s*Storm and adventure/);
      // The Part line is the book's structure, not the last line of Chapter 6.
      expect(x.md).not.toContain('PART TWO--The Sea-cook');
      expect(x.pdf).toContain('TO THE HESITATING PURCHASER');
      expectNoCode(x);
      // The landmarks and section types are valid EPUB 3.
      const check = await epubcheck(x.epubFile);
      expect(check.code, check.report).toBe(0);
    },
    // A whole novel imported and exported, then epubcheck (the first check starts the worker's JVM): ~4 s alone,
    // past 30 s under two CI runs at once.
    EPUBCHECKED_NOVEL_MS,
  );

  it(
    'a Balai Pustaka novel: the preface a Preface (EPUB ' + 'type, landmarks, contents, PDF), before Chapter 1',
    async () => {
      const x = await importAndExport(AZAB, ['--lang', 'id']);
      expect(x.md).toContain('\n## Kata Pendahoeloean\n');
      expect(x.md.indexOf('## Kata Pendahoeloean')).toBeLessThan(x.md.indexOf('## Bab 1'));
      expect(x.nav).toMatch(/epub:type="preface" href="[^"]+">Kata Pendahoeloean</);
      expect(x.nav).toMatch(/<li><a href="[^"]+">Kata Pendahoeloean<\/a><\/li>/);
      expect(x.xhtml.find((p) => p.text.includes('<h1>Kata Pendahoeloean</h1>'))!.text).toMatch(
        /<section epub:type="preface" role="doc-preface">/,
      );
      expect(x.pdf).toContain('Kata Pendahoeloean');
      expectNoCode(x);
      const check = await epubcheck(x.epubFile);
      expect(check.code, check.report).toBe(0);
    },
    // A whole novel imported and exported, then epubcheck (the first check starts the worker's JVM): ~4 s alone,
    // past 30 s under two CI runs at once.
    EPUBCHECKED_NOVEL_MS,
  );
});

describe('a structure no fixture was tuned for', () => {
  const dir = tempDir('karya-pd-untuned-');
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const prose = (who: string, n: number) =>
    Array.from(
      { length: n },
      (_, i) => `${who} crossed the salt flats on the ${i + 1}th evening and counted the herons rising from the marsh.`,
    ).join(' ');

  it(
    'an epigraph with its attribution, a Foreword, a Prologue ' +
      "and chapters: each its own kind, the prologue the story's",
    async () => {
      const text = [
        'THE SALT ROAD',
        '',
        'A Novel',
        '',
        'by Nadia Rahim',
        '',
        '',
        '',
        '"Every road to the sea is a road home."',
        '— a Kedah saying',
        '',
        '',
        '',
        'FOREWORD',
        '',
        prose('The editor', 3),
        '',
        '',
        'PROLOGUE',
        '',
        prose('The ferryman', 3),
        '',
        '',
        'CHAPTER ONE',
        '',
        'The Marsh',
        '',
        prose('Nadia', 5),
        '',
        'CHAPTER TWO',
        '',
        'The Herons',
        '',
        prose('Ismail', 5),
      ].join('\n');
      writeFileSync(path.join(dir, 'salt.txt'), text);
      const r = await runKaryaInProcess(['import', 'salt.txt', '--dry-run', '--json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const read = JSON.parse(r.stdout) as Preview;
      expect(read.title).toBe('THE SALT ROAD');
      expect(read.author).toBe('Nadia Rahim');
      expect(read.frontMatter?.map((f) => [f.kind, f.title])).toEqual([
        ['epigraph', ''],
        ['foreword', 'FOREWORD'],
      ]);
      expect(read.chapters.map((c) => [c.kind, c.number, c.title])).toEqual([
        ['introduction', null, ''],
        ['chapter', 1, 'The Marsh'],
        ['chapter', 2, 'The Herons'],
      ]);
    },
  );
});
