// The near-duplicate reading thread (pool.ts): a book's fingerprint and reuse across its parts, and the passages
// it shares with the close books, read here instead of on the thread that schedules a batch's calls. The texts'
// runs are kept here (engine/publish/near-duplicate.ts runsOfText), so a close book's parts, read when its own
// fingerprint was made, are not read again for its passages.
import { parentPort } from 'node:worker_threads';
import { measureBook, passagesWith } from '../../publish/index.js';
import { serializeError, type WorkerReply } from '../worker-pool.js';

export type ClosenessRequest =
  | { id: number; kind: 'measure'; parts: readonly string[] }
  | { id: number; kind: 'passages'; parts: readonly string[]; others: ReadonlyArray<readonly string[]>; count: number };

parentPort?.on('message', (request: ClosenessRequest) => {
  try {
    const value = request.kind === 'measure' ? measureBook(request.parts) : passagesWith(request.parts, request.others, request.count);
    parentPort!.postMessage({ id: request.id, value } satisfies WorkerReply<unknown>);
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: serializeError(error) } satisfies WorkerReply<unknown>);
  }
});
