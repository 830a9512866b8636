// A book document as a print-ready PDF, laid out as book designers do (Vellum and Atticus as the anchors):
// a title page with the author, a copyright page, contents with real page numbers, each part opening on
// a right-hand (odd) page (a blank left-hand page before it when needed) with no running head, running
// heads (author on the left, title on the right) and folios elsewhere, justified text hyphenated in the
// book's language, paragraphs kept without widows or orphans where the page allows. Margins follow
// KDP's rules: the inside (gutter) margin grows with the page count, so the book is laid out, counted,
// and laid out again when its page count falls in another bracket. The paperback interior and
// `karya export --format pdf` are both this layout.
import PDFDocument from 'pdfkit';
import type { BookDocument } from '../../session/book.js';
import { spansText, type Block, type Span } from '../../markdown.js';
import { DEFAULT_LAYOUT, MIN_OUTER_MARGIN_IN, PRINT_LAYOUTS, PT_PER_IN, TRIM_SIZES, gutterInches, type LayoutName, type PrintLayout, type TrimName } from '../../print.js';
import { parseMarkdown } from '../../markdown.js';
import { EXPORT_WORDS, copyrightLines, documentSections, innerHeadingLevel, type Section } from '../export/sections.js';
import {
  Measure, breakLines, hyphenatorOf, lineOps, registerFonts, runsToWords, spanRuns,
  type FontName, type Line, type Run, type TextOp, type Word,
} from './typeset.js';

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
export function pageGeometry(trim: TrimName, pageCount: number): { width: number; height: number; margins: PageMargins; gutterIn: number } {
  const size = TRIM_SIZES[trim];
  const gutterIn = gutterInches(pageCount);
  // Never under KDP's minimum outside, top and bottom margin, whatever a trim's own choice.
  const outsideIn = Math.max(MIN_OUTER_MARGIN_IN, size.width >= 6 ? 0.625 : 0.55);
  const edgeIn = Math.max(MIN_OUTER_MARGIN_IN, 0.75);
  return {
    width: size.width * PT_PER_IN,
    height: size.height * PT_PER_IN,
    gutterIn,
    margins: { inside: (gutterIn + GUTTER_EXTRA_IN) * PT_PER_IN, outside: outsideIn * PT_PER_IN, top: edgeIn * PT_PER_IN, bottom: edgeIn * PT_PER_IN },
  };
}

/** The front matter's type (contents): a novel's body type, whatever the layout. */
const BODY = PRINT_LAYOUTS.book.body;
const SMALL = { size: 8.5, leading: 12 } as const;
const CODE = { size: 8.5, leading: 11 } as const;

type PageKind = 'title' | 'copyright' | 'contents' | 'blank' | 'body';

interface Page {
  kind: PageKind;
  section?: number;
  isOpening?: boolean;
  /** Positions from the text block's top left. */
  ops: TextOp[];
  /** Links to a part's opening page (the contents entries), from the text block's top left. */
  links?: Array<{ x: number; y: number; width: number; height: number; part: number }>;
}

/** A block of lines as the flow places it. */
interface Item {
  lines: Line[];
  size: number;
  leading: number;
  /** x of the lines from the text block's left. */
  x: number;
  before: number;
  after: number;
  /** Keep with the first lines of the next item (a heading). */
  keepWithNext?: boolean;
  /** Drawn at the first line's left (a list's bullet or number). */
  marker?: { text: string; x: number; font: FontName };
  /** A table row: its cells side by side (`lines` is the tallest cell's); a row is never split across pages. */
  cells?: Array<{ x: number; lines: Line[] }>;
}

/** Places items on pages, splitting paragraphs without leaving one line alone at a page's top or bottom. */
class Flow {
  readonly pages: Page[] = [];
  y = 0;
  constructor(private readonly height: number, private readonly m: Measure) {}

  get page(): Page {
    return this.pages[this.pages.length - 1]!;
  }

  newPage(kind: PageKind, extra: Partial<Page> = {}): Page {
    this.pages.push({ kind, ops: [], ...extra });
    this.y = 0;
    return this.page;
  }

  /** A new page of the current section (a paragraph that moves on). */
  private carryOn(): void {
    const { kind, section } = this.page;
    this.newPage(kind, section !== undefined ? { section } : {});
  }

