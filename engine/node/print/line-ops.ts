// A laid-out line as pdfkit drawing operations: the last step of typesetting (typeset.ts breaks the lines),
// kept apart because only the layouts that draw need it.
import type { FontName, Measure } from './fonts.js';
import type { Line } from './typeset.js';

/** One text drawing: a run of one font at a position (top of the line), with extra word spacing. */
export interface TextOp {
  text: string;
  font: FontName;
  size: number;
  x: number;
  y: number;
  wordSpacing?: number;
  color?: string;
  /** Its text's language where it is not the document's (drawn as a marked span with /Lang). */
  lang?: string;
}

/**
 * A line as drawing operations at (x, y): words of one font that follow each other are drawn together
 * (pdfkit spreads `wordSpacing` over their spaces), so a justified line is a few operations.
 */
export function lineOps(line: Line, x: number, y: number, size: number, m: Measure, color?: string): TextOp[] {
  const ops: TextOp[] = [];
  let open: TextOp | null = null;
  const op = (text: string, font: FontName, at: number): TextOp => ({
    text,
    font,
    size,
    x: at,
    y,
    ...(line.extra > 0 ? { wordSpacing: line.extra } : {}),
    ...(color ? { color } : {}),
  });
  line.words.forEach((word, i) => {
    const at = x + line.xs[i]!;
    // pdfkit spreads word spacing over every white space, a no-break space too: such a word is drawn on
    // its own, without it, so it stays where the line put it.
    const hasInnerSpace = word.pieces.some((p) => /\s/.test(p.text));
    if (word.pieces.length === 1 && !hasInnerSpace) {
      const piece = word.pieces[0]!;
      if (open && open.font === piece.font) open.text += ` ${piece.text}`;
      else ops.push((open = op(piece.text, piece.font, at)));
      return;
    }
    if (hasInnerSpace) {
      let px = at;
      for (const piece of word.pieces) {
        ops.push({ text: piece.text, font: piece.font, size, x: px, y, ...(color ? { color } : {}) });
        px += m.width(piece.text, piece.font, size);
      }
      open = null;
      return;
    }
    let px = at;
    for (const piece of word.pieces) {
      ops.push(op(piece.text, piece.font, px));
      px += m.width(piece.text, piece.font, size);
    }
    // The next word follows this word's last font.
    open = null;
  });
  return ops;
}

/** pdfkit's own drawing of one run of text at a point (pdfkit 0.20's `_fragment`: a method of its text mixin). */
interface DrawsFragments {
  _fragment?: (text: string, x: number, y: number, options: Record<string, unknown>) => void;
}

/**
 * Draws a run of text at (x, y) in the document's current font, size and colour, as `pdf.text(text, x, y, { lineBreak:
 * false, wordSpacing })` draws it, without the two widths text() measures besides the glyphs it lays out: the run's
 * width for a link, underline or strike over it (a run here carries none) and again to move pdfkit's cursor past it
 * (every run here is placed by its own x and y). Each is a layout of the run's every word: drawing a book laid its text
 * out three times over. The same content stream either way (tests/print/draw-run.test.ts); text() where pdfkit has no
 * such method, or for a run over more than one line.
 */
export function drawRun(pdf: PDFKit.PDFDocument, text: string, x: number, y: number, wordSpacing?: number): void {
  const fragment = (pdf as unknown as DrawsFragments)._fragment;
  if (typeof fragment !== 'function' || text.includes('\n')) {
    pdf.text(text, x, y, { lineBreak: false, ...(wordSpacing ? { wordSpacing } : {}) });
    return;
  }
  // As text() does, its place becomes pdfkit's cursor (not moved past the run, which nothing here reads).
  pdf.x = x;
  pdf.y = y;
  fragment.call(pdf, text, x, y, { wordSpacing: wordSpacing ?? 0, textWidth: 0, wordCount: 0 });
}
