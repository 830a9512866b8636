// Generation steps as jobs on Postgres (KARYA_DATABASE_URL), with pg-boss 10 (11+ needs Node 22):
// a server instance enqueues a user's step and relays its events; `karya worker` processes (and
// `karya serve` itself unless --no-worker) run the steps through the same runner as the SQLite server
// (server/steps.ts). Exactly once where it matters:
// - a job's id is its generation's id: a retried job finds its charge and is not charged again;
// - commit and refund act only on a running generation (row lock), so a part is written once;
// - one step of one book at a time: a worker holds a Postgres advisory lock on (user, book type)
//   on its own connection, which a dead worker's connection gives up at once;
// - a live worker renews the leases of its running steps every few seconds; a lease left unrenewed
//   (the worker was killed) is taken over by any other process's sweep, which fails the job back to
//   pg-boss: it runs again on another worker, within seconds. After the last attempt the sweep
//   refunds the step and answers the waiting request.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DonePayload } from '../../engine/index.js';
import type { AppContext, StepDispatcher } from '../context.js';
import type { Database } from '../store/schema.js';
import type { OpenedPostgres } from '../store/postgres/connect.js';
import { ApiError } from '../http/errors.js';
import { runUserStep, StepFailure, type StepHooks, type StepRequest } from '../steps.js';
import { StepChannel, announceJob, type StepEvent } from './channel.js';
import { BATCH_QUEUE, ensureBatchQueue, giveUpBatchStep, runBatchStep, type BatchBookJob } from './batch.js';

export const STEP_QUEUE = 'karya-step';

/** A heartbeat renews leases this often; a lease this old belongs to a dead worker. */
export const HEARTBEAT_MS = 5_000;
export const LEASE_TIMEOUT_MS = 20_000;
/** Attempts of one step: the first and two retries (a worker killed twice over is a failure). */
const RETRY_LIMIT = 2;

export type StepOutcome =
  | { kind: 'done'; payload: DonePayload }
  | { kind: 'failure'; status: number; code: string; message: string; fields?: Record<string, string>; charged: boolean }
  | { kind: 'gone' };

