// `karya publish` writes a paperback: the interior PDF and the full-wrap cover PDF, checked
// with poppler as KDP's upload would (page sizes, embedded fonts, text inside KDP's margins for the real
// page count, front matter, chapters on right-hand pages, the wrap's size from KDP's formula, the barcode
// area clear), and the eBook cover as an RGB JPEG of 1.6:1. `--trim 5x8 --paper cream` changes both PDFs;
// a bad --trim or --paper exits 2 before anything is written.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { readZip, runTool, zipText } from '../export/tools.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { tempDir } from '../temp.js';

const AUTHOR = 'Siti Aminah';
const PT = 72;
/** KDP's minimum inside margin by page count, in inches. */
const kdpGutter = (pages: number) =>
  pages <= 150 ? 0.375 : pages <= 300 ? 0.5 : pages <= 500 ? 0.625 : pages <= 700 ? 0.75 : 0.875;
const KDP_OUTER = 0.25;

interface Word {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of a PDF with its box (pdftotext -bbox), by page. */
async function words(file: string): Promise<{ pages: Array<{ width: number; height: number }>; words: Word[] }> {
  const xml = (await runTool('pdftotext', ['-bbox', file, '-'])).stdout;
  const pages: Array<{ width: number; height: number }> = [];
  const out: Word[] = [];
  for (const page of xml.split('<page ').slice(1)) {
    const size = /width="([\d.]+)" height="([\d.]+)"/.exec(page)!;
    pages.push({ width: Number(size[1]), height: Number(size[2]) });
    for (const m of page.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    )) {
      out.push({
        page: pages.length,
        xMin: Number(m[1]),
        yMin: Number(m[2]),
        xMax: Number(m[3]),
        yMax: Number(m[4]),
        text: m[5]!,
      });
    }
  }
  return { pages, words: out };
}

const pageText = async (file: string, page: number) =>
  (await runTool('pdftotext', ['-layout', '-f', String(page), '-l', String(page), file, '-'])).stdout;

/** Page count and the size of every page ("Page    3 size: 432 x 648 pts"). */
async function pageSizes(file: string): Promise<{ count: number; sizes: string[]; mediaBox: number[] }> {
  const info = (await runTool('pdfinfo', ['-f', '1', '-l', '9999', '-box', file])).stdout;
  const count = Number(/Pages:\s+(\d+)/.exec(info)![1]);
  const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+ x [\d.]+) pts/g)].map((m) => m[1]!);
  const box =
    /Page\s+1 MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info) ??
    /MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info)!;
  return { count, sizes, mediaBox: box.slice(1, 5).map(Number) };
}

async function fontsEmbedded(file: string): Promise<string[]> {
  const lines = (await runTool('pdffonts', [file])).stdout.split('\n').slice(2).filter(Boolean);
  expect(lines.length).toBeGreaterThan(0);
  return lines.filter((l) => !/\s+yes\s+yes\s+yes\s+\d+\s+\d+\s*$/.test(l));
}

/** Every word inside KDP's margins for the page count: the gutter on the binding side, 0.25 in elsewhere. */
function outsideMargins(all: Word[], page: { width: number; height: number }, pageCount: number): string[] {
  const inside = kdpGutter(pageCount) * PT;
  const outer = KDP_OUTER * PT;
  return all
    .filter((w) => {
      const isRecto = w.page % 2 === 1;
      const left = isRecto ? inside : outer;
      const right = page.width - (isRecto ? outer : inside);
      return w.xMin < left - 0.5 || w.xMax > right + 0.5 || w.yMin < outer || w.yMax > page.height - outer;
    })
    .map(
      (w) =>
        `page ${w.page}: "${w.text}" ` +
        `at ${w.xMin.toFixed(1)}–${w.xMax.toFixed(1)}, ${w.yMin.toFixed(1)}–${w.yMax.toFixed(1)}`,
    );
}

