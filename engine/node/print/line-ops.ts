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
