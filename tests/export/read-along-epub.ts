// Reading a read-along EPUB as a reading system does (EPUB 3 Media Overlays): the package's items and metadata, each
// SMIL's pars (the text each points at, its clip in seconds), the text of an element of a page by its id.
import { DomUtils, parseDocument } from 'htmlparser2';
import { readZip, zipText, type ZipEntry } from './tools.js';

/**
 * A SMIL clock value in seconds: a timecount (`12.5s`, `120ms`, `2min`, `1h`, a bare number) or a clock (`0:01:02.5`,
 * `01:02.5`).
 */
export function clockSeconds(value: string): number {
  const v = value.trim();
  const count = /^([\d.]+)(h|min|s|ms)?$/.exec(v);
  if (count)
    return Number(count[1]) * { h: 3600, min: 60, s: 1, ms: 0.001 }[(count[2] ?? 's') as 'h' | 'min' | 's' | 'ms'];
  const parts = v.split(':').map(Number);
  if (parts.length < 2 || parts.length > 3 || parts.some((n) => !Number.isFinite(n)))
    throw new Error(`not a SMIL clock value: ${value}`);
  return parts.reduce((sum, n) => sum * 60 + n, 0);
}

export interface Par {
  /** The page and the element id the par's text points at. */
  page: string;
  id: string;
  audio: string;
  begin: number;
  end: number;
}

export interface ReadAlongBook {
  entries: ZipEntry[];
  opf: string;
  /** A file by its path in the package's folder (OEBPS/). */
  file(name: string): string;
  /** The manifest's items: id, href, media type and attributes. */
  items: Array<Record<string, string>>;
  /** `<meta property=…>` values, optionally refining an id. */
  metas(property: string, refines?: string): string[];
  /** A SMIL's pars in order. */
  pars(smil: string): Par[];
  /** The text of the element with this id in a page, or undefined. */
  textOf(page: string, id: string): string | undefined;
}

export function readAlongBook(bytes: Uint8Array): ReadAlongBook {
  const entries = readZip(bytes);
  const file = (name: string) => zipText(entries, `OEBPS/${name}`);
  const opf = file('content.opf');
  const pkg = parseDocument(opf, { xmlMode: true });
  const items = DomUtils.getElementsByTagName('item', pkg).map((e) => ({ ...e.attribs }));
  const metaElements = DomUtils.getElementsByTagName('meta', pkg);
  return {
    entries,
    opf,
    file,
    items,
    metas: (property, refines) =>
      metaElements
        .filter(
          (m) =>
            m.attribs.property === property &&
            m.attribs.refines === (refines === undefined ? undefined : `#${refines}`),
        )
        .map((m) => DomUtils.textContent(m).trim()),
    pars: (smil) => {
      const doc = parseDocument(file(smil), { xmlMode: true });
      return DomUtils.getElementsByTagName('par', doc).map((par) => {
        const text = DomUtils.getElementsByTagName('text', par)[0]!.attribs.src!;
        const audio = DomUtils.getElementsByTagName('audio', par)[0]!.attribs;
        const [page, id] = text.split('#') as [string, string];
        return {
          page,
          id,
          audio: audio.src!,
          begin: clockSeconds(audio.clipBegin ?? '0'),
          end: clockSeconds(audio.clipEnd!),
        };
      });
    },
    textOf: (page, id) => {
      const el = DomUtils.findOne((e) => e.attribs.id === id, parseDocument(file(page), { xmlMode: true }).children);
      return el ? DomUtils.textContent(el).replace(/\s+/g, ' ').trim() : undefined;
    },
  };
}
