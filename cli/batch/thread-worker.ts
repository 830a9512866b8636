// One thread of a batch on several (threads.ts): its share of the jobs validated as the command did, its books'
// saved progress loaded, then run as a batch of its own (runBatch). Its events go to the command's thread in a
// message a turn; a finished book is compared there (one catalogue for the batch).
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog } from '../../engine/node.js';
import { batchThreadProvider } from '../commands/index.js';
import type { BookState } from '../../engine/index.js';
import { openCliState } from '../state.js';
import { validateJobs } from './jobs.js';
import type { CheckJob, JobNearDuplicates } from './near-duplicates.js';
import { loadBooks, runBatch, type BatchEvent } from './scheduler.js';
import type { FromThread, ThreadStart, ToThread } from './threads.js';
import { BatchThreadError } from './thread-errors.js';

const post = (message: FromThread) => parentPort!.postMessage(message);

async function main(start: ThreadStart): Promise<void> {
  const catalog = loadCatalog({ useDiskCache: true });
  const { jobs, issues } = validateJobs(start.raw, {
    catalog,
    file: start.file,
    outDir: start.outDir,
    given: start.given,
  });
  if (issues.length)
    throw new BatchThreadError('batch_thread_jobs_invalid', { job: issues[0]!.job, message: issues[0]!.message });
  // As the command's own provider, without its notice on stderr (the command has said it).
  const provider = await batchThreadProvider(process.env);
  const abort = new AbortController();
  const asked = new Map<number, (value: JobNearDuplicates) => void>();
  let go: () => void = () => undefined;
  const isToGo = new Promise<void>((resolve) => (go = resolve));
  parentPort!.on('message', (message: ToThread) => {
    if (message.type === 'go') go();
    else if (message.type === 'abort') abort.abort(new Error('interrupted'));
    else if (message.type === 'near') asked.get(message.id)?.(message.value);
  });
  // The books are opened once the command's thread has opened (and, new, migrated) their state.
  await isToGo;
  const store = await openCliState(start.state, { isDurable: false });
  let nextId = 1;
  const nearDuplicates: CheckJob | undefined = start.hasNearDuplicates
    ? (job: { key: string }, state: BookState) =>
        new Promise<JobNearDuplicates>((resolve) => {
          const id = nextId++;
          asked.set(id, (value) => {
            asked.delete(id);
            resolve(value);
          });
          post({ type: 'near', id, key: job.key, state });
        })
    : undefined;
  // Events leave once a turn, together: a message each would cost this thread and the command's more than the events.
  let waiting: BatchEvent[] = [];
  const flush = () => {
    if (waiting.length) post({ type: 'events', events: waiting });
    waiting = [];
  };
  let result;
  try {
    const books = await loadBooks(store, jobs);
    result = await runBatch({
      books,
      renderer: catalog.renderer,
      provider,
      state: store,
      limits: start.limits,
      signal: abort.signal,
      onEvent: (event) => {
        if (!waiting.length) setImmediate(flush);
        waiting.push(event);
      },
      ...(nearDuplicates ? { nearDuplicates } : {}),
    });
    flush();
  } finally {
    await store.close();
  }
  // Last: the command's thread ends this one once it has the result.
  post({ type: 'done', result });
}

// A failure of the thread's own goes as its code and params, to be worded where it is read (threads.ts).
main(workerData as ThreadStart).catch((error: unknown) =>
  post({
    type: 'failed',
    message: error instanceof Error ? error.message : String(error),
    ...(error instanceof BatchThreadError ? { code: error.code, params: { ...error.params } } : {}),
  }),
);
