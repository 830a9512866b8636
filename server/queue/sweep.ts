// The queue's sweep, run every few seconds by every process with the queue: dead workers' leases taken
// over (their jobs failed back to pg-boss, or given up after the last attempt), generations lost with
// both their worker and their request refunded, which unlocks their book, and editions' runs whose process
// stopped beating freed, their undelivered part refunded.
import type { Logger } from 'pino';
import type { AppContext } from '../core/context.js';
import type { StepRequest } from '../core/steps.js';
import { announceJob } from '../store/postgres/channel.js';
import { BATCH_QUEUE, type BatchBookJob } from './batch.js';
import { giveUpBatchStep } from './batch-book.js';
import { ANSWER_GRACE_MS, STEP_QUEUE, giveUp, leaseClock, type StepQueue } from './jobs.js';

/** The running sweep of a queue, once per process (worker and dispatcher share it). */
const SWEEPS = new WeakMap<StepQueue, NodeJS.Timeout>();

/**
 * Sweep dead workers' leases and lost generations every few seconds in this process, once per queue;
 * any process with the queue may (a `--no-worker` instance too): each lease is claimed by one sweeper.
 */
export function startSweeper(ctx: AppContext, queue: StepQueue, logger: Logger = ctx.logger): void {
  if (SWEEPS.has(queue)) return;
  const { heartbeatMs } = leaseClock(ctx.config);
  const sweeper = setInterval(
    () => {
      sweepDeadLeases(ctx, queue, logger).catch((error: unknown) => logger.warn({ err: error }, 'lease sweep failed'));
    },
    heartbeatMs + Math.floor(Math.random() * (heartbeatMs / 5)),
  );
  sweeper.unref();
  SWEEPS.set(queue, sweeper);
}

/** Stop this process's sweep of a queue (when the queue closes). */
export function stopSweeper(queue: StepQueue): void {
  clearInterval(SWEEPS.get(queue));
  SWEEPS.delete(queue);
}

/** How long a generation may run before the sweep asks whether its job is still anyone's. */
function lostAfterMs(ctx: AppContext): number {
  return ctx.config.generationTimeoutMs + 2 * ANSWER_GRACE_MS;
}

/** Jobs still on their way: queued, waiting for a retry, or running. */
const LIVE_STATES = new Set(['created', 'retry', 'active']);

/**
 * Take over the leases of dead workers: each is claimed by one sweeper (DELETE … RETURNING) and its job
 * failed back to pg-boss, which queues it again while attempts remain. A job out of attempts (or
 * cancelled: its request left) is refunded when its generation still runs, and its request answered.
 * Then the generations still running long after the time-out whose job is no longer on its way (their
 * worker and their request both gone): refunded, which unlocks the book.
 */
export async function sweepDeadLeases(ctx: AppContext, queue: StepQueue, logger: Logger): Promise<number> {
  // Answers are read within seconds of being written, and a batch's budget looks back one window:
  // anything older than an hour is nobody's any more.
  const hourAgo = Date.now() - 3_600_000;
  await queue.batches.dropPlaces(hourAgo);
  const dead = await queue.tables.sweep({ before: hourAgo, deadBefore: Date.now() - leaseClock(ctx.config).timeoutMs });
  for (const lease of dead) {
    const stopped = 'worker stopped during a step; the step goes back to the queue';
    logger.warn({ job: lease.job_id, worker: lease.worker_id }, stopped);
    await queue.boss.fail(lease.queue, lease.job_id, { reason: 'worker stopped' });
    // Its retry (at once for a step) wakes the workers rather than waiting for their next poll.
    await announceJob(queue.pool, lease.queue).catch(() => undefined);
    if (lease.queue === BATCH_QUEUE) {
      const job = await queue.boss.getJobById<BatchBookJob>(lease.queue, lease.job_id);
      if (job && job.state === 'failed') await giveUpBatchStep(queue.batches, job.data);
      continue;
    }
    const job = await queue.boss.getJobById<StepRequest>(lease.queue, lease.job_id);
    if (job && !LIVE_STATES.has(job.state)) await giveUp(ctx, queue, job);
  }
  await refundLostGenerations(ctx, queue, logger);
  // Editions' runs hold a lease of their own, renewed by their process's heartbeat (server/core/edition-lease.ts):
  // a run whose process stopped beating is freed and the part it charged and never delivered refunded.
  const editions = await ctx.repos.editionLeases.sweep({ now: Date.now() });
  if (editions.freed) {
    const freed = 'edition runs stopped with their process; their leases freed and undelivered parts refunded';
    logger.warn({ freed: editions.freed, refunded: editions.refunded }, freed);
  }
  return dead.length;
}

/** Generations lost with both their worker and their request. */
async function refundLostGenerations(ctx: AppContext, queue: StepQueue, logger: Logger): Promise<void> {
  const before = new Date(Date.now() - lostAfterMs(ctx)).toISOString().slice(0, 19).replace('T', ' ');
  const stale = await queue.tables.runningBefore(before, 50);
  for (const generation of stale) {
    const job = await queue.boss.getJobById<StepRequest>(STEP_QUEUE, generation.id);
    if (job && LIVE_STATES.has(job.state)) continue;
    if (await queue.tables.hasLease(generation.id)) continue;
    logger.warn({ generation: generation.id }, 'a generation outlived its worker and its request; refunded');
    await ctx.repos.generations.refund({
      userId: generation.user_id,
      charge: { generationId: generation.id, credits: generation.credits_charged },
      reason: `Refund: ${generation.generator_id} ${generation.step} (workers stopped)`,
      errorCode: 'service_unavailable',
    });
  }
}
