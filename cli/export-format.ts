// The file format of a CLI export (`karya generate --out`, `karya export`): from --format or the --out
// file's extension, checked before anything is spent; and the book written in it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bookDocument, bookMarkdown, EXPORT_FORMATS, formatOfFile, type BookState, type ExportFormat, type ResolvedSpec } from '../engine/index.js';
import { fail } from './util.js';
import { makeDirs } from './fs-check.js';

const ALLOWED = `${EXPORT_FORMATS.join(', ')} (.${EXPORT_FORMATS.join(', .')})`;

/**
 * The format asked for: --format when given, else the --out file's extension, else Markdown on stdout.
 * Exits 2 naming the allowed formats for anything else. Covers are PNG and take no format.
 */
export function exportFormatOrExit(spec: ResolvedSpec, opts: { out?: string; format?: string }): ExportFormat {
  if (spec.kind === 'image') {
    if (opts.format !== undefined) fail(`--format: ${spec.id} makes a PNG image; --format is for books (${EXPORT_FORMATS.join(', ')})`);
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
export async function exportBytes(spec: ResolvedSpec, state: BookState, format: ExportFormat, opts: { withOutline?: boolean; withBible?: boolean } = {}): Promise<Uint8Array | string> {
  if (format === 'md') return bookMarkdown(spec, state, opts);
  const { renderDocument } = await import('../engine/node/export/index.js');
  return renderDocument(bookDocument(spec, state, opts), format);
}

/** Write a result file, making its missing folders (never with Node's recursive mkdir: see fs-check.ts). */
export function writeOut(file: string, data: Uint8Array | string): void {
  makeDirs(path.dirname(path.resolve(file)));
  writeFileSync(file, data);
}
