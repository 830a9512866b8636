// A cover's text fitted to a box: the largest size at which it breaks into lines that fit, measured in the DejaVu
// fonts the covers are drawn with; at the smallest size a word too long is cut and lines past the room end with an
// ellipsis. typographic.ts draws the lines.
import PDFDocument from 'pdfkit';
import { Measure, registerFonts, type FontName } from './fonts.js';

let measure: Measure | undefined;
/** Widths in the fonts resvg draws with (a pdfkit document that is never written). */
function widths(): Measure {
  if (measure) return measure;
  const pdf = new PDFDocument({ autoFirstPage: false });
  registerFonts(pdf);
  return (measure = new Measure(pdf));
}

export interface Fitted {
  lines: string[];
  size: number;
}

/** Greedy lines of at most `width`; a word wider than a line alone is cut with a hyphen when `mayCut`. */
function breakWords(text: string, font: FontName, size: number, width: number, mayCut: boolean): string[] | null {
  const m = widths();
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const joined = line ? `${line} ${word}` : word;
    if (m.width(joined, font, size) <= width) {
      line = joined;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    if (m.width(word, font, size) <= width) continue;
    if (!mayCut) return null;
    let rest = word;
    while (m.width(rest, font, size) > width) {
      let n = rest.length - 1;
      while (n > 1 && m.width(`${rest.slice(0, n)}-`, font, size) > width) n--;
      lines.push(`${rest.slice(0, n)}-`);
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * The largest size from `max` down to `min` at which the text breaks into at most `maxLines` lines no wider
 * than `width`, whose height (`leading` × size a line) stays within `height`. At `min` a word too long is
 * cut, and lines past the room end with an ellipsis: the text is shortened, never drawn outside.
 */
export function fitText(
  text: string,
  o: { font: FontName; max: number; min: number; width: number; height: number; leading: number; maxLines: number },
): Fitted {
  const m = widths();
  for (let size = o.max; size >= o.min; size = size * 0.95) {
    const lines = breakWords(text, o.font, size, o.width, false);
    if (lines && lines.length <= o.maxLines && lines.length * size * o.leading <= o.height) return { lines, size };
  }
  const size = o.min;
  const room = Math.max(1, Math.min(o.maxLines, Math.floor(o.height / (size * o.leading))));
  const lines = breakWords(text, o.font, size, o.width, true) ?? [];
  if (lines.length <= room) return { lines, size };
  const kept = lines.slice(0, room);
  let last = kept[room - 1]!;
  while (last.length > 1 && m.width(`${last}…`, o.font, size) > o.width) last = last.slice(0, -1).trimEnd();
  kept[room - 1] = `${last.replace(/[-.,;:!?]+$/, '')}…`;
  return { lines: kept, size };
}
