// One export worker thread (engine/node/export/pool.ts): renders book documents with renderDocument, or makes a
// package's covers from their art (print/cover-art.ts), one at a time, and sends the bytes back (transferred, not
// copied). Whatever a renderer or a decode does to its heap or its time stays in this thread, which the pool ends
// when it takes too long or runs out of memory.
import { parentPort } from 'node:worker_threads';
import type { BookDocument, ExportFormat } from '../../session/book-document.js';
import { ensureLanguages, setLanguageSource } from '../../languages/index.js';
import { handedLanguages, serializeError, type WorkerReply } from '../worker-thread.js';
import { renderDocument } from './render.js';
import type { BilingualDocument, BilingualLayout } from './bilingual.js';
import type { CoverArt, CoverSizes, PreparedCover } from '../print/cover-art.js';

/** A package's covers to make from their art (print/cover-art.ts prepareCoverArt), in this thread. */
export interface CoverRequest {
  id: number;
  art: CoverArt;
  sizes: CoverSizes;
}

export interface RenderRequest {
  id: number;
  doc: BookDocument | BilingualDocument;
  format: ExportFormat;
  date?: Date;
  cover?: Uint8Array;
  bilingualLayout?: BilingualLayout;
}

// The language table as the pool's process read it (the front matter's words, a language's tags), handed to the
// thread as it starts (export/pool.ts) rather than read here: the thread loads no file reader and stays within a
// small heap.
const handed = handedLanguages();
if (handed) setLanguageSource(() => handed);
let tableSet = false;

/**
 * The covers asked for, made here: sharp (loaded on the first cover) keeps nothing decoded for a next operation
 * (its default keeps up to 50 MB) and decodes on one of libvips's threads rather than one a core (each holds its
 * own strips: about 15 MB less a 40-megapixel decode, measured). The settings are the process's: on a server the
 * export threads are the only ones that decode pictures.
 */
async function coversOf(request: CoverRequest): Promise<PreparedCover> {
  const [{ default: sharp }, { prepareCoverArt }] = await Promise.all([
    import('sharp'),
    import('../print/cover-art.js'),
  ]);
  sharp.cache(false);
  sharp.concurrency(1);
  return prepareCoverArt(request.art, request.sizes);
}

parentPort?.on('message', (request: RenderRequest | CoverRequest) => {
  void (async () => {
    try {
      if (!tableSet) {
        // Read now: every catalogue's words (every language's, from the table's files) are filled then.
        ensureLanguages();
        tableSet = true;
      }
      if ('art' in request) {
        const prepared = await coversOf(request);
        const moved = [prepared.ebook?.bytes.buffer, prepared.front?.jpeg.buffer].filter(
          (b): b is ArrayBuffer => b instanceof ArrayBuffer,
        );
        parentPort!.postMessage({ id: request.id, value: prepared } satisfies WorkerReply<PreparedCover>, moved);
        return;
      }
      const bytes = await renderDocument(request.doc, request.format, {
        ...(request.date ? { date: request.date } : {}),
        ...(request.cover ? { cover: request.cover } : {}),
        ...(request.bilingualLayout ? { bilingualLayout: request.bilingualLayout } : {}),
      });
      // A view into a larger pooled buffer is copied into its own, so only the file's bytes move.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      parentPort!.postMessage({ id: request.id, value: own } satisfies WorkerReply<Uint8Array>, [
        own.buffer as ArrayBuffer,
      ]);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: serializeError(error) } satisfies WorkerReply<Uint8Array>);
    }
  })();
});
