// The file format of a CLI export (`karya generate --out`, `karya export`): from --format or the --out
// file's extension, checked before anything is spent; and the book written in it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { bookDocument, bookMarkdown, EXPORT_FORMATS, ExportLimitError, formatOfFile, type BookDocument, type BookState, type ExportFormat, type ResolvedSpec } from '../engine/index.js';
import { EXIT, fail } from './util.js';
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
  return renderOrExit(bookDocument(spec, state, opts), format);
}

/**
 * A document as a file, made as the server makes it: in a worker thread within the export limits
 * (engine/node/export/pool.ts). A limit hit ends the command with a plain message and exit 1.
 */
export async function renderOrExit(doc: BookDocument, format: ExportFormat): Promise<Uint8Array> {
  const { exportPool } = await import('../engine/node/export/pool.js');
  try {
    // One user's files: they wait their turn for a thread, and the time limit counts from their start.
    return await exportPool({ maxQueued: Infinity, countsWaiting: false }).render(doc, format);
  } catch (error) {
    if (error instanceof ExportLimitError) fail(exportLimitMessage(error), EXIT.failed);
    throw error;
  }
}

/** An export limit in the CLI's words: what stopped, why, and the setting that moves the limit. */
export function exportLimitMessage(error: ExportLimitError): string {
  const format = error.vars.format ?? 'the';
  if (error.code === 'export_too_slow') {
    return `the ${format} file was stopped after ${error.vars.seconds} seconds (KARYA_EXPORT_TIMEOUT_MS). A very long word or chapter is the usual cause: break it up (karya export writes the book again after you edit it), or write another format.`;
  }
  if (error.code === 'export_too_large') {
    return `the ${format} file was stopped: it needed more than ${error.vars.megabytes} MB of memory (KARYA_EXPORT_MEMORY_MB). A very long word or chapter is the usual cause: break it up, or write another format.`;
  }
  return `the ${format} file could not start: too many files are being made at once; run the command again.`;
}

/** Write a result file, making its missing folders (never with Node's recursive mkdir: see fs-check.ts). */
export function writeOut(file: string, data: Uint8Array | string): void {
  makeDirs(path.dirname(path.resolve(file)));
  writeFileSync(file, data);
}
