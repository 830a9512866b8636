// A document's HTML (a DOCX read by mammoth, an EPUB's XHTML chapters) as manuscript text: each heading
// `<hN>` a Markdown heading line of N `#`, each paragraph or block its own paragraph, line breaks kept,
// every other tag dropped and the entities decoded, so chapters.ts reads it as it reads a Markdown file.
// Read by htmlparser2, a streaming tokenizer that closes unclosed tags as browsers do, in one pass: a
// chapter of a hundred thousand unclosed `<p>` costs what its bytes cost. Pure: no DOM (it runs in the
// browser, the server and the command line alike).
import { Parser } from 'htmlparser2';
import { KaryaError } from '../karya-error.js';
import { listNumber, type ListStyle } from './headings.js';

/** Deeper than any book's page nests: a deeper one is refused before the tokenizer's own stack grows costly. */
export const MOST_HTML_DEPTH = 512;

/** A document whose elements nest deeper than MOST_HTML_DEPTH (thousands of unclosed `<div>`s): not a book's page. */
export class DocumentTooDeep extends KaryaError {
  readonly code = 'import_too_complex';
  constructor(readonly depth: number) {
    super(`elements nested ${depth} deep`, { httpStatus: 422 });
    this.name = 'DocumentTooDeep';
  }
}

/** Elements whose start and end close the paragraph being read. */
const BLOCKS = new Set([
  'p',
  'li',
  'blockquote',
  'pre',
  'div',
  'td',
  'th',
  'tr',
  'table',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'section',
  'article',
  'aside',
  'header',
  'footer',
  'figure',
  'figcaption',
  'hr',
  'body',
  'main',
  'nav',
  'address',
]);
/** Elements whose text is not the manuscript's. */
const HIDDEN = new Set(['head', 'title', 'script', 'style', 'template', 'svg', 'math']);
const HEADING = /^h([1-6])$/;
/**
 * Emphasis the source marks, as Markdown writes it: italics `*…*`, bold `**…**` (a book's part is Markdown: every
 * export renders it).
 */
const EMPHASIS: Readonly<Record<string, string>> = { i: '*', em: '*', cite: '*', b: '**', strong: '**' };

interface List {
  /** The last number given (an item adds one). */
  n: number;
  style: ListStyle;
  /** Only a list that says how it is numbered (`start` or `type`) writes its numbers: pandoc's "II." lines. */
  isNumbered: boolean;
}

/** The reader's state while the tokenizer walks the document. */
class TextReader {
  readonly blocks: string[] = [];
  private text = '';
  private heading = 0;
  private hidden = 0;
  private pre = 0;
  /** Open numbered items: their paragraphs are read as the item's one line ("II. A LETTER FROM LONDON"). */
  private item = 0;
  private readonly lists: List[] = [];
  private readonly itemDepths: number[] = [];
  private depth = 0;
  /** Open emphasis: where its text starts in the paragraph, its marker and its element's depth. */
  private readonly marks: Array<{ at: number; marker: string; depth: number }> = [];

  open(name: string, attrs: Readonly<Record<string, string>>): void {
    this.depth += 1;
    if (this.depth > MOST_HTML_DEPTH) throw new DocumentTooDeep(this.depth);
    if (HIDDEN.has(name)) this.hidden += 1;
    if (this.hidden) return;
    if (name === 'br') {
      this.text += '\n';
      return;
    }
    const level = HEADING.exec(name);
    if (level) {
      this.flush();
      this.heading = Number(level[1]);
      return;
    }
    if (EMPHASIS[name] && !this.heading && !this.pre) {
      this.marks.push({ at: this.text.length, marker: EMPHASIS[name]!, depth: this.depth });
      return;
    }
    if (name === 'pre') this.pre += 1;
    if (name === 'ol' || name === 'ul') this.lists.push(listOf(name, attrs));
    if (this.item && (name === 'p' || name === 'div')) return;
    if (BLOCKS.has(name)) this.flush();
    const list = this.lists[this.lists.length - 1];
    if (name === 'li' && list) {
      list.n += 1;
      if (list.isNumbered) {
        this.item += 1;
        this.itemDepths.push(this.depth);
        this.text = `${listNumber(list.n, list.style)}. `;
      }
    }
  }

  close(name: string): void {
    const depth = this.depth;
    this.depth -= 1;
    if (HIDDEN.has(name)) {
      this.hidden = Math.max(0, this.hidden - 1);
      return;
    }
    if (this.hidden) return;
    const mark = this.marks.at(-1);
    if (EMPHASIS[name] && mark?.depth === depth) {
      this.marks.pop();
      this.emphasise(mark);
      return;
    }
    if (HEADING.test(name)) {
      this.flush();
      this.heading = 0;
      return;
    }
    if (name === 'li' && this.itemDepths[this.itemDepths.length - 1] === depth) {
      this.itemDepths.pop();
      this.item -= 1;
      this.flush();
      return;
    }
    if (this.item && (name === 'p' || name === 'div')) {
      this.text += ' ';
      return;
    }
    if (BLOCKS.has(name)) this.flush();
    if (name === 'pre') this.pre = Math.max(0, this.pre - 1);
    if (name === 'ol' || name === 'ul') this.lists.pop();
  }

  add(text: string): void {
    if (!this.hidden) this.text += this.pre ? text : text.replace(/[ \t\r\n\f\u00a0]+/g, ' ');
  }

  /**
   * The text since `mark` between its markers, its spaces outside them (Markdown opens no emphasis on a space); nothing
   * for no text.
   */
  private emphasise(mark: { at: number; marker: string }): void {
    if (mark.at > this.text.length) return;
    const inner = this.text.slice(mark.at);
    const [lead, body, trail] = [/^\s*/.exec(inner)![0], inner.trim(), /\s*$/.exec(inner)![0]];
    if (!body || body.includes('\n') || body.includes(mark.marker)) return;
    this.text = `${this.text.slice(0, mark.at)}${lead}${mark.marker}${body}${mark.marker}${trail}`;
  }

  flush(): void {
    // Emphasis left open when its block closes: its start is gone with the paragraph.
    for (const m of this.marks) m.at = Number.POSITIVE_INFINITY;
    const text = this.text
      .split('\n')
      .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
      .join('\n')
      .trim();
    this.text = '';
    if (!text) return;
    this.blocks.push(this.heading ? `${'#'.repeat(this.heading)} ${text.replace(/\n+/g, ' ')}` : text);
  }
}

function listOf(name: string, attrs: Readonly<Record<string, string>>): List {
  const start =
    name === 'ol' && attrs.start !== undefined && /^\d{1,6}$/.test(attrs.start.trim())
      ? Number(attrs.start.trim())
      : undefined;
  const type =
    name === 'ol' && attrs.type !== undefined && /^[1aAiI]$/.test(attrs.type) ? (attrs.type as ListStyle) : undefined;
  return { n: (start ?? 1) - 1, style: type ?? '1', isNumbered: start !== undefined || type !== undefined };
}

/** The text of an HTML document or fragment: headings as `#` lines, blocks as paragraphs. */
export function htmlToText(html: string): string {
  const reader = new TextReader();
  const parser = new Parser(
    {
      onopentag: (name, attrs) => reader.open(name, attrs),
      onclosetag: (name) => reader.close(name),
      ontext: (text) => reader.add(text),
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  reader.flush();
  return reader.blocks.join('\n\n');
}
