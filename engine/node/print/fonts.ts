// The print layouts' fonts: Debian's DejaVu files (KARYA_FONT_DIR to use others), registered with a pdfkit
// document, and the widths of text in them, remembered (typeset.ts breaks lines with them).
import { existsSync } from 'node:fs';
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

/** Register every font of the layouts with a pdfkit document (embedded as subsets when drawn). */
export function registerFonts(pdf: PDFKit.PDFDocument): void {
  for (const name of Object.keys(FONT_FILES) as FontName[]) pdf.registerFont(name, fontPath(name));
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
