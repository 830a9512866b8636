// A finished batch book's files (its Markdown, the other formats it asks for, or a cover's PNG), written
// by a local batch (scheduler.ts) and by a queued one's command (queued.ts), which loads nothing of the
// model's calls.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bookDocument, bookMarkdown, type BookState } from '../../engine/index.js';
import type { BatchJob } from './jobs.js';

/**
 * Write a file whole or not at all (a kill mid-write never leaves half a book), off the event loop: a
 * batch writes its books while other books' calls are in flight, and a synchronous write per finished
 * book (0.6 ms each for 400 books in the benchmark) delayed their answers and next calls. The temporary
 * name is unique per write, so two writes in flight never share it.
 */
let writes = 0;
async function writeAtomically(file: string, data: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${writes++}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}

/** Write a finished book's files: its Markdown and the other formats it asks for, or a cover's PNG. */
export async function writeBookFiles(job: BatchJob, state: BookState, png?: Uint8Array): Promise<void> {
  const { spec } = job;
  if (spec.kind === 'image') {
    if (png) await writeAtomically(job.outFile, png);
    return;
  }
  await writeAtomically(job.outFile, bookMarkdown(spec, state));
  if (job.exports.length) {
    // In the export pool's threads, within its time and memory limits (a limit hit fails this job only).
    const { exportPool } = await (await import('../../engine/node.js')).loadExportPool();
    // Signed and titled as the job (or the batch's --author) gives it, as `karya generate --author` signs its files.
    const { author, title } = job.publish ?? {};
    const doc = bookDocument(spec, state, { ...(author ? { author } : {}), ...(title ? { title } : {}) });
    for (const { format, file } of job.exports) await writeAtomically(file, await exportPool({ maxQueued: Infinity, countsWaiting: false }).render(doc, format));
  }
}
