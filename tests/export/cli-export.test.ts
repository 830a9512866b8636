// Exports through the CLI, checked with the real tools: `karya generate romance --out book.epub|.docx|.pdf`
// (offline provider, in this process) in English and Malay, epubcheck on the EPUBs, the DOCX's headings,
// pdfinfo and pdftotext on the PDF (a children's book in its own 5.5 × 8.5 in layout); the format chosen
// from --out or --format; `karya export` writing a saved book again without a call to the model.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { fullLength, startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { epubcheck, readZip, runTool, zipText, type ZipEntry } from './tools.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-export-');
const YEAR = new Date().getFullYear();

/** The parts of `romance --chapters 3` by language, as the generator's flow names them. */
const PARTS = {
  en: {
    headings: [
      'Introduction',
      'Chapter 1: First Light',
      'Chapter 2: A Door Opens',
      'Chapter 3: The Long Road',
      'Conclusion',
    ],
    contents: 'Contents',
    writtenWith: 'Written with Karya',
    lang: 'en',
  },
  ms: {
    headings: ['Pengenalan', 'Bab 1: Cahaya Pertama', 'Bab 2: Pintu Terbuka', 'Bab 3: Jalan Panjang', 'Kesimpulan'],
    contents: 'Kandungan',
    writtenWith: 'Ditulis dengan Karya',
    lang: 'ms',
  },
} as const;
type Lang = keyof typeof PARTS;

function romance(lang: Lang, out: string, extra: string[] = []): string[] {
  return [
    'generate',
    'romance',
    '--chapters',
    '3',
    ...(lang === 'ms' ? ['--lang', 'ms'] : []),
    '--state',
    path.join(tmp, `${lang}.sqlite`),
    '--out',
    out,
    ...extra,
  ];
}

/** XML character references as characters (the EPUB writes some letters as `&#xA9;`). */
const decode = (xml: string) =>
  xml
    .replace(/&#x([0-9a-f]+);/gi, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
    .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The links of the EPUB's nav table of contents: [href, text]. */
function navLinks(entries: readonly ZipEntry[]): Array<[string, string]> {
  const nav = /<nav epub:type="toc"[^>]*>([\s\S]*?)<\/nav>/.exec(zipText(entries, 'OEBPS/toc.xhtml'))?.[1] ?? '';
  return [...nav.matchAll(/<a href="([^"]+)">([^<]*)<\/a>/g)].map((m) => [m[1]!, decode(m[2]!).trim()]);
}

describe('karya generate --out book.epub', () => {
  const books: Record<Lang, { entries: ZipEntry[]; check: { code: number; report: string } }> = {} as never;

  beforeAll(async () => {
    for (const lang of ['en', 'ms'] as const) {
      const file = path.join(tmp, lang, 'book.epub');
      const run = await runKaryaInProcess(romance(lang, file), { cwd: tmp });
      expect(run, run.stderr).toMatchObject({ code: 0 });
      books[lang] = { entries: readZip(readFileSync(file)), check: { code: -1, report: '' } };
    }
    // Both at once: epubcheck spends most of its ~5 s starting Java.
    const [en, ms] = await Promise.all([
      epubcheck(path.join(tmp, 'en', 'book.epub')),
      epubcheck(path.join(tmp, 'ms', 'book.epub')),
    ]);
    books.en.check = en;
    books.ms.check = ms;
  }, 60_000);

  it.each(['en', 'ms'] as const)('%s: epubcheck exits 0 with 0 errors', (lang) => {
    const { code, report } = books[lang].check;
    expect(report).toMatch(/0 fatals \/ 0 errors/);
    expect({ code, report }).toMatchObject({ code: 0 });
  });

  it.each(['en', 'ms'] as const)(
    '%s: declares its language; the nav lists every part by its heading and links to it',
    (lang) => {
      const { entries } = books[lang];
      const want = PARTS[lang];
      const opf = zipText(entries, 'OEBPS/content.opf');
      expect(opf).toContain(`<dc:language>${want.lang}</dc:language>`);
      expect(zipText(entries, 'OEBPS/toc.xhtml')).toContain(`<h1>${want.contents}</h1>`);
      const links = navLinks(entries);
      expect(links.map(([, text]) => text)).toEqual(want.headings);
      for (const [href, text] of links) {
        const part = zipText(entries, `OEBPS/${href}`);
        expect(part).toContain(`xml:lang="${want.lang}"`);
        expect(decode(/<h1>([^<]*)<\/h1>/.exec(part)?.[1] ?? '')).toBe(text);
      }
    },
  );

  it.each(['en', 'ms'] as const)('%s: title page and copyright page come before the contents', (lang) => {
    const { entries } = books[lang];
    const opf = zipText(entries, 'OEBPS/content.opf');
    const spine = [...opf.matchAll(/<itemref idref="([^"]+)"/g)].map((m) => m[1]);
    const hrefOf = (id: string | undefined) => new RegExp(`<item id="${id}" href="([^"]+)"`).exec(opf)?.[1];
    expect(spine.slice(0, 3).map(hrefOf)).toEqual(['title-page.xhtml', 'copyright.xhtml', 'toc.xhtml']);
    const title = /<dc:title>([^<]*)<\/dc:title>/.exec(opf)?.[1] ?? '';
    expect(decode(zipText(entries, 'OEBPS/title-page.xhtml'))).toContain(`<h1>${decode(title)}</h1>`);
    const copyright = decode(zipText(entries, 'OEBPS/copyright.xhtml'));
    expect(copyright).toContain(`© ${YEAR}`);
    expect(copyright).toContain(PARTS[lang].writtenWith);
  });

  it('is a valid EPUB container with no script anywhere', () => {
    const { entries } = books.en;
    expect(entries[0]).toMatchObject({ name: 'mimetype', method: 0 });
    expect(entries[0]!.data.toString()).toBe('application/epub+zip');
    for (const entry of entries.filter((e) => e.name.endsWith('.xhtml')))
      expect(entry.data.toString(), entry.name).not.toMatch(/<script/i);
  });
});

describe('karya generate --out book.docx', () => {
  it.each(['en', 'ms'] as const)('%s: a Heading 1 paragraph for every part, in order', async (lang) => {
    const file = path.join(tmp, lang, 'book.docx');
    const run = await runKaryaInProcess(romance(lang, file), { cwd: tmp });
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const xml = zipText(readZip(readFileSync(file)), 'word/document.xml');
    const paragraphs = xml.match(/<w:p\b[^>]*>[\s\S]*?<\/w:p>/g) ?? [];
    const headings = paragraphs
      .filter((p) => p.includes('<w:pStyle w:val="Heading1"/>'))
      .map((p) => decode([...p.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join('')));
    expect(headings).toEqual(PARTS[lang].headings);
  });
});

describe('karya generate --out book.pdf', () => {
  it('6 × 9 in pages, DejaVu fonts embedded, every part heading in the text', async () => {
    const file = path.join(tmp, 'en', 'book.pdf');
    const run = await runKaryaInProcess(romance('en', file), { cwd: tmp });
    expect(run, run.stderr).toMatchObject({ code: 0 });
    const [info, text, fonts] = await Promise.all([
      runTool('pdfinfo', [file]),
      runTool('pdftotext', [file, '-']),
      runTool('pdffonts', [file]),
    ]);
    expect(info.stdout).toMatch(/Page size:\s+432 x 648 pts/);
    expect(Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1])).toBeGreaterThan(PARTS.en.headings.length + 2);
    for (const heading of PARTS.en.headings) expect(text.stdout).toContain(heading);
    const fontLines = fonts.stdout.split('\n').slice(2).filter(Boolean);
    expect(fontLines.length).toBeGreaterThan(0);
    for (const line of fontLines) expect(line).toMatch(/DejaVu\S*\s+CID TrueType\s+Identity-H\s+yes/);
  });
});

