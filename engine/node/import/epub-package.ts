// An EPUB's own description of itself: the package document (metadata, manifest, spine, guide) named by
// META-INF/container.xml, and its table of contents: the EPUB 3 navigation document's `toc` nav, else the
// EPUB 2 NCX. Every part is read by htmlparser2's XML tokenizer in one pass (no pattern that scans from a
// tag to the end of a document). Paths are resolved inside the archive; fragments are kept apart.
import { Parser } from 'htmlparser2';
import { decodeMarkup } from '../../markup.js';

export interface EpubPackage {
  /** Where the package document is (its folder resolves the hrefs). */
  opfPath: string;
  title?: string;
  author?: string;
  /** dc:language as written (`en`, `de-DE`). */
  language?: string;
  /** The reading order: archive paths of the spine's documents (linear="no" ones left out), with their properties. */
  spine: Array<{ path: string; properties: string }>;
  /** The guide's references (EPUB 2): type → archive path. */
  guide: Map<string, string>;
  /** The navigation document's path (EPUB 3), left out of the reading order. */
  navPath?: string;
  /** The NCX's path (EPUB 2). */
  ncxPath?: string;
}

/** One entry of the table of contents: its label, the document it points into, and how deep it is nested. */
export interface TocEntry {
  label: string;
  path: string;
  fragment?: string;
  depth: number;
  /** A landmark's or the entry's own epub:type (titlepage, toc, copyright-page…), where the nav gives one. */
  type?: string;
}

/** Element depth past which a package part is not read further (no real one nests this deep). */
const MOST_DEPTH = 256;

/** Walks an XML document, calling `open`, `text` and `close`; stops reading past MOST_DEPTH. */
export function walk(
  xml: string,
  handlers: {
    open?: (name: string, attrs: Record<string, string>) => void;
    text?: (text: string) => void;
    close?: (name: string) => void;
  },
): void {
  let depth = 0;
  const parser = new Parser(
    {
      onopentag: (name, attrs) => {
        depth += 1;
        if (depth <= MOST_DEPTH)
          handlers.open?.(
            name.replace(/^[a-z0-9]+:/, ''),
            Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, decodeMarkup(v)])),
          );
      },
      ontext: (text) => {
        if (depth <= MOST_DEPTH) handlers.text?.(decodeMarkup(text));
      },
      onclosetag: (name) => {
        if (depth <= MOST_DEPTH) handlers.close?.(name.replace(/^[a-z0-9]+:/, ''));
        depth -= 1;
      },
    },
    // XML's tokenizer knows only XML's five entities; an EPUB 2's XHTML and NCX (with the XHTML DTD) use HTML's
    // (`&eacute;`, `&mdash;`): every reference is decoded by the one decoder instead.
    { xmlMode: true, decodeEntities: false },
  );
  parser.write(xml);
  parser.end();
}

/** A path inside the archive from a document's path and an href (`../Text/ch1.xhtml`, `%20`), and its fragment. */
export function resolveHref(base: string, href: string): { path: string; fragment?: string } {
  const [file = '', fragment] = href.split('#');
  let decoded = file;
  try {
    decoded = decodeURIComponent(file);
  } catch {
    // A malformed escape is kept as written: the entry is then simply not found.
  }
  const out: string[] = [];
  for (const p of [...base.split('/').slice(0, -1), ...decoded.split('/')]) {
    if (p === '..') out.pop();
    else if (p !== '.' && p !== '') out.push(p);
  }
  return { path: out.join('/'), ...(fragment ? { fragment } : {}) };
}

/** The package document's path from META-INF/container.xml, or undefined. */
export function packagePath(container: string): string | undefined {
  let found: string | undefined;
  walk(container, { open: (name, attrs) => (found ??= name === 'rootfile' ? attrs['full-path'] : undefined) });
  return found;
}

