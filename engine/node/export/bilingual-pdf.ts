// A dual-language book as a PDF, in one of two layouts. Alternating (the default): the book's own print layout
// (print/book.ts: title and copyright pages, contents, running heads, justified hyphenated text), each source
// paragraph followed by its translation. Columns: the two languages facing on each page, source on the left, each
// pair of paragraphs starting level, a pair that does not fit moved whole to the next page, as parallel-text
// editions (Loeb, dual-language readers) set them.
import PDFDocument from 'pdfkit';
import type { BookDocument } from '../../session/book.js';
import type { Lang } from '../../spec/types.js';
import { parseMarkdown, spansText, type Block } from '../../markdown.js';
import { renderBookPdf } from '../print/book.js';
import { registerFonts } from '../print/typeset.js';
import { exportWords, copyrightLines } from './sections.js';
import {
  bilingualLine,
  translatedLine,
  type BilingualDocument,
  type BilingualLayout,
  type BilingualPart,
} from './bilingual.js';

/**
 * The copyright page's lines beyond the edition's own: the disclosure in the source's language, the bilingual line in
 * both.
 */
function bilingualCopyright(doc: BilingualDocument): string {
  const from = doc.source.lang;
  const lines = [translatedLine(doc, from), bilingualLine(doc, doc.edition.lang), bilingualLine(doc, from)];
  return [...lines, ...(doc.edition.copyright ? [doc.edition.copyright] : [])].join('\n\n');
}

/** The alternating layout as a book document the print layout sets: each source paragraph, then its translation. */
export function alternatingDocument(doc: BilingualDocument): BookDocument {
  const parts = doc.parts.map((p) => ({
    id: p.id,
    heading: p.heading.source === p.heading.edition ? p.heading.edition : `${p.heading.source} / ${p.heading.edition}`,
    markdown: p.pairs.flatMap((x) => [x.source, x.edition].filter((t): t is string => t !== null)).join('\n\n'),
    // Each translation after its source, set apart in italic (export/sections.ts): a reader tells the two languages
    // apart at a glance.
    pieces: p.pairs.flatMap((x) => [
      ...(x.source !== null ? [{ markdown: x.source, lang: doc.source.lang }] : []),
      ...(x.edition !== null ? [{ markdown: x.edition, lang: doc.edition.lang, isSecond: true }] : []),
    ]),
  }));
  return { ...doc.edition, copyright: bilingualCopyright(doc), parts };
}

const PAGE = { width: 432, height: 648, margin: 54, gap: 18 } as const;
const BODY = { size: 9.5, leading: 2 } as const;

/** A block's text as the columns print it (a list item per line). */
function blockText(b: Block): string {
  switch (b.kind) {
    case 'heading':
    case 'paragraph':
      return spansText(b.spans);
    case 'list':
      return b.items.map((item) => `• ${item.map(blockText).join(' ')}`).join('\n');
    case 'quote':
      return b.blocks.map(blockText).join('\n');
    case 'code':
      return b.text;
    case 'rule':
      return '*   *   *';
    case 'table':
      return [b.header, ...b.rows].map((r) => r.map(spansText).join(' | ')).join('\n');
  }
}

const plain = (markdown: string | null) => (markdown === null ? '' : parseMarkdown(markdown).map(blockText).join('\n'));

/** The columns layout's front pages: the title page, the copyright page and the contents page. */
function columnsFront(pdf: PDFKit.PDFDocument, doc: BilingualDocument, date: Date): void {
  const ed = doc.edition;
  const from: Lang = doc.source.lang;
  const inner = PAGE.width - 2 * PAGE.margin;
  const centred = { width: inner, align: 'center' } as const;

  pdf.addPage();
  pdf
    .font('bold')
    .fontSize(22)
    .text(ed.title, PAGE.margin, PAGE.height * 0.3, centred);
  if (doc.source.title !== ed.title) pdf.moveDown(0.5).font('italic').fontSize(14).text(doc.source.title, centred);
  if (ed.author) pdf.moveDown(1.5).font('serif').fontSize(13).text(ed.author, centred);

  pdf.addPage();
  const { notice } = copyrightLines(ed, date.getFullYear());
  pdf
    .font('italic')
    .fontSize(9)
    .text(ed.title, PAGE.margin, PAGE.height * 0.55, { width: inner });
  if (ed.author) pdf.font('serif').text(`${exportWords(ed.lang).by} ${ed.author}`, { width: inner });
  pdf.font('serif').text(notice, { width: inner }).text(translatedLine(doc, ed.lang), { width: inner });
  for (const line of bilingualCopyright(doc).split('\n\n')) pdf.text(plain(line), { width: inner });

  pdf.addPage();
  const contents = `${exportWords(from).contents} / ${exportWords(ed.lang).contents}`;
  pdf.font('bold').fontSize(14).text(contents, centred).moveDown(1);
  doc.parts.forEach((p, i) => {
    const heading = `${p.heading.source} / ${p.heading.edition}`;
    pdf
      .font('serif')
      .fontSize(10)
      .text(heading, { width: inner, goTo: `part-${i + 1}` })
      .moveDown(0.3);
  });
}

