// A book document as a print PDF (pdfkit): 6 × 9 in pages (432 × 648 pt, KDP's most common trim), DejaVu
// fonts embedded (every Malay and Latin letter), a title page and a copyright page, then each part from a
// new page, with running heads (the book's title on even pages, the part's heading on odd ones; none on
// a part's first page) and page numbers from the first part on. Bookmarks list the parts.
import { existsSync } from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { BookDocument } from '../../session/book.js';
import type { Block, Span } from '../../markdown.js';
import { EXPORT_WORDS, copyrightLines, documentSections, innerHeadingLevel, type Section } from './sections.js';

export const PAGE = { width: 432, height: 648 } as const;
const MARGIN = { top: 72, bottom: 72, left: 54, right: 54 } as const;
const WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BODY_SIZE = 10.5;
const BODY = { lineGap: 2.5, paragraphGap: 7, align: 'justify' as const };

/** Debian's fonts-dejavu-core (regular, bold, mono) and fonts-dejavu-extra (italics). */
export const FONT_DIR = process.env.KARYA_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu';
const FONT_FILES = {
  serif: ['DejaVuSerif.ttf'],
  bold: ['DejaVuSerif-Bold.ttf'],
  italic: ['DejaVuSerif-Italic.ttf', 'DejaVuSans-Oblique.ttf', 'DejaVuSerif.ttf'],
  boldItalic: ['DejaVuSerif-BoldItalic.ttf', 'DejaVuSans-BoldOblique.ttf', 'DejaVuSerif-Bold.ttf'],
  mono: ['DejaVuSansMono.ttf'],
} as const;
type FontName = keyof typeof FONT_FILES;

export class MissingFontError extends Error {
  constructor(readonly file: string) {
    super(`${file}: font not found; the PDF export embeds DejaVu fonts: install them (apt-get install fonts-dejavu-core fonts-dejavu-extra) or set KARYA_FONT_DIR to a folder holding DejaVuSerif.ttf`);
    this.name = 'MissingFontError';
  }
}

function fontPath(name: FontName): string {
  const files = FONT_FILES[name].map((f) => path.join(FONT_DIR, f));
  const found = files.find((f) => existsSync(f));
  if (!found) throw new MissingFontError(files[0]!);
  return found;
}

interface Run {
  text: string;
  font: FontName;
}

/** Spans as runs of one font each; a line break ends its run with "\n". */
function spanRuns(spans: readonly Span[], style: { bold?: boolean; italic?: boolean } = {}, out: Run[] = []): Run[] {
  const font = (): FontName => (style.bold && style.italic ? 'boldItalic' : style.bold ? 'bold' : style.italic ? 'italic' : 'serif');
  for (const s of spans) {
    if (s.kind === 'text') out.push({ text: s.text, font: font() });
    else if (s.kind === 'code') out.push({ text: s.text, font: 'mono' });
    else if (s.kind === 'break') out.push({ text: '\n', font: font() });
    else spanRuns(s.children, s.kind === 'strong' ? { ...style, bold: true } : { ...style, italic: true }, out);
  }
  return out;
}

/** What each page is, for the running heads and page numbers drawn once every page exists. */
interface PageRole {
  section?: number;
  isOpening: boolean;
}

class PdfWriter {
  readonly pdf: PDFKit.PDFDocument;
  readonly pages: PageRole[] = [];
  private section: number | undefined;

  constructor(doc: BookDocument, date: Date) {
    this.pdf = new PDFDocument({
      size: [PAGE.width, PAGE.height], margins: MARGIN, bufferPages: true, autoFirstPage: false, lang: doc.lang, displayTitle: true,
      info: { Title: doc.title, ...(doc.author ? { Author: doc.author } : {}), Creator: 'Karya', Subject: doc.typeLabel, CreationDate: date, ModDate: date },
    });
    for (const name of Object.keys(FONT_FILES) as FontName[]) this.pdf.registerFont(name, fontPath(name));
    this.pdf.on('pageAdded', () => this.pages.push({ ...(this.section !== undefined ? { section: this.section } : {}), isOpening: false }));
  }

  newPage(section?: number): void {
    this.section = section;
    this.pdf.addPage();
    if (section !== undefined) this.pages[this.pages.length - 1]!.isOpening = true;
  }

  /**
   * Runs as one paragraph from the current position. A line break starts a line without the paragraph
   * gap. pdfkit justifies a line of several fonts badly (it drops the spaces between them), so only a
   * paragraph in one font is justified.
   */
  runs(runs: readonly Run[], opts: { size: number; indent?: number; width?: number; align?: 'left' | 'center' | 'justify'; paragraphGap?: number }): void {
    if (!runs.some((r) => r.text.trim())) return;
    const lines: Run[][] = [[]];
    for (const run of runs) {
      if (run.text === '\n') lines.push([]);
      else if (run.text) lines[lines.length - 1]!.push(run);
    }
    const x = MARGIN.left + (opts.indent ?? 0);
    const width = opts.width ?? WIDTH - (opts.indent ?? 0);
    const isOneFont = new Set(runs.map((r) => r.font)).size === 1;
    const align = opts.align ?? (isOneFont ? BODY.align : 'left');
    const gap = opts.paragraphGap ?? BODY.paragraphGap;
    lines.forEach((line, l) => {
      const base = { lineGap: BODY.lineGap, width, align, paragraphGap: l === lines.length - 1 ? gap : 0 };
      if (!line.length) {
        this.pdf.font('serif').fontSize(opts.size).text(' ', x, this.pdf.y, base);
        return;
      }
      line.forEach((run, i) => {
        this.pdf.font(run.font).fontSize(opts.size);
        const options = { ...base, continued: i < line.length - 1 };
        if (i === 0) this.pdf.text(run.text, x, this.pdf.y, options);
        else this.pdf.text(run.text, options);
      });
    });
  }

