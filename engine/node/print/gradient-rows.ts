// A cover's background, a top-to-bottom gradient over the whole picture (the offline cover's sky, the typographic
// cover's two colours), drawn as resvg would draw the gradient but for less: resvg shades a gradient pixel by pixel
// (41 ms of CPU for a 1600 × 2560 cover, against 18 for the same rows as flat rects), though every pixel of a row is
// the same colour. The rows' colours are resvg's own, read from the gradient drawn one pixel wide (a pixel's place
// along a top-to-bottom gradient is read from its row alone), and each run of rows of one colour is a rect of whole
// pixels, which resvg fills with that colour exactly: the same pixels, so the cover drawn over them is the same
// (tests/print/cover-gradient.test.ts compares them byte for byte).
import type { Resvg as ResvgClass } from '@resvg/resvg-js';

/** A run of rows of one colour: its first row, how many rows, its colour (#rrggbb). */
type Run = readonly [y: number, rows: number, colour: string];

/**
 * The runs of a gradient's rows, by its colours and height: a book's covers are drawn at a few sizes, again and again.
 */
const kept = new Map<string, readonly Run[] | null>();
const KEPT = 32;

/**
 * Each run of rows of one colour of the gradient from `top` to `bottom` over `height` rows; null if any is see-through.
 */
function runsOf(Resvg: typeof ResvgClass, top: string, bottom: string, height: number): readonly Run[] | null {
  const key = `${top}|${bottom}|${height}`;
  const known = kept.get(key);
  if (known !== undefined) return known;
  const column =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1" height="${height}" viewBox="0 0 1 ${height}">` +
    `${gradientDef('g', top, bottom)}<rect width="1" height="${height}" fill="url(#g)"/></svg>`;
  const pixels = new Resvg(column, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }).render().pixels;
  let runs: Run[] | null = [];
  const hex = (y: number) =>
    `#${((pixels[y * 4]! << 16) | (pixels[y * 4 + 1]! << 8) | pixels[y * 4 + 2]!).toString(16).padStart(6, '0')}`;
  for (let y = 0; y < height && runs;) {
    // A see-through row is premultiplied in resvg's pixels and blended with what is under it: drawn as the gradient.
    if (pixels[y * 4 + 3] !== 255) runs = null;
    else {
      let end = y + 1;
      while (end < height && pixels.readUInt32LE(end * 4) === pixels.readUInt32LE(y * 4)) end++;
      runs.push([y, end - y, hex(y)]);
      y = end;
    }
  }
  if (kept.size >= KEPT) kept.delete(kept.keys().next().value!);
  kept.set(key, runs);
  return runs;
}

/** A top-to-bottom gradient's <linearGradient>, in its <defs>. */
function gradientDef(id: string, top: string, bottom: string): string {
  return (
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/>` +
    `<stop offset="1" stop-color="${bottom}"/></linearGradient></defs>`
  );
}

/** The SVG of a background from `top` (its first row) to `bottom` (its last) over a whole picture of `size`. */
export type Background = (top: string, bottom: string, size: { width: number; height: number }, id: string) => string;

/** The background as a gradient: its <linearGradient> and a rect of the whole picture filled with it. */
export const gradientBackground: Background = (top, bottom, { width, height }, id) =>
  `${gradientDef(id, top, bottom)}\n<rect width="${width}" height="${height}" fill="url(#${id})"/>`;

/**
 * The background gradientBackground draws, as the pixels resvg draws for it: rects of whole rows (the gradient itself
 * when the size is not whole pixels or a colour is see-through).
 * @example svg(rowsBackground(Resvg)('#590d22', '#ff758f', { width: 1600, height: 2560 }, 'bg'))
 */
export function rowsBackground(Resvg: typeof ResvgClass): Background {
  return (top, bottom, size, id) => {
    const { width, height } = size;
    const runs = Number.isInteger(width) && Number.isInteger(height) ? runsOf(Resvg, top, bottom, height) : null;
    if (!runs) return gradientBackground(top, bottom, size, id);
    return runs
      .map(([y, rows, colour]) => `<rect y="${y}" width="${width}" height="${rows}" fill="${colour}"/>`)
      .join('');
  };
}
