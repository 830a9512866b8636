// The file format of a CLI export (`karya generate --out`, `karya export`): from --format or the --out
// file's extension, checked before anything is spent; and the book written in it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  bookDocument,
  bookMarkdown,
  EXPORT_FORMATS,
  formatOfFile,
  type BookDocument,
  type BookState,
  type ExportFormat,
  type Lang,
  type ResolvedSpec,
} from '../engine/index.js';
import { EXIT, fail } from './util.js';
import { exitIfWorded } from './errors.js';
import { makeDirs } from './fs-check.js';
import { optionWord } from './option-words.js';
import type { BilingualDocument, RenderOptions } from '../engine/node.js';

/**
 * What `karya generate` and `karya export` both take: the settings that name the book, where and how it is written, and
 * the state file.
 */
export interface BookOutOptions {
  set: string[];
  lang?: string;
  chapters?: string;
  /** The file to write; without it the book goes to stdout (an EPUB, DOCX or PDF only to a pipe or a file). */
  out?: string;
  /** md, epub, docx or pdf; by default the --out file's extension (Markdown on stdout without --out). */
  format?: string;
  withOutline?: boolean;
  /** Print the story bible after the outline (`--with-bible`). */
  withBible?: boolean;
  /** The author name in an EPUB, DOCX or PDF (title page, copyright page, metadata). */
  author?: string;
  state?: string;
}

const ALLOWED = `${EXPORT_FORMATS.join(', ')} (.${EXPORT_FORMATS.join(', .')})`;

/**
 * The format asked for: --format when given, else the --out file's extension, else Markdown on stdout.
 * Exits 2 naming the allowed formats for anything else, in `lang` (the book's). Covers are PNG and take no
 * format. With `pipe` (karya export), an EPUB, DOCX or PDF without --out goes to stdout when stdout is not a terminal.
 */
export function exportFormatOrExit(
  spec: ResolvedSpec,
  opts: { out?: string; format?: string },
  lang: Lang,
  pipe?: { isTerminal: boolean; command: string },
): ExportFormat {
  const formats = EXPORT_FORMATS.join(', ');
  if (spec.kind === 'image') {
    if (opts.format !== undefined) fail(optionWord('formatImage', lang, { id: spec.id, formats }));
    return 'md';
  }
  if (opts.format !== undefined) {
    const format = opts.format.toLowerCase().replace(/^\./, '');
    if (!(EXPORT_FORMATS as readonly string[]).includes(format))
      fail(optionWord('formatUnknown', lang, { value: opts.format, formats }));
    if (format !== 'md' && !opts.out && !pipe) fail(optionWord('formatNeedsOut', lang, { format }));
    if (format !== 'md' && !opts.out && pipe?.isTerminal)
      fail(optionWord('formatNeedsPipe', lang, { format, command: pipe.command }));
    return format as ExportFormat;
  }
  if (opts.out === undefined) return 'md';
  const format = formatOfFile(opts.out);
  if (!format)
    fail(optionWord('outUnknown', lang, { file: opts.out, allowed: ALLOWED, choices: EXPORT_FORMATS.join('|') }));
  return format;
}

/** The book's bytes in a format: Markdown exactly as `karya generate` has always written it. */
export async function exportBytes(
  spec: ResolvedSpec,
  state: BookState,
  format: ExportFormat,
  opts: { withOutline?: boolean; withBible?: boolean; author?: string } = {},
): Promise<Uint8Array | string> {
  if (format === 'md') return bookMarkdown(spec, state, { withOutline: opts.withOutline, withBible: opts.withBible });
  return renderOrExit(bookDocument(spec, state, opts), format);
}

/**
 * A document as a file, made as the server makes it: in a worker thread within the export limits
 * (engine/node/export/pool.ts). A limit hit ends the command with a plain message and exit 1.
 */
export async function renderOrExit(
  doc: BookDocument | BilingualDocument,
  format: ExportFormat,
  opts: RenderOptions = {},
): Promise<Uint8Array> {
  const { exportPool } = await (await import('../engine/node.js')).loadExportPool();
  try {
    // One user's files: they wait their turn for a thread, and the time limit counts from their start.
    return await exportPool({ maxQueued: Infinity, countsWaiting: false }).render(doc, format, opts);
  } catch (error) {
    exitIfWorded(error, 'en', { exitCode: EXIT.failed });
    throw error;
  }
}

// An export limit's words are the CLI's one renderer's (cli/errors.ts); the batch reads them from here too.
export { exportLimitMessage } from './errors.js';

/** Write a result file, making its missing folders (never with Node's recursive mkdir: see fs-check.ts). */
export function writeOut(file: string, data: Uint8Array | string): void {
  makeDirs(path.dirname(path.resolve(file)));
  writeFileSync(file, data);
}

/** The image formats a cover is written in, by --out extension. */
export const IMAGE_EXTENSIONS = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg' } as const;
export type ImageFormat = (typeof IMAGE_EXTENSIONS)[keyof typeof IMAGE_EXTENSIONS];

/**
 * Where a cover goes, checked before any model call: a .png, .jpg or .jpeg file (exit 2 for any other
 * extension), or stdout when there is no --out and stdout is not a terminal (exit 2 on a terminal: a
 * cover is never written silently into the current folder). Said in `how.lang` (the writer's: their locale's).
 */
export function imageOutOrExit(
  spec: ResolvedSpec,
  out: string | undefined,
  how: { isStdoutTty: boolean; lang: Lang },
): { file?: string; format: ImageFormat } {
  if (out === undefined) {
    if (how.isStdoutTty) fail(optionWord('imageNeedsOut', how.lang, { id: spec.id }));
    return { format: 'png' };
  }
  const ext = /\.([a-z0-9]+)$/i.exec(out)?.[1]?.toLowerCase() ?? '';
  const format = (IMAGE_EXTENSIONS as Record<string, ImageFormat>)[ext];
  if (!format) fail(optionWord('imageExtension', how.lang, { file: out, id: spec.id }));
  return { file: out, format };
}

/** Cover bytes in the format asked: the PNG as drawn, or a real JPEG (RGB, quality 90) made with sharp. */
export async function imageBytes(png: Uint8Array, format: ImageFormat): Promise<Uint8Array> {
  if (format === 'png') return png;
  const { default: sharp } = await import('sharp');
  return new Uint8Array(
    await sharp(png)
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      .toBuffer(),
  );
}
