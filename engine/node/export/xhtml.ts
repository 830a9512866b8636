// Blocks as XHTML for the EPUB: every text escaped, so nothing in a part is ever read as markup.
import type { Block, Span } from '../../markdown.js';
import { epubLanguage, innerHeadingLevel, xmlSafe } from './sections.js';
import { escapeAttribute } from '../../markup.js';

/** Text as XHTML character data or attribute value. */
export function escapeXml(text: string): string {
  return escapeAttribute(xmlSafe(text));
}

export function spansXhtml(spans: readonly Span[]): string {
  return spans
    .map((s) => {
      switch (s.kind) {
        case 'text':
          return escapeXml(s.text);
        case 'strong':
          return `<strong>${spansXhtml(s.children)}</strong>`;
        case 'em':
          return `<em>${spansXhtml(s.children)}</em>`;
        case 'code':
          return `<code>${escapeXml(s.text)}</code>`;
        case 'break':
          return '<br/>';
      }
    })
    .join('');
}

/**
 * An element's language when it is not its book's (both attributes, as EPUB 3's XHTML asks): nothing when none is
 * given.
 */
export const langAttributes = (lang: string | undefined): string =>
  lang ? ` lang="${escapeXml(epubLanguage(lang))}" xml:lang="${escapeXml(epubLanguage(lang))}"` : '';

/** A list item: its first paragraph sits in the `li` itself, what follows (a nested list) after it. */
function itemXhtml(blocks: readonly Block[], outline: HeadingOutline): string {
  const [first, ...rest] = blocks;
  return first?.kind === 'paragraph'
    ? `${spansXhtml(first.spans)}${blocksXhtml(rest, outline)}`
    : blocksXhtml(blocks, outline);
}

/** The level of the heading last written in a page (its part's own `h1` to begin with). */
export interface HeadingOutline {
  level: number;
}

/**
 * Blocks of a part as XHTML; the part's own heading is the `h1`, its inner headings `h2`/`h3`, never deeper than
 * one below the heading before (a `###` under the part's `h1` is an `h2`: screen readers and Ace read gaps as
 * missing sections). A page written in several calls (a dual-language part's pieces) passes one `outline`.
 */
export function blocksXhtml(blocks: readonly Block[], outline: HeadingOutline = { level: 1 }): string {
  return blocks
    .map((b) => {
      switch (b.kind) {
        case 'heading': {
          outline.level = Math.min(innerHeadingLevel(b.level), outline.level + 1);
          const h = `h${outline.level}`;
          return `<${h}>${spansXhtml(b.spans)}</${h}>`;
        }
        case 'paragraph':
          return `<p${langAttributes(b.lang)}>${spansXhtml(b.spans)}</p>`;
        case 'list': {
          const tag = b.isOrdered ? 'ol' : 'ul';
          return `<${tag}>${b.items.map((item) => `<li>${itemXhtml(item, outline)}</li>`).join('')}</${tag}>`;
        }
        case 'quote':
          return `<blockquote${langAttributes(b.lang)}>${blocksXhtml(b.blocks, outline)}</blockquote>`;
        case 'code':
          return `<pre><code>${escapeXml(b.text)}</code></pre>`;
        case 'rule':
          return '<hr/>';
        case 'table': {
          const row = (cells: readonly (readonly Span[])[], tag: 'th' | 'td') =>
            `<tr>${cells.map((c) => `<${tag}>${spansXhtml(c)}</${tag}>`).join('')}</tr>`;
          const rows = b.rows.map((r) => row(r, 'td')).join('');
          return `<table><thead>${row(b.header, 'th')}</thead><tbody>${rows}</tbody></table>`;
        }
      }
    })
    .join('\n');
}
