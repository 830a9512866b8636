// A book document as a print-ready PDF, laid out as book designers do (Vellum and Atticus as the anchors):
// a title page with the author, a copyright page, contents with real page numbers, each part opening on
// a right-hand (odd) page (a blank left-hand page before it when needed) with no running head, running
// heads (author on the left, title on the right) and folios elsewhere, justified text hyphenated in the
// book's language, paragraphs kept without widows or orphans where the page allows. Margins follow
// KDP's rules: the inside (gutter) margin grows with the page count, so the book is laid out, counted,
// and laid out again when its page count falls in another bracket. The paperback interior and
// `karya export --format pdf` are both this layout. The front matter is book-front.ts; the page flow and the
// composer that sets blocks into lines, book-flow.ts.
import PDFDocument from 'pdfkit';
import type { BookDocument } from '../../session/book.js';
import {
  DEFAULT_LAYOUT,
  MIN_OUTER_MARGIN_IN,
  PRINT_LAYOUTS,
  PT_PER_IN,
  TRIM_SIZES,
  gutterInches,
  type LayoutName,
  type PrintLayout,
  type TrimName,
} from '../../print.js';
import { documentSections, type Section } from '../export/sections.js';
import { Measure, registerFonts, type FontName } from './typeset.js';
import { drawRun, type TextOp } from './line-ops.js';
import { BODY, Flow, type Item, type Page } from './book-flow.js';
import { Composer } from './composer.js';
import { layoutFrontMatter, numberContents } from './book-front.js';

/** Margins of a page, in points; `inside` is the binding side (left on odd pages, right on even). */
export interface PageMargins {
  inside: number;
  outside: number;
  top: number;
  bottom: number;
}

/** Space a designer adds to KDP's minimum gutter, in inches, so no word runs into the fold. */
const GUTTER_EXTRA_IN = 0.25;

/** The page and its margins for a trim and the gutter of a page count. */
export function pageGeometry(
  trim: TrimName,
  pageCount: number,
): { width: number; height: number; margins: PageMargins; gutterIn: number } {
  const size = TRIM_SIZES[trim];
  const gutterIn = gutterInches(pageCount);
  // Never under KDP's minimum outside, top and bottom margin, whatever a trim's own choice.
  const outsideIn = Math.max(MIN_OUTER_MARGIN_IN, size.width >= 6 ? 0.625 : 0.55);
  const edgeIn = Math.max(MIN_OUTER_MARGIN_IN, 0.75);
  return {
    width: size.width * PT_PER_IN,
    height: size.height * PT_PER_IN,
    gutterIn,
    margins: {
      inside: (gutterIn + GUTTER_EXTRA_IN) * PT_PER_IN,
      outside: outsideIn * PT_PER_IN,
      top: edgeIn * PT_PER_IN,
      bottom: edgeIn * PT_PER_IN,
    },
  };
}

/** "Chapter 1: The Storm" → a label line and a title line; a heading without such a label stays whole. */
function splitHeading(heading: string): { label?: string; title: string } {
  const m = /^([^:]{1,24}?\d[^:]{0,8}):\s+(.+)$/.exec(heading);
  return m ? { label: m[1]!, title: m[2]! } : { title: heading };
}

export interface BookLayout {
  pages: Page[];
  /** Index of each section's opening page. */
  openings: number[];
  sections: Section[];
}

/** The generated copyright text (a part with id `copyright`) goes on the copyright page, not into the contents. */
const COPYRIGHT_PART = 'copyright';

function layoutBook(
  doc: BookDocument,
  geo: ReturnType<typeof pageGeometry>,
  m: Measure,
  o: { date: Date; layout: PrintLayout },
): BookLayout {
  const width = geo.width - geo.margins.inside - geo.margins.outside;
  const height = geo.height - geo.margins.top - geo.margins.bottom;
  const { body, isRagged, paragraphGap } = o.layout;
  const c = new Composer(m, { width, lang: doc.lang, body, isRagged, paragraphGap });
  const all = documentSections(doc);
  const copyrightPart = all.find((s) => s.id === COPYRIGHT_PART);
  const sections = all.filter((s) => s.id !== COPYRIGHT_PART);
  const flow = new Flow(height, m);
  const entries = layoutFrontMatter({
    doc,
    flow,
    c,
    width,
    height,
    date: o.date,
    ...(copyrightPart ? { copyrightPart } : {}),
    sections,
  });

  const openings: number[] = [];
  sections.forEach((section, index) => {
    // Parts open on a right-hand page: odd page numbers (page 1 is the title page).
    if (flow.pages.length % 2 === 1) flow.newPage('blank');
    flow.newPage('body', { section: index, isOpening: true });
    openings.push(flow.pages.length - 1);
    // A children's layout leaves the top of a part's first page for a picture.
    flow.y = height * o.layout.openingDrop;
    const { label, title } = splitHeading(section.heading);
    const heading: Item[] = [];
    if (label)
      heading.push({
        lines: c.plain(label.toUpperCase(), 'sans', { size: 9.5 }),
        size: 9.5,
        leading: 14,
        x: 0,
        before: 0,
        after: 8,
      });
    heading.push({
      lines: c.plain(title, 'serif', { size: 18 }),
      size: 18,
      leading: 24,
      x: 0,
      before: 0,
      after: BODY.leading * 2.2,
    });
    flow.place(heading);
    flow.place(c.blocks(section.blocks, undefined, [], section.langs));
  });
  // An even page count: the last page is a left-hand one.
  if (flow.pages.length % 2 === 1) flow.newPage('blank');

  numberContents({ flow, m, entries, openings, width });
  return { pages: flow.pages, openings, sections };
}