/**
 * One part in the columns layout, from a new page: its heading in both languages, then each pair of paragraphs
 * side by side, starting level; a pair that does not fit moves whole to the next page.
 */
function columnsPart(pdf: PDFKit.PDFDocument, doc: BilingualDocument, part: BilingualPart, i: number): void {
  const inner = PAGE.width - 2 * PAGE.margin;
  const column = (inner - PAGE.gap) / 2;
  const bottom = PAGE.height - PAGE.margin;
  pdf.addPage();
  pdf.outline.addItem(`${part.heading.source} / ${part.heading.edition}`);
  pdf.addNamedDestination(`part-${i + 1}`, 'XYZ', 0, PAGE.height, null);
  const x = [PAGE.margin, PAGE.margin + column + PAGE.gap] as const;
  const top = PAGE.margin + 36;
  const headingHeights = [part.heading.source, part.heading.edition].map((h, side) =>
    pdf
      .font(side ? 'boldItalic' : 'bold')
      .fontSize(13)
      .heightOfString(h, { width: column }),
  );
  pdf.font('bold').fontSize(13).text(part.heading.source, x[0], top, { width: column });
  pdf.font('boldItalic').fontSize(13).text(part.heading.edition, x[1], top, { width: column });
  let y = top + Math.max(...headingHeights) + 24;
  // The translation (the right column) in italic, as in the alternating layout: the two languages told apart at a
  // glance.
  const faces = ['serif', 'italic'] as const;
  const body = { width: column, lineGap: BODY.leading } as const;
  for (const pair of part.pairs) {
    const texts = [plain(pair.source), plain(pair.edition)] as const;
    const height = Math.max(
      ...texts.map((t, side) =>
        pdf
          .font(faces[side]!)
          .fontSize(BODY.size)
          .heightOfString(t || ' ', body),
      ),
    );
    if (y + height > bottom && y > PAGE.margin) {
      pdf.addPage();
      y = PAGE.margin;
    }
    texts.forEach((t, side) => {
      // Only the columns' text is drawn at a fixed place; pdfkit would start a page of its own past the bottom
      // margin.
      if (!t) return;
      // Each column a marked span in its language (/Lang), as the alternating layout's paragraphs are
      // (print/book.ts).
      pdf.markContent('Span', { lang: side ? doc.edition.lang : doc.source.lang });
      pdf
        .font(faces[side]!)
        .fontSize(BODY.size)
        .text(t, x[side], y, { ...body, align: 'left' });
      pdf.endMarkedContent();
    });
    y += height + BODY.size;
  }
}

/**
 * The columns layout: a title page, a copyright page, a contents page, then each part from a new page in two columns.
 */
async function renderColumns(doc: BilingualDocument, date: Date): Promise<Uint8Array> {
  const ed = doc.edition;
  const info = {
    Title: ed.title,
    ...(ed.author ? { Author: ed.author } : {}),
    Creator: 'Karya',
    Subject: ed.typeLabel,
    CreationDate: date,
    ModDate: date,
  };
  const page = { size: [PAGE.width, PAGE.height], margin: PAGE.margin };
  const pdf = new PDFDocument({ ...page, lang: ed.lang, displayTitle: true, autoFirstPage: false, info });
  registerFonts(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('data', (c: Buffer) => chunks.push(c));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  columnsFront(pdf, doc, date);
  doc.parts.forEach((part, i) => columnsPart(pdf, doc, part, i));
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/** A dual-language book as PDF bytes: alternating blocks (default) or facing columns. */
export async function renderBilingualPdf(
  doc: BilingualDocument,
  opts: { date?: Date; bilingualLayout?: BilingualLayout } = {},
): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  if (opts.bilingualLayout === 'columns') return renderColumns(doc, date);
  return (await renderBookPdf(alternatingDocument(doc), { date })).bytes;
}
