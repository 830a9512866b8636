// The one Markdown reader of generated text: marked's lexer turns a part's Markdown into a small block
// model (headings, paragraphs, lists, quotes, rules, code, tables) that the studio's preview and every export
// (EPUB, DOCX, PDF) render. The model holds plain text only: raw HTML in the text becomes text, and each
// renderer escapes what it prints. Pure, so the studio uses it too.
import { Lexer, type Token, type Tokens } from 'marked';
import { decodeMarkup } from './markup.js';

/** Inline text: plain text, emphasis, code spans and hard line breaks. */
export type Span =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'strong' | 'em'; readonly children: readonly Span[] }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'break' };

export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

export type Block =
  | { readonly kind: 'heading'; readonly level: HeadingLevel; readonly spans: readonly Span[] }
  // `lang`: a block in another language than its book's (a translated edition's paragraph kept as its source), the
  // language table's code (each renderer writes it its way).
  | { readonly kind: 'paragraph'; readonly spans: readonly Span[]; readonly lang?: string }
  | {
      readonly kind: 'list';
      readonly isOrdered: boolean;
      readonly start: number;
      readonly items: readonly (readonly Block[])[];
    }
  | { readonly kind: 'quote'; readonly blocks: readonly Block[]; readonly lang?: string }
  | { readonly kind: 'code'; readonly text: string }
  | { readonly kind: 'rule' }
  | {
      readonly kind: 'table';
      readonly header: readonly (readonly Span[])[];
      readonly rows: readonly (readonly (readonly Span[])[])[];
    };

// `breaks`: a single newline is a line break, as the model means it in poems, lyrics and addresses.
const LEXER_OPTIONS = { gfm: true, breaks: true } as const;

/** Adjacent text spans joined, so renderers see one run per stretch of plain text. */
function pushText(out: Span[], text: string): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.kind === 'text') out[out.length - 1] = { kind: 'text', text: last.text + text };
  else out.push({ kind: 'text', text });
}

/** Raw text that may hold newlines: each newline a line break, as in the rest of the text. */
function pushLines(out: Span[], text: string): void {
  text.split('\n').forEach((line, i) => {
    if (i > 0) out.push({ kind: 'break' });
    pushText(out, line);
  });
}

function inlineSpans(tokens: readonly Token[] | undefined, out: Span[] = []): Span[] {
  for (const token of tokens ?? []) {
    const t = token as Tokens.Generic;
    switch (token.type) {
      case 'strong':
      case 'em': {
        const children = inlineSpans((token as Tokens.Strong | Tokens.Em).tokens);
        if (children.length) out.push({ kind: token.type, children });
        break;
      }
      case 'codespan':
        out.push({ kind: 'code', text: decodeMarkup((token as Tokens.Codespan).text) });
        break;
      case 'br':
        out.push({ kind: 'break' });
        break;
      // Links and struck text keep their words, images their description: books carry no links.
      case 'link':
      case 'del':
        inlineSpans((token as Tokens.Link | Tokens.Del).tokens, out);
        break;
      case 'image':
        pushText(out, (token as Tokens.Image).text);
        break;
      case 'checkbox':
        pushText(out, (token as Tokens.Checkbox).checked ? '[x] ' : '[ ] ');
        break;
      // Raw HTML is shown as the text it is, never interpreted.
      case 'html':
        pushLines(out, t.raw);
        break;
      case 'escape':
        pushText(out, (token as Tokens.Escape).text);
        break;
      default:
        if (t.tokens?.length) inlineSpans(t.tokens, out);
        else pushText(out, decodeMarkup(typeof t.text === 'string' ? t.text : t.raw));
    }
  }
  return out;
}

