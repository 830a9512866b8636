// The print interior's page flow and composer: Markdown blocks set into lines (justified, hyphenated in the
// book's language) and placed on pages without widows or orphans. book.ts lays out the body with them,
// book-front.ts the front matter.
import type { BookDocument } from '../../session/book.js';
import type { Lang } from '../../spec/types.js';
import { spansText, type Block, type Span } from '../../markdown.js';
import { innerHeadingLevel } from '../export/sections.js';
import { PRINT_LAYOUTS } from '../../print.js';
import {
  Measure, breakLines, hyphenatorOf, runsToWords, spanRuns,
  type FontName, type Line, type Run, type Word,
} from './typeset.js';
import { lineOps, type TextOp } from './line-ops.js';

/** The front matter's type (contents): a novel's body type, whatever the layout. */
export const BODY = PRINT_LAYOUTS.book.body;
/** Space between a table's columns, in points. */
const TABLE_GAP = 10;
export const SMALL = { size: 8.5, leading: 12 } as const;
const CODE = { size: 8.5, leading: 11 } as const;

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
  constructor(private readonly height: number, private readonly m: Measure) {}

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
      cell.lines.forEach((line, i) => this.page.ops.push(...lineOps(line, cell.x, this.y + i * item.leading, item.size, this.m)));
    }
    if (item.cells) lines = [];
    lines.forEach((line, i) => {
      const y = this.y + i * item.leading;
      if (i === 0 && item.marker && line === item.lines[0]) {
        this.page.ops.push({ text: item.marker.text, font: item.marker.font, size: item.size, x: item.marker.x, y });
      }
      this.page.ops.push(...lineOps(line, item.x, y, item.size, this.m).map((op) => (item.lang ? { ...op, lang: item.lang } : op)));
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

interface Styles {
  width: number;
  lang: BookDocument['lang'];
  /** The body type, and how paragraphs are set (PRINT_LAYOUTS). */
  body: { size: number; leading: number };
  isRagged: boolean;
  /** Space between paragraphs, in lines (0: none, the next paragraph indented instead). */
  paragraphGap: number;
}

/** Everything that lays out text into lines, with the document's measure. */
export class Composer {
  private readonly hyphenate;
  constructor(readonly m: Measure, private readonly s: Styles) {
    // Ragged-right text (a children's book) is never hyphenated: young readers read whole words.
    this.hyphenate = s.isRagged ? null : hyphenatorOf(s.lang);
  }

  lines(runs: readonly Run[], o: { size: number; width?: number; indent?: number; align?: 'justify' | 'left' | 'center' | 'right'; hyphenate?: boolean }): Line[] {
    const segments = runsToWords(runs, this.m, o.size);
    return breakLines(segments, {
      width: o.width ?? this.s.width, indent: o.indent ?? 0, size: o.size,
      align: o.align ?? (this.s.isRagged ? 'left' : 'justify'),
      hyphenate: o.hyphenate === false ? null : this.hyphenate,
    }, this.m);
  }

  plain(text: string, font: FontName, o: { size: number; width?: number; align?: 'left' | 'center' | 'right' }): Line[] {
    return this.lines([{ text, font }], { ...o, align: o.align ?? 'center', hyphenate: false });
  }

  /** Code as written: each line kept, cut where it is wider than the block. */
  code(text: string, width: number): Line[] {
    const segments: Word[][] = text.replace(/\t/g, '    ').split('\n').map((l) => (l ? [{ pieces: [{ text: l, font: 'mono' as const }], width: this.m.width(l, 'mono', CODE.size) }] : []));
    return breakLines(segments, { width, size: CODE.size, align: 'left', hyphenate: null }, this.m);
  }

  /** A table as rows of cells in equal columns, the header row in bold, left aligned and not hyphenated. */
  table(b: Extract<Block, { kind: 'table' }>, o: { x: number; width: number }): Item[] {
    const columns = Math.max(1, b.header.length, ...b.rows.map((r) => r.length));
    const colWidth = (o.width - TABLE_GAP * (columns - 1)) / columns;
    const size = this.s.body.size - 1;
    const row = (cells: readonly (readonly Span[])[], isHeader: boolean, isFirst: boolean): Item => {
      const laid = cells.map((c, i) => ({ x: o.x + i * (colWidth + TABLE_GAP), lines: this.lines(spanRuns(c, isHeader ? { bold: true } : {}), { size, width: colWidth, align: 'left', hyphenate: false }) }));
      const tallest = laid.reduce((a, c) => (c.lines.length > a.length ? c.lines : a), [] as Line[]);
      return { lines: tallest.length ? tallest : this.plain(' ', 'serif', { size }), size, leading: size * 1.35, x: o.x, before: isFirst ? this.s.body.leading * 0.5 : 0, after: isHeader ? size * 0.4 : size * 0.2, keepWithNext: isHeader, cells: laid };
    };
    const items = [row(b.header, true, true), ...b.rows.map((r) => row(r, false, false))];
    items[items.length - 1]!.after += this.s.body.leading * 0.5;
    return items;
  }

  /**
   * A part's blocks as items: book paragraphs (first-line indent, none after a heading or a break). `langs`: each
   * block's language (a dual-language part's pieces), carried by the items it makes.
   */
  blocks(blocks: readonly Block[], o: { x: number; width: number; isQuote?: boolean } = { x: 0, width: this.s.width }, out: Item[] = [], langs?: readonly (Lang | undefined)[]): Item[] {
    let isAfterBreak = true;
    for (const [index, b] of blocks.entries()) {
      const from = out.length;
      this.block(b, o, out, isAfterBreak);
      isAfterBreak = b.kind !== 'paragraph';
      const lang = langs?.[index];
      if (lang) for (let i = from; i < out.length; i++) out[i]!.lang = lang;
    }
    return out;
  }

  /** One block as items (`isAfterBreak`: a paragraph after a heading or a break has no first-line indent). */
  private block(b: Block, o: { x: number; width: number; isQuote?: boolean }, out: Item[], isAfterBreak: boolean): void {
    const indent = this.s.body.size * 1.5;
    switch (b.kind) {
      case 'heading': {
        const size = this.s.body.size + (innerHeadingLevel(b.level) === 2 ? 2 : 0.5);
        out.push({ lines: this.lines(spanRuns(b.spans, { bold: true }), { size, width: o.width, align: 'left', hyphenate: false }), size, leading: size * 1.35, x: o.x, before: this.s.body.leading * 0.9, after: this.s.body.leading * 0.35, keepWithNext: true });
        break;
      }
      case 'paragraph': {
        const runs = spanRuns(b.spans, { italic: o.isQuote === true });
        const gap = o.isQuote ? this.s.body.leading * 0.3 : this.s.body.leading * this.s.paragraphGap;
        const isIndented = !isAfterBreak && !o.isQuote && this.s.paragraphGap === 0;
        out.push({ lines: this.lines(runs, { size: this.s.body.size, width: o.width, indent: isIndented ? indent : 0 }), size: this.s.body.size, leading: this.s.body.leading, x: o.x, before: o.isQuote ? gap : 0, after: gap });
        break;
      }
      case 'list': {
        const hang = 16;
        b.items.forEach((item, n) => {
          const marker = b.isOrdered ? `${b.start + n}.` : '•';
          const [first, ...rest] = item;
          if (first?.kind === 'paragraph') {
            out.push({
              lines: this.lines(spanRuns(first.spans), { size: this.s.body.size, width: o.width - hang, align: 'left' }), size: this.s.body.size, leading: this.s.body.leading,
              x: o.x + hang, before: n === 0 ? this.s.body.leading * 0.3 : 0, after: 0, marker: { text: marker, x: o.x, font: 'serif' },
            });
            this.blocks(rest, { x: o.x + hang, width: o.width - hang, ...(o.isQuote ? { isQuote: true } : {}) }, out);
          } else this.blocks(item, { x: o.x + hang, width: o.width - hang, ...(o.isQuote ? { isQuote: true } : {}) }, out);
        });
        if (out.length) out[out.length - 1]!.after += this.s.body.leading * 0.3;
        break;
      }
      case 'quote':
        this.blocks(b.blocks, { x: o.x + 18, width: o.width - 36, isQuote: true }, out);
        break;
      case 'code':
        out.push({ lines: this.code(b.text, o.width), size: CODE.size, leading: CODE.leading, x: o.x, before: this.s.body.leading * 0.4, after: this.s.body.leading * 0.4 });
        break;
      case 'rule':
        out.push({ lines: this.plain('*   *   *', 'serif', { size: this.s.body.size, width: o.width }), size: this.s.body.size, leading: this.s.body.leading, x: o.x, before: this.s.body.leading * 0.5, after: this.s.body.leading * 0.5 });
        break;
      case 'table':
        out.push(...this.table(b, o));
        break;
    }
  }
}
