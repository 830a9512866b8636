// Exports bounded in time and memory, off the caller's event loop: EPUB, DOCX and PDF files are made in a
// small pool of worker threads (render-worker.ts, run by ../worker-pool.ts). Each worker has a heap limit and
// each export a time limit; a worker that hits either is ended and the export answers an ExportLimitError
// (413 too large, 422 too slow, 503 busy), while the server (or the CLI) goes on with everything else.
// Markdown is made in place: it is linear and cheap. A package's covers are made here too (prepareCover): the
// art of a publish (a writer's picture of up to 40 megapixels) is decoded in an export thread, off the request
// loop, so publishes at once hold at most one decode a thread (a picture's own bound: print/cover-art.ts), in a
// thread already running, not one more; a limit hit answers a CoverWorkError.
//
// Limits (environment): KARYA_EXPORT_WORKERS (threads, default 2), KARYA_EXPORT_TIMEOUT_MS (per export,
// from the moment it is asked for, default 45000), KARYA_EXPORT_MEMORY_MB (heap of each thread, default 384).
import { isMarkedAsUntransferable } from 'node:worker_threads';
import { CoverWorkError, ExportLimitError } from '../../errors.js';
import type { BookDocument, ExportFormat } from '../../session/book.js';
import {
  limitFromEnv,
  WorkerPool,
  withLanguages,
  workerEntry,
  type PoolFailures,
  type PoolLimits,
} from '../worker-pool.js';
import { renderDocument, type BilingualDocument, type RenderOptions } from './index.js';
import type { CoverRequest, RenderRequest } from './render-worker.js';
import { CoverPictureError } from '../print/cover-picture-error.js';
import type { CoverArt, CoverSizes, PreparedCover } from '../print/cover-art.js';
import type { CoverPictureProblem } from '../../publish/cover-rules.js';
import { tableSources } from '../languages.js';

/** An export pool's limits (no per-user rule: an export is bounded by the book's size). */
export type ExportLimits = Omit<PoolLimits, 'perKey'>;

export const DEFAULT_EXPORT_LIMITS: ExportLimits = {
  workers: 2,
  timeoutMs: 45_000,
  memoryMb: 384,
  maxQueued: 16,
  countsWaiting: true,
};

/**
 * The limits from KARYA_EXPORT_WORKERS, KARYA_EXPORT_TIMEOUT_MS and KARYA_EXPORT_MEMORY_MB; throws naming a bad value.
 */
export function exportLimitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): ExportLimits {
  const workers = limitFromEnv(env, 'KARYA_EXPORT_WORKERS', DEFAULT_EXPORT_LIMITS.workers, 1, 16);
  return {
    workers,
    timeoutMs: limitFromEnv(env, 'KARYA_EXPORT_TIMEOUT_MS', DEFAULT_EXPORT_LIMITS.timeoutMs, 100, 3_600_000),
    memoryMb: limitFromEnv(env, 'KARYA_EXPORT_MEMORY_MB', DEFAULT_EXPORT_LIMITS.memoryMb, 64, 16_384),
    maxQueued: DEFAULT_EXPORT_LIMITS.maxQueued * workers,
    countsWaiting: true,
  };
}

/**
 * `handOver`: the caller reads the art no more, so its bytes move to the export thread instead of being copied (the
 * caller's array is left empty): a server's build holds a writer's picture only until its covers are made.
 */
export interface CoverHandOver {
  handOver?: boolean;
}

const FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = { md: 'Markdown', epub: 'EPUB', docx: 'DOCX', pdf: 'PDF' };

export class ExportPool {
  private readonly pool: WorkerPool<Omit<RenderRequest, 'id'> | Omit<CoverRequest, 'id'>, Uint8Array | PreparedCover>;
  /** Arts whose covers a thread of the pool has made: what a caller (a test) reads to know the work left its thread. */
  coversMade = 0;

  constructor(readonly limits: ExportLimits = DEFAULT_EXPORT_LIMITS) {
    // Each thread is handed the language table as this process read it, once, as it starts (not with every export).
    this.pool = new WorkerPool(
      workerEntry(import.meta.url, 'render-worker'),
      { ...limits, perKey: Infinity },
      { workerData: () => withLanguages(tableSources()) },
    );
  }

  /** Exports running and waiting now. */
  get load(): { running: number; queued: number } {
    return this.pool.load;
  }

