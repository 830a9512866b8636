// The print interior's page flow: items (lines set by composer.ts's Composer) placed on pages without widows or
// orphans. book.ts lays out the body with them, book-front.ts the front matter.
import type { Lang } from '../../spec/types.js';
import { PRINT_LAYOUTS } from '../../print.js';
import type { FontName, Line, Measure } from './typeset.js';
import { lineOps, type TextOp } from './line-ops.js';

/** The front matter's type (contents): a novel's body type, whatever the layout. */
export const BODY = PRINT_LAYOUTS.book.body;
export const SMALL = { size: 8.5, leading: 12 } as const;

export type PageKind = 'title' | 'copyright' | 'contents' | 'blank' | 'body';

export interface Page {
  kind: PageKind;
  section?: number;
  isOpening?: boolean;
  /** Positions from the text block's top left. */
  ops: TextOp[];
  /** Links to a part's opening page (the contents entries), from the text block's top left. */
  links?: Array<{ x: number; y: number; width: number; height: number; part: number }>;
}

/** A block of lines as the flow places it. */
export interface Item {
  lines: Line[];
  size: number;
  leading: number;
  /** x of the lines from the text block's left. */
  x: number;
  before: number;
  after: number;
  /** Keep with the first lines of the next item (a heading). */
  keepWithNext?: boolean;
  /** Drawn at the first line's left (a list's bullet or number). */
  marker?: { text: string; x: number; font: FontName };
  /** A table row: its cells side by side (`lines` is the tallest cell's); a row is never split across pages. */
  cells?: Array<{ x: number; lines: Line[] }>;
  /**
   * The language of its text where it is not the book's (a dual-language book's source or translation): its drawings
   * say so.
   */
  lang?: Lang;
}

/** Places items on pages, splitting paragraphs without leaving one line alone at a page's top or bottom. */
export class Flow {
  readonly pages: Page[] = [];
  y = 0;
  constructor(
    private readonly height: number,
    private readonly m: Measure,
  ) {}

  get page(): Page {
    return this.pages[this.pages.length - 1]!;
  }

  newPage(kind: PageKind, extra: Partial<Page> = {}): Page {
    this.pages.push({ kind, ops: [], ...extra });
    this.y = 0;
    return this.page;
  }

  /** A new page of the current section (a paragraph that moves on). */
  private carryOn(): void {
    const { kind, section } = this.page;
    this.newPage(kind, section !== undefined ? { section } : {});
  }

  private draw(item: Item, lines: Line[]): void {
    for (const cell of item.cells ?? []) {
      cell.lines.forEach((line, i) =>
        this.page.ops.push(...lineOps(line, cell.x, this.y + i * item.leading, item.size, this.m)),
      );
    }
    if (item.cells) lines = [];
    lines.forEach((line, i) => {
      const y = this.y + i * item.leading;
      if (i === 0 && item.marker && line === item.lines[0]) {
        this.page.ops.push({ text: item.marker.text, font: item.marker.font, size: item.size, x: item.marker.x, y });
      }
      this.page.ops.push(
        ...lineOps(line, item.x, y, item.size, this.m).map((op) => (item.lang ? { ...op, lang: item.lang } : op)),
      );
    });
    this.y += (item.cells ? item.lines.length : lines.length) * item.leading;
  }

  place(items: readonly Item[]): void {
    items.forEach((item, index) => {
      if (this.y > 0) this.y += item.before;
      let lines = item.lines;
      const room = () => Math.floor((this.height - this.y + 0.01) / item.leading);
      if (item.keepWithNext && this.y > 0) {
        const next = items[index + 1];
        const need = lines.length + (next ? Math.min(2, next.lines.length) : 0);
        if (need > room()) this.carryOn();
      }
      if (item.cells && lines.length > room() && this.y > 0) this.carryOn();
      while (!item.cells && lines.length > room()) {
        let k = room();
        const n = lines.length;
        // Two lines at least on each side of a page break; a short paragraph moves whole.
        if (n - k < 2) k = n - 2;
        if (k < 2 || n <= 3) k = 0;
        if (k === 0 && this.y === 0) k = Math.max(1, Math.min(room(), n - 2));
        if (k > 0) this.draw(item, lines.slice(0, k));
        lines = lines.slice(k);
        this.carryOn();
      }
      this.draw(item, lines);
      this.y += item.after;
    });
  }
}
