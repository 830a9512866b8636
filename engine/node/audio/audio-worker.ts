// One audio worker thread (audio-pool.ts): a voice's answer decoded, trimmed and measured into its piece file, or a
// file of the edition laid out, mastered and measured (master.ts), each by FFmpeg processes this thread drives. The
// samples' loops (trim, clipping, levels) and the layout's reads and writes happen here, never on the thread that
// asks the voices or serves requests; a paragraph's samples at a time, streamed to files, so a thread's memory does
// not grow with a chapter or a book.
import { writeFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import { ensureLanguages, setLanguageSource } from '../../languages/index.js';
import { handedLanguages, serializeError, type WorkerReply } from '../worker-thread.js';
import { masterFile } from './master.js';
import { clippedStretches, decodeToPcm, peakOf, sumOfSquares, trimSilence } from './pcm.js';
import type { AudioJob, PieceMeasured } from './audio-jobs.js';

const handed = handedLanguages();
if (handed) setLanguageSource(() => handed);
let tableSet = false;

/**
 * A voice's audio as its piece file (raw 16-bit mono 44.1 kHz, its silence at both ends cut) and what it measured:
 * its length, level, peak and clipped stretches.
 */
async function piece(bytes: Uint8Array, file: string): Promise<PieceMeasured> {
  const pcm = trimSilence(await decodeToPcm(bytes));
  await writeFile(file, new Uint8Array(pcm.buffer, pcm.byteOffset, pcm.byteLength));
  return { samples: pcm.length, sumSquares: sumOfSquares(pcm), peak: peakOf(pcm), clipped: clippedStretches(pcm) };
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
        job.kind === 'piece'
          ? await piece(job.bytes, job.file)
          : await masterFile({ pieces: job.pieces, out: job.out, raw: job.raw, tags: job.tags });
      parentPort!.postMessage({ id: job.id, value } satisfies WorkerReply<unknown>);
    } catch (error) {
      parentPort!.postMessage({ id: job.id, error: serializeError(error) } satisfies WorkerReply<unknown>);
    }
  })();
});
