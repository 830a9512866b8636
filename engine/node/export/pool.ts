// Exports bounded in time and memory, off the caller's event loop: EPUB, DOCX and PDF files are made in a
// small pool of worker threads (render-worker.ts). Each worker has a heap limit (resourceLimits) and each
// export a time limit; a worker that hits either is ended and the export answers an ExportLimitError
// (413 too large, 422 too slow, 503 busy), while the server (or the CLI) goes on with everything else.
// Markdown is made in place: it is linear and cheap.
//
// Limits (environment): KARYA_EXPORT_WORKERS (threads, default 2), KARYA_EXPORT_TIMEOUT_MS (per export,
// from the moment it is asked for, default 45000), KARYA_EXPORT_MEMORY_MB (heap of each thread, default 384).
import { Worker } from 'node:worker_threads';
import { ExportLimitError } from '../../errors.js';
import type { BookDocument, ExportFormat } from '../../session/book.js';
import { renderDocument, type RenderOptions } from './index.js';
import type { RenderReply, RenderRequest } from './render-worker.js';

export interface ExportLimits {
  /** Worker threads at most (each renders one file at a time). */
  workers: number;
  /** Time an export may take, waiting included, in ms. */
  timeoutMs: number;
  /** Heap of each worker thread, in MB. */
  memoryMb: number;
  /** Exports waiting for a thread at most; more answer 503 export_busy at once. */
  maxQueued: number;
  /**
   * The time limit counts from the moment the export is asked for (a server: the request ends in time, a
   * long wait answers export_busy), or false: from the moment a thread starts it (a CLI batch, whose
   * books wait their turn).
   */
  countsWaiting: boolean;
}

export const DEFAULT_EXPORT_LIMITS: ExportLimits = { workers: 2, timeoutMs: 45_000, memoryMb: 384, maxQueued: 16, countsWaiting: true };

/** The limits from KARYA_EXPORT_WORKERS, KARYA_EXPORT_TIMEOUT_MS and KARYA_EXPORT_MEMORY_MB; throws naming a bad value. */
export function exportLimitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): ExportLimits {
  const read = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name]?.trim();
    if (!raw) return fallback;
    const n = /^[0-9]{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!(n >= min && n <= max)) throw new Error(`${name}: "${raw}" must be a whole number from ${min} to ${max}`);
    return n;
  };
  const workers = read('KARYA_EXPORT_WORKERS', DEFAULT_EXPORT_LIMITS.workers, 1, 16);
  return {
    workers,
    timeoutMs: read('KARYA_EXPORT_TIMEOUT_MS', DEFAULT_EXPORT_LIMITS.timeoutMs, 100, 3_600_000),
    memoryMb: read('KARYA_EXPORT_MEMORY_MB', DEFAULT_EXPORT_LIMITS.memoryMb, 64, 16_384),
    maxQueued: DEFAULT_EXPORT_LIMITS.maxQueued * workers,
    countsWaiting: true,
  };
}

/**
 * The worker's entry: from the TypeScript sources (tsx, vitest) a small .mjs that registers tsx first;
 * from the esbuild bundle (dist/cli/, scripts/build-cli.ts) the bundled render-worker.js beside this chunk.
 */
function workerEntry(): URL {
  const here = import.meta.url;
  return /\.[cm]?ts$/.test(new URL(here).pathname) ? new URL('./render-worker.mjs', here) : new URL('./render-worker.js', here);
}

const FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = { md: 'Markdown', epub: 'EPUB', docx: 'DOCX', pdf: 'PDF' };

interface Job {
  id: number;
  request: RenderRequest;
  resolve: (bytes: Uint8Array) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
  slot?: Slot;
}

interface Slot {
  worker: Worker;
  job?: Job;
  idleTimer?: NodeJS.Timeout;
}

/** An idle worker is ended after this long, so a quiet server holds no threads. */
const IDLE_MS = 30_000;