  /**
   * A document as the bytes of a file, made in a worker thread within the limits; rejects with an
   * ExportLimitError when one is hit, with an Error when the renderer fails.
   */
  render(doc: BookDocument | BilingualDocument, format: ExportFormat, opts: RenderOptions = {}): Promise<Uint8Array> {
    if (format === 'md') return renderDocument(doc, format, opts);
    const name = FORMAT_NAMES[format];
    const failures: PoolFailures = {
      busy: () => new ExportLimitError('export_busy', { format: name }),
      tooSlow: () =>
        new ExportLimitError('export_too_slow', {
          format: name,
          seconds: String(Math.max(1, Math.ceil(this.limits.timeoutMs / 1000))),
        }),
      tooLarge: () =>
        new ExportLimitError('export_too_large', { format: name, megabytes: String(this.limits.memoryMb) }),
      revive: (error) => new Error(error.message),
    };
    return this.pool.run(
      {
        doc,
        format,
        ...(opts.date ? { date: opts.date } : {}),
        ...(opts.cover ? { cover: opts.cover } : {}),
        ...(opts.bilingualLayout ? { bilingualLayout: opts.bilingualLayout } : {}),
      },
      { failures },
    ) as Promise<Uint8Array>;
  }

  /**
   * A package's covers made from their art in a thread of the pool (print/cover-art.ts prepareCoverArt, one decode a
   * thread at a time); a CoverPictureError for a picture refused, a CoverWorkError when a limit is hit.
   */
  async prepareCover(art: CoverArt, sizes: CoverSizes, opts: CoverHandOver = {}): Promise<PreparedCover> {
    const failures: PoolFailures = {
      busy: () => new CoverWorkError('cover_work_busy', {}),
      tooSlow: () =>
        new CoverWorkError('cover_work_too_slow', {
          seconds: String(Math.max(1, Math.ceil(this.limits.timeoutMs / 1000))),
        }),
      tooLarge: () => new CoverWorkError('cover_work_too_large', { megabytes: String(this.limits.memoryMb) }),
      revive: (error) =>
        error.name === 'CoverPictureError' && error.code
          ? new CoverPictureError({ code: error.code as CoverPictureProblem['code'], vars: { ...error.params } })
          : new Error(error.message),
    };
    // A view into a larger buffer is copied into its own first: a thread is sent the picture's bytes, not the buffer
    // around them.
    const bytes = art instanceof Uint8Array ? art : art.pixels;
    const isWhole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    const own = isWhole ? bytes : bytes.slice();
    // That copy, or art handed over, moves to the thread rather than being cloned: this thread holds it no longer.
    const isMine = !isWhole || opts.handOver === true;
    const { buffer } = own;
    const transfer = isMine && buffer instanceof ArrayBuffer && !isMarkedAsUntransferable(buffer) ? [buffer] : [];
    const handed = art instanceof Uint8Array ? own : { ...art, pixels: own };
    const prepared = (await this.pool.run({ art: handed, sizes }, { failures, transfer })) as PreparedCover;
    this.coversMade += 1;
    return prepared;
  }

  /** End every worker; exports still running or waiting are refused. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

let shared: ExportPool | undefined;

/**
 * The process's export pool, with the limits from the environment and `overrides` (made on first use:
 * the server's first, or a CLI command's with `{ maxQueued: Infinity, countsWaiting: false }`).
 */
export function exportPool(overrides: Partial<ExportLimits> = {}): ExportPool {
  return (shared ??= new ExportPool({ ...exportLimitsFromEnv(), ...overrides }));
}

/**
 * A package's covers made in the process's export pool, off this thread (ExportPool.prepareCover).
 * @example const { ebook, front } = await prepareCoverBounded(art, { ebook: ebookCoverSize(), front: wrapFrontPx('6x9')
 * })
 */
export function prepareCoverBounded(
  art: CoverArt,
  sizes: CoverSizes,
  opts: CoverHandOver = {},
): Promise<PreparedCover> {
  return exportPool().prepareCover(art, sizes, opts);
}

/**
 * A document as a file's bytes within the export limits, off this thread (Markdown in place).
 * @example const bytes = await renderBounded(bookDocument(spec, state), 'pdf'); // ExportLimitError past a limit
 */
export function renderBounded(
  doc: BookDocument | BilingualDocument,
  format: ExportFormat,
  opts: RenderOptions = {},
): Promise<Uint8Array> {
  return exportPool().render(doc, format, opts);
}