  /** Room for at least `lines` lines here, or a new page of the same section. */
  keep(lines: number, size: number): void {
    if (this.pdf.y + lines * size * 1.4 > PAGE.height - MARGIN.bottom) this.pdf.addPage();
  }

  blocks(blocks: readonly Block[], indent = 0, isQuote = false): void {
    for (const b of blocks) {
      switch (b.kind) {
        case 'heading': {
          const size = innerHeadingLevel(b.level) === 2 ? 14 : 12;
          this.pdf.moveDown(0.6);
          this.keep(4, size);
          this.runs(spanRuns(b.spans, { bold: true }), { size, indent, align: 'left', paragraphGap: 6 });
          break;
        }
        case 'paragraph':
          this.keep(2, BODY_SIZE);
          this.runs(spanRuns(b.spans, { italic: isQuote }), { size: BODY_SIZE, indent, ...(isQuote ? { width: WIDTH - 2 * indent } : {}) });
          break;
        case 'list':
          b.items.forEach((item, n) => {
            const marker = b.isOrdered ? `${b.start + n}.` : '•';
            const [first, ...rest] = item;
            this.keep(2, BODY_SIZE);
            const y = this.pdf.y;
            this.pdf.font('serif').fontSize(BODY_SIZE).text(marker, MARGIN.left + indent, y, { width: 18, lineBreak: false });
            this.pdf.y = y;
            if (first?.kind === 'paragraph') {
              this.runs(spanRuns(first.spans), { size: BODY_SIZE, indent: indent + 18, align: 'left', paragraphGap: 3 });
              this.blocks(rest, indent + 18, isQuote);
            } else this.blocks(item, indent + 18, isQuote);
          });
          this.pdf.moveDown(0.4);
          break;
        case 'quote':
          this.blocks(b.blocks, indent + 20, true);
          break;
        case 'code':
          this.keep(2, BODY_SIZE);
          this.pdf.font('mono').fontSize(BODY_SIZE - 1.5).text(b.text, MARGIN.left + indent, this.pdf.y, { width: WIDTH - indent, lineGap: 1.5, paragraphGap: 8 });
          break;
        case 'rule':
          this.pdf.moveDown(0.5);
          this.pdf.font('serif').fontSize(BODY_SIZE).text('*   *   *', MARGIN.left, this.pdf.y, { width: WIDTH, align: 'center', paragraphGap: 10 });
          break;
      }
    }
  }

  writeSection(section: Section, index: number): void {
    this.newPage(index);
    this.pdf.outline.addItem(section.heading);
    this.pdf.y = MARGIN.top + 54;
    this.pdf.font('bold').fontSize(17).text(section.heading, MARGIN.left, this.pdf.y, { width: WIDTH, align: 'center', lineGap: 3 });
    this.pdf.moveDown(1.6);
    this.blocks(section.blocks);
  }

  /** Running heads and page numbers on every page of the parts. */
  decorate(doc: BookDocument, sections: readonly Section[]): void {
    const first = this.pages.findIndex((p) => p.section !== undefined);
    if (first < 0) return;
    for (let i = first; i < this.pages.length; i++) {
      const role = this.pages[i]!;
      const number = i - first + 1;
      this.pdf.switchToPage(i);
      // Text in the margins must not move the cursor onto a new page.
      const margins = this.pdf.page.margins;
      this.pdf.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
      this.pdf.font('serif').fontSize(9).fillColor('#333333');
      this.pdf.text(String(number), MARGIN.left, PAGE.height - 44, { width: WIDTH, align: 'center', lineBreak: false });
      if (!role.isOpening && role.section !== undefined) {
        const head = number % 2 === 0 ? doc.title : sections[role.section]!.heading;
        this.pdf.font('italic').fontSize(8.5).text(head, MARGIN.left, 38, { width: WIDTH, align: number % 2 === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true, height: 12 });
      }
      this.pdf.fillColor('black');
      this.pdf.page.margins = margins;
    }
  }
}

/** A book document as PDF bytes. */
export async function renderPdf(doc: BookDocument, opts: { date?: Date } = {}): Promise<Uint8Array> {
  const date = opts.date ?? new Date();
  const writer = new PdfWriter(doc, date);
  const { pdf } = writer;
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  const words = EXPORT_WORDS[doc.lang];
  const { notice, writtenWith } = copyrightLines(doc, date.getFullYear());

  writer.newPage();
  pdf.font('bold').fontSize(24).text(doc.title, MARGIN.left, 190, { width: WIDTH, align: 'center', lineGap: 4 });
  if (doc.author) pdf.moveDown(1.5).font('serif').fontSize(14).text(doc.author, { width: WIDTH, align: 'center' });

  writer.newPage();
  pdf.font('italic').fontSize(9.5).text(doc.title, MARGIN.left, 400, { width: WIDTH, paragraphGap: 6 });
  pdf.font('serif');
  if (doc.author) pdf.text(`${words.by} ${doc.author}`, { width: WIDTH, paragraphGap: 6 });
  pdf.text(notice, { width: WIDTH, paragraphGap: 6 }).text(writtenWith, { width: WIDTH });

  const sections = documentSections(doc);
  sections.forEach((s, i) => writer.writeSection(s, i));
  writer.decorate(doc, sections);
  pdf.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}