export interface PrintedBook {
  bytes: Uint8Array;
  /** The real page count of the interior (blank pages included; always even). */
  pageCount: number;
  trim: TrimName;
  /** KDP's minimum gutter for that page count, in inches, and the margins used, in points. */
  gutterIn: number;
  margins: PageMargins;
  /** The page size in points. */
  size: { width: number; height: number };
}

/**
 * A book document as a print-ready PDF in a layout (PRINT_LAYOUTS; default the document's own, else `book`) at a trim
 * size (default
 * the layout's): laid out, counted, and laid out again with a wider gutter when the page count asks for one. `isPrint`:
 * the printer's file, without
 * bookmarks or links.
 * @example const { bytes, pageCount } = await renderBookPdf(doc, { trim: '5x8' })
 */
export async function renderBookPdf(
  doc: BookDocument,
  opts: { trim?: TrimName; layout?: LayoutName; date?: Date; isPrint?: boolean } = {},
): Promise<PrintedBook> {
  const layout = PRINT_LAYOUTS[opts.layout ?? doc.layout ?? DEFAULT_LAYOUT];
  const trim = opts.trim ?? layout.trim;
  const date = opts.date ?? new Date();
  const first = pageGeometry(trim, 1);
  const pdf = new PDFDocument({
    size: [first.width, first.height],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    autoFirstPage: false,
    lang: doc.lang,
    displayTitle: true,
    info: {
      Title: doc.title,
      ...(doc.author ? { Author: doc.author } : {}),
      Creator: 'Karya',
      Subject: doc.typeLabel,
      CreationDate: date,
      ModDate: date,
    },
  });
  registerFonts(pdf);
  const m = new Measure(pdf);

  // Lay out, count, and again while the count asks for a wider gutter (a wider gutter never shortens the book).
  let geo = first;
  let laid = layoutBook(doc, geo, m, { date, layout });
  for (let tries = 0; tries < 6; tries++) {
    const wanted = pageGeometry(trim, laid.pages.length);
    if (wanted.gutterIn <= geo.gutterIn) break;
    geo = wanted;
    laid = layoutBook(doc, geo, m, { date, layout });
  }

  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  drawBook(pdf, doc, laid, geo, opts.isPrint === true);
  pdf.end();
  await done;
  // The joined bytes as they are (Buffer.concat makes them once: not copied again).
  const joined = Buffer.concat(chunks);
  const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
  return {
    bytes,
    pageCount: laid.pages.length,
    trim,
    gutterIn: geo.gutterIn,
    margins: geo.margins,
    size: { width: geo.width, height: geo.height },
  };
}

function drawOp(pdf: PDFKit.PDFDocument, op: TextOp, dx: number, dy: number): void {
  pdf
    .font(op.font)
    .fontSize(op.size)
    .fillColor(op.color ?? 'black');
  // Text in another language than the document's is a marked span with its own /Lang (a reader reads it aloud so).
  if (op.lang) pdf.markContent('Span', { lang: op.lang });
  drawRun(pdf, op.text, op.x + dx, op.y + dy, op.wordSpacing);
  if (op.lang) pdf.endMarkedContent();
}

/**
 * Draws the laid-out pages. A screen PDF gets bookmarks and contents entries that link to their parts; a
 * print interior (`isPrint`) gets neither: KDP's print guidelines ask for no bookmarks, links or annotations.
 */
function drawBook(
  pdf: PDFKit.PDFDocument,
  doc: BookDocument,
  layout: BookLayout,
  geo: ReturnType<typeof pageGeometry>,
  isPrint: boolean,
): void {
  const { margins } = geo;
  const width = geo.width - margins.inside - margins.outside;
  const m = new Measure(pdf);
  const center = (text: string, font: FontName, size: number, left: number, y: number, color: string) => {
    let shown = text;
    while (shown.length > 1 && m.width(shown, font, size) > width)
      shown = `${shown.slice(0, Math.max(1, shown.length - 4)).trimEnd()}…`;
    pdf.font(font).fontSize(size).fillColor(color);
    drawRun(pdf, shown, left + (width - m.width(shown, font, size)) / 2, y);
  };
  layout.pages.forEach((page, i) => {
    const number = i + 1;
    const isRecto = number % 2 === 1;
    const left = isRecto ? margins.inside : margins.outside;
    pdf.addPage({ size: [geo.width, geo.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
    if (!isPrint && page.isOpening && page.section !== undefined) {
      pdf.outline.addItem(layout.sections[page.section]!.heading);
      pdf.addNamedDestination(`part-${page.section + 1}`, 'XYZ', 0, geo.height, null);
    }
    for (const op of page.ops) drawOp(pdf, op, left, margins.top);
    for (const link of isPrint ? [] : (page.links ?? []))
      pdf.goTo(left + link.x, margins.top + link.y, link.width, link.height, `part-${link.part + 1}`);
    if (page.kind !== 'body') return;
    if (!page.isOpening) {
      const section = layout.sections[page.section ?? 0]!;
      const head = isRecto ? (doc.author ? doc.title : section.heading) : (doc.author ?? doc.title);
      center(head, 'italic', 8.5, left, margins.top / 2 - 4, '#333333');
    }
    center(String(number), 'serif', 9, left, geo.height - margins.bottom / 2 - 4, '#333333');
  });
  pdf.fillColor('black');
}
