// Files made to hurt a manuscript reader, for the import tests: an EPUB of a few KB whose chapter is 180,000
// unclosed `<p>` tags, a DOCX (pandoc's, with its numbering part) whose document is 150,000 unclosed numbered
// paragraphs, an EPUB whose chapter declares 1,000 bytes and unpacks to 300 MB, and a good EPUB made by pandoc.
// The archives are written here byte by byte (a ZIP's headers are what the attack lies in), the deflate by
// Node's zlib (the 300 MB one as one flushed megabyte's deflate repeated: nothing holds 300 MB to make it).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tempDir } from '../temp.js';
import path from 'node:path';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { unzipSync } from 'fflate';

interface Entry {
  name: string;
  data: Uint8Array;
  /** Stored (0) or deflated (8). */
  method?: 0 | 8;
  /** The uncompressed size the headers declare (the true one when not given). */
  declared?: number;
  /** Its deflate made already, with the CRC and size of what it unpacks to (`data` is then not read). */
  deflated?: { body: Buffer; crc: number; size: number };
}

/** A ZIP archive of `entries`, each declaring the size it is told to in both its headers. */
export function zipOf(entries: readonly Entry[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const method = e.deflated ? 8 : (e.method ?? 8);
    const body = e.deflated?.body ?? (method === 8 ? deflateRawSync(e.data, { level: 9 }) : Buffer.from(e.data));
    const crc = e.deflated?.crc ?? crc32(e.data);
    const size = e.declared ?? e.deflated?.size ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, body);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const CONTAINER =
  '<?xml version="1.0"?><container version="1.0" ' +
  'xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile ' +
  'full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>';
const OPF =
  '<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" ' +
  'unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier ' +
  'id="id">x</dc:identifier><dc:title>Hostile</dc:title><dc:language>en</dc:language></metadata><manifest><item ' +
  'id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref ' +
  'idref="c1"/></spine></package>';

/**
 * An EPUB of one chapter, its XHTML `chapter` (declaring `declared` bytes when given), or the chapter's deflate made
 * already.
 */
export function epubOf(chapter: string | Uint8Array | Entry['deflated'], declared?: number): Uint8Array {
  const data = typeof chapter === 'string' ? new TextEncoder().encode(chapter) : chapter;
  const made = data instanceof Uint8Array ? { data } : { data: new Uint8Array(0), deflated: data };
  return zipOf([
    { name: 'mimetype', data: new TextEncoder().encode('application/epub+zip'), method: 0 },
    { name: 'META-INF/container.xml', data: new TextEncoder().encode(CONTAINER) },
    { name: 'OEBPS/content.opf', data: new TextEncoder().encode(OPF) },
    { name: 'OEBPS/ch1.xhtml', ...made, ...(declared !== undefined ? { declared } : {}) },
  ]);
}

/** The 2 KB EPUB: one chapter of 180,000 `<p>` tags, none closed. */
export function unclosedParagraphsEpub(): Uint8Array {
  return epubOf(
    `<?xml version="1.0" encoding="utf-8"?><html ` +
      `xmlns="http://www.w3.org/1999/xhtml"><head><title>x</title></head><body>${'<p>'.repeat(180_000)}</body></html>`,
  );
}

/**
 * An EPUB whose chapter declares 1,000 bytes and unpacks to 300 MB of text ("a"s). Its deflate is one megabyte's,
 * ended by a full flush (a byte-aligned block that is not the last, with no reference before it), 300 times, then
 * an empty last block: a stream that unpacks to the 300 MB, made without holding them (holding and deflating them
 * was ~3.5 s of CPU a file).
 */
export function lyingSizeEpub(): Uint8Array {
  const megabyte = new Uint8Array(1024 * 1024).fill(0x61);
  const flushed = deflateRawSync(megabyte, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < 300; i++) crc = crc32(megabyte, crc);
  const body = Buffer.concat([...Array<Buffer>(300).fill(flushed), deflateRawSync(new Uint8Array(0))]);
  return epubOf({ body, crc, size: 300 * megabyte.length }, 1000);
}

/** Runs pandoc on a Markdown text, into a file of `ext`, and answers its bytes. */
export function pandoc(markdown: string, ext: 'docx' | 'epub', title = 'The Orchard Gate'): Uint8Array {
  const dir = tempDir('karya-pandoc-');
  try {
    writeFileSync(path.join(dir, 'in.md'), markdown);
    const made = spawnSync('pandoc', ['-f', 'markdown', 'in.md', '-o', `out.${ext}`, '--metadata', `title=${title}`], {
      cwd: dir,
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`pandoc failed: ${made.stderr}`);
    return new Uint8Array(readFileSync(path.join(dir, `out.${ext}`)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * pandoc's DOCX of a numbered list (so it has word/numbering.xml), its document replaced by 150,000 numbered
 * paragraphs none of which is closed.
 */
export function unclosedNumberedDocx(): Uint8Array {
  const base = unzipSync(pandoc('1. One\n2. Two\n3. Three\n', 'docx'));
  const document = new TextDecoder().decode(base['word/document.xml']!);
  const numId = /<w:numId w:val="(\d+)"/.exec(document)?.[1] ?? '1';
  const paragraph =
    `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId ` + `w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>x</w:t></w:r>`;
  const body = document.replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${paragraph.repeat(150_000)}</w:body>`);
  const entries = Object.entries(base).map(([name, data]) => ({
    name,
    data: name === 'word/document.xml' ? new TextEncoder().encode(body) : data,
  }));
  return zipOf(entries);
}
