// The covers of a package, made with sharp (images) and pdfkit (the wrap): the eBook cover as an RGB JPEG
// at 1.6:1 (KDP: JPEG or TIFF, RGB, ideally 1,600 × 2,560 px, under 50 MB), and the paperback's one-page
// full-wrap cover (back, spine, front and bleed; KDP's "Create a paperback cover"): the cover art on the
// front (its title is the art's own) with the author, the spine lettered from 79 pages on where the type
// keeps KDP's 0.0625 in each side, the title and description on the back and the barcode area left clear.
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Lang, PixelSize } from '../../spec/types.js';
import {
  BARCODE_BOX_IN, COVER_BLEED_IN, PT_PER_IN, SPINE_TEXT_MIN_PAGES, TRIM_SIZES, wrapCoverInches, type PaperName, type TrimName,
} from '../../print.js';
import { Measure, breakLines, hyphenatorOf, registerFonts, runsToWords, type FontName } from './typeset.js';
import { lineOps, type TextOp } from './line-ops.js';
import { COVER_MAX_PIXELS } from '../../publish/cover-limits.js';
import { decodeMarkup } from '../../markup.js';

/**
 * A cover's art is decoded at most at the largest size a store takes (a writer's picture was checked against it from
 * its header).
 */
const ART = { limitInputPixels: COVER_MAX_PIXELS } as const;

/** KDP's eBook cover: height 1.6 × width, at least 1,600 px wide, its resolution set (300 pixels an inch). */
export const EBOOK_COVER = { minWidth: 1600, ratio: 1.6, dpi: 300 } as const;

/** The eBook cover file as made: its bytes and what readiness checks of it. */
export interface CoverImage {
  bytes: Uint8Array;
  format: 'jpeg';
  width: number;
  height: number;
  /** 3: RGB without alpha. */
  channels: number;
}

/**
 * The wrap's front panel as drawn: its art as a JPEG at the panel's size, and the art's dominant colour (0-255 a
 * channel).
 */
export interface FrontArt {
  jpeg: Uint8Array;
  dominant: { r: number; g: number; b: number };
}

/** The eBook cover's size from the generator's publish size: at least 1,600 px wide, 1.6:1. */
export function ebookCoverSize(wanted?: PixelSize): PixelSize {
  const width = Math.max(EBOOK_COVER.minWidth, wanted?.width ?? 0);
  return { width, height: Math.round(width * EBOOK_COVER.ratio) };
}

/**
 * Any image sharp reads (the cover step's PNG) as the eBook cover: scaled to fill the size, cropped evenly
 * at the edges that overflow, transparency flattened onto white, sRGB JPEG with its resolution (DPI) set.
 * @example const cover = await ebookCoverJpeg(png, { width: 1600, height: 2560 }) // cover.channels === 3
 */
