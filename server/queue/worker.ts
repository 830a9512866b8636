// A step worker (`karya worker`, and `karya serve` unless --no-worker): it runs queued steps and batch
// books in this process under leases it renews, and on stop drains what runs and gives the rest back.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { JobWithMetadata } from 'pg-boss';
import PQueue from 'p-queue';
import type { PgPool } from '../store/postgres/connect.js';
import type { Logger } from 'pino';
import type { Provider } from '../../engine/node.js';
import type { AppContext } from '../core/context.js';
import { createPool, waitForDatabase } from '../store/postgres/connect.js';
import type { StepRequest } from '../core/steps.js';
import { WORKER_APPLICATION } from '../store/postgres/channel.js';
import { answerStops } from './stop.js';
import { BATCH_QUEUE } from './batch.js';
import { startSweeper } from './sweep.js';
import { handleStep, ourStepFailure } from './step-job.js';
import { startBatchLoop } from './batch-loop.js';
import { STEP_QUEUE, WORK_POLL_S, leaseClock, readOutcome, type StepQueue, type WorkerParts } from './jobs.js';

export interface StepWorker {
  id: string;
  /** Steps running now. */
  active(): number;
  /** Take no more steps; wait up to `drainMs` for the running ones. */
  stop(opts?: { drainMs?: number }): Promise<void>;
}

/**
 * Run queued steps in this process: `concurrency` at once. `ctx` supplies the repositories (Postgres),
 * the catalog, the provider and the configuration, as for the server's own steps; `batchProvider`, when
 * given, makes the calls of batch steps (`karya worker` gives the one `karya batch` uses locally).
 */
