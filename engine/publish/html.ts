// The HTML of an Amazon book description as KDP takes it: Markdown from the model turned into HTML, then
// only the tags KDP keeps, no attributes, text escaped, and at most 4,000 characters with the tags.

/** The tags KDP keeps in a book description; every other tag is removed (its text stays). */
export const KDP_TAGS = ['b', 'i', 'em', 'strong', 'u', 'br', 'p', 'ul', 'ol', 'li', 'h4', 'h5', 'h6'] as const;
/** KDP's limit on a description, counted with the tags. */
export const KDP_DESCRIPTION_MAX = 4000;

const ALLOWED: ReadonlySet<string> = new Set(KDP_TAGS);
const VOID = new Set(['br']);
/** Elements whose content is not text for a reader: removed with everything inside them. */
const DROPPED_WITH_CONTENT = ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template', 'textarea', 'title', 'head', 'svg', 'math', 'select'];

type Token = { kind: 'open' | 'close'; tag: string } | { kind: 'void'; tag: string } | { kind: 'text'; text: string };

/** Named entities models write; any other name stays as written (shown as text). */
const ENTITIES: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', copy: '©', reg: '®', trade: '™', hellip: '…',
  mdash: '—', ndash: '–', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', laquo: '«', raquo: '»', bull: '•', middot: '·', eacute: 'é',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return safeCodePoint(parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith('#')) return safeCodePoint(parseInt(lower.slice(1), 10)) ?? whole;
    return ENTITIES[lower] ?? whole;
  });
}

function safeCodePoint(n: number): string | undefined {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : undefined;
}

/** Text as HTML: `&`, `<` and `>` escaped (quotes need no escaping outside attributes, and no attribute is kept). */
export function escapeText(text: string): string {
  return text.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** Web and mail addresses: stores refuse a description with links or URLs in it. */
const URL = /\b(?:https?:\/\/|ftp:\/\/|www\.)(?:[^\s<>"')\]]*[^\s<>"')\].,;:!?])?|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|my|info|biz|app|shop|store|link)\b(?:\/(?:[^\s<>"')\]]*[^\s<>"')\].,;:!?])?)?/gi;

/**
 * Text without web or mail addresses (and without the space one leaves doubled).
 * @example withoutUrls('Visit https://x.example today') // 'Visit today'
 */
export function withoutUrls(text: string): string {
  return text.replace(URL, '').replace(/[ \t]{2,}/g, ' ').replace(/ ([.,;:!?])/g, '$1');
}

/** True when a text holds a web or mail address. */
export function hasUrl(text: string): boolean {
  URL.lastIndex = 0;
  const found = URL.test(text);
  URL.lastIndex = 0;
  return found;
}

/** Split HTML into allowed tags (attributes dropped) and decoded text; every other tag is dropped. */
function tokenize(html: string): Token[] {
  const dropped = new RegExp(`<(${DROPPED_WITH_CONTENT.join('|')})\\b[^>]*>[\\s\\S]*?(?:</\\1\\s*>|$)`, 'gi');
  const source = html.replace(/<!--[\s\S]*?(?:-->|$)/g, '').replace(dropped, '').replace(/<!\[CDATA\[[\s\S]*?(?:\]\]>|$)/g, '').replace(/<![^>]*>/g, '');
  const tokens: Token[] = [];
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*?(\/?)>/g;
  let last = 0;
  const pushText = (raw: string) => {
    const text = withoutUrls(decodeEntities(raw));
    if (text) tokens.push({ kind: 'text', text });
  };
  for (let m = tag.exec(source); m; m = tag.exec(source)) {
    pushText(source.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[2]!.toLowerCase();
    // A lone DROPPED_WITH_CONTENT closing tag, or any tag KDP does not keep: its text (if any) stays.
    if (!ALLOWED.has(name)) continue;
    if (VOID.has(name)) tokens.push({ kind: 'void', tag: name });
    else tokens.push({ kind: m[1] ? 'close' : 'open', tag: name });
  }
  pushText(source.slice(last));
  return tokens;
}

/** Tokens with every element closed in order: stray closing tags dropped, unclosed ones closed. */
function balance(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  const open: string[] = [];
  for (const t of tokens) {
    if (t.kind === 'open') {
      open.push(t.tag);
      out.push(t);
    } else if (t.kind === 'close') {
      const at = open.lastIndexOf(t.tag);
      if (at < 0) continue;
      while (open.length > at) out.push({ kind: 'close', tag: open.pop()! });
    } else out.push(t);
  }
  while (open.length) out.push({ kind: 'close', tag: open.pop()! });
  return out;
}

const serialise = (t: Token): string => (t.kind === 'text' ? escapeText(t.text) : t.kind === 'close' ? `</${t.tag}>` : `<${t.tag}>`);
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
  const tokens = balance(tokenize(html));
  let out = '';
  const open: string[] = [];
  for (const t of tokens) {
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
  return out.replace(/<(p|li|h4|h5|h6|b|i|em|strong|u)>\s*<\/\1>/g, '').replace(/ {2,}/g, ' ').replace(/ (<\/[a-z0-9]+>)?([.,;:!?])/g, '$1$2').trim();
}

/** The tags of an HTML text that KDP would not keep (for the readiness check). */
export function disallowedTags(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g)) {
    const name = m[1]!.toLowerCase();
    if (!ALLOWED.has(name) || /<[a-z0-9]+\s+[^>]/i.test(m[0])) found.add(m[0].length > 40 ? `${m[0].slice(0, 37)}…` : m[0]);
  }
  return [...found];
}

