// The covers of a package, made with sharp (images) and pdfkit (the wrap): the eBook cover as an RGB JPEG
// at 1.6:1 (KDP: JPEG or TIFF, RGB, ideally 1,600 × 2,560 px, under 50 MB), and the paperback's one-page
// full-wrap cover (back, spine, front and bleed; KDP's "Create a paperback cover"): the cover art on the
// front (its title is the art's own) with the author, the spine lettered from 79 pages on where the type
// keeps KDP's 0.0625 in each side, the title and description on the back and the barcode area left clear (the
// spine and back are drawn by wrap-panels.ts).
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { Lang, PixelSize } from '../../spec/types.js';
import { COVER_BLEED_IN, PT_PER_IN, TRIM_SIZES, wrapCoverInches, type PaperName, type TrimName } from '../../print.js';
import { Measure, registerFonts } from './typeset.js';
import { COVER_MAX_PIXELS } from '../../publish/cover-limits.js';
import { drawBack, drawSpine, textDrawer, type WrapCanvas } from './wrap-panels.js';

export { descriptionParagraphs, SPINE_CLEARANCE_IN, SPINE_TYPE_PT, spineTypeSize } from './wrap-panels.js';

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
  return {
    bytes: new Uint8Array(data),
    format: 'jpeg',
    width: info.width,
    height: info.height,
    channels: info.channels,
  };
}

/**
 * The wrap's front panel with its bleed (outer edge, top and foot), in pixels at 300 dpi: the size its art is drawn at.
 */
export function wrapFrontPx(trimName: TrimName): PixelSize {
  const trim = TRIM_SIZES[trimName];
  return {
    width: Math.round((trim.width + COVER_BLEED_IN) * 300),
    height: Math.round((trim.height + 2 * COVER_BLEED_IN) * 300),
  };
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

/** Black or white, whichever reads on the colour. */
function inkOn(rgb: { r: number; g: number; b: number }): string {
  const luminance = 0.2126 * rgb.r + 0.7152 * rgb.g + 0.0722 * rgb.b;
  return luminance > 140 ? '#111111' : '#ffffff';
}

const hex = (rgb: { r: number; g: number; b: number }) =>
  `#${[rgb.r, rgb.g, rgb.b].map((n) => Math.round(n).toString(16).padStart(2, '0')).join('')}`;

/** What a wrap cover is made of: the front's art, the book's words, its trim, paper and page count. */
export interface WrapCoverInput {
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
}

/** The wrap's one-page PDF document, W × H points without margins, and its bytes once it has ended. */
function wrapPdf(input: WrapCoverInput, W: number, H: number): { pdf: PDFKit.PDFDocument; ended: Promise<Buffer> } {
  const date = input.date ?? new Date();
  const pdf = new PDFDocument({
    size: [W, H],
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    autoFirstPage: false,
    lang: input.lang,
    info: {
      Title: `${input.title}: cover`,
      ...(input.author ? { Author: input.author } : {}),
      Creator: 'Karya',
      CreationDate: date,
      ModDate: date,
    },
  });
  registerFonts(pdf);
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The joined bytes as they are (Buffer.concat makes them once: not copied again).
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  return { pdf, ended };
}

/**
 * Front: the art carries the title (the cover prompt asks for it, and the offline cover draws it), so only the
 * author goes on a band across the foot of the art (to the bleed edge), in the safe area: lettering the title again
 * would show it twice.
 */
function drawAuthorBand(c: WrapCanvas, author: string, W: number): void {
  const { pdf, H, bleed, trimW, trimH, frontX } = c;
  const safe = 0.375 * PT_PER_IN;
  const bandH = trimH * 0.1 + bleed;
  pdf
    .save()
    .fillOpacity(0.92)
    .rect(frontX, H - bandH, W - frontX, bandH)
    .fill('#000000')
    .restore();
  c.block(author, {
    font: 'serif',
    size: 14,
    leading: 18,
    x: frontX + safe,
    y: bleed + trimH - safe - 18,
    width: trimW - 2 * safe,
    align: 'center',
    color: '#ffffff',
    maxLines: 1,
  });
}

/**
 * The paperback's full-wrap cover as a one-page PDF sized for the interior's page count and paper:
 * 2 × trim width + spine + 2 × bleed wide, trim height + 2 × bleed high.
 * @example const wrap = await renderWrapCover({ art, title, author, description, lang: 'en', trim: '6x9', paper:
 * 'white', pageCount: 212 })
 */
export async function renderWrapCover(input: WrapCoverInput): Promise<WrapCover> {
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
  const { jpeg: art, dominant } = input.front ?? (await frontArtOf(input.art, frontPx));
  const ink = inkOn(dominant);

  const { pdf, ended } = wrapPdf(input, W, H);
  const m = new Measure(pdf);
  pdf.addPage({ size: [W, H], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  pdf.rect(0, 0, W, H).fill(hex(dominant));
  pdf.image(Buffer.from(art.buffer, art.byteOffset, art.byteLength), frontX, 0, { width: W - frontX, height: H });

  const c: WrapCanvas = {
    pdf,
    ...textDrawer(pdf, m, input.lang, ink),
    m,
    ink,
    lang: input.lang,
    H,
    bleed,
    trimW,
    trimH,
    spine,
    frontX,
  };
  if (input.author && !input.isLettered) drawAuthorBand(c, input.author, W);
  const hasSpineText = drawSpine(c, input);
  drawBack(c, input);
  pdf.end();
  const joined = await ended;
  const bytes = new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
  return { bytes, width: W, height: H, spineIn: inches.spine, hasSpineText };
}

/**
 * The front panel's art made here, in this thread (a caller without the export pool's prepareCover: tests, a script).
 */
async function frontArtOf(art: Uint8Array | undefined, frontPx: PixelSize): Promise<FrontArt> {
  if (!art) throw new Error('renderWrapCover: neither the art nor its front panel was given');
  const jpeg = await sharp(art, ART)
    .rotate()
    .resize(frontPx.width, frontPx.height, { fit: 'cover', position: 'centre' })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .jpeg({ quality: 90 })
    .toBuffer();
  const { dominant } = await sharp(art, ART).stats();
  return { jpeg, dominant };
}
