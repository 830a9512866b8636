// One export worker thread (engine/node/export/pool.ts): renders book documents with renderDocument, one
// at a time, and sends the bytes back (transferred, not copied). Whatever a renderer does to its heap or
// its time stays in this thread, which the pool ends when it takes too long or runs out of memory.
import { parentPort } from 'node:worker_threads';
import type { BookDocument, ExportFormat } from '../../session/book.js';
import { ensureLanguages, setLanguageSource } from '../../languages/index.js';
import { handedLanguages, serializeError, type WorkerReply } from '../worker-pool.js';
import { renderDocument, type BilingualDocument, type BilingualLayout } from './index.js';

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

parentPort?.on('message', (request: RenderRequest) => {
  void (async () => {
    try {
      if (!tableSet) {
        // Read now: every catalogue's words (every language's, from the table's files) are filled then.
        ensureLanguages();
        tableSet = true;
      }
      const bytes = await renderDocument(request.doc, request.format, { ...(request.date ? { date: request.date } : {}), ...(request.cover ? { cover: request.cover } : {}), ...(request.bilingualLayout ? { bilingualLayout: request.bilingualLayout } : {}) });
      // A view into a larger pooled buffer is copied into its own, so only the file's bytes move.
      const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
      parentPort!.postMessage({ id: request.id, value: own } satisfies WorkerReply<Uint8Array>, [own.buffer as ArrayBuffer]);
    } catch (error) {
      parentPort!.postMessage({ id: request.id, error: serializeError(error) } satisfies WorkerReply<Uint8Array>);
    }
  })();
});
