// The HTML of an Amazon book description as KDP takes it: Markdown from the model turned into HTML by
// marked, then only the tags KDP keeps, no attributes, text escaped (sanitize-html, a maintained
// allow-list sanitiser on htmlparser2), and at most 4,000 characters with the tags.
import { Parser } from 'htmlparser2';
import { Marked, type RendererObject } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeText } from '../markup.js';

/** The tags KDP keeps in a book description; every other tag is removed (its text stays). */
export const KDP_TAGS = ['b', 'i', 'em', 'strong', 'u', 'br', 'p', 'ul', 'ol', 'li', 'h4', 'h5', 'h6'] as const;
/** KDP's limit on a description, counted with the tags. */
export const KDP_DESCRIPTION_MAX = 4000;

const ALLOWED: ReadonlySet<string> = new Set(KDP_TAGS);
const VOID = new Set(['br']);
const BLOCK = new Set(['p', 'ul', 'ol', 'li', 'h4', 'h5', 'h6', 'br']);
/** Elements whose content is not text for a reader: removed with everything inside them. */
const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'object',
  'embed',
  'noscript',
  'template',
  'textarea',
  'title',
  'head',
  'svg',
  'math',
  'select',
  'option',
];

type Token = { kind: 'open' | 'close' | 'void'; tag: string } | { kind: 'text'; text: string };

// Text as HTML: `&`, `<` and `>` escaped (quotes need no escaping outside attributes, and no attribute is kept).
export { escapeText };