export interface StepQueue {
  boss: PgBoss;
  channel: StepChannel;
  db: Kysely<Database>;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** Start pg-boss (creating its schema once) and the event channel on an open Postgres database. */
export async function openQueue(postgres: OpenedPostgres, logger: Logger): Promise<StepQueue> {
  const boss = new PgBoss({
    connectionString: postgres.url,
    max: 4,
    application_name: 'karya-queue',
    // Completed jobs are kept a day for inspection; pg-boss's own expiry is only a last resort behind the leases.
    archiveCompletedAfterSeconds: 24 * 3600,
    maintenanceIntervalSeconds: 60,
  });
  boss.on('error', (error) => logger.warn({ err: error }, 'job queue error'));
  await boss.start();
  // Processes starting together would deadlock creating the same queues (pg-boss adds a partition per
  // queue): one at a time, under an advisory lock.
  const setup = await postgres.pool.connect();
  try {
    await setup.query("SELECT pg_advisory_lock(hashtext('karya_queue_setup'))");
    if (!(await boss.getQueue(STEP_QUEUE))) await boss.createQueue(STEP_QUEUE, { name: STEP_QUEUE, retryLimit: RETRY_LIMIT, retryDelay: 0, expireInSeconds: 30 * 60 });
    await ensureBatchQueue(boss);
    await setup.query("SELECT pg_advisory_unlock(hashtext('karya_queue_setup'))");
    setup.release();
  } catch (error) {
    setup.release(true);
    await boss.stop({ graceful: false, close: true }).catch(() => undefined);
    throw error;
  }
  const channel = new StepChannel(postgres.url, postgres.pool, (error) => logger.warn({ err: error }, 'step events connection lost; listening again'));
  await channel.start();
  return {
    boss,
    channel,
    db: postgres.db,
    pool: postgres.pool,
    close: async () => {
      await channel.close();
      await boss.stop({ graceful: false, close: true, wait: true }).catch(() => undefined);
    },
  };
}

async function writeOutcome(queue: StepQueue, jobId: string, outcome: StepOutcome): Promise<void> {
  const result = JSON.stringify(outcome);
  await queue.db.insertInto('step_results').values({ job_id: jobId, result, created_at: Date.now() }).onConflict((oc) => oc.column('job_id').doUpdateSet({ result })).execute();
}

async function readOutcome(queue: StepQueue, jobId: string): Promise<StepOutcome | undefined> {
  const row = await queue.db.selectFrom('step_results').select('result').where('job_id', '=', jobId).executeTakeFirst();
  return row ? (JSON.parse(row.result) as StepOutcome) : undefined;
}

/** The server side: enqueue the step, relay its events to the request's hooks, answer its outcome. */
export function queueDispatcher(queue: StepQueue, opts: { startTimeoutMs?: number } = {}): StepDispatcher {
  const startTimeoutMs = opts.startTimeoutMs ?? 180_000;
  return {
    run: (request: StepRequest, hooks: StepHooks) =>
      new Promise<void>((resolve, reject) => {
        const jobId = randomUUID();
        let isCharged = false;
        let isSettled = false;
        // No worker took the step (none is running, or all are busy for that long): it is dropped, and
        // the user is told the service is unavailable; nothing was charged.
        const startTimer = setTimeout(() => {
          void queue.boss.cancel(STEP_QUEUE, jobId).catch(() => undefined);
          void queue.channel.cancel(jobId).catch(() => undefined);
          settle(() => reject(ApiError.catalogue(503, 'service_unavailable', request.hintLang)));
        }, startTimeoutMs);
        startTimer.unref();
        const settle = (fn: () => void) => {
          if (isSettled) return;
          isSettled = true;
          clearTimeout(startTimer);
          unsubscribe();
          hooks.client.removeEventListener('abort', onAbort);
          fn();
        };
        const finish = async () => {
          const outcome = await readOutcome(queue, jobId);
          settle(() => {
            if (!outcome || outcome.kind === 'gone') return reject(new StepFailure(new ApiError(500, 'unexpected', 'An unexpected error occurred'), true));
            if (outcome.kind === 'done') {
              if (!isCharged) hooks.onCharged?.();
              hooks.onDone(outcome.payload);
              return resolve();
            }
            const error = new ApiError(outcome.status, outcome.code, outcome.message, outcome.fields);
            if (outcome.charged && !isCharged) hooks.onCharged?.();
            reject(outcome.charged ? new StepFailure(error, false) : error);
          });
        };
        const unsubscribe = queue.channel.subscribe(jobId, (event: StepEvent) => {
          if (isSettled) return;
          if (event.t === 'charged') {
            clearTimeout(startTimer);
            if (!isCharged) hooks.onCharged?.();
            isCharged = true;
          } else if (event.t === 'delta') hooks.onDelta?.(event.d);
          else void finish().catch((error: unknown) => settle(() => reject(error)));
        });
        // The client left: the worker aborts the step (refunded), or the job is dropped before it starts.
        const onAbort = () => {
          void queue.channel.cancel(jobId).catch(() => undefined);
          void queue.boss.cancel(STEP_QUEUE, jobId).catch(() => undefined);
          settle(() => reject(new StepFailure(new ApiError(499, 'client_gone', ''), true)));
        };
        hooks.client.addEventListener('abort', onAbort);
        queue.boss
          .send(STEP_QUEUE, { ...request, generationId: jobId }, { id: jobId })
          .then(async () => {
            await announceJob(queue.pool, STEP_QUEUE);
            // The outcome may be written already when the worker was quicker than this subscription's first event.
            const outcome = await readOutcome(queue, jobId);
            if (outcome) await finish();
          })
          .catch((error: unknown) => settle(() => reject(error)));
      }),
  };
}

export interface StepWorker {
  id: string;
  /** Steps running now. */
  active(): number;
  /** Take no more steps; wait up to `drainMs` for the running ones. */
  stop(opts?: { drainMs?: number }): Promise<void>;
}

/**
 * Run queued steps in this process: `concurrency` at once. `ctx` supplies the repositories (Postgres),
 * the catalog, the provider and the configuration, as for the server's own steps.
 */
export async function startStepWorker(ctx: AppContext, queue: StepQueue, opts: { concurrency?: number; logger?: Logger } = {}): Promise<StepWorker> {
  const logger = opts.logger ?? ctx.logger;
  const workerId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const running = new Map<string, AbortController>();
  const offCancel = queue.channel.onCancel((jobId) => running.get(jobId)?.abort());

  const heartbeat = setInterval(() => {
    queue.db.updateTable('step_leases').set({ heartbeat_at: Date.now() }).where('worker_id', '=', workerId).execute().catch((error: unknown) => logger.warn({ err: error }, 'lease heartbeat failed'));
  }, HEARTBEAT_MS);
  const sweeper = setInterval(() => {
    sweepDeadLeases(ctx, queue, logger).catch((error: unknown) => logger.warn({ err: error }, 'lease sweep failed'));
  }, HEARTBEAT_MS + Math.floor(Math.random() * 1000));
  heartbeat.unref();
  sweeper.unref();

  /** Hold a lease on a job while it runs: renewed by the heartbeat, dropped when it ends. */
  const leased = async <T>(queueName: string, jobId: string, abort: AbortController, fn: () => Promise<T>): Promise<T> => {
    running.set(jobId, abort);
    try {
      await queue.db.insertInto('step_leases').values({ job_id: jobId, queue: queueName, worker_id: workerId, heartbeat_at: Date.now() }).onConflict((oc) => oc.column('job_id').doUpdateSet({ queue: queueName, worker_id: workerId, heartbeat_at: Date.now() })).execute();
      return await fn();
    } finally {
      running.delete(jobId);
      await queue.db.deleteFrom('step_leases').where('job_id', '=', jobId).where('worker_id', '=', workerId).execute().catch(() => undefined);
    }
  };

  const handle = async (job: PgBoss.JobWithMetadata<StepRequest>) => {
    const abort = new AbortController();
    await leased(STEP_QUEUE, job.id, abort, () => handleStep(job, abort));
  };

  const handleStep = async (job: PgBoss.JobWithMetadata<StepRequest>, abort: AbortController) => {
    const request = job.data;
    // Events go out in order: one chain per job.
    let tail: Promise<void> = Promise.resolve();
    const publish = (event: StepEvent) => {
      tail = tail.then(() => queue.channel.publish(job.id, event)).catch((error: unknown) => logger.warn({ err: error }, 'step event not sent'));
    };
    const lock = await bookLock(ctx, queue.pool, request);
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
          onDone: (payload) => {
            outcome = { kind: 'done', payload };
            // The answer goes out before the memory update (as on the single server).
            const done = outcome;
            tail = tail.then(() => writeOutcome(queue, job.id, done)).then(() => queue.channel.publish(job.id, { t: 'end' }));
            // Awaited after the memory update; marked handled now so that a failure waits for that.
            tail.catch(() => undefined);
          },
        });
        if (!outcome) outcome = { kind: 'gone' };
      } catch (error) {
        if (error instanceof StepFailure) outcome = error.isClientGone ? { kind: 'gone' } : failureOutcome(error.error, true);
        else if (error instanceof ApiError) outcome = failureOutcome(error, isCharged);
        else throw error;
      }
      if (outcome.kind !== 'done') {
        const failed = outcome;
        tail = tail.then(() => writeOutcome(queue, job.id, failed)).then(() => queue.channel.publish(job.id, { t: 'end' }));
      }
      await tail;
    } catch (error) {
      // Not the step's failure (that is answered above) but ours, such as a lost database connection:
      // pg-boss tries the job again; after its last attempt the request is answered and the step refunded.
      if (job.retryCount >= job.retryLimit) await giveUp(ctx, queue, job).catch((err: unknown) => logger.warn({ err }, 'could not answer a failed step'));
      throw error;
    } finally {
      await lock.release();
    }
  };

  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const workIds: string[] = [];
  for (let i = 0; i < concurrency; i++) {
    workIds.push(
      await queue.boss.work<StepRequest>(STEP_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) => {
        if (job) await handle(job);
      }),
    );
  }
  for (let i = 0; i < concurrency; i++) {
    workIds.push(
      await queue.boss.work<BatchBookJob>(BATCH_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        await leased(BATCH_QUEUE, job.id, new AbortController(), async () => {
          try {
            await runBatchStep(ctx, queue, job);
          } catch (error) {
            if (job.retryCount >= job.retryLimit) await giveUpBatchStep(queue.db, queue.pool, job.data).catch(() => undefined);
            throw error;
          }
        });
      }),
    );
  }
  // A job queued anywhere wakes this process's workers of its queue (else they fetch at their next poll).
  const workNames = new Map<string, string>(workIds.map((id, i) => [id, i < concurrency ? STEP_QUEUE : BATCH_QUEUE]));
  const offJob = queue.channel.onJob((name) => {
    for (const [id, queueName] of workNames) if (queueName === name) queue.boss.notifyWorker(id);
  });
  logger.info({ workerId, concurrency }, 'step worker started');
  return {
    id: workerId,
    active: () => running.size,
    stop: async (stopOpts = {}) => {
      for (const id of workIds) await queue.boss.offWork({ id } as never).catch(() => undefined);
      // Let running steps finish (their leases stay renewed meanwhile); what is left after `drainMs` is
      // picked up again by another worker once its lease runs out.
      const until = Date.now() + (stopOpts.drainMs ?? 0);
      while (running.size && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 200));
      clearInterval(heartbeat);
      clearInterval(sweeper);
      offCancel();
      offJob();
    },
  };
}

