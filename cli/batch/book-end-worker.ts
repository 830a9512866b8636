// The book-end thread (book-end.ts): a finished batch book's files written and its whole text read (continuity,
// words, marks) here, instead of on the thread that sends and reads a batch's calls; and the batch's near-duplicate
// reading (the engine's closenessReply, ClosenessPool given this thread), one thread for both. The generators' specs
// are kept by the number the caller gave each, so a book's end sends its state, not its generator again.
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
// The engine's door for this thread alone (it also sets the language table's source: a book's files are written in its
// language's words); the Node door would load the whole engine here.
import { closenessReply, serializeError, type ClosenessRequest, type WorkerReply } from '../../engine/book-end.js';
import type { BookEndReply, BookEndRequest } from './book-end.js';
import type { BatchJob } from './jobs.js';

/**
 * The thread's niceness (Linux keeps one per thread: the batch's own thread stays at its own). A book's end and a
 * near-duplicate reading can wait; the batch's thread that reads each answer and sends the next call cannot, and on a
 * 2-core machine the two, the model's server and the collector's threads take turns on the cores. 400-book prose batch
 * (bench/batch-process.ts in an autogroup of its own at nice -19 while other work loaded the machine to 20), 5 rounds
 * of single runs: the middle 1.184-1.244× (median 1.214) at 0, 1.160-1.174 (1.163) at 10, 1.142-1.146 at 19; CPU a
 * call and peak RSS the same. 10, not 19: the thread still gets a tenth of a core beside one busy task at 0, so a busy
 * machine slows a batch's book ends rather than stopping them.
 */
const NICENESS = 10;
try {
  setPriority(NICENESS);
} catch {
  // A system that refuses it runs the thread at the batch's own priority.
}

const specs = new Map<number, BatchJob['spec']>();
/** The book-end work, loaded at the first end (a small batch ends its books on its own thread: reading only here). */
let work: Promise<typeof import('./book-end-work.js')> | undefined;

async function end(request: BookEndRequest): Promise<BookEndReply> {
  if (request.spec) specs.set(request.specId, request.spec);
  const spec = specs.get(request.specId);
  if (!spec) return { missing: true };
  const { endFailureOf, endOfBook } = await (work ??= import('./book-end-work.js'));
  try {
    // Written at once: this thread's other work (the next end, a near-duplicate reading) can wait a write.
    const job = { ...request.job, spec };
    return { figures: await endOfBook(job, request.state, request.png, request.ask, { canBlock: true }) };
  } catch (error) {
    return { failed: endFailureOf(error) };
  }
}

// Ends as they come, each written at once (an export waits for the export pool's threads meanwhile, and the next end
// is begun). A reading is answered at once, in the order its requests came (the catalogue keeps the books in that
// order).
parentPort?.on('message', (request: BookEndRequest | ClosenessRequest) => {
  if (request.kind !== 'end') return parentPort!.postMessage(closenessReply(request));
  void end(request).then(
    (value) => parentPort!.postMessage({ id: request.id, value } satisfies WorkerReply<BookEndReply>),
    (error: unknown) =>
      parentPort!.postMessage({ id: request.id, error: serializeError(error) } satisfies WorkerReply<BookEndReply>),
  );
});