describe('the format of --out', () => {
  it('an unknown extension exits 2 naming the formats, before writing or saving anything', async () => {
    const dir = path.join(tmp, 'unknown');
    const run = await runKaryaInProcess(
      [
        'generate',
        'romance',
        '--chapters',
        '1',
        '--state',
        path.join(dir, 'state.sqlite'),
        '--out',
        path.join(dir, 'book.txt'),
      ],
      { cwd: tmp },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('md, epub, docx, pdf');
    expect(existsSync(dir)).toBe(false);
  });

  it('--format overrides the extension; an unknown --format exits 2', async () => {
    const file = path.join(tmp, 'formats', 'book.out');
    const run = await runKaryaInProcess(
      ['generate', 'poems', '--state', path.join(tmp, 'poems.sqlite'), '--out', file, '--format', 'epub'],
      { cwd: tmp },
    );
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(zipText(readZip(readFileSync(file)), 'mimetype')).toBe('application/epub+zip');
    const bad = await runKaryaInProcess(['generate', 'poems', '--out', file, '--format', 'rtf'], { cwd: tmp });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"rtf" is not one of md, epub, docx, pdf');
  });
});

describe('karya export', () => {
  let fake: FakeOpenAI;
  let env: Record<string, string>;
  const state = path.join(tmp, 'export.sqlite');
  const settings = ['romance', '--chapters', '3', '--lang', 'ms', '--state', state];
  beforeAll(async () => {
    fake = await startFakeOpenAI({
      answer: fullLength(
        (_b, i) => `Jawapan ${i}. Character Details:\n- Aisha: watak utama\n\nBahagian **${i}** tamat.`,
      ),
    });
    env = { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseURL };
  });
  afterAll(() => fake.close());

  it('writes the saved book again, as the same EPUB and the same Markdown, without calling the model', async () => {
    const made = await runKaryaInProcess(['generate', ...settings, '--out', path.join(tmp, 'x', 'made.epub')], {
      env,
      cwd: tmp,
    });
    expect(made, made.stderr).toMatchObject({ code: 0 });
    const calls = fake.requests.length;
    // Outline, introduction, three chapters, conclusion (and any memory updates).
    expect(fake.generationRequests().length).toBeGreaterThanOrEqual(6);

    const again = await runKaryaInProcess(['export', ...settings, '--out', path.join(tmp, 'x', 'again.epub')], {
      env,
      cwd: tmp,
    });
    const markdown = await runKaryaInProcess(['export', ...settings, '--out', path.join(tmp, 'x', 'again.md')], {
      env,
      cwd: tmp,
    });
    expect([again.code, markdown.code], `${again.stderr}${markdown.stderr}`).toEqual([0, 0]);
    expect(fake.requests.length).toBe(calls);

    // Everything but the moment of writing is the same.
    const moment = (text: string) =>
      text.replace(/<meta property="dcterms:modified">[^<]*<\/meta>/, '').replace(/<dc:date>[^<]*<\/dc:date>/, '');
    const [a, b] = [
      readZip(readFileSync(path.join(tmp, 'x', 'made.epub'))),
      readZip(readFileSync(path.join(tmp, 'x', 'again.epub'))),
    ];
    expect(b.map((e) => e.name)).toEqual(a.map((e) => e.name));
    for (const entry of a) expect(moment(zipText(b, entry.name)), entry.name).toBe(moment(entry.data.toString('utf8')));
    // This model's outline names no chapter titles: the chapters keep their plain headings.
    expect(navLinks(b).map(([, text]) => text)).toEqual(['Pengenalan', 'Bab 1', 'Bab 2', 'Bab 3', 'Kesimpulan']);
    expect(readFileSync(path.join(tmp, 'x', 'again.md'), 'utf8')).toMatch(/^# .+\n\n## Pengenalan\n\nJawapan 1\./);
  });

  it('an unfinished book exports the parts written so far, and says so', async () => {
    // The third call (chapter 1) is refused: outline and introduction are saved.
    const failing = await startFakeOpenAI({
      reply: (_b, i) => (i >= 2 ? { status: 400, body: { error: { message: 'refused' } } } : undefined),
    });
    try {
      const broken = path.join(tmp, 'broken.sqlite');
      const args = ['romance', '--chapters', '2', '--state', broken];
      const stopped = await runKaryaInProcess(['generate', ...args, '--out', path.join(tmp, 'y', 'book.md')], {
        env: { OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: failing.baseURL },
        cwd: tmp,
      });
      expect(stopped.code).toBe(1);
      const calls = failing.requests.length;
      const run = await runKaryaInProcess(['export', ...args, '--out', path.join(tmp, 'y', 'part.docx')], { cwd: tmp });
      expect(run, run.stderr).toMatchObject({ code: 0 });
      // One part of four: the introduction written; two chapters and the conclusion to come (the outline is no part).
      expect(run.stderr).toMatch(/not finished \(1 of 4 parts written\)/);
      expect(failing.requests.length).toBe(calls);
      const xml = zipText(readZip(readFileSync(path.join(tmp, 'y', 'part.docx'))), 'word/document.xml');
      expect(xml.match(/<w:pStyle w:val="Heading1"\/>/g)).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it(
    "a children's book exports to PDF in its own layout, as " +
      "publish sets it: 5.5 × 8.5 in pages, not a novel's 6 × 9",
    async () => {
      // One chapter: the page size is the point, and each chapter more is a step, a bible update and pages to set.
      const args = ['children', '--chapters', '1', '--state', path.join(tmp, 'children.sqlite')];
      const made = await runKaryaInProcess(['generate', ...args, '--out', path.join(tmp, 'kids', 'book.md')], {
        cwd: tmp,
      });
      expect(made, made.stderr).toMatchObject({ code: 0 });
      const file = path.join(tmp, 'kids', 'book.pdf');
      const run = await runKaryaInProcess(['export', ...args, '--format', 'pdf', '--out', file], { cwd: tmp });
      expect(run, run.stderr).toMatchObject({ code: 0 });
      expect((await runTool('pdfinfo', [file])).stdout).toMatch(/Page size:\s+396 x 612 pts/);
    },
  );

  it('exits 2 naming the command to run when no book of those settings was saved, creating no state file', async () => {
    const missing = path.join(tmp, 'none', 'state.sqlite');
    const calls = fake.requests.length;
    const noFile = await runKaryaInProcess(
      ['export', 'romance', '--chapters', '3', '--state', missing, '--out', path.join(tmp, 'none', 'b.epub')],
      { env, cwd: tmp },
    );
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('karya generate romance --chapters 3');
    expect(existsSync(missing)).toBe(false);
    const otherSettings = await runKaryaInProcess(
      [
        'export',
        'romance',
        '--chapters',
        '4',
        '--lang',
        'ms',
        '--state',
        state,
        '--out',
        path.join(tmp, 'none', 'b.epub'),
      ],
      { env, cwd: tmp },
    );
    expect(otherSettings.code).toBe(2);
    // A Malay book asked for is told so in Malay.
    expect(otherSettings.stderr).toMatch(/tiada buku romance yang disimpan dengan tetapan ini/);
    expect(existsSync(path.join(tmp, 'none', 'b.epub'))).toBe(false);
    expect(fake.requests.length).toBe(calls);
  });
});