export async function startStepWorker(
  ctx: AppContext,
  queue: StepQueue,
  opts: { concurrency?: number; logger?: Logger; batchProvider?: Provider } = {},
): Promise<StepWorker> {
  const logger = opts.logger ?? ctx.logger;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const running = new Map<string, AbortController>();
  let isStopping = false;
  const offCancel = queue.channel.onCancel((jobId) => running.get(jobId)?.abort());
  // A batch's books are held twice as many as calls run at once, and their calls share one p-queue of
  // `concurrency`, as a local batch's books share theirs: a call slot never waits while a book saves its
  // step between two calls, and a worker's books end together instead of in waves of `concurrency` (the
  // slowest book of each wave holding up the next). First come, first served: a call waits for its slot
  // within its step's time-out, which a priority order (a local batch's: most steps left first) could
  // make a short book's call outwait.
  // The second `concurrency` of them is taken once every call slot is busy: until then a worker prepares
  // (locks, loads, renders) only as many books as it can call for, so that the first calls go out as soon
  // as they can, and the rest are prepared while those calls run.
  const batchBooks = 2 * concurrency;
  const batchCalls = new PQueue({ concurrency });
  // The writer's Stop sent to another instance reaches their step here (server/queue/stop.ts).
  const offStop = answerStops(ctx, queue.channel);
  // The model's window asked now, while the worker waits for work: a batch's first calls would wait a round trip for
  // it (asked again by the first book when the model's server could not be reached yet: engine/providers/openai.ts).
  void (opts.batchProvider ?? ctx.provider).contextWindow?.().catch(() => undefined);
  const locks = await prepareWorker(ctx, queue, concurrency, batchBooks);

  const heartbeat = startHeartbeat(ctx, queue, { workerId, running, logger });
  startSweeper(ctx, queue, logger);

  const leased = leaseKeeper(queue, workerId, running);
  const parts: WorkerParts = { locks, logger, leased, afterOurFailure: afterOurFailureOf(ctx, queue, logger) };
  const workIds = await workStepQueue(ctx, queue, parts, concurrency);
  const batch = startBatchLoop(ctx, queue, {
    ...parts,
    concurrency,
    batchBooks,
    batchCalls,
    isStopping: () => isStopping,
    ...(opts.batchProvider ? { batchProvider: opts.batchProvider } : {}),
  });
  const wakeBatch = batch.wake;
  // A job queued anywhere wakes this process's workers of its queue (else they fetch at their next poll).
  const offJob = queue.channel.onJob((name) => {
    if (name === BATCH_QUEUE) wakeBatch();
    else for (const id of workIds) queue.boss.notifyWorker(id);
  });
  logger.info({ workerId, concurrency }, 'step worker started');
  return {
    id: workerId,
    active: () => running.size,
    stop: async (stopOpts = {}) => {
      // A batch's book in progress goes back to the queue after its running step.
      isStopping = true;
      wakeBatch();
      for (const id of workIds) await queue.boss.offWork(STEP_QUEUE, { id, wait: false }).catch(() => undefined);
      // Let running steps finish (their leases stay renewed meanwhile); what is left after `drainMs` is
      // picked up again by another worker once its lease runs out.
      const until = Date.now() + (stopOpts.drainMs ?? 0);
      while (running.size && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
      // The batch books that ended are completed (or given back) before the connections go.
      await batch.loop;
      if (!running.size) await Promise.all(batch.ends);
      clearInterval(heartbeat);
      offCancel();
      offStop();
      offJob();
      await queue.channel.setApplicationName('karya-queue').catch(() => undefined);
      await locks.end().catch(() => undefined);
    },
  };
}

/**
 * The leases' heartbeat: only the leases of steps running here are renewed, so that a lease whose release failed
 * (the database was away) runs out and is swept, which gives its job back to the queue.
 */
function startHeartbeat(
  ctx: AppContext,
  queue: StepQueue,
  input: { workerId: string; running: ReadonlyMap<string, AbortController>; logger: Logger },
): NodeJS.Timeout {
  const { workerId, running, logger } = input;
  const heartbeat = setInterval(() => {
    const ids = [...running.keys()];
    if (!ids.length) return;
    queue.tables
      .renewLeases(workerId, ids)
      .catch((error: unknown) => logger.warn({ err: error }, 'lease heartbeat failed'));
  }, leaseClock(ctx.config).heartbeatMs);
  heartbeat.unref();
  return heartbeat;
}

/**
 * A job failed for a reason of ours (the database went away mid-step), not the step's: wait for the
 * database (with backoff, up to the generation time-out) before giving the job back, so that pg-boss
 * can record the failure and run it again at once; the next attempt finds the step's charge, and its
 * part when the commit had landed.
 */
function afterOurFailureOf(ctx: AppContext, queue: StepQueue, logger: Logger): WorkerParts['afterOurFailure'] {
  return async (error: unknown) => {
    logger.warn(
      { err: error },
      'a queued step failed for want of the database; it runs again once the database is back',
    );
    await waitForDatabase(queue.pool, { maxMs: ctx.config.generationTimeoutMs });
  };
}

/**
 * Get a worker ready before its first job: the lock pool and the store's pool opened and warm, the
 * prompt templates compiled, and the worker's name on the listening connection. Returns the lock pool.
 */
async function prepareWorker(
  ctx: AppContext,
  queue: StepQueue,
  concurrency: number,
  batchBooks: number,
): Promise<PgPool> {
  // Per-book locks hold a connection for a whole step: they get their own pool, one connection per
  // handler (steps and batch steps), so that held and awaited locks never starve the queries of the
  // steps holding them (which would stop every worker).
  // Its connections are opened now and kept (a new connection costs a backend's start, ~20 ms, which a
  // job would wait for), one per handler that can run at once.
  const locks = createPool(queue.url, { max: concurrency + batchBooks, applicationName: 'karya-locks', idleMs: 0 });
  for (const opened of await Promise.allSettled(Array.from({ length: batchBooks }, () => locks.connect())))
    if (opened.status === 'fulfilled') opened.value.release();
  // The store's pool keeps as many connections open (opened now) as jobs can run at once: a job's first
  // query (its lease) would otherwise wait for a new connection after the pool's idle time-out.
  queue.pool.options.min = Math.min(concurrency, queue.pool.options.max ?? 10);
  for (const opened of await Promise.allSettled(
    Array.from({ length: queue.pool.options.min }, () => queue.pool.connect()),
  ))
    if (opened.status === 'fulfilled') opened.value.release();
  // The prompt templates compiled before the first job rather than during its first step.
  ctx.catalog.renderer.compileAll();
  // Servers tell whether any worker is alive by this name on the listening connection.
  await queue.channel.setApplicationName(WORKER_APPLICATION);
  return locks;
}

/**
 * Hold a lease on a job while it runs: renewed by the heartbeat, dropped when it ends. `fn` starts while
 * the lease is written and waits for `leasedNow` before its work (a batch job takes its book's lock
 * meanwhile). The lease is dropped without waiting: a lease left behind (the database away) only
 * ends up in the sweep, which leaves a completed job alone.
 */
function leaseKeeper(queue: StepQueue, workerId: string, running: Map<string, AbortController>): WorkerParts['leased'] {
  return async <T>(
    queueName: string,
    jobId: string,
    abort: AbortController,
    fn: (leasedNow: Promise<void>) => Promise<T>,
  ): Promise<T> => {
    running.set(jobId, abort);
    try {
      const leasedNow = queue.tables.lease({ jobId, queue: queueName, workerId });
      leasedNow.catch(() => undefined);
      const result = await fn(leasedNow);
      await leasedNow;
      return result;
    } finally {
      running.delete(jobId);
      queue.tables.endLease(jobId, workerId).catch(() => undefined);
    }
  };
}

/**
 * The step queue's `concurrency` loops, each fetching when a job is announced (the worker's onJob), else
 * every WORK_POLL_S: a poll only finds jobs that nobody announced (retries after a pause, jobs failed
 * back by the sweep). A loop that has just run a job fetches again at once, as the batch loop does when a
 * book ends: jobs announced while every loop was busy wait in the queue, and only an empty fetch waits for
 * the poll (50 steps queued at once on 8 loops took a poll of 2 s per wave of 8). Returns their ids.
 */
async function workStepQueue(
  ctx: AppContext,
  queue: StepQueue,
  parts: WorkerParts,
  concurrency: number,
): Promise<string[]> {
  const handle = async (job: JobWithMetadata<StepRequest>) => {
    // Its request gave up before any worker took it (no worker answered in time): not started.
    if (job.data.startBy && Date.now() > job.data.startBy) return;
    const abort = new AbortController();
    await parts.leased(STEP_QUEUE, job.id, abort, async (leasedNow) => {
      try {
        // Read once the job is listed as running here: a request that left marks it dropped and then
        // publishes its cancel, so either the mark is seen now or the cancel aborts the step (refunded).
        if ((await readOutcome(queue, job.id))?.kind === 'dropped') return;
        await leasedNow;
      } catch (error) {
        // The database went away as the step started: given back once it is here again, as a failure within the step
        // is.
        await ourStepFailure(ctx, queue, parts, job, error);
        throw error;
      }
      return handleStep(ctx, queue, parts, job, abort);
    });
  };
  const workIds: string[] = [];
  for (let i = 0; i < concurrency; i++) {
    let workId = '';
    workId = await queue.boss.work(
      STEP_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: WORK_POLL_S, includeMetadata: true },
      async ([job]: Array<JobWithMetadata<StepRequest>>) => {
        if (!job) return;
        try {
          await handle(job);
        } finally {
          // Woken while it runs the job: once it ends, this loop fetches again instead of waiting for the poll.
          if (workId) queue.boss.notifyWorker(workId);
        }
      },
    );
    workIds.push(workId);
  }
  return workIds;
}