const cwd = tempDir('karya-print-');
const pkg = path.join(cwd, 'pkg');
let summary: {
  print: { pageCount: number; trim: string; paper: string; spineIn: number; hasSpineText: boolean };
  title: string;
};

describe('karya publish: the paperback', () => {
  beforeAll(async () => {
    const r = await runKaryaInProcess(
      ['publish', 'romance', '--chapters', '6', '--author', AUTHOR, '--out', 'pkg', '--json'],
      { cwd, env: WITHOUT_EPUBCHECK },
    );
    // The offline provider's demo text is never ready for a store (exit 1), but the package is written whole.
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain('offline');
    summary = JSON.parse(r.stdout);
    expect(r.stderr).toMatch(/pkg\/paperback-interior\.pdf\n.*pkg\/paperback-cover\.pdf\n.*pkg\/cover\.jpg/);
    // Progress while the files are made (seconds of work), each file before the list of what was written.
    const progress = [
      'making cover.jpg',
      'making manuscript.epub',
      'making manuscript.docx',
      'making paperback-interior.pdf',
      'making paperback-cover.pdf',
      'checking manuscript.epub with epubcheck',
    ];
    const at = progress.map((p) => r.stderr.indexOf(`  … ${p}\n`));
    expect(
      at.every((i) => i >= 0),
      r.stderr,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(at[at.length - 1]!).toBeLessThan(r.stderr.indexOf('pkg/manuscript.epub'));
  }, 180_000);

  it(
    'interior: every page 6 × 9 in, fonts embedded, the real ' +
      'page count in the summary, text inside KDP margins for it',
    async () => {
      const file = path.join(pkg, 'paperback-interior.pdf');
      const { count, sizes } = await pageSizes(file);
      expect(count).toBe(summary.print.pageCount);
      expect(count).toBeGreaterThanOrEqual(24);
      expect(sizes).toHaveLength(count);
      expect(new Set(sizes)).toEqual(new Set(['432 x 648']));
      expect(await fontsEmbedded(file)).toEqual([]);
      const { pages, words: all } = await words(file);
      expect(all.length).toBeGreaterThan(1000);
      expect(outsideMargins(all, pages[0]!, count)).toEqual([]);
    },
  );

  it(
    'interior: no bookmarks (outline) and no link annotations, as ' +
      "KDP's print guidelines ask; the eBook PDF of `export` keeps them",
    async () => {
      const raw = readFileSync(path.join(pkg, 'paperback-interior.pdf')).toString('latin1');
      expect(raw).not.toMatch(/\/Outlines\b/);
      expect(raw).not.toMatch(/\/Annots\b/);
      expect(raw).not.toMatch(/\/Subtype\s*\/Link\b/);
      expect((await runTool('pdfinfo', ['-dests', path.join(pkg, 'paperback-interior.pdf')])).stdout).not.toMatch(
        /part-\d/,
      );
      // The same check finds them in the screen PDF, so it is not blind.
      const r = await runKaryaInProcess(['export', 'romance', '--format', 'pdf', '--out', 'screen.pdf'], { cwd });
      expect(r.code, r.stderr).toBe(0);
      const screen = readFileSync(path.join(cwd, 'screen.pdf')).toString('latin1');
      expect(screen).toMatch(/\/Outlines\b/);
      expect(screen).toMatch(/\/Subtype\s*\/Link\b/);
    },
  );

  it(
    'front matter: the author on the title page, a copyright page, contents whose ' +
      'page numbers are the odd pages the parts open on, without a running head',
    async () => {
      const file = path.join(pkg, 'paperback-interior.pdf');
      const title = (await pageText(file, 1)).replace(/\s+/g, ' ');
      expect(title).toContain(AUTHOR);
      expect(title).toContain(summary.title.split(' ')[0]);
      expect(await pageText(file, 2)).toMatch(/© \d{4} Siti Aminah/);
      const contents = await pageText(file, 3);
      expect(contents).toContain('Contents');
      const entries = [...contents.matchAll(/^\s*(\S.*?\S)\s{2,}(\d+)\s*$/gm)].map((m) => ({
        heading: m[1]!,
        page: Number(m[2]),
      }));
      // Introduction, six chapters, conclusion.
      expect(entries.map((e) => e.heading)).toEqual(expect.arrayContaining(['Introduction', 'Conclusion']));
      expect(entries.filter((e) => /^Chapter \d/.test(e.heading))).toHaveLength(6);
      const { words: all } = await words(file);
      for (const entry of entries) {
        expect(entry.page % 2, `${entry.heading} opens on page ${entry.page}`).toBe(1);
        const text = (await pageText(file, entry.page)).replace(/\s+/g, ' ');
        const own = entry.heading.replace(/^Chapter \d+: /, '');
        expect(text.toLowerCase(), entry.heading).toContain(own.toLowerCase());
        // No running head on an opening page: nothing above the text block (0.75 in).
        expect(
          all.filter((w) => w.page === entry.page && w.yMax < 0.75 * PT).map((w) => w.text),
          entry.heading,
        ).toEqual([]);
      }
      // Running heads elsewhere: the author on left-hand pages, the title on right-hand ones.
      const next = entries[0]!.page + 1;
      expect(
        all
          .filter((w) => w.page === next && w.yMax < 0.75 * PT)
          .map((w) => w.text)
          .join(' '),
      ).toBe(AUTHOR);
      expect(
        all
          .filter((w) => w.page === next + 1 && w.yMax < 0.75 * PT)
          .map((w) => w.text)
          .join(' '),
      ).toBe(summary.title);
      // Justified English text is hyphenated: some lines end in a word broken with a hyphen.
      const body = (await runTool('pdftotext', ['-layout', '-f', String(entries[0]!.page), file, '-'])).stdout;
      expect(body).toMatch(/\p{Ll}-\n/u);
    },
  );

  it(
    'wrap cover: one page whose size is KDP’s formula for the interior’s ' +
      'page count, fonts embedded, title and author, the barcode area clear',
    async () => {
      const file = path.join(pkg, 'paperback-cover.pdf');
      const { count, mediaBox } = await pageSizes(file);
      expect(count).toBe(1);
      const pages = summary.print.pageCount;
      const width = (2 * 6 + pages * 0.002252 + 2 * 0.125) * PT;
      const height = (9 + 0.25) * PT;
      expect(Math.abs(mediaBox[2]! - mediaBox[0]! - width)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(mediaBox[3]! - mediaBox[1]! - height)).toBeLessThanOrEqual(1.5);
      expect(await fontsEmbedded(file)).toEqual([]);
      const { words: all } = await words(file);
      const text = all.map((w) => w.text).join(' ');
      expect(text).toContain(AUTHOR);
      expect(text).toContain(summary.title);
      // The barcode box: 2 × 1.2 in at the back cover's bottom right, 0.25 in at least from the trim edges.
      const trimRight = (0.125 + 6) * PT;
      const trimBottom = (0.125 + 9) * PT;
      const box = {
        x0: trimRight - (0.25 + 2) * PT,
        x1: trimRight - 0.25 * PT,
        y0: trimBottom - (0.25 + 1.2) * PT,
        y1: trimBottom - 0.25 * PT,
      };
      expect(
        all.filter((w) => w.xMax > box.x0 && w.xMin < box.x1 && w.yMax > box.y0 && w.yMin < box.y1).map((w) => w.text),
      ).toEqual([]);
      // The back carries the description; the spine stays bare under 79 pages.
      expect(all.filter((w) => w.xMax < trimRight).length).toBeGreaterThan(20);
      if (pages < 79) expect(summary.print.hasSpineText).toBe(false);
      const spine = { x0: trimRight, x1: trimRight + pages * 0.002252 * PT };
      if (pages < 79) expect(all.filter((w) => w.xMin >= spine.x0 - 0.5 && w.xMax <= spine.x1 + 0.5)).toEqual([]);
    },
  );

  it('cover.jpg: a JPEG in RGB (3 channels, no alpha), 1.6:1, at least 1,600 px wide, under 50 MB', async () => {
    const bytes = readFileSync(path.join(pkg, 'cover.jpg'));
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', channels: 3, hasAlpha: false, space: 'srgb' });
    expect(meta.width).toBeGreaterThanOrEqual(1600);
    expect(meta.height).toBe(Math.round(meta.width! * 1.6));
    expect(bytes.length).toBeLessThan(50 * 1024 * 1024);
    // Its resolution is set (300 pixels an inch), so tools and stores read its print size right.
    expect(meta.density).toBe(300);
    // manuscript.epub carries the same image as its cover (EPUB 3 cover-image, and the cover meta calibre reads).
    const entries = readZip(readFileSync(path.join(pkg, 'manuscript.epub')));
    const opf = zipText(entries, 'OEBPS/content.opf');
    const href = /<item id="cover-image" href="([^"]+)"[^>]*properties="cover-image"/.exec(opf)?.[1];
    expect(opf).toContain('<meta name="cover" content="cover-image"/>');
    expect(Buffer.compare(entries.find((e) => e.name === `OEBPS/${href}`)!.data, bytes)).toBe(0);
    expect(existsSync(path.join(pkg, 'cover.png'))).toBe(false);
  });

  it('--trim 5x8 --paper cream: 5 × 8 in pages, and the wrap sized for cream paper', async () => {
    const r = await runKaryaInProcess(
      [
        'publish',
        'romance',
        '--chapters',
        '6',
        '--author',
        AUTHOR,
        '--out',
        'small',
        '--trim',
        '5x8',
        '--paper',
        'cream',
        '--json',
      ],
      { cwd, env: WITHOUT_EPUBCHECK },
    );
    expect(r.code, r.stderr).toBe(1); // offline demo text: written, never ready
    const small = JSON.parse(r.stdout) as typeof summary;
    expect(small.print).toMatchObject({ trim: '5x8', paper: 'cream' });
    expect(JSON.parse(readFileSync(path.join(cwd, 'small', 'metadata.json'), 'utf8')).printTrim).toBe('5 x 8 in');
    const interior = path.join(cwd, 'small', 'paperback-interior.pdf');
    const { count, sizes } = await pageSizes(interior);
    expect(count).toBe(small.print.pageCount);
    // A smaller page holds less: more pages than at 6 × 9.
    expect(count).toBeGreaterThan(summary.print.pageCount);
    expect(new Set(sizes)).toEqual(new Set(['360 x 576']));
    const { pages, words: all } = await words(interior);
    expect(outsideMargins(all, pages[0]!, count)).toEqual([]);
    const { mediaBox } = await pageSizes(path.join(cwd, 'small', 'paperback-cover.pdf'));
    expect(Math.abs(mediaBox[2]! - mediaBox[0]! - (2 * 5 + count * 0.0025 + 0.25) * PT)).toBeLessThanOrEqual(1.5);
    expect(Math.abs(mediaBox[3]! - mediaBox[1]! - 8.25 * PT)).toBeLessThanOrEqual(1.5);
  }, 180_000);

  it('a bad --trim or --paper exits 2 naming the allowed values, before anything is written', async () => {
    const dir = tempDir('karya-print-bad-');
    const trim = await runKaryaInProcess(['publish', 'romance', '--out', 'pkg', '--trim', 'A4'], { cwd: dir });
    expect(trim.code).toBe(2);
    expect(trim.stderr).toContain('karya: --trim "A4" is not one of 6x9, 5.5x8.5, 5x8');
    const paper = await runKaryaInProcess(['publish', 'romance', '--out', 'pkg', '--paper', 'glossy'], { cwd: dir });
    expect(paper.code).toBe(2);
    expect(paper.stderr).toContain('karya: --paper "glossy" is not one of white, cream');
    expect(existsSync(path.join(dir, 'pkg'))).toBe(false);
    expect(existsSync(path.join(dir, '.karya'))).toBe(false);
  });
});
