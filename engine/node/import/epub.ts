// An EPUB manuscript's text: the package document named by META-INF/container.xml gives the reading order
// (the spine, less the items marked linear="no" and the navigation document); each chapter's XHTML becomes
// text (htmlToText) in that order. An EPUB whose content documents are encrypted (DRM: META-INF/encryption.xml
// naming more than fonts) is refused with its own message.
import { strFromU8 } from 'fflate';
import { DocumentTooDeep, htmlToText, ImportRefusal } from '../../import/index.js';
import { unzipBounded } from './zip.js';

const attr = (tag: string, name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(tag)?.slice(2).find((v) => v !== undefined);

/** A path inside the archive from the package document's folder and an href (`../Text/ch1.xhtml`, `%20`). */
function resolveHref(base: string, href: string): string {
  const parts = [...base.split('/').slice(0, -1), ...decodeURIComponent(href.split('#')[0]!).split('/')];
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return out.join('/');
}

/** A chapter's XHTML as text, or the refusal of a chapter nested deeper than any page (thousands of unclosed elements). */
function chapterText(file: string, xhtml: string): string {
  try {
    return htmlToText(xhtml);
  } catch (error) {
    if (error instanceof DocumentTooDeep) throw new ImportRefusal('import_too_complex', { file }, error.message);
    throw error;
  }
}

export function epubText(file: string, bytes: Uint8Array): string {
  const entries = unzipBounded(file, bytes, (name) => !/\.(png|jpe?g|gif|svg|webp|ttf|otf|woff2?|mp3|mp4)$/i.test(name));
  const text = (name: string) => (entries[name] ? strFromU8(entries[name]!) : undefined);
  const encryption = text('META-INF/encryption.xml');
  if (encryption && [...encryption.matchAll(/<(?:\w+:)?CipherReference[^>]*URI\s*=\s*"([^"]+)"/gi)].some((m) => !/\.(ttf|otf|woff2?)$/i.test(m[1]!))) {
    throw new ImportRefusal('import_protected', { file });
  }
  const container = text('META-INF/container.xml');
  const opfPath = container ? attr(/<rootfile\b[^<>]*>/i.exec(container)?.[0] ?? '', 'full-path') : undefined;
  const opf = opfPath ? text(opfPath) : undefined;
  if (!opfPath || !opf) throw new ImportRefusal('import_unreadable', { file, reason: 'package' });
  const items = new Map<string, { href: string; properties: string }>();
  for (const m of opf.matchAll(/<item\b[^<>]*>/gi)) {
    const id = attr(m[0], 'id');
    const href = attr(m[0], 'href');
    if (id && href) items.set(id, { href, properties: attr(m[0], 'properties') ?? '' });
  }
  const chapters: string[] = [];
  for (const m of opf.matchAll(/<itemref\b[^<>]*>/gi)) {
    if (attr(m[0], 'linear') === 'no') continue;
    const item = items.get(attr(m[0], 'idref') ?? '');
    if (!item || /\bnav\b/.test(item.properties)) continue;
    const xhtml = text(resolveHref(opfPath, item.href));
    if (xhtml) chapters.push(chapterText(file, xhtml));
  }
  return chapters.filter((c) => c.trim() !== '').join('\n\n');
}

const XML_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The title an EPUB names in its package document (the first dc:title), or undefined when it has none or is unreadable. */
export function epubTitle(bytes: Uint8Array): string | undefined {
  try {
    const entries = unzipBounded('manuscript.epub', bytes, (name) => name === 'META-INF/container.xml' || /\.opf$/i.test(name));
    const container = entries['META-INF/container.xml'];
    const opfPath = container ? attr(/<rootfile\b[^<>]*>/i.exec(strFromU8(container))?.[0] ?? '', 'full-path') : undefined;
    const opf = opfPath && entries[opfPath] ? strFromU8(entries[opfPath]!) : undefined;
    const title = opf ? /<dc:title\b[^>]*>([\s\S]*?)<\/dc:title>/i.exec(opf)?.[1] : undefined;
    return title?.replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi, (_, name: string, dec?: string, hex?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : XML_ENTITIES[name.toLowerCase()]!).trim();
  } catch (error) {
    if (error instanceof ImportRefusal) return undefined;
    throw error;
  }
}
