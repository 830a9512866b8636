// One queued step run by a worker: under its book's lock (a Postgres advisory lock on its own connection),
// its events published in order, its outcome written for the request that waits for it.
import type { JobWithMetadata } from 'pg-boss';
import type { PgPool } from '../store/postgres/connect.js';
import type { HeldLock } from '../store/postgres/queue-tables.js';
import type { AppContext } from '../core/context.js';
import { ApiError } from '../errors/api-error.js';
import { runUserStep, StepFailure, type StepRequest } from '../core/steps.js';
import type { StepEvent } from '../store/postgres/channel.js';
import { failureOutcome, giveUp, writeOutcome, type StepOutcome, type StepQueue, type WorkerParts } from './jobs.js';

/**
 * One queued step run here under its book's lock: its events published in order, its outcome written for the request.
 */
export async function handleStep(
  ctx: AppContext,
  queue: StepQueue,
  worker: WorkerParts,
  job: JobWithMetadata<StepRequest>,
  abort: AbortController,
): Promise<void> {
  const { locks, logger } = worker;
  const request = job.data;
  // Events go out in order: one chain per job.
  let tail: Promise<void> = Promise.resolve();
  const publish = (event: StepEvent) => {
    tail = tail
      .then(() => queue.channel.publish(job.id, event))
      .catch((error: unknown) => logger.warn({ err: error }, 'step event not sent'));
  };
  let lock: { release(): Promise<void> };
  try {
    lock = await bookLock(ctx, queue, locks, request, abort);
  } catch (error) {
    await ourStepFailure(ctx, queue, worker, job, error);
    throw error;
  }
  let isCharged = false;
  try {
    let outcome: StepOutcome | undefined;
    try {
      await runUserStep(ctx, request, {
        client: abort.signal,
        onCharged: () => {
          isCharged = true;
          publish({ t: 'charged' });
        },
        onDelta: (text) => publish({ t: 'delta', d: text }),
        onRetry: (notice) => publish({ t: 'retry', n: notice }),
        onDone: (payload) => {
          outcome = { kind: 'done', payload };
          // The answer goes out before the memory update (as on the single server).
          const done = outcome;
          tail = tail
            .then(() => writeOutcome(queue, job.id, done))
            .then(() => queue.channel.publish(job.id, { t: 'end' }).catch(() => undefined));
          // Awaited after the memory update; marked handled now so that a failure waits for that.
          tail.catch(() => undefined);
        },
      });
      if (!outcome) outcome = { kind: 'gone' };
    } catch (error) {
      if (error instanceof StepFailure)
        outcome = error.isClientGone ? { kind: 'gone' } : failureOutcome(error.error, true);
      else if (error instanceof ApiError) outcome = failureOutcome(error, isCharged);
      else throw error;
    }
    if (outcome.kind !== 'done') {
      const failed = outcome;
      tail = tail
        .then(() => writeOutcome(queue, job.id, failed))
        .then(() => queue.channel.publish(job.id, { t: 'end' }).catch(() => undefined));
    }
    await tail;
  } catch (error) {
    // Not the step's failure (that is answered above) but ours, such as a lost database connection.
    await ourStepFailure(ctx, queue, worker, job, error);
    throw error;
  } finally {
    await lock.release();
  }
}

/**
 * A queued step failed for a reason of ours (the database went away before or during it), not the step's:
 * once the database is back (afterOurFailure waits for it), the caller throws and pg-boss records the failure
 * and runs the job again; after its last attempt the request is answered here and the step refunded. Thrown to
 * pg-boss while the database is still away, the failure could not be recorded: the job would stay active with
 * no lease for the sweep to take over, and its request would wait for its time-out.
 */
export async function ourStepFailure(
  ctx: AppContext,
  queue: StepQueue,
  worker: Pick<WorkerParts, 'logger' | 'afterOurFailure'>,
  job: JobWithMetadata<StepRequest>,
  error: unknown,
): Promise<void> {
  await worker.afterOurFailure(error);
  if (job.retryCount >= job.retryLimit)
    await giveUp(ctx, queue, job).catch((err: unknown) =>
      worker.logger.warn({ err }, 'could not answer a failed step'),
    );
}

/**
 * One step of one user's book at a time across every worker: an advisory lock held on its own connection
 * (from the lock pool). Losing that connection loses the lock: the step is aborted (and refunded).
 */
async function bookLock(
  ctx: AppContext,
  queue: Pick<StepQueue, 'tables'>,
  pool: PgPool,
  request: StepRequest,
  abort: AbortController,
): Promise<HeldLock> {
  const spec = ctx.catalog.get(request.generatorId);
  if (!spec || spec.kind !== 'book') return { release: async () => undefined };
  return queue.tables.holdLock(pool, `karya_book|${request.userId}|${spec.bookType}`, () => abort.abort());
}
