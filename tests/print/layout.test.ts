// The print layout on its own: a book long enough to need a wider gutter is laid out again with it (KDP's
// inside margin for its real page count, every word inside the margins), the page count is even and is
// the PDF's, and justified lines with no-break spaces stay inside the text block.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/session/book.js';
import { pageGeometry, renderBookPdf } from '../../engine/node/print/book.js';
import { TRIM_NAMES } from '../../engine/print.js';
import { runTool } from '../export/tools.js';
import { tempDir } from '../temp.js';

const PT = 72;
const kdpGutter = (pages: number) =>
  pages <= 150 ? 0.375 : pages <= 300 ? 0.5 : pages <= 500 ? 0.625 : pages <= 700 ? 0.75 : 0.875;

const sentence = (i: number) =>
  `On day ${i} the walk was 10\u00a0km along the river, and the conversation wandered through ` +
  `possibilities, improbabilities and an extraordinarily stubborn determination.`;
const DOC: BookDocument = {
  title: 'Long Walks',
  author: 'Siti Aminah',
  lang: 'en',
  typeLabel: 'Story',
  parts: Array.from({ length: 12 }, (_, c) => ({
    id: `chapter:${c + 1}`,
    heading: `Chapter ${c + 1}: Walking`,
    markdown: Array.from({ length: 48 }, (_, p) =>
      Array.from({ length: 3 }, (_, s) => sentence(p * 3 + s)).join(' '),
    ).join('\n\n'),
  })),
};

describe('the print layout', () => {
  it(
    "every trim keeps KDP's minimum margins: outside, top and bottom at " +
      'least 0.25 in, the inside at least the gutter for its page count',
    () => {
      for (const trim of TRIM_NAMES) {
        for (const pages of [24, 151, 301, 501, 701]) {
          const { margins } = pageGeometry(trim, pages);
          expect(
            Math.min(margins.outside, margins.top, margins.bottom) / PT,
            `${trim}, ${pages} pages`,
          ).toBeGreaterThanOrEqual(0.25);
          expect(margins.inside / PT, `${trim}, ${pages} pages`).toBeGreaterThanOrEqual(kdpGutter(pages));
        }
      }
    },
  );

  it(
    'a book past 150 pages gets the wider gutter, and ' + 'every word stays inside KDP margins for its page count',
    async () => {
      const book = await renderBookPdf(DOC, { trim: '5.5x8.5' });
      expect(book.pageCount, `${book.pageCount} pages`).toBeGreaterThan(150);
      expect(book.pageCount % 2).toBe(0);
      expect(book.gutterIn).toBe(kdpGutter(book.pageCount));
      const file = path.join(tempDir('karya-layout-'), 'book.pdf');
      writeFileSync(file, book.bytes);
      expect((await runTool('pdfinfo', [file])).stdout).toMatch(
        new RegExp(`Pages:\\s+${book.pageCount}\\n[\\s\\S]*Page size:\\s+396 x 612 pts`),
      );
      const xml = (await runTool('pdftotext', ['-bbox', file, '-'])).stdout;
      const width = 5.5 * PT;
      const bad: string[] = [];
      xml
        .split('<page ')
        .slice(1)
        .forEach((page, i) => {
          const isRecto = (i + 1) % 2 === 1;
          const left = (isRecto ? kdpGutter(book.pageCount) : 0.25) * PT;
          const right = width - (isRecto ? 0.25 : kdpGutter(book.pageCount)) * PT;
          for (const m of page.matchAll(
            /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
          )) {
            if (Number(m[1]) < left - 0.5 || Number(m[2]) > right + 0.5)
              bad.push(`page ${i + 1}: ${m[3]} ${m[1]}–${m[2]}`);
          }
        });
      expect(bad).toEqual([]);
      // The text block's right edge: justified lines end there, none beyond it (no-break spaces included).
      const textRight = (page: number) => (page % 2 === 1 ? width - book.margins.outside : width - book.margins.inside);
      const beyond = xml
        .split('<page ')
        .slice(1)
        .flatMap((page, i) =>
          [...page.matchAll(/xMax="([\d.]+)"/g)]
            .map((m) => Number(m[1]))
            .filter((x) => x > textRight(i + 1) + 0.5)
            .map((x) => `page ${i + 1}: ${x}`),
        );
      expect(beyond).toEqual([]);
    },
    60_000,
  );
});