function failureOutcome(error: ApiError, charged: boolean): StepOutcome {
  return { kind: 'failure', status: error.status, code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}), charged };
}

/** One step of one user's book at a time across every worker: an advisory lock held on its own connection. */
async function bookLock(ctx: AppContext, pool: pg.Pool, request: StepRequest): Promise<{ release(): Promise<void> }> {
  const spec = ctx.catalog.get(request.generatorId);
  if (!spec || spec.kind !== 'book') return { release: async () => undefined };
  const key = `karya_book|${request.userId}|${spec.bookType}`;
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
  } catch (error) {
    client.release(true);
    throw error;
  }
  return {
    release: async () => {
      try {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
}

/**
 * Take over the leases of dead workers: each is claimed by one sweeper (DELETE … RETURNING) and its job
 * failed back to pg-boss, which queues it again while attempts remain. A job out of attempts is refunded
 * (when its generation is still running) and its request answered with the failure.
 */
export async function sweepDeadLeases(ctx: AppContext, queue: StepQueue, logger: Logger): Promise<number> {
  // Answers are read within seconds of being written, and a batch's budget looks back one window:
  // anything older than an hour is nobody's any more.
  const hourAgo = Date.now() - 3_600_000;
  await queue.db.deleteFrom('step_results').where('created_at', '<', hourAgo).execute();
  await queue.db.deleteFrom('rate_calls').where('at', '<', hourAgo).execute();
  const dead = await queue.db.deleteFrom('step_leases').where('heartbeat_at', '<', Date.now() - LEASE_TIMEOUT_MS).returning(['job_id', 'queue', 'worker_id']).execute();
  for (const lease of dead) {
    logger.warn({ job: lease.job_id, worker: lease.worker_id }, 'worker stopped during a step; the step goes back to the queue');
    await queue.boss.fail(lease.queue, lease.job_id, { reason: 'worker stopped' });
    if (lease.queue === BATCH_QUEUE) {
      const job = await queue.boss.getJobById<BatchBookJob>(lease.queue, lease.job_id);
      if (job && job.state === 'failed') await giveUpBatchStep(queue.db, queue.pool, job.data);
      continue;
    }
    const job = await queue.boss.getJobById<StepRequest>(lease.queue, lease.job_id);
    if (job && job.state === 'failed') await giveUp(ctx, queue, job);
  }
  return dead.length;
}

/** A step out of attempts: refund it when its generation still runs, and answer the waiting request. */
async function giveUp(ctx: AppContext, queue: StepQueue, job: { id: string; data: StepRequest }): Promise<void> {
  const generation = await ctx.repos.generations.find(job.id);
  let charged = false;
  if (generation && generation.status === 'running') {
    await ctx.repos.generations.refund({ userId: generation.userId, charge: { generationId: generation.id, credits: generation.credits }, reason: `Refund: ${job.data.generatorId} ${generation.step} (workers stopped)`, errorCode: 'service_unavailable' });
  }
  if (generation) charged = true;
  await writeOutcome(queue, job.id, failureOutcome(ApiError.catalogue(503, 'service_unavailable', job.data.hintLang), charged));
  await queue.channel.publish(job.id, { t: 'end' });
}
