// A document's HTML (a DOCX read by mammoth, an EPUB's XHTML chapters) as manuscript text: each heading
// `<hN>` a Markdown heading line of N `#`, each paragraph or block its own paragraph, line breaks kept,
// every other tag dropped and the entities decoded, so chapters.ts reads it as it reads a Markdown file.
// Pure: no DOM (it runs in the browser, the server and the command line alike).
import { listNumber, type ListStyle } from './headings.js';

const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', mdash: '—', ndash: '–', hellip: '…', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”' };

/** `&amp;`, `&#8217;`, `&#x2019;` and the common named entities decoded; an unknown one stays as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

const inline = (html: string) =>
  decodeEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, ''))
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .trim();

/**
 * An ordered list that says how it is numbered (`<ol start="2" type="I">`, as pandoc writes "II." at the
 * start of a line) becomes paragraphs that carry their numbers ("II. A LETTER FROM LONDON", or "II." alone
 * for an empty item), so a chapter heading written as a numbered line is still a heading.
 */
function numberedLists(html: string): string {
  return html.replace(/<ol\b([^>]*)>([\s\S]*?)<\/ol>/gi, (whole, attrs: string, inner: string) => {
    const start = /\bstart\s*=\s*"(\d+)"/i.exec(attrs)?.[1];
    const type = /\btype\s*=\s*"([1aAiI])"/.exec(attrs)?.[1];
    if (start === undefined && type === undefined) return whole;
    const items = [...inner.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((m) => m[1]!);
    return items.map((item, k) => `<p>${listNumber(Number(start ?? 1) + k, (type ?? '1') as ListStyle)}. ${item.replace(/<\/?p\b[^>]*>/gi, ' ')}</p>`).join('');
  });
}

/** The text of an HTML document or fragment: headings as `#` lines, blocks as paragraphs. */
export function htmlToText(html: string): string {
  const body = numberedLists(/<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html);
  const blocks: string[] = [];
  const re = /<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>|<(p|li|blockquote|pre|div|td)\b[^>]*>([\s\S]*?)<\/\3>/gi;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    if (m[1]) {
      const heading = inline(m[2]!).replace(/\n+/g, ' ');
      if (heading) blocks.push(`${'#'.repeat(Number(m[1]))} ${heading}`);
    } else {
      const inner = m[4]!;
      // A block holding other blocks (a div of paragraphs) is read through its own blocks.
      if (/<(p|h[1-6]|div|li)\b/i.test(inner)) blocks.push(htmlToText(inner));
      else {
        const text = inline(inner);
        if (text) blocks.push(text);
      }
    }
  }
  return blocks.filter((b) => b.trim() !== '').join('\n\n');
}
