// The one escaper and the one decoder of markup text, for every writer and reader of XML, XHTML, HTML and SVG
// (an EPUB's pages and package, a cover's SVG, a DOCX's runs, the story map, a store description), and the one
// escaper of text inside a regular expression. Decoding is the `entities` package's (every named HTML character
// reference, numeric ones, a bad code point as U+FFFD), the way the html parsers under the importers decode.
import { decodeHTMLStrict } from 'entities';

const TEXT: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * Text as markup writes it between tags: `&`, `<` and `>` escaped.
 * @example escapeText('Tom & Jerry <3') // 'Tom &amp; Jerry &lt;3'
 */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => TEXT[c]!);
}

/**
 * Text as markup writes it anywhere, a double-quoted attribute's value included: `&`, `<`, `>` and `"` escaped.
 * @example `<p title="${escapeAttribute('"Hi" & bye')}">` // '<p title="&quot;Hi&quot; &amp; bye">'
 */
export function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => TEXT[c]!);
}

/**
 * Markup's character references as the characters they stand for (`&eacute;` é, `&mdash;` —, `&#8212;` and
 * `&#x2014;` —); a reference without its `;` or unknown is kept as written.
 * @example decodeMarkup('Les Mis&eacute;rables &#8212; 1862') // 'Les Misérables — 1862'
 */
export function decodeMarkup(text: string): string {
  return text.includes('&') ? decodeHTMLStrict(text) : text;
}

/**
 * Text matched literally inside a regular expression.
 * @example new RegExp(`\\b${escapeRegExp('Dr. Who?')}`)
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
