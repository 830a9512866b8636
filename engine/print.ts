// The numbers of a KDP paperback, as KDP publishes them (kdp.amazon.com/help/topic/G201834180 "Set trim
// size, bleed and margins" and G201953020 "Create a paperback cover"): the trim sizes offered here, the
// inside (gutter) margin by page count, paper thickness per page, the full-wrap cover's size, and the
// print layouts a generator chooses (a novel's, a children's book's). Pure numbers: engine/node/print
// lays the interior and the cover out with them.

/** Trim sizes offered, in inches (width × height): 6 × 9 is the most common; 5.5 × 8.5 and 5 × 8 for fiction. */
export const TRIM_SIZES = {
  '6x9': { width: 6, height: 9 },
  '5.5x8.5': { width: 5.5, height: 8.5 },
  '5x8': { width: 5, height: 8 },
} as const;
export type TrimName = keyof typeof TRIM_SIZES;
export const TRIM_NAMES = Object.keys(TRIM_SIZES) as TrimName[];
export const DEFAULT_TRIM: TrimName = '6x9';

/** Paper thickness per page, in inches (black-and-white interior). */
export const PAPER_THICKNESS = { white: 0.002252, cream: 0.0025 } as const;
export type PaperName = keyof typeof PAPER_THICKNESS;
export const PAPER_NAMES = Object.keys(PAPER_THICKNESS) as PaperName[];
export const DEFAULT_PAPER: PaperName = 'white';

/** Points in an inch (PDF user space). */
export const PT_PER_IN = 72;

/** KDP's minimum inside (gutter) margin by page count: up to `maxPages` pages, `inches`. */
export const GUTTER_BY_PAGES: ReadonlyArray<{ maxPages: number; inches: number }> = [
  { maxPages: 150, inches: 0.375 },
  { maxPages: 300, inches: 0.5 },
  { maxPages: 500, inches: 0.625 },
  { maxPages: 700, inches: 0.75 },
  { maxPages: Infinity, inches: 0.875 },
];
/** KDP's minimum outside, top and bottom margin (no bleed), in inches. */
export const MIN_OUTER_MARGIN_IN = 0.25;
/** KDP prints spine text only from this page count on. */
export const SPINE_TEXT_MIN_PAGES = 79;
/** Bleed on each outer edge of a full-wrap cover, in inches. */
export const COVER_BLEED_IN = 0.125;
/** The barcode area KDP keeps on the back cover, in inches. */
export const BARCODE_BOX_IN = { width: 2, height: 1.2 } as const;

/** KDP's minimum gutter (inside margin) for a page count, in inches. */
export function gutterInches(pageCount: number): number {
  return GUTTER_BY_PAGES.find((g) => pageCount <= g.maxPages)!.inches;
}

/** The spine's width for a page count and paper, in inches. */
export function spineInches(pageCount: number, paper: PaperName): number {
  return pageCount * PAPER_THICKNESS[paper];
}

/**
 * A full-wrap cover's size in inches: back + spine + front + bleed on each side, and the trim height with
 * bleed at top and bottom.
 * @example wrapCoverInches({ trim: '6x9', paper: 'white', pageCount: 200 }) // { width: 12.7004, height: 9.25, spine:
 * 0.4504 }
 */
export function wrapCoverInches(input: { trim: TrimName; paper: PaperName; pageCount: number }): {
  width: number;
  height: number;
  spine: number;
} {
  const trim = TRIM_SIZES[input.trim];
  const spine = spineInches(input.pageCount, input.paper);
  return { width: 2 * trim.width + spine + 2 * COVER_BLEED_IN, height: trim.height + 2 * COVER_BLEED_IN, spine };
}

/**
 * How a book's print pages are set, named by a generator's `publish.layout`: `book` as a novel (6 × 9 in,
 * 10.5 pt justified and hyphenated, indented paragraphs); `children` as a chapter book for young readers
 * (5.5 × 8.5 in, 14 pt on 21 pt ragged right and never hyphenated, a line of space between paragraphs, a
 * chapter's first words under room for a picture), so a short children's book is not set like a novel.
 */
export const PRINT_LAYOUTS = {
  book: { trim: '6x9', body: { size: 10.5, leading: 14.5 }, isRagged: false, paragraphGap: 0, openingDrop: 0.18 },
  children: { trim: '5.5x8.5', body: { size: 14, leading: 21 }, isRagged: true, paragraphGap: 0.5, openingDrop: 0.4 },
} as const satisfies Record<string, PrintLayout>;

/**
 * A print layout: the trim it suits, body type in points, ragged right or justified, paragraph gap in lines, and where
 * a part's title sits (a fraction of the text block's height).
 */
export interface PrintLayout {
  trim: TrimName;
  body: { size: number; leading: number };
  isRagged: boolean;
  paragraphGap: number;
  openingDrop: number;
}
export type LayoutName = keyof typeof PRINT_LAYOUTS;
export const LAYOUT_NAMES = Object.keys(PRINT_LAYOUTS) as LayoutName[];
export const DEFAULT_LAYOUT: LayoutName = 'book';

/**
 * A book's print layout and the trim it prints at when none is chosen: its generator's `publish.layout`
 * (a novel's when it has none) and that layout's trim. The one choice publish, export, the server's quote
 * and the studio's publish panel share.
 * @example printLayoutOf({ layout: 'children' }) // { layout: 'children', trim: '5.5x8.5' }
 */
export function printLayoutOf(
  publish: { readonly layout: LayoutName } | undefined,
  trim?: TrimName,
): { layout: LayoutName; trim: TrimName } {
  const layout = publish?.layout ?? DEFAULT_LAYOUT;
  return { layout, trim: trim ?? PRINT_LAYOUTS[layout].trim };
}

export function isTrimName(value: string): value is TrimName {
  return (TRIM_NAMES as string[]).includes(value);
}

export function isPaperName(value: string): value is PaperName {
  return (PAPER_NAMES as string[]).includes(value);
}
