// A children's book is set as a children's chapter book, not as a novel: KDP prints no paperback under
// 24 pages, and a 6-chapter children's book of the length a model writes for ages 5-8 made 20 pages at a
// novel's 10.5 pt. Checked on the files a package carries, with poppler as a printer would read them:
// the page count (pdfinfo), the trim, the type size and ragged, unhyphenated lines (pdftotext); and a book
// too short even so is not ready, its readiness saying how many pages are missing.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSettings, startBook, type BookState } from '../../engine/index.js';
import { loadCatalog } from '../../engine/node/load.js';
import { buildKdpPackage } from '../../engine/node/publish.js';
import { renderBookPdf } from '../../engine/node/print/book.js';
import { packageDocument, say, writePackageParts, type PackageParts } from '../../engine/publish/index.js';
import { renderCoverPng } from '../../engine/providers/cover.js';
import { PROSE_SENTENCES, writeProse } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { runTool } from '../export/tools.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const catalog = loadCatalog({ useDiskCache: false });
const children = catalog.get('children')!;
const tmp = tempDir('karya-children-');
/** KDP's paperback minimum (KDP Help, "Set Trim Size, Bleed, and Margins"). */
const KDP_MIN_PAGES = 24;
/** 5.5 × 8.5 in, in points: the chapter-book trim. */
const CHAPTER_BOOK_PTS = '396 x 612';

/** A finished 6-chapter children's book whose every part has `words` words. */
function childrensBook(words: number): BookState {
  const settings = parseSettings(children, { language: 'en', ageGroup: '5-8' });
  const prose = (k: number) => writeProse(words, PROSE_SENTENCES.en, k * 7);
  const content = [
    `${prose(0)}\n\nCharacter Details:\n- Pip: a small brave rabbit`,
    ...Array.from({ length: 6 }, (_, k) => prose(k + 1)),
    prose(8),
  ];
  return {
    ...startBook({ spec: children, settings, totalChapters: 6 }),
    outline: Array.from({ length: 6 }, (_, k) => `Chapter ${k + 1}: Pip's Day ${k + 1}`).join('\n'),
    content,
    characterDetails: '- Pip: a small brave rabbit',
    currentChapter: content.length,
    isLocked: true,
  };
}

const ANSWERS: Record<string, string> = {
  'author-name': '1. **Siti Aminah** — warm',
  'amazon-pdp':
    'Pip the rabbit learns that small steps make a big journey, ' +
    'one brave day at a time, in six gentle chapters to read aloud.',
  'amazon-keywords': '1. brave rabbit story\n2. bedtime chapter book',
  copyright: 'Copyright © 2026 Siti Aminah',
};

async function partsOf(state: BookState): Promise<PackageParts> {
  return writePackageParts({
    book: children,
    state,
    specOf: (id) => catalog.get(id),
    runStep: async (step) =>
      step.spec.kind === 'image'
        ? { text: 'cover', png: renderCoverPng({ prompt: 'x', size: step.spec.image!.size }) }
        : { text: ANSWERS[step.spec.id] ?? '1. Title: Pip and the Long Road' },
  });
}

const noEpubcheck = async () => ({ status: 'skipped' as const, detail: say('verbatim', { text: 'not run here' }) });

async function pdfFacts(bytes: Uint8Array, name: string): Promise<{ pages: number; size: string; file: string }> {
  const file = path.join(tmp, name);
  writeFileSync(file, bytes);
  const info = (await runTool('pdfinfo', [file])).stdout;
  return {
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    size: /Page size:\s+([\d.]+ x [\d.]+) pts/.exec(info)![1]!,
    file,
  };
}

/** The height of the body's words on a page (pdftotext -bbox): about 1.16 × the type size in DejaVu Serif. */
async function wordHeights(file: string, page: number): Promise<number[]> {
  const xml = (await runTool('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-'])).stdout;
  return [...xml.matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">[a-z]+</g)].map(
    (m) => Number(m[2]) - Number(m[1]),
  );
}

