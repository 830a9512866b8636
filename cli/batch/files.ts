// A finished batch book's files (its Markdown, the other formats it asks for, or a cover's PNG), written
// by a local batch (scheduler.ts) and by a queued one's command (queued.ts), which loads nothing of the
// model's calls.
import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  bookDocument,
  bookMarkdown,
  loadExportPool,
  type BookState,
  type ResolvedSpec,
} from '../../engine/book-end.js';
import type { BatchJob } from './jobs.js';

/**
 * Write a file whole or not at all (a kill mid-write never leaves half a book), off the event loop: a
 * batch writes its books while other books' calls are in flight, and a synchronous write per finished
 * book (0.6 ms each for 400 books in the benchmark) delayed their answers and next calls. The temporary
 * name is unique per write, so two writes in flight never share it.
 */
let writes = 0;
async function writeAtomically(file: string, data: string | Uint8Array, how: WriteHow): Promise<void> {
  const tmp = `${file}.${process.pid}.${writes++}.tmp`;
  if (how.canBlock) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(tmp, data);
    return renameSync(tmp, file);
  }
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/**
 * How a book's files are written: off the event loop (the default: a thread that also reads answers), or at once
 * (`canBlock`: the book-end thread, whose other work can wait a write). Off the event loop each step (mkdir, open,
 * write, close, rename) is a round trip to libuv's threads: a 45 KB book written 400 times from a worker thread took
 * 0.35-0.45 ms of the process's CPU a book that way against 0.08-0.25 at once, and the promised mkdir alone was ~4 % of
 * the book-end thread's profile in the 400-book prose batch (its libuv threads are not started at all now).
 */
export interface WriteHow {
  canBlock?: boolean;
}

/**
 * True for a job that keeps no saved progress (a cover, a single piece whose generator saves none, as `karya
 * generate` keeps none for it): its file is its progress. Its one step is finished only once its file is written,
 * and a batch run again counts it done when the file is there, so a finished piece is never asked (and paid) again.
 */
export function isFileTheProgress(spec: ResolvedSpec): boolean {
  return spec.kind !== 'book' && (spec.kind === 'image' || !spec.flow.savesProgress);
}

/** A job's file is there (written whole: files are renamed into place), so a job whose file is its progress is done. */
export function hasOutFile(job: BatchJob): boolean {
  return existsSync(job.outFile) && statSync(job.outFile).size > 0;
}

/**
 * Write a finished book's files: the other formats it asks for, then its Markdown (last, so that a Markdown file
 * there means its other files are too), or a cover's PNG.
 */
export async function writeBookFiles(
  job: BatchJob,
  state: BookState,
  png?: Uint8Array,
  how: WriteHow = {},
): Promise<void> {
  const { spec } = job;
  if (spec.kind === 'image') {
    if (png) await writeAtomically(job.outFile, png, how);
    return;
  }
  if (job.exports.length) {
    // In the export pool's threads, within its time and memory limits (a limit hit fails this job only).
    const { exportPool } = await loadExportPool();
    // Signed and titled as the job (or the batch's --author) gives it, as `karya generate --author` signs its files.
    const { author, title } = job.publish ?? {};
    const doc = bookDocument(spec, state, { ...(author ? { author } : {}), ...(title ? { title } : {}) });
    for (const { format, file } of job.exports)
      await writeAtomically(
        file,
        await exportPool({ maxQueued: Infinity, countsWaiting: false }).render(doc, format),
        how,
      );
  }
  await writeAtomically(job.outFile, bookMarkdown(spec, state), how);
}