export async function ebookCoverJpeg(image: Uint8Array, size: PixelSize = ebookCoverSize()): Promise<CoverImage> {
  // rotate(): a phone's picture stands as its EXIF orientation says.
  const { data, info } = await sharp(image, ART)
    .rotate()
    .resize(size.width, size.height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .withDensity(EBOOK_COVER.dpi)
    .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
    .toBuffer({ resolveWithObject: true });
  return { bytes: new Uint8Array(data), format: 'jpeg', width: info.width, height: info.height, channels: info.channels };
}

/**
 * The wrap's front panel with its bleed (outer edge, top and foot), in pixels at 300 dpi: the size its art is drawn at.
 */
export function wrapFrontPx(trimName: TrimName): PixelSize {
  const trim = TRIM_SIZES[trimName];
  return { width: Math.round((trim.width + COVER_BLEED_IN) * 300), height: Math.round((trim.height + 2 * COVER_BLEED_IN) * 300) };
}

/** A description's HTML (KDP's tags) as plain paragraphs. */
export function descriptionParagraphs(html: string): string[] {
  const text = html
    .replace(/<li\b[^>]*>/gi, '\n• ')
    .replace(/<br\s*\/?>|<\/(p|li|h[1-6]|ul|ol)>/gi, '\n')
    .replace(/<[^>]*>/g, '');
  return decodeMarkup(text).split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

export interface WrapCover {
  bytes: Uint8Array;
  /** The page size in points. */
  width: number;
  height: number;
  spineIn: number;
  /** Title and author are lettered on the spine (79 pages or more, and the type fits with KDP's clearance). */
  hasSpineText: boolean;
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

/** Black or white, whichever reads on the colour. */
function inkOn(rgb: { r: number; g: number; b: number }): string {
  const luminance = 0.2126 * rgb.r + 0.7152 * rgb.g + 0.0722 * rgb.b;
  return luminance > 140 ? '#111111' : '#ffffff';
}

const hex = (rgb: { r: number; g: number; b: number }) => `#${[rgb.r, rgb.g, rgb.b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;

/**
 * The paperback's full-wrap cover as a one-page PDF sized for the interior's page count and paper:
 * 2 × trim width + spine + 2 × bleed wide, trim height + 2 × bleed high.
 * @example const wrap = await renderWrapCover({ art, title, author, description, lang: 'en', trim: '6x9', paper:
 * 'white', pageCount: 212 })
 */
export async function renderWrapCover(input: {
  /**
   * The front's art, decoded here; or `front`, its panel already made from it (cover-art.ts prepareCoverArt, in an
   * export thread on a server).
   */
  art?: Uint8Array;
  front?: FrontArt;
  title: string;
  author: string;
  description: string;
  lang: Lang;
  trim: TrimName;
  paper: PaperName;
  pageCount: number;
  date?: Date;
  /** The art is a lettered cover (title and author already on it): no author band across its foot. */
  isLettered?: boolean;
}): Promise<WrapCover> {
  const inches = wrapCoverInches(input);
  const trim = TRIM_SIZES[input.trim];
  const pt = (n: number) => n * PT_PER_IN;
  const W = pt(inches.width);
  const H = pt(inches.height);
  const bleed = pt(COVER_BLEED_IN);
  const trimW = pt(trim.width);
  const trimH = pt(trim.height);
  const spine = pt(inches.spine);
  const frontX = bleed + trimW + spine;

  // The front art at 300 dpi over the front panel and its bleed; the rest in the art's dominant colour.
  const frontPx = wrapFrontPx(input.trim);
  const { jpeg: art, dominant } = input.front ?? await frontArtOf(input.art, frontPx);
  const ink = inkOn(dominant);

  const date = input.date ?? new Date();
  const pdf = new PDFDocument({
    size: [W, H], margins: { top: 0, bottom: 0, left: 0, right: 0 }, autoFirstPage: false, lang: input.lang,
    info: { Title: `${input.title}: cover`, ...(input.author ? { Author: input.author } : {}), Creator: 'Karya', CreationDate: date, ModDate: date },
  });
  registerFonts(pdf);
  const m = new Measure(pdf);
  const chunks: Buffer[] = [];
  const done = new Promise<void>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', resolve);
    pdf.on('error', reject);
  });
  pdf.addPage({ size: [W, H], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  pdf.rect(0, 0, W, H).fill(hex(dominant));
  pdf.image(Buffer.from(art.buffer, art.byteOffset, art.byteLength), frontX, 0, { width: W - frontX, height: H });

  const c: WrapCanvas = { pdf, ...textDrawer(pdf, m, input.lang, ink), m, ink, lang: input.lang, H, bleed, trimW, trimH, spine, frontX };

  // Front: the art carries the title (the cover prompt asks for it, and the offline cover draws it), so
  // only the author goes on a band across the foot of the art (to the bleed edge), in the safe area:
  // lettering the title again would show it twice.
  const safe = pt(0.375);
  if (input.author && !input.isLettered) {
    const bandH = trimH * 0.1 + bleed;
    pdf.save().fillOpacity(0.92).rect(frontX, H - bandH, W - frontX, bandH).fill('#000000').restore();
    c.block(input.author, { font: 'serif', size: 14, leading: 18, x: frontX + safe, y: bleed + trimH - safe - 18, width: trimW - 2 * safe, align: 'center', color: '#ffffff', maxLines: 1 });
  }
  const hasSpineText = drawSpine(c, input);
  drawBack(c, input);
  pdf.end();
  await done;
  // The joined bytes as they are (Buffer.concat makes them once: not copied again).
  const joined = Buffer.concat(chunks);
  const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
  return { bytes, width: W, height: H, spineIn: inches.spine, hasSpineText };
}

/**
 * The front panel's art made here, in this thread (a caller without the export pool's prepareCover: tests, a script).
 */
async function frontArtOf(art: Uint8Array | undefined, frontPx: PixelSize): Promise<FrontArt> {
  if (!art) throw new Error('renderWrapCover: neither the art nor its front panel was given');
  const jpeg = await sharp(art, ART).rotate().resize(frontPx.width, frontPx.height, { fit: 'cover', position: 'centre' }).flatten({ background: '#ffffff' }).toColourspace('srgb').jpeg({ quality: 90 }).toBuffer();
  const { dominant } = await sharp(art, ART).stats();
  return { jpeg, dominant };
}

/** The one page of a wrap cover being drawn, its sizes in points, and how text goes on it. */
interface WrapCanvas {
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

interface BlockOptions { font: FontName; size: number; leading: number; x: number; y: number; width: number; align: 'left' | 'center' | 'justify'; color: string; maxLines?: number; hyphenate?: boolean }

/** Drawing a line's text operations, and a block of text broken into lines (its height returned). */
function textDrawer(pdf: PDFKit.PDFDocument, m: Measure, lang: Lang, ink: string): Pick<WrapCanvas, 'draw' | 'block'> {
  const draw = (op: TextOp) => {
    pdf.font(op.font).fontSize(op.size).fillColor(op.color ?? ink);
    pdf.text(op.text, op.x, op.y, { lineBreak: false, ...(op.wordSpacing ? { wordSpacing: op.wordSpacing } : {}) });
  };
  const block = (text: string, o: BlockOptions) => {
    let lines = breakLines(runsToWords([{ text, font: o.font }], m, o.size), { width: o.width, size: o.size, align: o.align, hyphenate: o.hyphenate ? hyphenatorOf(lang) : null }, m);
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
function drawSpine(c: WrapCanvas, input: { title: string; author: string; pageCount: number }): boolean {
  const { pdf, m, bleed, trimW, trimH, spine, H } = c;
  const spineSize = spineTypeSize(spine, (size) => pdf.font('bold').fontSize(size).currentLineHeight());
  if (input.pageCount < SPINE_TEXT_MIN_PAGES || spineSize === null) return false;
  const size = spineSize;
  const lineHeight = pdf.font('bold').fontSize(size).currentLineHeight();
  const room = trimH - PT_PER_IN;
  let label = input.author ? `${input.title}   ·   ${input.author}` : input.title;
  while (label.length > 1 && m.width(label, 'bold', size) > room) label = `${label.slice(0, label.length - 4).trimEnd()}…`;
  const w = m.width(label, 'bold', size);
  pdf.save();
  // Rotated a quarter turn clockwise about the spine's centre: the text runs down the spine, its line
  // (ascender to descender) centred across the spine.
  pdf.rotate(90, { origin: [bleed + trimW + spine / 2, H / 2] });
  pdf.font('bold').fontSize(size).fillColor(c.ink).text(label, bleed + trimW + spine / 2 - w / 2, H / 2 - lineHeight / 2, { lineBreak: false });
  pdf.restore();
  return true;
}

/**
 * The back: the title, then the description above the barcode box, which stays empty (KDP prints the barcode there).
 */
function drawBack(c: WrapCanvas, input: { title: string; description: string }): void {
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
  y += c.block(input.title, { font: 'bold', size: 16, leading: 20, x: backX, y, width: backW, align: 'center', color: ink, maxLines: 2 }) + 12;
  for (const paragraph of descriptionParagraphs(input.description)) {
    const room = Math.floor((bottom - y) / leading);
    if (room < 1) break;
    const lines = breakLines(runsToWords([{ text: paragraph, font: 'serif' }], m, size), { width: backW, size, align: 'justify', hyphenate: hyphenatorOf(c.lang) }, m);
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
