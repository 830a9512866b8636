// The file format of a CLI export (`karya generate --out`, `karya export`): from --format or the --out
// file's extension, checked before anything is spent; and the book written in it.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bookDocument, bookMarkdown, EXPORT_FORMATS, formatOfFile, type BookState, type ExportFormat, type ResolvedSpec } from '../engine/index.js';
import { fail } from './util.js';

const ALLOWED = `${EXPORT_FORMATS.join(', ')} (.${EXPORT_FORMATS.join(', .')})`;

/**
 * The format asked for: --format when given, else the --out file's extension, else Markdown on stdout.
 * Exits 2 naming the allowed formats for anything else. Covers are PNG and take no format.
 */
export function exportFormatOrExit(spec: ResolvedSpec, opts: { out?: string; format?: string }): ExportFormat {
  if (spec.kind === 'image') {
    if (opts.format !== undefined) fail(`--format: ${spec.id} makes an image (PNG or JPEG, from the --out extension); --format is for books (${EXPORT_FORMATS.join(', ')})`);
    return 'md';
  }
  if (opts.format !== undefined) {
    const format = opts.format.toLowerCase().replace(/^\./, '');
    if (!(EXPORT_FORMATS as readonly string[]).includes(format)) fail(`--format: "${opts.format}" is not one of ${EXPORT_FORMATS.join(', ')}`);
    if (format !== 'md' && !opts.out) fail(`--format ${format}: name the file with --out FILE (only Markdown goes to stdout)`);
    return format as ExportFormat;
  }
  if (opts.out === undefined) return 'md';
  const format = formatOfFile(opts.out);
  if (!format) fail(`--out ${opts.out}: cannot tell the format from its extension; use one of ${ALLOWED}, or --format ${EXPORT_FORMATS.join('|')}`);
  return format;
}

/** The book's bytes in a format: Markdown exactly as `karya generate` has always written it. */
export async function exportBytes(spec: ResolvedSpec, state: BookState, format: ExportFormat, opts: { withOutline?: boolean; withBible?: boolean; author?: string } = {}): Promise<Uint8Array | string> {
  if (format === 'md') return bookMarkdown(spec, state, { withOutline: opts.withOutline, withBible: opts.withBible });
  const { renderDocument } = await import('../engine/node/export/index.js');
  return renderDocument(bookDocument(spec, state, opts), format);
}

export function writeOut(file: string, data: Uint8Array | string): void {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, data);
}

/** The image formats a cover is written in, by --out extension. */
export const IMAGE_EXTENSIONS = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' } as const;
export type ImageFormat = (typeof IMAGE_EXTENSIONS)[keyof typeof IMAGE_EXTENSIONS];

/**
 * Where a cover goes, checked before any model call: a .png, .jpg or .jpeg file (exit 2 for any other
 * extension), or stdout when there is no --out and stdout is not a terminal (exit 2 on a terminal: a
 * cover is never written silently into the current folder).
 */
export function imageOutOrExit(spec: ResolvedSpec, out: string | undefined, isStdoutTty: boolean): { file?: string; format: ImageFormat } {
  if (out === undefined) {
    if (isStdoutTty) fail(`${spec.id} makes an image; give --out FILE.png or --out FILE.jpg (or pipe stdout to a file)`);
    return { format: 'png' };
  }
  const ext = /\.([a-z0-9]+)$/i.exec(out)?.[1]?.toLowerCase() ?? '';
  const format = (IMAGE_EXTENSIONS as Record<string, ImageFormat>)[ext];
  if (!format) fail(`--out ${out}: ${spec.id} makes an image; name a .png, .jpg or .jpeg file`);
  return { file: out, format };
}

/** Cover bytes in the format asked: the PNG as drawn, or a real JPEG (RGB, quality 90) made with sharp. */
export async function imageBytes(png: Uint8Array, format: ImageFormat): Promise<Uint8Array> {
  if (format === 'png') return png;
  const { default: sharp } = await import('sharp');
  return new Uint8Array(await sharp(png).flatten({ background: '#ffffff' }).toColourspace('srgb').jpeg({ quality: 90, chromaSubsampling: '4:4:4' }).toBuffer());
}