function blocksOf(tokens: readonly Token[], out: Block[] = []): Block[] {
  for (const token of tokens) {
    switch (token.type) {
      case 'space':
      case 'def':
        break;
      case 'heading': {
        const t = token as Tokens.Heading;
        out.push({
          kind: 'heading',
          level: Math.min(Math.max(t.depth, 1), 6) as HeadingLevel,
          spans: inlineSpans(t.tokens),
        });
        break;
      }
      case 'paragraph':
        out.push({ kind: 'paragraph', spans: inlineSpans((token as Tokens.Paragraph).tokens) });
        break;
      // Text directly in a tight list item.
      case 'text': {
        const t = token as Tokens.Text;
        const spans = t.tokens ? inlineSpans(t.tokens) : [{ kind: 'text', text: decodeMarkup(t.text) } as const];
        const last = out[out.length - 1];
        if (last?.kind === 'paragraph')
          out[out.length - 1] = { kind: 'paragraph', spans: [...last.spans, { kind: 'break' }, ...spans] };
        else out.push({ kind: 'paragraph', spans });
        break;
      }
      case 'list': {
        const t = token as Tokens.List;
        const items = t.items.map((item) => {
          const blocks = blocksOf(item.tokens);
          if (!item.task) return blocks;
          const [first, ...rest] = blocks;
          const box: Span = { kind: 'text', text: item.checked ? '[x] ' : '[ ] ' };
          return first?.kind === 'paragraph'
            ? [{ kind: 'paragraph', spans: [box, ...first.spans] } as const, ...rest]
            : blocks;
        });
        out.push({ kind: 'list', isOrdered: t.ordered, start: typeof t.start === 'number' ? t.start : 1, items });
        break;
      }
      case 'blockquote':
        out.push({ kind: 'quote', blocks: blocksOf((token as Tokens.Blockquote).tokens) });
        break;
      case 'code':
        out.push({ kind: 'code', text: (token as Tokens.Code).text });
        break;
      case 'hr':
        out.push({ kind: 'rule' });
        break;
      // A table stays a table: its header cells and its rows of cells (a recipe's ingredients and amounts).
      case 'table': {
        const t = token as Tokens.Table;
        const cells = (row: readonly Tokens.TableCell[]) => row.map((cell) => inlineSpans(cell.tokens));
        out.push({ kind: 'table', header: cells(t.header), rows: t.rows.map(cells) });
        break;
      }
      // An HTML block is text like any other.
      case 'html': {
        const spans: Span[] = [];
        pushLines(spans, token.raw.trim());
        out.push({ kind: 'paragraph', spans });
        break;
      }
      default: {
        const t = token as Tokens.Generic;
        if (t.tokens?.length) out.push({ kind: 'paragraph', spans: inlineSpans(t.tokens) });
        else if (t.raw.trim()) out.push({ kind: 'paragraph', spans: [{ kind: 'text', text: t.raw.trim() }] });
      }
    }
  }
  return out;
}

/**
 * A part's Markdown as blocks. Lines starting with "•" count as list items, as the model writes them.
 * @example parseMarkdown('## Rain\n\nIt *fell*.') // [{kind:'heading', level:2, …}, {kind:'paragraph', …}]
 */
export function parseMarkdown(markdown: string): Block[] {
  const text = markdown.replace(/\r\n?/g, '\n').replace(/^(\s*)•[ \t]+/gm, '$1- ');
  return blocksOf(new Lexer(LEXER_OPTIONS).lex(text));
}

/** A block of a part's Markdown and where it stands in that text: characters `start` to `end`. */
export interface PlacedBlock {
  readonly block: Block;
  readonly start: number;
  readonly end: number;
}

/**
 * parseMarkdown's text with, for each of its characters, the character of `markdown` it came from (and one more
 * for the end): its two rewrites (CRLF to LF, a "•" bullet to "- ") change lengths.
 */
function preparedWithPlaces(markdown: string): { text: string; origin: (k: number) => number } {
  if (!/[\r•]/.test(markdown)) return { text: markdown, origin: (k) => k };
  const from: number[] = [];
  let text = '';
  let copied = 0;
  const copyTo = (end: number) => {
    for (let i = copied; i < end; i++) from.push(i);
    text += markdown.slice(copied, end);
  };
  for (const m of markdown.matchAll(/\r\n?|•[ \t]+/g)) {
    const isBullet = m[0][0] === '•';
    if (isBullet && !/^\s*$/.test(markdown.slice(markdown.lastIndexOf('\n', m.index - 1) + 1, m.index))) continue;
    copyTo(m.index);
    const put = isBullet ? '- ' : '\n';
    for (let k = 0; k < put.length; k++) from.push(m.index + Math.min(k, m[0].length - 1));
    text += put;
    copied = m.index + m[0].length;
  }
  copyTo(markdown.length);
  from.push(markdown.length);
  return { text, origin: (k) => from[Math.min(k, from.length - 1)]! };
}