  private draw(item: Item, lines: Line[]): void {
    for (const cell of item.cells ?? []) {
      cell.lines.forEach((line, i) => this.page.ops.push(...lineOps(line, cell.x, this.y + i * item.leading, item.size, this.m)));
    }
    if (item.cells) lines = [];
    lines.forEach((line, i) => {
      const y = this.y + i * item.leading;
      if (i === 0 && item.marker && line === item.lines[0]) {
        this.page.ops.push({ text: item.marker.text, font: item.marker.font, size: item.size, x: item.marker.x, y });
      }
      this.page.ops.push(...lineOps(line, item.x, y, item.size, this.m));
    });
    this.y += (item.cells ? item.lines.length : lines.length) * item.leading;
  }

  place(items: readonly Item[]): void {
    items.forEach((item, index) => {
      if (this.y > 0) this.y += item.before;
      let lines = item.lines;
      const room = () => Math.floor((this.height - this.y + 0.01) / item.leading);
      if (item.keepWithNext && this.y > 0) {
        const next = items[index + 1];
        const need = lines.length + (next ? Math.min(2, next.lines.length) : 0);
        if (need > room()) this.carryOn();
      }
      if (item.cells && lines.length > room() && this.y > 0) this.carryOn();
      while (!item.cells && lines.length > room()) {
        let k = room();
        const n = lines.length;
        // Two lines at least on each side of a page break; a short paragraph moves whole.
        if (n - k < 2) k = n - 2;
        if (k < 2 || n <= 3) k = 0;
        if (k === 0 && this.y === 0) k = Math.max(1, Math.min(room(), n - 2));
        if (k > 0) this.draw(item, lines.slice(0, k));
        lines = lines.slice(k);
        this.carryOn();
      }
      this.draw(item, lines);
      this.y += item.after;
    });
  }
}

interface Styles {
  width: number;
  lang: BookDocument['lang'];
  /** The body type, and how paragraphs are set (PRINT_LAYOUTS). */
  body: { size: number; leading: number };
  isRagged: boolean;
  /** Space between paragraphs, in lines (0: none, the next paragraph indented instead). */
  paragraphGap: number;
}

/** Everything that lays out text into lines, with the document's measure. */
class Composer {
  private readonly hyphenate;
  constructor(readonly m: Measure, private readonly s: Styles) {
    // Ragged-right text (a children's book) is never hyphenated: young readers read whole words.
    this.hyphenate = s.isRagged ? null : hyphenatorOf(s.lang);
  }

  lines(runs: readonly Run[], o: { size: number; width?: number; indent?: number; align?: 'justify' | 'left' | 'center' | 'right'; hyphenate?: boolean }): Line[] {
    const segments = runsToWords(runs, this.m, o.size);
    return breakLines(segments, {
      width: o.width ?? this.s.width, indent: o.indent ?? 0, size: o.size,
      align: o.align ?? (this.s.isRagged ? 'left' : 'justify'),
      hyphenate: o.hyphenate === false ? null : this.hyphenate,
    }, this.m);
  }

  plain(text: string, font: FontName, o: { size: number; width?: number; align?: 'left' | 'center' | 'right' }): Line[] {
    return this.lines([{ text, font }], { ...o, align: o.align ?? 'center', hyphenate: false });
  }

  /** Code as written: each line kept, cut where it is wider than the block. */
  code(text: string, width: number): Line[] {
    const segments: Word[][] = text.replace(/\t/g, '    ').split('\n').map((l) => (l ? [{ pieces: [{ text: l, font: 'mono' as const }], width: this.m.width(l, 'mono', CODE.size) }] : []));
    return breakLines(segments, { width, size: CODE.size, align: 'left', hyphenate: null }, this.m);
  }

