// The print interior's composer: Markdown blocks set into lines (justified, hyphenated in the book's language, or
// ragged for a children's book) as the items book-flow.ts's Flow places on pages: paragraphs, headings, lists,
// quotes, code and tables.
import type { BookDocument } from '../../session/book.js';
import type { Lang } from '../../spec/types.js';
import type { Block, Span } from '../../markdown.js';
import { innerHeadingLevel } from '../export/sections.js';
import {
  Measure,
  breakLines,
  hyphenatorOf,
  runsToWords,
  spanRuns,
  type FontName,
  type Line,
  type Run,
  type Word,
} from './typeset.js';
import type { Item } from './book-flow.js';

/** Space between a table's columns, in points. */
const TABLE_GAP = 10;
const CODE = { size: 8.5, leading: 11 } as const;

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
  constructor(
    readonly m: Measure,
    private readonly s: Styles,
  ) {
    // Ragged-right text (a children's book) is never hyphenated: young readers read whole words.
    this.hyphenate = s.isRagged ? null : hyphenatorOf(s.lang);
  }

  lines(
    runs: readonly Run[],
    o: {
      size: number;
      width?: number;
      indent?: number;
      align?: 'justify' | 'left' | 'center' | 'right';
      hyphenate?: boolean;
    },
  ): Line[] {
    const segments = runsToWords(runs, this.m, o.size);
    return breakLines(
      segments,
      {
        width: o.width ?? this.s.width,
        indent: o.indent ?? 0,
        size: o.size,
        align: o.align ?? (this.s.isRagged ? 'left' : 'justify'),
        hyphenate: o.hyphenate === false ? null : this.hyphenate,
      },
      this.m,
    );
  }

  plain(
    text: string,
    font: FontName,
    o: { size: number; width?: number; align?: 'left' | 'center' | 'right' },
  ): Line[] {
    return this.lines([{ text, font }], { ...o, align: o.align ?? 'center', hyphenate: false });
  }

  /** Code as written: each line kept, cut where it is wider than the block. */
  code(text: string, width: number): Line[] {
    const segments: Word[][] = text
      .replace(/\t/g, '    ')
      .split('\n')
      .map((l) =>
        l ? [{ pieces: [{ text: l, font: 'mono' as const }], width: this.m.width(l, 'mono', CODE.size) }] : [],
      );
    return breakLines(segments, { width, size: CODE.size, align: 'left', hyphenate: null }, this.m);
  }

  /** A table as rows of cells in equal columns, the header row in bold, left aligned and not hyphenated. */
  table(b: Extract<Block, { kind: 'table' }>, o: { x: number; width: number }): Item[] {
    const columns = Math.max(1, b.header.length, ...b.rows.map((r) => r.length));
    const colWidth = (o.width - TABLE_GAP * (columns - 1)) / columns;
    const size = this.s.body.size - 1;
    const row = (cells: readonly (readonly Span[])[], isHeader: boolean, isFirst: boolean): Item => {
      const laid = cells.map((c, i) => ({
        x: o.x + i * (colWidth + TABLE_GAP),
        lines: this.lines(spanRuns(c, isHeader ? { bold: true } : {}), {
          size,
          width: colWidth,
          align: 'left',
          hyphenate: false,
        }),
      }));
      const tallest = laid.reduce((a, c) => (c.lines.length > a.length ? c.lines : a), [] as Line[]);
      return {
        lines: tallest.length ? tallest : this.plain(' ', 'serif', { size }),
        size,
        leading: size * 1.35,
        x: o.x,
        before: isFirst ? this.s.body.leading * 0.5 : 0,
        after: isHeader ? size * 0.4 : size * 0.2,
        keepWithNext: isHeader,
        cells: laid,
      };
    };
    const items = [row(b.header, true, true), ...b.rows.map((r) => row(r, false, false))];
    items[items.length - 1]!.after += this.s.body.leading * 0.5;
    return items;
  }

  /**
   * A part's blocks as items: book paragraphs (first-line indent, none after a heading or a break). `langs`: each
   * block's language (a dual-language part's pieces), carried by the items it makes.
   */
  blocks(
    blocks: readonly Block[],
    o: { x: number; width: number; isQuote?: boolean } = { x: 0, width: this.s.width },
    out: Item[] = [],
    langs?: readonly (Lang | undefined)[],
  ): Item[] {
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
  private block(
    b: Block,
    o: { x: number; width: number; isQuote?: boolean },
    out: Item[],
    isAfterBreak: boolean,
  ): void {
    const indent = this.s.body.size * 1.5;
    switch (b.kind) {
      case 'heading': {
        const size = this.s.body.size + (innerHeadingLevel(b.level) === 2 ? 2 : 0.5);
        out.push({
          lines: this.lines(spanRuns(b.spans, { bold: true }), {
            size,
            width: o.width,
            align: 'left',
            hyphenate: false,
          }),
          size,
          leading: size * 1.35,
          x: o.x,
          before: this.s.body.leading * 0.9,
          after: this.s.body.leading * 0.35,
          keepWithNext: true,
        });
        break;
      }
      case 'paragraph': {
        const runs = spanRuns(b.spans, { italic: o.isQuote === true });
        const gap = o.isQuote ? this.s.body.leading * 0.3 : this.s.body.leading * this.s.paragraphGap;
        const isIndented = !isAfterBreak && !o.isQuote && this.s.paragraphGap === 0;
        out.push({
          lines: this.lines(runs, { size: this.s.body.size, width: o.width, indent: isIndented ? indent : 0 }),
          size: this.s.body.size,
          leading: this.s.body.leading,
          x: o.x,
          before: o.isQuote ? gap : 0,
          after: gap,
        });
        break;
      }
      case 'list':
        this.list(b, o, out);
        break;
      case 'quote':
        this.blocks(b.blocks, { x: o.x + 18, width: o.width - 36, isQuote: true }, out);
        break;
      case 'code':
        out.push({
          lines: this.code(b.text, o.width),
          size: CODE.size,
          leading: CODE.leading,
          x: o.x,
          before: this.s.body.leading * 0.4,
          after: this.s.body.leading * 0.4,
        });
        break;
      case 'rule':
        out.push({
          lines: this.plain('*   *   *', 'serif', { size: this.s.body.size, width: o.width }),
          size: this.s.body.size,
          leading: this.s.body.leading,
          x: o.x,
          before: this.s.body.leading * 0.5,
          after: this.s.body.leading * 0.5,
        });
        break;
      case 'table':
        out.push(...this.table(b, o));
        break;
    }
  }

  /**
   * A list's items, each hung after its marker (a number or a bullet), the blocks after an item's first paragraph below
   * it.
   */
  private list(
    b: Extract<Block, { kind: 'list' }>,
    o: { x: number; width: number; isQuote?: boolean },
    out: Item[],
  ): void {
    const hang = 16;
    b.items.forEach((item, n) => {
      const marker = b.isOrdered ? `${b.start + n}.` : '•';
      const [first, ...rest] = item;
      if (first?.kind === 'paragraph') {
        out.push({
          lines: this.lines(spanRuns(first.spans), { size: this.s.body.size, width: o.width - hang, align: 'left' }),
          size: this.s.body.size,
          leading: this.s.body.leading,
          x: o.x + hang,
          before: n === 0 ? this.s.body.leading * 0.3 : 0,
          after: 0,
          marker: { text: marker, x: o.x, font: 'serif' },
        });
        this.blocks(rest, { x: o.x + hang, width: o.width - hang, ...(o.isQuote ? { isQuote: true } : {}) }, out);
      } else this.blocks(item, { x: o.x + hang, width: o.width - hang, ...(o.isQuote ? { isQuote: true } : {}) }, out);
    });
    if (out.length) out[out.length - 1]!.after += this.s.body.leading * 0.3;
  }
}