/**
 * A part's Markdown as parseMarkdown reads it, each block with its place in the text: what lets the studio map a
 * selection in the rendered part back to characters of the text by position (never by searching for its words).
 * @example parseMarkdownPlaced('One.\n\nTwo.').map((b) => [b.start, b.end]) // [[0, 4], [6, 10]]
 */
export function parseMarkdownPlaced(markdown: string): PlacedBlock[] {
  const { text, origin } = preparedWithPlaces(markdown);
  const blocks: Block[] = [];
  const placed: PlacedBlock[] = [];
  let cursor = 0;
  for (const token of new Lexer(LEXER_OPTIONS).lex(text)) {
    // The tokens' raw texts follow one another through the text; a token that does not is placed where it is found.
    const found = text.startsWith(token.raw, cursor) ? cursor : text.indexOf(token.raw, cursor);
    const start = found < 0 ? cursor : found;
    cursor = found < 0 ? cursor : found + token.raw.length;
    const before = blocks.length;
    const last = blocks[before - 1];
    blocksOf([token], blocks);
    for (let i = before; i < blocks.length; i++)
      placed.push({ block: blocks[i]!, start: origin(start), end: origin(cursor) });
    // Text joined to the paragraph before it (a tight list item's): that block now runs on to here.
    if (blocks.length === before && before > 0 && blocks[before - 1] !== last)
      placed[before - 1] = { block: blocks[before - 1]!, start: placed[before - 1]!.start, end: origin(cursor) };
  }
  return placed;
}

/** The plain text of some spans (a line break is a space): for titles, running heads and tables of contents. */
export function spansText(spans: readonly Span[]): string {
  return spans
    .map((s) => (s.kind === 'text' || s.kind === 'code' ? s.text : s.kind === 'break' ? ' ' : spansText(s.children)))
    .join('');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
    case 'paragraph':
      return spansText(block.spans);
    case 'list':
      // A numbered item keeps its number (it is part of the words: "1. The Storm"); a bullet goes.
      return block.items
        .map((item, i) => `${block.isOrdered ? `${block.start + i}. ` : ''}${item.map(blockText).join(' ')}`)
        .join(' ');
    case 'quote':
      return block.blocks.map(blockText).join(' ');
    case 'code':
      return block.text;
    case 'table':
      return [block.header, ...block.rows].map((row) => row.map(spansText).join(' ')).join(' ');
    default:
      return '';
  }
}

/** A first character that may open a block (heading, quote, list, rule, table, a numbered item, a "•" item). */
const BLOCK_START = /^[#>+\-=*•\d|]/;
/** A character that may mark a span (emphasis, code, strikethrough, link, image, HTML, escape, entity, cell). */
const SPAN_MARK = /[*_`~[\]<>\\&|]/;

/**
 * The spaces that are not one space already: a run of two or more, or a single tab or line break. Each made one space,
 * as /\s+/g would make every run: a line whose words are one space apart (most of a prose answer's lines and
 * paragraphs, which the checks read whole) is given back as it is, not copied (~80 MB of a 400-book batch's
 * allocations when every space was replaced by itself).
 */
const SPACES_NOT_ONE = /\s{2,}|[^\S ]/g;

/** A line (spaces already one, trimmed) Markdown reads as its own words: nothing in it is a mark. */
function isMarkless(flat: string): boolean {
  return flat !== '' && !BLOCK_START.test(flat) && !SPAN_MARK.test(flat);
}

/**
 * One line of Markdown as plain words: heading, quote and bullet marks, emphasis, code marks and link syntax
 * off (a link keeps its words, an image its description), stray emphasis marks at a word's edge too, one space
 * between words. The one rule for titles, headings and the lines a check reads.
 * @example plainLine('## **The [Storm](x.md)**') // 'The Storm'
 */
export function plainLine(line: string): string {
  const flat = line.replace(SPACES_NOT_ONE, ' ').trim();
  // Most lines a check reads are prose with no mark at all: the same words as the parse gives, without it.
  if (isMarkless(flat)) return flat;
  const text = parseMarkdown(flat).map(blockText).join(' ');
  // A mark the model left unclosed (`**Chapter 1`) is no emphasis to marked, but no word either.
  return text
    .replace(/(^|\s)[*_`~]+|[*_`~]+(?=\s|$)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
