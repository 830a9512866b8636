// The print layouts' fonts: Debian's DejaVu files (KARYA_FONT_DIR to use others), read once a thread and registered
// with each pdfkit document, and the widths of text in them, remembered (typeset.ts breaks lines with them).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { KaryaError } from '../../karya-error.js';

/** Debian's fonts-dejavu-core (regular, bold, mono, sans) and fonts-dejavu-extra (italics). */
export const FONT_DIR = process.env.KARYA_FONT_DIR ?? '/usr/share/fonts/truetype/dejavu';
const FONT_FILES = {
  serif: ['DejaVuSerif.ttf'],
  bold: ['DejaVuSerif-Bold.ttf'],
  italic: ['DejaVuSerif-Italic.ttf', 'DejaVuSans-Oblique.ttf', 'DejaVuSerif.ttf'],
  boldItalic: ['DejaVuSerif-BoldItalic.ttf', 'DejaVuSans-BoldOblique.ttf', 'DejaVuSerif-Bold.ttf'],
  mono: ['DejaVuSansMono.ttf'],
  sans: ['DejaVuSans.ttf', 'DejaVuSerif.ttf'],
  sansBold: ['DejaVuSans-Bold.ttf', 'DejaVuSerif-Bold.ttf'],
} as const;
export type FontName = keyof typeof FONT_FILES;

export class MissingFontError extends KaryaError {
  readonly code = 'font_missing';
  constructor(readonly file: string) {
    super(
      `${file}: font not found; the PDF export embeds DejaVu fonts: install them (apt-get install ` +
        `fonts-dejavu-core fonts-dejavu-extra) or set KARYA_FONT_DIR to a folder holding DejaVuSerif.ttf`,
    );
    this.name = 'MissingFontError';
  }
}

/**
 * The file of one of the layouts' fonts (the typographic cover hands these to resvg, so it draws with what was
 * measured).
 */
export function fontPath(name: FontName): string {
  const files = FONT_FILES[name].map((f) => path.join(FONT_DIR, f));
  const found = files.find((f) => existsSync(f));
  if (!found) throw new MissingFontError(files[0]!);
  return found;
}

/** A font file as pdfkit's font engine (fontkit) has read it: what registerFont takes in place of the file's path. */
interface ReadFont {
  layout: (...args: never[]) => unknown;
}

/** fontkit as pdfkit requires it (the engine pdfkit depends on, in its version). */
let fontkit: { create(bytes: Uint8Array): ReadFont } | undefined;
/** The fonts read in this thread, by file: each is read and its tables decoded once, not once a document. */
const readFonts = new Map<string, ReadFont>();

/**
 * A font file read by fontkit, once a thread. A package's PDFs (the interior, laid out again when its gutter widens,
 * and the wrap cover) and every PDF after them share it: each document still embeds its own subset of it. Read again
 * for each document, the fonts' tables (kerning, ligatures) were decoded anew every time: 40–80 ms of CPU a document.
 */
function readFont(file: string): ReadFont {
  let font = readFonts.get(file);
  if (!font) {
    fontkit ??= createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as typeof fontkit;
    font = fontkit!.create(readFileSync(file));
    readFonts.set(file, font);
  }
  return font;
}

/** Register every font of the layouts with a pdfkit document (embedded as subsets when drawn). */
export function registerFonts(pdf: PDFKit.PDFDocument): void {
  // pdfkit takes a font fontkit has read (one with a `layout`) as it takes a file (its types name only the file).
  for (const name of Object.keys(FONT_FILES) as FontName[])
    pdf.registerFont(name, readFont(fontPath(name)) as unknown as string);
  shareLayouts(pdf);
}

/** A document's font as pdfkit makes it on its first use: the font fontkit read and its layouts by text. */
interface DocumentFont {
  font?: object;
  layoutCache?: Record<string, unknown>;
}

/**
 * The layouts of text in each font read, shared by the thread's documents (a fresh set every LAYOUTS_FOR documents).
 */
let sharedLayouts = new WeakMap<object, Record<string, unknown>>();
let documentsSharing = 0;
/** Documents that share one set of layouts: a long batch's words are not all kept (a novel's PDFs hold ~10,000). */
const LAYOUTS_FOR = 24;

/**
 * pdfkit lays out each word of a document in its font once (fontkit's shaping: its glyphs and their positions, scaled
 * to the font's units) and keeps it for that document alone, so every document shaped the same words again: a
 * package's interior and wrap, and every book of a batch. A word's layout depends only on the font and the word (the
 * layouts of features asked for are not kept), and pdfkit copies a layout before it changes it, so the documents of a
 * thread share one set of layouts per font: the same glyphs, positions and widths, the same bytes.
 */
function shareLayouts(pdf: PDFKit.PDFDocument): void {
  if (++documentsSharing > LAYOUTS_FOR) {
    sharedLayouts = new WeakMap();
    documentsSharing = 1;
  }
  const layouts = sharedLayouts;
  const doc = pdf as unknown as { font: (...args: unknown[]) => unknown; _font?: DocumentFont };
  const font = doc.font;
  doc.font = function (this: typeof doc, ...args: unknown[]) {
    const result = font.apply(this, args);
    const made = this._font;
    // Helvetica, pdfkit's own font before the first of ours, has no layouts (nor does a document that keeps none).
    if (made?.font && made.layoutCache) {
      let shared = layouts.get(made.font);
      if (!shared) layouts.set(made.font, (shared = made.layoutCache));
      made.layoutCache = shared;
    }
    return result;
  };
}

/** Widths of text in the document's fonts, remembered per font, size and text. */
export class Measure {
  private readonly cache = new Map<string, number>();
  constructor(private readonly pdf: PDFKit.PDFDocument) {}

  width(text: string, font: FontName, size: number): number {
    const key = `${font}\u0000${size}\u0000${text}`;
    let w = this.cache.get(key);
    if (w !== undefined) return w;
    if (text.length > 64) {
      // A long text (a word longer than a line, a code line): the sum of its characters' widths, each
      // measured once, so measuring stays linear however long the text is.
      let sum = 0;
      for (const ch of text) sum += this.width(ch, font, size);
      return sum;
    }
    w = this.pdf.font(font).fontSize(size).widthOfString(text);
    this.cache.set(key, w);
    return w;
  }
}