/** Web and mail addresses: stores refuse a description with links or URLs in it. */
/** An address with its scheme or www., up to a last character that is not punctuation. */
const URL_SCHEMED = /\b(?:https?:\/\/|ftp:\/\/|www\.)(?:[^\s<>"')\]]*[^\s<>"')\].,;:!?])?/.source;
/** A mail address. */
const URL_MAIL = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/.source;
/** A bare domain with a common ending ... */
const URL_DOMAIN = /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|my|info|biz|app|shop|store|link)\b/.source;
/** ... and its path, if any. */
const URL_PATH = /(?:\/(?:[^\s<>"')\]]*[^\s<>"')\].,;:!?])?)?/.source;
const URL = new RegExp(`${URL_SCHEMED}|${URL_MAIL}|${URL_DOMAIN}${URL_PATH}`, 'gi');

/**
 * Text without web or mail addresses (and without the space one leaves doubled).
 * @example withoutUrls('Visit https://x.example today') // 'Visit today'
 */
export function withoutUrls(text: string): string {
  return text
    .replace(URL, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/ ([.,;:!?])/g, '$1');
}

/** True when a text holds a web or mail address. */
export function hasUrl(text: string): boolean {
  URL.lastIndex = 0;
  const found = URL.test(text);
  URL.lastIndex = 0;
  return found;
}

/**
 * Sanitised HTML as tokens with decoded text, addresses removed. Text is joined across the pieces the
 * parser hands over (an address can span an entity), and whitespace beside a block tag goes (a
 * browser ignores it).
 */
function tokensOf(clean: string): Token[] {
  const raw: Token[] = [];
  const parser = new Parser({
    onopentag: (tag) => raw.push({ kind: VOID.has(tag) ? 'void' : 'open', tag }),
    onclosetag: (tag) => void (VOID.has(tag) || raw.push({ kind: 'close', tag })),
    ontext: (text) => {
      const last = raw[raw.length - 1];
      if (last?.kind === 'text') last.text += text;
      else raw.push({ kind: 'text', text });
    },
  });
  parser.write(clean);
  parser.end();
  const isBlock = (t: Token | undefined) => t !== undefined && t.kind !== 'text' && BLOCK.has(t.tag);
  return raw.flatMap((t, i): Token[] => {
    if (t.kind !== 'text') return [t];
    let text = withoutUrls(t.text);
    if (isBlock(raw[i - 1])) text = text.trimStart();
    if (isBlock(raw[i + 1])) text = text.trimEnd();
    return text ? [{ kind: 'text', text }] : [];
  });
}

const serialise = (t: Token): string =>
  t.kind === 'text' ? escapeText(t.text) : t.kind === 'close' ? `</${t.tag}>` : `<${t.tag}>`;
const closers = (open: readonly string[]): number => open.reduce((n, tag) => n + tag.length + 3, 0);

/**
 * The longest start of a text whose escaped form fits `room` characters, cut after its last whole
 * sentence when it has one; else after a whole word, with an ellipsis.
 */
function cutText(text: string, room: number): string {
  const ellipsis = '…';
  let fit = '';
  let length = 0;
  for (const ch of text) {
    length += escapeText(ch).length;
    if (length > room) break;
    fit += ch;
  }
  if (fit.length === text.length) return text;
  const sentence = /^[\s\S]*[.!?…](?:["'”’)\]]*)(?=\s|$)/.exec(fit)?.[0];
  if (sentence?.trim()) return sentence.trimEnd();
  let spare = '';
  length = 0;
  for (const ch of fit) {
    length += escapeText(ch).length;
    if (length + ellipsis.length > room) break;
    spare += ch;
  }
  const atWord = spare.replace(/\s+\S*$/, '');
  const kept = (atWord.trim() ? atWord : spare).trimEnd();
  return kept ? kept + ellipsis : '';
}

/**
 * A description as KDP accepts it: only KDP_TAGS, without attributes, every element closed, text
 * escaped, at most `maxChars` characters counted with the tags; a cut falls between words, never
 * inside a tag or an escape, and closes what is open.
 * @example sanitizeKdpHtml('<p onclick="x()">Hi <a href="/">there</a><script>evil()</script></p>') // '<p>Hi there</p>'
 */
export function sanitizeKdpHtml(html: string, opts: { maxChars?: number } = {}): string {
  const max = opts.maxChars ?? KDP_DESCRIPTION_MAX;
  const clean = sanitizeHtml(html, {
    allowedTags: [...KDP_TAGS],
    allowedAttributes: {},
    nonTextTags: DROPPED_WITH_CONTENT,
  });
  let out = '';
  const open: string[] = [];
  for (const t of tokensOf(clean)) {
    const piece = serialise(t);
    const nextOpen = t.kind === 'open' ? [...open, t.tag] : t.kind === 'close' ? open.slice(0, -1) : open;
    if (out.length + piece.length + closers(nextOpen) <= max) {
      out += piece;
      if (t.kind === 'open') open.push(t.tag);
      else if (t.kind === 'close') open.pop();
      continue;
    }
    if (t.kind === 'text') out += escapeText(cutText(t.text, max - out.length - closers(open)));
    break;
  }
  // A cut can leave elements opened with nothing in them: drop those, then close the rest.
  while (open.length && out.endsWith(`<${open[open.length - 1]}>`)) out = out.slice(0, -(open.pop()!.length + 2));
  while (open.length) out += `</${open.pop()}>`;
  // A removed address can leave two spaces, or a space before the full stop, across elements.
  return out
    .replace(/<(p|li|h4|h5|h6|b|i|em|strong|u)>\s*<\/\1>/g, '')
    .replace(/ {2,}/g, ' ')
    .replace(/ (<\/[a-z0-9]+>)?([.,;:!?])/g, '$1$2')
    .trim();
}

/** The tags of an HTML text that KDP would not keep, as written (for the readiness check). */
export function disallowedTags(html: string): string[] {
  const found = new Set<string>();
  const written = () => {
    const tag = html.slice(parser.startIndex, parser.endIndex + 1);
    found.add(tag.length > 40 ? `${tag.slice(0, 37)}…` : tag);
  };
  const parser = new Parser({
    onopentag: (name, attributes) => void ((!ALLOWED.has(name) || Object.keys(attributes).length) && written()),
    onclosetag: (name, isImplied) => void (!isImplied && !ALLOWED.has(name) && written()),
  });
  parser.write(html);
  parser.end();
  return [...found];
}

/**
 * marked, set to write what KDP keeps: headings as h4 to h6, a single newline a line break (verse and
 * taglines), a quote as its text, a scene break or an image as nothing, a link as its text. Raw HTML
 * passes through for the sanitiser, with the Markdown inside it read as inline Markdown (models mix them).
 */
const renderer: RendererObject = {
  heading({ tokens, depth }) {
    const level = Math.min(6, Math.max(4, depth + 2));
    return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>`;
  },
  blockquote({ tokens }) {
    return this.parser.parse(tokens);
  },
  code({ text }) {
    return `<p>${escapeText(text).replace(/\n/g, '<br>')}</p>`;
  },
  html(token) {
    return 'block' in token && token.block ? kdp().parseInline(token.text.trim(), { async: false }) : token.text;
  },
  hr: () => '',
  image: () => '',
  checkbox: () => '',
  link({ tokens }) {
    return this.parser.parseInline(tokens);
  },
};
let kdpMarked: Marked | undefined;
/** marked with KDP's renderer, made at its first use (not when the engine loads: most commands never need it). */
const kdp = (): Marked => (kdpMarked ??= new Marked({ gfm: true, breaks: true, async: false, renderer }));

/**
 * A description written in Markdown (as the models answer) as HTML with KDP's tags: paragraphs, bullet and
 * numbered lists, headings as h4 to h6, bold and italics; a link becomes its text. An answer in HTML, or
 * mixing HTML and Markdown, keeps its HTML with the Markdown in it converted; either way the result still
 * goes through sanitizeKdpHtml.
 * @example markdownToKdpHtml('**Hook**\n\n- one\n- two') //
 * '<p><strong>Hook</strong></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n'
 */
export function markdownToKdpHtml(answer: string): string {
  // Models often write a bullet character; Markdown knows it as a list only with -, * or +.
  return kdp().parse(answer.replace(/^([ \t]*)•[ \t]+/gm, '$1- '), { async: false });
}