  /** A table as rows of cells in equal columns, the header row in bold, left aligned and not hyphenated. */
  table(b: Extract<Block, { kind: 'table' }>, o: { x: number; width: number }): Item[] {
    const columns = Math.max(1, b.header.length, ...b.rows.map((r) => r.length));
    const colWidth = (o.width - TABLE_GAP * (columns - 1)) / columns;
    const size = this.s.body.size - 1;
    const row = (cells: readonly (readonly Span[])[], isHeader: boolean, isFirst: boolean): Item => {
      const laid = cells.map((c, i) => ({ x: o.x + i * (colWidth + TABLE_GAP), lines: this.lines(spanRuns(c, isHeader ? { bold: true } : {}), { size, width: colWidth, align: 'left', hyphenate: false }) }));
      const tallest = laid.reduce((a, c) => (c.lines.length > a.length ? c.lines : a), [] as Line[]);
      return { lines: tallest.length ? tallest : this.plain(' ', 'serif', { size }), size, leading: size * 1.35, x: o.x, before: isFirst ? this.s.body.leading * 0.5 : 0, after: isHeader ? size * 0.4 : size * 0.2, keepWithNext: isHeader, cells: laid };
    };
    const items = [row(b.header, true, true), ...b.rows.map((r) => row(r, false, false))];
    items[items.length - 1]!.after += this.s.body.leading * 0.5;
    return items;
  }

  /** A part's blocks as items: book paragraphs (first-line indent, none after a heading or a break). */
  blocks(blocks: readonly Block[], o: { x: number; width: number; isQuote?: boolean } = { x: 0, width: this.s.width }, out: Item[] = []): Item[] {
    let isAfterBreak = true;
    const indent = this.s.body.size * 1.5;
    for (const b of blocks) {
      switch (b.kind) {
        case 'heading': {
          const size = this.s.body.size + (innerHeadingLevel(b.level) === 2 ? 2 : 0.5);
          out.push({ lines: this.lines(spanRuns(b.spans, { bold: true }), { size, width: o.width, align: 'left', hyphenate: false }), size, leading: size * 1.35, x: o.x, before: this.s.body.leading * 0.9, after: this.s.body.leading * 0.35, keepWithNext: true });
          isAfterBreak = true;
          break;
        }
        case 'paragraph': {
          const runs = spanRuns(b.spans, { italic: o.isQuote === true });
          const gap = o.isQuote ? this.s.body.leading * 0.3 : this.s.body.leading * this.s.paragraphGap;
          const isIndented = !isAfterBreak && !o.isQuote && this.s.paragraphGap === 0;
          out.push({ lines: this.lines(runs, { size: this.s.body.size, width: o.width, indent: isIndented ? indent : 0 }), size: this.s.body.size, leading: this.s.body.leading, x: o.x, before: o.isQuote ? gap : 0, after: gap });
          isAfterBreak = false;
          break;
        }
        case 'list': {
          const hang = 16;
          b.items.forEach((item, n) => {
            const marker = b.isOrdered ? `${b.start + n}.` : '•';
            const [first, ...rest] = item;
            if (first?.kind === 'paragraph') {
              out.push({
                lines: this.lines(spanRuns(first.spans), { size: this.s.body.size, width: o.width - hang, align: 'left' }), size: this.s.body.size, leading: this.s.body.leading,
                x: o.x + hang, before: n === 0 ? this.s.body.leading * 0.3 : 0, after: 0, marker: { text: marker, x: o.x, font: 'serif' },
              });
              this.blocks(rest, { x: o.x + hang, width: o.width - hang, ...(o.isQuote ? { isQuote: true } : {}) }, out);
            } else this.blocks(item, { x: o.x + hang, width: o.width - hang, ...(o.isQuote ? { isQuote: true } : {}) }, out);
          });
          if (out.length) out[out.length - 1]!.after += this.s.body.leading * 0.3;
          isAfterBreak = true;
          break;
        }
        case 'quote':
          this.blocks(b.blocks, { x: o.x + 18, width: o.width - 36, isQuote: true }, out);
          isAfterBreak = true;
          break;
        case 'code':
          out.push({ lines: this.code(b.text, o.width), size: CODE.size, leading: CODE.leading, x: o.x, before: this.s.body.leading * 0.4, after: this.s.body.leading * 0.4 });
          isAfterBreak = true;
          break;
        case 'rule':
          out.push({ lines: this.plain('*   *   *', 'serif', { size: this.s.body.size, width: o.width }), size: this.s.body.size, leading: this.s.body.leading, x: o.x, before: this.s.body.leading * 0.5, after: this.s.body.leading * 0.5 });
          isAfterBreak = true;
          break;
        case 'table':
          out.push(...this.table(b, o));
          isAfterBreak = true;
          break;
      }
    }
    return out;
  }
}

