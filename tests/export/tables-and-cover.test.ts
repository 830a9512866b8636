// A Markdown table in a chapter is a table in every export (EPUB <table>, a Word table, columns
// side by side in the PDF), and an EPUB made with a cover carries it as its cover image the way readers
// look for it (ebook-meta and calibre: `<meta name="cover">` naming a manifest item; EPUB 3: the item
// with `properties="cover-image"`), still passing epubcheck.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BookDocument } from '../../engine/session/book.js';
import { renderDocument } from '../../engine/node/export/index.js';
import { epubcheck, readZip, runTool, zipText } from './tools.js';
import { tempDir } from '../temp.js';

const tmp = tempDir('karya-tables-');

const RECIPE = [
  'Rice cooked in coconut milk, as the kampung makes it.',
  '',
  '| Ingredient | Amount |',
  '| --- | --- |',
  '| Jasmine rice | 2 cups |',
  '| Coconut milk | 400 ml |',
  '| Pandan leaves | 3, knotted |',
  '',
  'Rinse the rice until the water runs clear.',
].join('\n');

const DOC: BookDocument = {
  title: 'Coconut Kitchen',
  author: 'Siti Aminah',
  lang: 'en',
  typeLabel: 'Cookbook',
  parts: [
    { id: 'introduction', heading: 'Introduction', markdown: 'Welcome to the kitchen.' },
    { id: 'chapter:1', heading: 'Chapter 1: Coconut Rice', markdown: RECIPE },
  ],
};

let cover: Uint8Array;
beforeAll(async () => {
  cover = new Uint8Array(
    await sharp({ create: { width: 160, height: 256, channels: 3, background: '#2a6f4e' } })
      .jpeg()
      .toBuffer(),
  );
});

/**
 * The cover image an OPF names, as calibre's ebook-meta finds it: `<meta name="cover">`'s item, or the `cover-image`
 * item.
 */
function opfCover(opf: string): { byMeta?: string; byProperty?: string } {
  const items = [...opf.matchAll(/<item\b[^>]*>/g)].map((m) => m[0]);
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const metaId = /<meta\s+name="cover"\s+content="([^"]+)"/.exec(opf)?.[1];
  const byMeta = items.find((i) => attr(i, 'id') === metaId);
  const byProperty = items.find((i) => (attr(i, 'properties') ?? '').split(/\s+/).includes('cover-image'));
  return {
    ...(byMeta ? { byMeta: attr(byMeta, 'href')! } : {}),
    ...(byProperty ? { byProperty: attr(byProperty, 'href')! } : {}),
  };
}

describe('tables and the EPUB cover', () => {
  it(
    'EPUB: the table is a <table> with its header and rows; the cover ' +
      'is the EPUB 3 cover-image and the cover meta; epubcheck passes',
    async () => {
      const bytes = await renderDocument(DOC, 'epub', { cover });
      const file = path.join(tmp, 'book.epub');
      writeFileSync(file, bytes);
      const entries = readZip(bytes);
      const chapter = zipText(entries, 'OEBPS/part-002.xhtml');
      expect(chapter).toMatch(/<table>\s*<thead>\s*<tr>\s*<th>Ingredient<\/th>\s*<th>Amount<\/th>/);
      expect(chapter).toContain('<td>Coconut milk</td><td>400 ml</td>');
      expect(chapter).not.toContain('·');

      const opf = zipText(entries, 'OEBPS/content.opf');
      const found = opfCover(opf);
      expect(found.byMeta).toBeDefined();
      expect(found.byProperty).toBe(found.byMeta);
      const image = entries.find((e) => e.name === `OEBPS/${found.byMeta}`);
      expect(image, entries.map((e) => e.name).join(', ')).toBeDefined();
      expect(Buffer.compare(image!.data, Buffer.from(cover))).toBe(0);

      const { code, report } = await epubcheck(file);
      expect(report).toMatch(/0 fatals \/ 0 errors \/ 0 warnings/);
      expect(code).toBe(0);
    },
    // The worker's epubcheck JVM may start here, as in render.test.ts.
    120_000,
  );

  it('EPUB without a cover names none', async () => {
    const opf = zipText(readZip(await renderDocument(DOC, 'epub')), 'OEBPS/content.opf');
    expect(opfCover(opf)).toEqual({});
  });

  it('DOCX: the table is a Word table whose cells hold the words', async () => {
    const xml = zipText(readZip(await renderDocument(DOC, 'docx')), 'word/document.xml');
    const table = /<w:tbl>[\s\S]*?<\/w:tbl>/.exec(xml)?.[0] ?? '';
    expect(table).not.toBe('');
    expect((table.match(/<w:tr[ >]/g) ?? []).length).toBe(4);
    for (const word of ['Ingredient', 'Amount', 'Jasmine rice', 'Coconut milk', '400 ml', 'Pandan leaves'])
      expect(table).toContain(word);
  });

  it("PDF: each row's cells on one line, in two columns", async () => {
    const file = path.join(tmp, 'book.pdf');
    writeFileSync(file, await renderDocument(DOC, 'pdf'));
    const xml = (await runTool('pdftotext', ['-bbox', file, '-'])).stdout;
    const words = [
      ...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)<\/word>/g),
    ].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3]! }));
    const at = (text: string) => words.find((w) => w.text === text)!;
    expect(at('Pandan').y).toBeCloseTo(at('3,').y, 0);
    expect(at('Jasmine').y).toBeCloseTo(at('cups').y, 0);
    expect(at('Ingredient').y).toBeCloseTo(at('Amount').y, 0);
    expect(at('Ingredient').y).toBeLessThan(at('Jasmine').y);
    expect(at('Jasmine').y).toBeLessThan(at('Pandan').y);
    expect(at('3,').x).toBeCloseTo(at('Amount').x, 0);
    expect(at('3,').x).toBeGreaterThan(at('Pandan').x + 50);
  });
});