/** The package document read: metadata, spine, guide, and where its tables of contents are. */
export function readPackage(opfPath: string, opf: string): EpubPackage {
  const items = new Map<string, { path: string; properties: string; type: string }>();
  const itemrefs: Array<{ idref: string; linear?: string }> = [];
  const guide = new Map<string, string>();
  const meta: Record<'title' | 'creator' | 'language', string | undefined> = {
    title: undefined,
    creator: undefined,
    language: undefined,
  };
  let reading: keyof typeof meta | undefined;
  let text = '';
  let tocId: string | undefined;
  walk(opf, {
    open: (name, attrs) => {
      if ((name === 'title' || name === 'creator' || name === 'language') && meta[name] === undefined) {
        reading = name;
        text = '';
      } else if (name === 'item' && attrs.id && attrs.href)
        items.set(attrs.id, {
          path: resolveHref(opfPath, attrs.href).path,
          properties: attrs.properties ?? '',
          type: attrs['media-type'] ?? '',
        });
      else if (name === 'itemref' && attrs.idref)
        itemrefs.push({ idref: attrs.idref, ...(attrs.linear ? { linear: attrs.linear } : {}) });
      else if (name === 'spine') tocId = attrs.toc;
      else if (name === 'reference' && attrs.type && attrs.href)
        guide.set(attrs.type.toLowerCase(), resolveHref(opfPath, attrs.href).path);
    },
    text: (chunk) => {
      if (reading) text += chunk;
    },
    close: (name) => {
      if (reading && name === reading) {
        meta[reading] = text.replace(/\s+/g, ' ').trim() || undefined;
        reading = undefined;
      }
    },
  });
  const nav = [...items.values()].find((i) => /\bnav\b/.test(i.properties));
  const ncx =
    (tocId ? items.get(tocId) : undefined) ?? [...items.values()].find((i) => i.type === 'application/x-dtbncx+xml');
  const spine = itemrefs.flatMap((ref) => {
    const item = items.get(ref.idref);
    if (!item || ref.linear === 'no' || item === nav) return [];
    return [{ path: item.path, properties: item.properties }];
  });
  return {
    opfPath,
    ...(meta.title ? { title: meta.title } : {}),
    ...(meta.creator ? { author: meta.creator } : {}),
    ...(meta.language ? { language: meta.language } : {}),
    spine,
    guide,
    ...(nav ? { navPath: nav.path } : {}),
    ...(ncx ? { ncxPath: ncx.path } : {}),
  };
}

/** The entries of an EPUB 3 navigation document's `toc` nav (and its landmarks' types), in order. */
export function readNav(navPath: string, xhtml: string): { toc: TocEntry[]; landmarks: Map<string, string> } {
  const toc: TocEntry[] = [];
  const landmarks = new Map<string, string>();
  let nav: 'toc' | 'landmarks' | 'other' | undefined;
  let navDepth = 0;
  let lists = 0;
  let link: { href: string; type?: string } | undefined;
  let label = '';
  walk(xhtml, {
    open: (name, attrs) => {
      if (name === 'nav') {
        const type = attrs['epub:type'] ?? attrs.role ?? '';
        nav = /\btoc\b|doc-toc/.test(type) ? 'toc' : /\blandmarks\b/.test(type) ? 'landmarks' : 'other';
        navDepth = lists;
      } else if (nav && name === 'ol') lists += 1;
      else if (nav && name === 'a' && attrs.href) {
        link = { href: attrs.href, ...(attrs['epub:type'] ? { type: attrs['epub:type'] } : {}) };
        label = '';
      }
    },
    text: (chunk) => {
      if (link) label += chunk;
    },
    close: (name) => {
      if (name === 'nav') nav = undefined;
      else if (nav && name === 'ol') lists -= 1;
      else if (name === 'a' && link) {
        const target = resolveHref(navPath, link.href);
        if (nav === 'toc')
          toc.push({ label: label.replace(/\s+/g, ' ').trim(), ...target, depth: Math.max(0, lists - navDepth - 1) });
        else if (nav === 'landmarks' && link.type) landmarks.set(target.path, link.type);
        link = undefined;
      }
    },
  });
  return { toc, landmarks };
}

/** The entries of an EPUB 2 NCX's navMap, in order. */
export function readNcx(ncxPath: string, xml: string): TocEntry[] {
  const toc: TocEntry[] = [];
  const open: Array<{ label: string; entry?: TocEntry }> = [];
  let inLabel = false;
  walk(xml, {
    open: (name, attrs) => {
      if (name === 'navPoint') open.push({ label: '' });
      else if (name === 'navLabel') inLabel = true;
      else if (name === 'content' && attrs.src && open.length) {
        const point = open[open.length - 1]!;
        point.entry = {
          label: point.label.replace(/\s+/g, ' ').trim(),
          ...resolveHref(ncxPath, attrs.src),
          depth: open.length - 1,
        };
        toc.push(point.entry);
      }
    },
    text: (chunk) => {
      if (inLabel && open.length) open[open.length - 1]!.label += chunk;
    },
    close: (name) => {
      if (name === 'navLabel') inLabel = false;
      else if (name === 'navPoint') open.pop();
    },
  });
  return toc;
}