describe("a children's book's paperback", () => {
  it(
    "six chapters of a model's length for ages 5-8 (about 330 words a part) " +
      "reach KDP's 24 pages at 5.5 × 8.5 in, where a novel's layout made fewer",
    async () => {
      const state = childrensBook(330);
      const parts = await partsOf(state);
      const built = await buildKdpPackage({ book: children, state, parts, epubcheck: noEpubcheck });
      const interior = await pdfFacts(built.files['paperback-interior.pdf'], 'interior.pdf');
      expect(interior.pages).toBeGreaterThanOrEqual(KDP_MIN_PAGES);
      expect(interior.size).toBe(CHAPTER_BOOK_PTS);
      expect(built.print).toMatchObject({ pageCount: interior.pages, trim: '5.5x8.5' });
      const pageCheck = built.readiness.channels.kdp_paperback.checks.find((c) => c.id === 'page-count')!;
      expect(pageCheck.status).toBe('pass');
      // The same book set as a novel is under KDP's minimum: the layout is what carries it.
      const asNovel = await renderBookPdf(packageDocument(children, state, parts), { layout: 'book', isPrint: true });
      expect(asNovel.pageCount).toBeLessThan(KDP_MIN_PAGES);

      // Large type (14 pt: words about 16 pt tall, a novel's 10.5 pt about 12), lines ragged and never hyphenated.
      const heights = await wordHeights(interior.file, 7);
      expect(heights.length).toBeGreaterThan(20);
      // The median word: the running head and the folio are a few small words of the page.
      const median = [...heights].sort((a, b) => a - b)[Math.floor(heights.length / 2)]!;
      expect(median).toBeGreaterThan(15);
      const text = (await runTool('pdftotext', ['-layout', interior.file, '-'])).stdout;
      expect(text.split('\n').filter((l) => /\p{L}-$/u.test(l.trim()))).toEqual([]);
    },
  );

  it(
    'a book too short even so is not ready for the ' + 'paperback, and readiness says how many pages are missing',
    async () => {
      const state = childrensBook(25);
      const built = await buildKdpPackage({
        book: children,
        state,
        parts: await partsOf(state),
        epubcheck: noEpubcheck,
      });
      const interior = await pdfFacts(built.files['paperback-interior.pdf'], 'short.pdf');
      expect(interior.pages).toBeLessThan(KDP_MIN_PAGES);
      const check = built.readiness.channels.kdp_paperback.checks.find((c) => c.id === 'page-count')!;
      expect(check.status).toBe('fail');
      expect(check.detail).toContain(`${interior.pages} pages`);
      expect(check.fix).toContain(`${KDP_MIN_PAGES - interior.pages} more pages are needed`);
      expect(built.readiness.channels.kdp_paperback.ready).toBe(false);
      // The eBook does not need pages.
      expect(built.readiness.channels.kdp_ebook.checks.some((c) => c.id === 'page-count')).toBe(false);
    },
  );

  it(
    'karya publish children --chapters 6 (offline): the interior ' +
      'is at least 24 pages at 5.5 × 8.5 in; --trim 6x9 still wins',
    async () => {
      const r = await runKaryaInProcess(
        ['publish', 'children', '--chapters', '6', '--author', 'Siti Aminah', '--out', 'kids', '--json'],
        { cwd: tmp, env: WITHOUT_EPUBCHECK },
      );
      expect(r.stdout, r.stderr).toContain('"print"');
      const summary = JSON.parse(r.stdout) as { print: { pageCount: number; trim: string } };
      const interior = await pdfFacts(readFileSync(path.join(tmp, 'kids', 'paperback-interior.pdf')), 'cli.pdf');
      expect(interior.pages).toBeGreaterThanOrEqual(KDP_MIN_PAGES);
      expect(interior).toMatchObject({ pages: summary.print.pageCount, size: CHAPTER_BOOK_PTS });
      expect(r.stderr).toContain('5.5 x 8.5 in');

      const six = await runKaryaInProcess(
        ['publish', 'children', '--chapters', '6', '--author', 'Siti Aminah', '--trim', '6x9', '--out', 'kids69'],
        { cwd: tmp, env: WITHOUT_EPUBCHECK },
      );
      expect(six.stderr).toContain('6 x 9 in');
      expect((await pdfFacts(readFileSync(path.join(tmp, 'kids69', 'paperback-interior.pdf')), 'cli69.pdf')).size).toBe(
        '432 x 648',
      );
    },
    // Two whole offline books published (writing, covers, EPUB and both PDFs): 30.0-30.6 s under load 19 beside other
    // files, past the suite's 30 s; ~5 s alone.
    90_000,
  );
});
