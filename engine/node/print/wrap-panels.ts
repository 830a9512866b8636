// The paperback wrap cover's spine and back, drawn on its one page (cover.ts renderWrapCover makes the page and
// draws the front): the canvas they share and text drawn on it in broken lines, the spine's type size within KDP's
// clearance, and the back's title and description above the barcode box, which stays empty.
import type { Lang } from '../../spec/types.js';
import { BARCODE_BOX_IN, PT_PER_IN, SPINE_TEXT_MIN_PAGES } from '../../print.js';
import { decodeMarkup } from '../../markup.js';
import { Measure, breakLines, hyphenatorOf, runsToWords, type FontName } from './typeset.js';
import { drawRun, lineOps, type TextOp } from './line-ops.js';

/** A description's HTML (KDP's tags) as plain paragraphs. */
export function descriptionParagraphs(html: string): string[] {
  const text = html
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<br\s*\/?>|<\/(p|li|h[1-6]|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeMarkup(text)
    .split('\n')
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** KDP's clearance between spine text and each spine edge, in inches. */
export const SPINE_CLEARANCE_IN = 0.0625;
/** Spine type from this size (points) up to the largest; smaller would not read, so the spine stays bare. */
export const SPINE_TYPE_PT = { min: 4.5, max: 11 } as const;

/**
 * The largest type size whose line (ascender to descender, `lineHeight(size)`) fits across a spine `spinePt`
 * wide with KDP's clearance on both sides; null when even the smallest does not.
 */
export function spineTypeSize(spinePt: number, lineHeight: (size: number) => number): number | null {
  const room = spinePt - 2 * SPINE_CLEARANCE_IN * PT_PER_IN;
  const perPoint = lineHeight(10) / 10;
  const size = Math.min(SPINE_TYPE_PT.max, room / perPoint);
  return size >= SPINE_TYPE_PT.min ? Math.floor(size * 10) / 10 : null;
}

/** The one page of a wrap cover being drawn, its sizes in points, and how text goes on it. */
export interface WrapCanvas {
  pdf: PDFKit.PDFDocument;
  m: Measure;
  ink: string;
  lang: Lang;
  H: number;
  bleed: number;
  trimW: number;
  trimH: number;
  spine: number;
  frontX: number;
  draw: (op: TextOp) => void;
  block: (text: string, o: BlockOptions) => number;
}

export interface BlockOptions {
  font: FontName;
  size: number;
  leading: number;
  x: number;
  y: number;
  width: number;
  align: 'left' | 'center' | 'justify';
  color: string;
  maxLines?: number;
  hyphenate?: boolean;
}

/** Drawing a line's text operations, and a block of text broken into lines (its height returned). */
export function textDrawer(
  pdf: PDFKit.PDFDocument,
  m: Measure,
  lang: Lang,
  ink: string,
): Pick<WrapCanvas, 'draw' | 'block'> {
  const draw = (op: TextOp) => {
    pdf
      .font(op.font)
      .fontSize(op.size)
      .fillColor(op.color ?? ink);
    drawRun(pdf, op.text, op.x, op.y, op.wordSpacing);
  };
  const block = (text: string, o: BlockOptions) => {
    let lines = breakLines(
      runsToWords([{ text, font: o.font }], m, o.size),
      { width: o.width, size: o.size, align: o.align, hyphenate: o.hyphenate ? hyphenatorOf(lang) : null },
      m,
    );
    if (o.maxLines !== undefined && lines.length > o.maxLines) lines = lines.slice(0, o.maxLines);
    lines.forEach((line, i) => lineOps(line, o.x, o.y + i * o.leading, o.size, m, o.color).forEach(draw));
    return lines.length * o.leading;
  };
  return { draw, block };
}

/**
 * The spine: title and author, reading top to bottom, only when KDP allows spine text and the type fits
 * with KDP's clearance on both sides of it. Says whether it drew them.
 */
export function drawSpine(c: WrapCanvas, input: { title: string; author: string; pageCount: number }): boolean {
  const { pdf, m, bleed, trimW, trimH, spine, H } = c;
  const spineSize = spineTypeSize(spine, (size) => pdf.font('bold').fontSize(size).currentLineHeight());
  if (input.pageCount < SPINE_TEXT_MIN_PAGES || spineSize === null) return false;
  const size = spineSize;
  const lineHeight = pdf.font('bold').fontSize(size).currentLineHeight();
  const room = trimH - PT_PER_IN;
  let label = input.author ? `${input.title}   ·   ${input.author}` : input.title;
  while (label.length > 1 && m.width(label, 'bold', size) > room)
    label = `${label.slice(0, label.length - 4).trimEnd()}…`;
  const w = m.width(label, 'bold', size);
  pdf.save();
  // Rotated a quarter turn clockwise about the spine's centre: the text runs down the spine, its line
  // (ascender to descender) centred across the spine.
  pdf.rotate(90, { origin: [bleed + trimW + spine / 2, H / 2] });
  pdf
    .font('bold')
    .fontSize(size)
    .fillColor(c.ink)
    .text(label, bleed + trimW + spine / 2 - w / 2, H / 2 - lineHeight / 2, { lineBreak: false });
  pdf.restore();
  return true;
}

/**
 * The back: the title, then the description above the barcode box, which stays empty (KDP prints the barcode there).
 */
export function drawBack(c: WrapCanvas, input: { title: string; description: string }): void {
  const { pdf, m, bleed, trimW, trimH, ink } = c;
  const pt = (n: number) => n * PT_PER_IN;
  const box = { width: pt(BARCODE_BOX_IN.width), height: pt(BARCODE_BOX_IN.height) };
  const boxX = bleed + trimW - pt(0.375) - box.width;
  const boxY = bleed + trimH - pt(0.375) - box.height;
  pdf.rect(boxX, boxY, box.width, box.height).fill('#ffffff');
  const backX = bleed + pt(0.6);
  const backW = trimW - pt(1.2);
  const bottom = boxY - pt(0.3);
  const size = 10.5;
  const leading = 15;
  let y = bleed + pt(0.75);
  y +=
    c.block(input.title, {
      font: 'bold',
      size: 16,
      leading: 20,
      x: backX,
      y,
      width: backW,
      align: 'center',
      color: ink,
      maxLines: 2,
    }) + 12;
  for (const paragraph of descriptionParagraphs(input.description)) {
    const room = Math.floor((bottom - y) / leading);
    if (room < 1) break;
    const lines = breakLines(
      runsToWords([{ text: paragraph, font: 'serif' }], m, size),
      { width: backW, size, align: 'justify', hyphenate: hyphenatorOf(c.lang) },
      m,
    );
    const shown = lines.slice(0, room);
    shown.forEach((line, i) => {
      const isCut = i === shown.length - 1 && shown.length < lines.length;
      const ops = lineOps(isCut ? { ...line, extra: 0 } : line, backX, y + i * leading, size, m, ink);
      if (isCut && ops.length) ops[ops.length - 1]!.text += ' …';
      ops.forEach(c.draw);
    });
    y += shown.length * leading + leading * 0.6;
    if (shown.length < lines.length) break;
  }
}
