// One audio worker thread (audio-pool.ts): a voice's answer decoded, trimmed and measured into its piece file, or a
// file of the edition laid out, mastered and measured (master.ts), each by FFmpeg processes this thread drives. The
// samples' loops (trim, clipping, levels) and the layout's reads and writes happen here, never on the thread that
// asks the voices or serves requests; a paragraph's samples at a time, streamed to files, so a thread's memory does
// not grow with a chapter or a book.
import { readFile, rm, writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { ensureLanguages, setLanguageSource } from '../../languages/index.js';
import { handedLanguages, serializeError, type WorkerReply } from '../worker-thread.js';
import { masterFile } from './master.js';
import { clippedStretches, decodeFilesToPcm, peakOf, sumOfSquares, trimSilence } from './pcm.js';
import type { AudioJob, PieceMeasured } from './audio-jobs.js';

const handed = handedLanguages();
if (handed) setLanguageSource(() => handed);
let tableSet = false;

/**
 * Voices' answers (files) as piece files (raw 16-bit mono 44.1 kHz, their silence at both ends cut), decoded by one
 * FFmpeg, then read one at a time, and what each measured: its length, level, peak and clipped stretches.
 */
async function pieces(answers: readonly string[], files: readonly string[]): Promise<PieceMeasured[]> {
  try {
    await decodeFilesToPcm(answers, files);
  } finally {
    await Promise.all(answers.map((answer) => rm(answer, { force: true })));
  }
  const measured: PieceMeasured[] = [];
  for (const file of files) {
    const read = await readFile(file);
    // Samples start on an even byte (a copy when the buffer's place is odd).
    const bytes = read.byteOffset % 2 ? Uint8Array.prototype.slice.call(read) : read;
    const pcm = trimSilence(new Int16Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 1));
    await writeFile(file, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
    measured.push({
      samples: pcm.length,
      sumSquares: sumOfSquares(pcm),
      peak: peakOf(pcm),
      clipped: clippedStretches(pcm),
    });
  }
  return measured;
}

parentPort?.on('message', (job: AudioJob & { id: number }) => {
  void (async () => {
    try {
      if (!tableSet) {
        // An error's words (AudioError's message) come from the table this thread was handed.
        ensureLanguages();
        tableSet = true;
      }
      const value =
        job.kind === 'pieces'
          ? await pieces(job.answers, job.files)
          : await masterFile({ pieces: job.pieces, out: job.out, raw: job.raw, tags: job.tags });
      parentPort!.postMessage({ id: job.id, value } satisfies WorkerReply<unknown>);
    } catch (error) {
      parentPort!.postMessage({ id: job.id, error: serializeError(error) } satisfies WorkerReply<unknown>);
    }
  })();
});