/** Space between a table's columns, in points. */
const TABLE_GAP = 10;

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

function layoutBook(doc: BookDocument, geo: ReturnType<typeof pageGeometry>, m: Measure, o: { date: Date; layout: PrintLayout }): BookLayout {
  const width = geo.width - geo.margins.inside - geo.margins.outside;
  const height = geo.height - geo.margins.top - geo.margins.bottom;
  const { body, isRagged, paragraphGap } = o.layout;
  const c = new Composer(m, { width, lang: doc.lang, body, isRagged, paragraphGap });
  const words = EXPORT_WORDS[doc.lang];
  const all = documentSections(doc);
  const copyrightPart = all.find((s) => s.id === COPYRIGHT_PART);
  const sections = all.filter((s) => s.id !== COPYRIGHT_PART);
  const flow = new Flow(height, m);

  // Title page: the title a third of the way down, the author below it.
  flow.newPage('title');
  flow.y = height * 0.24;
  flow.place([{ lines: c.plain(doc.title, 'bold', { size: 24 }), size: 24, leading: 30, x: 0, before: 0, after: 0 }]);
  if (doc.author) {
    flow.y = Math.max(flow.y + 40, height * 0.5);
    flow.place([{ lines: c.plain(doc.author, 'serif', { size: 14 }), size: 14, leading: 19, x: 0, before: 0, after: 0 }]);
  }

  // Copyright page: the notice at the foot of the page, the generated copyright text above it.
  const { notice, writtenWith } = copyrightLines(doc, o.date.getFullYear());
  const small = (text: string, font: FontName = 'serif'): Item => ({ lines: c.lines([{ text, font }], { size: SMALL.size, align: 'left', hyphenate: false }), size: SMALL.size, leading: SMALL.leading, x: 0, before: 0, after: SMALL.leading * 0.5 });
  const notes: Item[] = [
    small(doc.title, 'italic'),
    ...(doc.author ? [small(`${words.by} ${doc.author}`)] : []),
    small(notice), small(writtenWith),
  ];
  // The generated copyright text (the document's `copyright`, or an older document's copyright part).
  const copyrightBlocks = copyrightPart?.blocks ?? (doc.copyright ? parseMarkdown(doc.copyright) : []);
  if (copyrightBlocks.length) {
    // The generated copyright text in 8.5 pt above the notice; its own heading ("Copyright") is the page's.
    const text = copyrightBlocks.flatMap((b) => (b.kind === 'paragraph' ? [small(spansText(b.spans))] : b.kind === 'list' ? b.items.flatMap((it) => it.flatMap((x) => (x.kind === 'paragraph' ? [small(spansText(x.spans))] : []))) : []));
    notes.unshift(...text, { lines: [], size: SMALL.size, leading: SMALL.leading, x: 0, before: 0, after: SMALL.leading });
  }
  flow.newPage('copyright');
  const total = notes.reduce((n, it) => n + it.lines.length * it.leading + it.after, 0);
  flow.y = Math.max(0, height - total);
  flow.place(notes);

  // Contents: laid out now with room for the numbers, filled in once the parts have their pages.
  const NUMBER_ROOM = 30;
  const entryLines: Array<{ page: number; y: number; lines: number }> = [];
  const showContents = sections.length > 1;
  if (showContents) {
    // The contents open on a right-hand page too (a long copyright text can fill two pages).
    if (flow.pages.length % 2 === 1) flow.newPage('blank');
    flow.newPage('contents');
    flow.y = height * 0.12;
    flow.place([{ lines: c.plain(words.contents, 'serif', { size: 17 }), size: 17, leading: 22, x: 0, before: 0, after: BODY.leading * 1.5 }]);
    for (const s of sections) {
      const lines = c.lines([{ text: s.heading, font: 'serif' }], { size: BODY.size, width: width - NUMBER_ROOM, align: 'left', hyphenate: false });
      const before = flow.y > 0 ? BODY.leading * 0.45 : 0;
      flow.place([{ lines, size: BODY.size, leading: BODY.leading, x: 0, before, after: 0 }]);
      // Where the entry's last line is: its page number goes at its right.
      entryLines.push({ page: flow.pages.length - 1, y: flow.y - BODY.leading, lines: lines.length });
    }
  }

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
    if (label) heading.push({ lines: c.plain(label.toUpperCase(), 'sans', { size: 9.5 }), size: 9.5, leading: 14, x: 0, before: 0, after: 8 });
    heading.push({ lines: c.plain(title, 'serif', { size: 18 }), size: 18, leading: 24, x: 0, before: 0, after: BODY.leading * 2.2 });
    flow.place(heading);
    flow.place(c.blocks(section.blocks));
  });
  // An even page count: the last page is a left-hand one.
  if (flow.pages.length % 2 === 1) flow.newPage('blank');

  // The page numbers of the contents, now known.
  entryLines.forEach((entry, i) => {
    const number = String(openings[i]! + 1);
    const w = m.width(number, 'serif', BODY.size);
    const page = flow.pages[entry.page]!;
    page.ops.push({ text: number, font: 'serif', size: BODY.size, x: width - w, y: entry.y });
    const top = entry.y - (entry.lines - 1) * BODY.leading;
    (page.links ??= []).push({ x: 0, y: top, width, height: entry.lines * BODY.leading, part: i });
  });
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
 * A book document as a print-ready PDF in a layout (PRINT_LAYOUTS; default the document's own, else `book`) at a trim size (default
 * the layout's): laid out, counted, and laid out again with a wider gutter when the page count asks for one. `isPrint`: the printer's file, without
 * bookmarks or links.
 * @example const { bytes, pageCount } = await renderBookPdf(doc, { trim: '5x8' })
 */
export async function renderBookPdf(doc: BookDocument, opts: { trim?: TrimName; layout?: LayoutName; date?: Date; isPrint?: boolean } = {}): Promise<PrintedBook> {
  const layout = PRINT_LAYOUTS[opts.layout ?? doc.layout ?? DEFAULT_LAYOUT];
  const trim = opts.trim ?? layout.trim;
  const date = opts.date ?? new Date();
  const first = pageGeometry(trim, 1);
  const pdf = new PDFDocument({
    size: [first.width, first.height], margins: { top: 0, bottom: 0, left: 0, right: 0 }, autoFirstPage: false, lang: doc.lang, displayTitle: true,
    info: { Title: doc.title, ...(doc.author ? { Author: doc.author } : {}), Creator: 'Karya', Subject: doc.typeLabel, CreationDate: date, ModDate: date },
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
  return { bytes: new Uint8Array(Buffer.concat(chunks)), pageCount: laid.pages.length, trim, gutterIn: geo.gutterIn, margins: geo.margins, size: { width: geo.width, height: geo.height } };
}

function drawOp(pdf: PDFKit.PDFDocument, op: TextOp, dx: number, dy: number): void {
  pdf.font(op.font).fontSize(op.size).fillColor(op.color ?? 'black');
  pdf.text(op.text, op.x + dx, op.y + dy, { lineBreak: false, ...(op.wordSpacing ? { wordSpacing: op.wordSpacing } : {}) });
}

/**
 * Draws the laid-out pages. A screen PDF gets bookmarks and contents entries that link to their parts; a
 * print interior (`isPrint`) gets neither: KDP's print guidelines ask for no bookmarks, links or annotations.
 */
function drawBook(pdf: PDFKit.PDFDocument, doc: BookDocument, layout: BookLayout, geo: ReturnType<typeof pageGeometry>, isPrint: boolean): void {
  const { margins } = geo;
  const width = geo.width - margins.inside - margins.outside;
  const m = new Measure(pdf);
  const center = (text: string, font: FontName, size: number, left: number, y: number, color: string) => {
    let shown = text;
    while (shown.length > 1 && m.width(shown, font, size) > width) shown = `${shown.slice(0, Math.max(1, shown.length - 4)).trimEnd()}…`;
    pdf.font(font).fontSize(size).fillColor(color).text(shown, left + (width - m.width(shown, font, size)) / 2, y, { lineBreak: false });
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
    for (const link of isPrint ? [] : page.links ?? []) pdf.goTo(left + link.x, margins.top + link.y, link.width, link.height, `part-${link.part + 1}`);
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