/**
 * A Markdown line's text as HTML: escaped, except tags written inline (Markdown allows raw HTML), which
 * are left for sanitizeKdpHtml to keep or remove (a link keeps its text, a script goes).
 */
function escapeMarkdownText(line: string): string {
  let out = '';
  let last = 0;
  for (const m of line.matchAll(/<\/?[a-zA-Z][a-zA-Z0-9]*\b(?:[^>"']|"[^"]*"|'[^']*')*>/g)) {
    out += escapeText(line.slice(last, m.index)) + m[0];
    last = m.index + m[0].length;
  }
  return out + escapeText(line.slice(last));
}

/** Inline Markdown of one escaped line: **bold**, __bold__, *italic*, _italic_. */
function inline(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/g, '<strong>$1</strong>')
    .replace(/__(?=\S)(.+?)(?<=\S)__/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*(?=\S)(.+?)(?<=\S)\*(?!\*)/g, '$1<em>$2</em>')
    .replace(/(^|[^_\w])_(?=\S)(.+?)(?<=\S)_(?![_\w])/g, '$1<em>$2</em>');
}

/** True when a model answered in HTML rather than Markdown. */
function looksLikeHtml(text: string): boolean {
  return /<(p|br|ul|ol|li|b|strong|em|i|h[1-6])\b[^>]*>/i.test(text);
}

/** Markdown links and images: a link becomes its text, an image or an autolink (<https://…>) goes. */
function linksAsText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\((?:[^()\s]|\([^()]*\))*(?:\s+"[^"]*")?\)/g, '$1')
    .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, '')
    .replace(/<(?:https?|ftp|mailto):[^>\s]*>/gi, '');
}

const BLOCK_TAG = /<\/?(p|ul|ol|li|div|h[1-6]|blockquote|table|tr|td|th|section|article)\b[^>]*>/gi;

/**
 * A description written in Markdown (as the models answer) as HTML with KDP's tags: paragraphs, bullet and
 * numbered lists, headings as h4 to h6, bold and italics; a link becomes its text. An answer that mixes
 * HTML and Markdown keeps its HTML blocks (with their bold and italics converted) and converts the rest;
 * either way the result still goes through sanitizeKdpHtml.
 * @example markdownToKdpHtml('**Hook**\n\n- one\n- two') // '<p><strong>Hook</strong></p><ul><li>one</li><li>two</li></ul>'
 */
export function markdownToKdpHtml(answer: string): string {
  const text = linksAsText(answer.replace(/\r\n?/g, '\n'));
  if (!looksLikeHtml(text)) return markdownBlocks(text);
  const out: string[] = [];
  let markdown: string[] = [];
  let depth = 0;
  const flush = () => {
    if (markdown.some((l) => l.trim())) out.push(markdownBlocks(markdown.join('\n')));
    markdown = [];
  };
  for (const line of text.split('\n')) {
    const isHtml = depth > 0 || /^\s*<\/?(p|ul|ol|li|div|h[1-6]|blockquote|table|br|section|article)\b/i.test(line);
    if (!isHtml) {
      markdown.push(line);
      continue;
    }
    flush();
    out.push(inline(line.trim()));
    for (const m of line.matchAll(BLOCK_TAG)) depth = Math.max(0, depth + (m[0].startsWith('</') ? -1 : 1));
  }
  flush();
  return out.join('');
}

/** Markdown blocks (no HTML blocks among them) as HTML. */
function markdownBlocks(markdown: string): string {
  const out: string[] = [];
  let list: 'ul' | 'ol' | null = null;
  let paragraph: string[] = [];
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${paragraph.join('<br>')}</p>`);
    paragraph = [];
  };
  const closeList = () => {
    if (list) out.push(`</${list}>`);
    list = null;
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const bullet = /^[-*+•]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (!line || /^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      flushParagraph();
      closeList();
    } else if (heading) {
      flushParagraph();
      closeList();
      const level = Math.min(6, Math.max(4, heading[1]!.length + 2));
      out.push(`<h${level}>${inline(escapeMarkdownText(heading[2]!))}</h${level}>`);
    } else if (bullet || numbered) {
      flushParagraph();
      const kind = bullet ? 'ul' : 'ol';
      if (list !== kind) {
        closeList();
        out.push(`<${kind}>`);
        list = kind;
      }
      out.push(`<li>${inline(escapeMarkdownText((bullet ?? numbered)![1]!))}</li>`);
    } else {
      closeList();
      paragraph.push(inline(escapeMarkdownText(line)));
    }
  }
  flushParagraph();
  closeList();
  return out.join('');
}
