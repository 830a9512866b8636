// A worker's loop over the batch queue: as many books fetched as there is room for, each then run,
// completed or failed back for its retry on its own as it ends.
import type { JobWithMetadata } from 'pg-boss';
import type PQueue from 'p-queue';
import { GenerationError } from '../../engine/index.js';
import type { Provider } from '../../engine/node.js';
import type { AppContext } from '../core/context.js';
import { BATCH_QUEUE, type BatchBookJob } from './batch.js';
import { giveUpBatchStep, runBatchStep } from './batch-book.js';
import { WORK_POLL_S, type StepQueue, type WorkerParts } from './jobs.js';

export interface BatchLoopParts extends WorkerParts {
  concurrency: number;
  batchBooks: number;
  batchCalls: PQueue;
  batchProvider?: Provider;
  isStopping: () => boolean;
}

export interface BatchLoop {
  /** Fetch again now (a book ended, a job was announced, the worker stops). */
  wake: () => void;
  /** Ends once the worker stops. */
  loop: Promise<void>;
  /** The books running now, each ending once completed or given back. */
  ends: Set<Promise<void>>;
}

/**
 * The batch queue: one loop fetching as many books as there is room for (one query for a wave of books,
 * where a loop per book made a fetch each, queued on pg-boss's few connections), each book then
 * completed, or failed back for its retry, on its own as it ends.
 */
export function startBatchLoop(ctx: AppContext, queue: StepQueue, worker: BatchLoopParts): BatchLoop {
  const { logger, concurrency, batchBooks, batchCalls } = worker;
  let batchHeld = 0;
  let onBatchWake: (() => void) | undefined;
  /** Something changed since the loop last fetched (a book ended, a job was announced): fetch again. */
  let isBatchWoken = false;
  const wakeBatch = () => {
    isBatchWoken = true;
    onBatchWake?.();
  };
  const batchEnds = new Set<Promise<void>>();
  const batchLoop = (async () => {
    while (!worker.isStopping()) {
      isBatchWoken = false;
      const room = (batchCalls.pending >= concurrency ? batchBooks : concurrency) - batchHeld;
      let jobs: Array<JobWithMetadata<BatchBookJob>> = [];
      if (room > 0) {
        try {
          jobs = (await queue.boss.fetch<BatchBookJob>(BATCH_QUEUE, { batchSize: room, includeMetadata: true })) ?? [];
        } catch (error) {
          // The database is away: look again at the next turn.
          logger.warn({ err: error }, 'batch jobs could not be fetched');
        }
      }
      // The model's window is asked of its server once (engine/providers/context.ts), at the worker's start
      // (worker.ts), and waited for here before the books are opened: asked by their first calls, its answer waited
      // behind the opening of every book the worker took. Known, this waits for nothing.
      if (jobs.length) await (worker.batchProvider ?? ctx.provider).contextWindow?.();
      for (const job of jobs) {
        batchHeld++;
        const ended: Promise<void> = runBatchJob(ctx, queue, worker, job).finally(() => {
          batchHeld--;
          batchEnds.delete(ended);
          wakeBatch();
        });
        batchEnds.add(ended);
      }
      // The room is full or the queue empty: the next book's end, an announced job, or the poll.
      if (worker.isStopping() || isBatchWoken || (jobs.length && jobs.length === room)) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, WORK_POLL_S * 1000);
        function done() {
          clearTimeout(timer);
          onBatchWake = undefined;
          resolve();
        }
        onBatchWake = done;
      });
    }
  })();
  // Every call slot has become busy: the loop may hold the second `concurrency` of books (above).
  batchCalls.addEventListener('active', () => {
    if (batchCalls.pending >= concurrency && batchHeld < batchBooks) wakeBatch();
  });
  return { wake: wakeBatch, loop: batchLoop, ends: batchEnds };
}

/** One batch book's step under its lease: completed, or failed back to the queue (given up after its last attempt). */
async function runBatchJob(
  ctx: AppContext,
  queue: StepQueue,
  worker: BatchLoopParts,
  job: JobWithMetadata<BatchBookJob>,
): Promise<void> {
  const { locks, logger, leased, afterOurFailure, batchCalls } = worker;
  try {
    await leased(BATCH_QUEUE, job.id, new AbortController(), async (leasedNow) => {
      try {
        const provider = worker.batchProvider ? { provider: worker.batchProvider } : {};
        const env = { ...queue, locks, leasedNow, calls: batchCalls, isStopping: worker.isStopping, ...provider };
        await runBatchStep(ctx, env, job);
      } catch (error) {
        if (!(error instanceof GenerationError)) await afterOurFailure(error);
        if (job.retryCount >= job.retryLimit) await giveUpBatchStep(queue.batches, job.data).catch(() => undefined);
        throw error;
      }
    });
    await queue.boss.complete(BATCH_QUEUE, job.id);
  } catch (error) {
    // The queue runs it again after its pause (with backoff), as pg-boss's own workers do.
    const message = error instanceof Error ? error.message : String(error);
    await queue.boss
      .fail(BATCH_QUEUE, job.id, { message })
      .catch((err: unknown) => logger.warn({ err }, 'a batch job could not be given back; the lease sweep will'));
  }
}