export class ExportPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private isClosed = false;

  constructor(readonly limits: ExportLimits = DEFAULT_EXPORT_LIMITS) {}

  /** Exports running and waiting now. */
  get load(): { running: number; queued: number } {
    return { running: [...this.slots].filter((s) => s.job).length, queued: this.queue.length };
  }

  /**
   * A document as the bytes of a file, made in a worker thread within the limits; rejects with an
   * ExportLimitError when one is hit, with an Error when the renderer fails.
   */
  render(doc: BookDocument, format: ExportFormat, opts: RenderOptions = {}): Promise<Uint8Array> {
    if (format === 'md') return renderDocument(doc, format, opts);
    if (this.isClosed) return Promise.reject(new Error('the export pool is closed'));
    const name = FORMAT_NAMES[format];
    if (this.queue.length >= this.limits.maxQueued) return Promise.reject(new ExportLimitError('export_busy', { format: name }));
    return new Promise<Uint8Array>((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = {
        id, resolve, reject,
        request: { id, doc, format, ...(opts.date ? { date: opts.date } : {}), ...(opts.cover ? { cover: opts.cover } : {}) },
      };
      if (this.limits.countsWaiting) job.timer = setTimeout(() => this.timedOut(job), this.limits.timeoutMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** End every worker; exports still running or waiting are refused. */
  async close(): Promise<void> {
    this.isClosed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new Error('the export pool is closed'));
    await Promise.all([...this.slots].map(async (slot) => {
      if (slot.job) this.settle(slot.job, new Error('the export pool is closed'));
      await this.end(slot);
    }));
  }

  private dispatch(): void {
    while (this.queue.length) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.limits.workers) return;
        slot = this.spawn();
      }
      const job = this.queue.shift()!;
      clearTimeout(slot.idleTimer);
      slot.job = job;
      job.slot = slot;
      job.timer ??= setTimeout(() => this.timedOut(job), this.limits.timeoutMs);
      // A busy worker keeps the process alive (a CLI awaiting its file); an idle one does not.
      slot.worker.ref();
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(workerEntry(), {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(8, Math.floor(this.limits.memoryMb / 8))) },
      stdout: false,
      stderr: false,
    });
    const slot: Slot = { worker };
    this.slots.add(slot);
    worker.on('message', (reply: RenderReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      this.idle(slot);
      if ('bytes' in reply) this.settle(job, null, reply.bytes);
      else this.settle(job, new Error(reply.error));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const job = slot.job;
      this.slots.delete(slot);
      if (job) {
        const format = FORMAT_NAMES[job.request.format];
        this.settle(job, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new ExportLimitError('export_too_large', { format, megabytes: String(this.limits.memoryMb) }) : error);
      }
      this.dispatch();
    });
    worker.on('exit', () => {
      if (!this.slots.delete(slot)) return;
      // Ended without an error event (a crash of the thread itself): its export fails, the next one gets a new thread.
      if (slot.job) this.settle(slot.job, new Error('the export worker stopped unexpectedly'));
      this.dispatch();
    });
    return slot;
  }

  private idle(slot: Slot): void {
    slot.job = undefined;
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.end(slot), IDLE_MS);
    slot.idleTimer.unref();
    // The next job is dispatched after this reply settles (dispatch runs from settle).
  }

  private async end(slot: Slot): Promise<void> {
    clearTimeout(slot.idleTimer);
    this.slots.delete(slot);
    await slot.worker.terminate();
  }

  private timedOut(job: Job): void {
    const format = FORMAT_NAMES[job.request.format];
    const index = this.queue.indexOf(job);
    if (index >= 0) {
      // It waited for a thread all its time: the pool is busy, not the book too big.
      this.queue.splice(index, 1);
      this.settle(job, new ExportLimitError('export_busy', { format }));
      return;
    }
    // The thread is ended (whatever it is stuck in) and never given another export.
    const slot = job.slot;
    if (slot) {
      this.slots.delete(slot);
      clearTimeout(slot.idleTimer);
      void slot.worker.terminate();
    }
    this.settle(job, new ExportLimitError('export_too_slow', { format, seconds: String(Math.max(1, Math.ceil(this.limits.timeoutMs / 1000))) }));
  }

  private settle(job: Job, error: Error | null, bytes?: Uint8Array): void {
    clearTimeout(job.timer);
    if (job.slot?.job === job) job.slot.job = undefined;
    if (error) job.reject(error);
    else job.resolve(bytes!);
    queueMicrotask(() => this.dispatch());
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
 * A document as a file's bytes within the export limits, off this thread (Markdown in place).
 * @example const bytes = await renderBounded(bookDocument(spec, state), 'pdf'); // ExportLimitError past a limit
 */
export function renderBounded(doc: BookDocument, format: ExportFormat, opts: RenderOptions = {}): Promise<Uint8Array> {
  return exportPool().render(doc, format, opts);
}
