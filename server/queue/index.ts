// Generation steps as jobs on Postgres (KARYA_DATABASE_URL), with pg-boss 10 (11+ needs Node 22):
// a server instance enqueues a user's step and relays its events; `karya worker` processes (and
// `karya serve` itself unless --no-worker) run the steps through the same runner as the SQLite server
// (server/core/steps.ts). Exactly once where it matters:
// - a job's id is its generation's id: a retried job finds its charge and is not charged again;
// - commit and refund act only on a running generation (row lock), so a part is written once;
// - one step of one book at a time: a worker holds a Postgres advisory lock on (user, book type)
//   on its own connection, which a dead worker's connection gives up at once;
// - a live worker renews the leases of its running steps every few seconds; a lease left unrenewed
//   (the worker was killed) is taken over by any other process's sweep, which fails the job back to
//   pg-boss: it runs again on another worker, within seconds. After the last attempt the sweep
//   refunds the step and answers the waiting request. Every process with the queue sweeps (a
//   `--no-worker` instance too), and a step whose job ended without an answer while its generation still
//   runs (its request left, its worker died) is refunded, which unlocks the book.
// Outages of the database (a restart, minutes away) are waited out, never a reason to exit: every
// connection has an error listener, the listening connection comes back with backoff, a worker whose
// step failed for want of the database waits for it and gives the job back for another attempt, and a
// waiting request reads its step's rows every few seconds (an event sent by NOTIFY while a listener was
// away is lost, and never needed). A request ends within the generation time-out, refunded when its step
// did not deliver; with no worker alive it gets 503 within NO_WORKER_MS.
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import PQueue from 'p-queue';
import type pg from 'pg';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { GenerationError, type DonePayload } from '../../engine/index.js';
import type { Provider } from '../../engine/node.js';
import type { AppContext, StepDispatcher } from '../core/context.js';
import type { Database } from '../store/schema.js';
import { createPool, waitForDatabase, type OpenedPostgres } from '../store/postgres/connect.js';
import { ApiError } from '../http/errors.js';
import { runUserStep, StepFailure, type StepHooks, type StepRequest } from '../core/steps.js';
import { StepChannel, WORKER_APPLICATION, announceJob, liveWorkers, type StepEvent } from './channel.js';
import { answerStops, stopElsewhere } from './stop.js';
import { BATCH_QUEUE, ensureBatchQueue, giveUpBatchStep, runBatchStep, type BatchBookJob } from './batch.js';

export const STEP_QUEUE = 'karya-step';

/** A heartbeat renews leases this often; a lease this old belongs to a dead worker. */
export const HEARTBEAT_MS = 5_000;
export const LEASE_TIMEOUT_MS = 20_000;
/** A worker's loops look for jobs this often when none was announced (seconds). */
export const WORK_POLL_S = 2;
/** Attempts of one step: the first and two retries (a worker killed twice over is a failure). */
const RETRY_LIMIT = 2;
/** A waiting request reads its step's rows this often (the fallback for events lost with a listener). */
export const POLL_MS = 2_000;
/** No worker connected for this long while a step waits to start: the request gets 503. */
export const NO_WORKER_MS = 15_000;
/** After the generation time-out, how long a request still waits for its worker's answer (commit, retry). */
const ANSWER_GRACE_MS = 30_000;

export type StepOutcome =
  | { kind: 'done'; payload: DonePayload }
  | { kind: 'failure'; status: number; code: string; message: string; fields?: Record<string, string>; charged: boolean }
  | { kind: 'gone' }
  /** Marked by a request that gave up before any worker took its step: a worker finding it skips it. */
  | { kind: 'dropped' };

export interface StepQueue {
  boss: PgBoss;
  channel: StepChannel;
  db: Kysely<Database>;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** The running sweep of a queue, once per process (worker and dispatcher share it). */
const SWEEPS = new WeakMap<StepQueue, NodeJS.Timeout>();

/**
 * Sweep dead workers' leases and lost generations every few seconds in this process, once per queue;
 * any process with the queue may (a `--no-worker` instance too): each lease is claimed by one sweeper.
 */
export function startSweeper(ctx: AppContext, queue: StepQueue, logger: Logger = ctx.logger): void {
  if (SWEEPS.has(queue)) return;
  const sweeper = setInterval(() => {
    sweepDeadLeases(ctx, queue, logger).catch((error: unknown) => logger.warn({ err: error }, 'lease sweep failed'));
  }, HEARTBEAT_MS + Math.floor(Math.random() * 1000));
  sweeper.unref();
  SWEEPS.set(queue, sweeper);
}

/**
 * Start pg-boss (creating its schema once) and the event channel on an open Postgres database. A process
 * that only sends jobs (`karya batch --queue`: `isSender`) leaves pg-boss's maintenance and cron clock to
 * the servers and workers, and its channel is not started (it neither dispatches steps nor runs them).
 */
export async function openQueue(postgres: OpenedPostgres, logger: Pick<Logger, 'warn'>, opts: { isSender?: boolean } = {}): Promise<StepQueue> {
  const boss = new PgBoss({
    connectionString: postgres.url,
    max: 4,
    application_name: 'karya-queue',
    // Completed jobs are kept a day for inspection; pg-boss's own expiry is only a last resort behind the leases.
    archiveCompletedAfterSeconds: 24 * 3600,
    maintenanceIntervalSeconds: 60,
    ...(opts.isSender ? { supervise: false, schedule: false } : {}),
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
  // A sender announces its jobs through the pool and listens to nothing of the steps' events.
  if (!opts.isSender) await channel.start();
  const queue: StepQueue = {
    boss,
    channel,
    db: postgres.db,
    pool: postgres.pool,
    url: postgres.url,
    close: async () => {
      clearInterval(SWEEPS.get(queue));
      SWEEPS.delete(queue);
      await channel.close();
      await boss.stop({ graceful: false, close: true, wait: true }).catch(() => undefined);
    },
  };
  return queue;
}

async function writeOutcome(queue: StepQueue, jobId: string, outcome: StepOutcome): Promise<void> {
  const result = JSON.stringify(outcome);
  await queue.db.insertInto('step_results').values({ job_id: jobId, result, created_at: Date.now() }).onConflict((oc) => oc.column('job_id').doUpdateSet({ result })).execute();
}

async function readOutcome(queue: StepQueue, jobId: string): Promise<StepOutcome | undefined> {
  const row = await queue.db.selectFrom('step_results').select('result').where('job_id', '=', jobId).executeTakeFirst();
  return row ? (JSON.parse(row.result) as StepOutcome) : undefined;
}

export interface DispatcherOptions {
  /** The repositories for refunds at the request's deadline; given, this process also sweeps dead leases. */
  ctx?: AppContext;
  /** The longest wait for a (busy) worker to take the step: then 503, nothing charged. */
  startTimeoutMs?: number;
  /** The longest wait for the answer once the step is charged (the generation time-out). */
  runTimeoutMs?: number;
  /** No worker connected for this long: 503 (NO_WORKER_MS). */
  noWorkerMs?: number;
  /** How often the step's rows are read (POLL_MS). */
  pollMs?: number;
}

/**
 * The server side: enqueue the step, relay its events to the request's hooks, answer its outcome. Events
 * come by NOTIFY; the step's rows (its outcome, its generation) are read every `pollMs` and after the
 * listener reconnects, so a lost event only delays the answer. The request always ends: 503 when no worker
 * takes the step (none alive for `noWorkerMs`, or all busy for `startTimeoutMs`), and once charged, an
 * answer within `runTimeoutMs` (plus a grace for the commit), else the step is cancelled and refunded.
 */
export function queueDispatcher(queue: StepQueue, opts: DispatcherOptions = {}): StepDispatcher {
  const startTimeoutMs = opts.startTimeoutMs ?? 180_000;
  const runTimeoutMs = (opts.runTimeoutMs ?? opts.ctx?.config.generationTimeoutMs ?? 180_000) + ANSWER_GRACE_MS;
  const noWorkerMs = opts.noWorkerMs ?? NO_WORKER_MS;
  const pollMs = opts.pollMs ?? POLL_MS;
  const ctx = opts.ctx;
  if (ctx) startSweeper(ctx, queue);
  return {
    ...(ctx ? { stop: (input: { userId: string; bookType: string }) => stopElsewhere(queue.channel, ctx.repos, input) } : {}),
    run: (request: StepRequest, hooks: StepHooks) =>
      new Promise<void>((resolve, reject) => {
        const jobId = randomUUID();
        const sentAt = Date.now();
        let chargedAt = 0;
        let isSettled = false;
        let isChecking = false;
        let noWorkerSince: number | undefined;
        let isOverdue = false;

        const settle = (fn: () => void) => {
          if (isSettled) return;
          isSettled = true;
          clearInterval(poller);
          unsubscribe();
          offReconnect();
          hooks.client.removeEventListener('abort', onAbort);
          fn();
        };
        const markCharged = () => {
          if (chargedAt) return;
          chargedAt = Date.now();
          hooks.onCharged?.();
        };
        const answer = (outcome: StepOutcome) =>
          settle(() => {
            if (outcome.kind === 'gone' || outcome.kind === 'dropped') return reject(new StepFailure(new ApiError(500, 'unexpected', 'An unexpected error occurred'), true));
            if (outcome.kind === 'done') {
              markCharged();
              hooks.onDone(outcome.payload);
              return resolve();
            }
            const error = new ApiError(outcome.status, outcome.code, outcome.message, outcome.fields);
            if (outcome.charged) markCharged();
            reject(outcome.charged ? new StepFailure(error, false) : error);
          });
        /**
         * Stop the step wherever it is: marked dropped (a worker taking it later skips it, even when the
         * request left before the job reached the queue), dropped from the queue, aborted on its worker
         * (which refunds it).
         */
        const cancel = async () => {
          await writeOutcome(queue, jobId, { kind: 'dropped' }).catch(() => undefined);
          await queue.channel.cancel(jobId).catch(() => undefined);
          await queue.boss.cancel(STEP_QUEUE, jobId).catch(() => undefined);
        };
        /**
         * No worker took the step in time: it is dropped (marked, so that a worker finding it later skips it)
         * and the request gets 503, nothing charged. A worker may have charged it just now: the cancel
         * aborts it there, and the refund here makes sure (a commit after it writes nothing).
         */
        const dropUnstarted = async () => {
          await cancel();
          const generation = await queue.db.selectFrom('generations').select(['status', 'user_id', 'credits_charged']).where('id', '=', jobId).executeTakeFirst();
          if (generation?.status === 'succeeded') return markCharged();
          if (generation?.status === 'running' && ctx) {
            await ctx.repos.generations.refund({ userId: generation.user_id, charge: { generationId: jobId, credits: generation.credits_charged }, reason: `Refund: ${request.generatorId} (no worker answered in time)`, errorCode: 'service_unavailable' });
          }
          answer(failureOutcome(ApiError.catalogue(503, 'service_unavailable', request.hintLang), chargedAt > 0));
        };
        /** The worker ran out of time (or is stuck behind an outage): cancel and refund the step unless it delivered. */
        const giveUpRunning = async () => {
          await cancel();
          const generation = await queue.db.selectFrom('generations').select(['status', 'user_id', 'credits_charged', 'generator_id', 'step']).where('id', '=', jobId).executeTakeFirst();
          if (generation?.status === 'running' && ctx) {
            await ctx.repos.generations.refund({ userId: generation.user_id, charge: { generationId: jobId, credits: generation.credits_charged }, reason: `Refund: ${generation.generator_id} ${generation.step} (no answer from the workers in time)`, errorCode: 'timeout' });
          }
          const after = await queue.db.selectFrom('generations').select('status').where('id', '=', jobId).executeTakeFirst();
          if (after?.status === 'succeeded') {
            // Delivered: its answer is about to be written; past the grace, it is read off the saved book here.
            if (ctx && Date.now() - chargedAt >= runTimeoutMs + ANSWER_GRACE_MS) {
              const payload = await answerDelivered(ctx, { ...request, generationId: jobId });
              if (payload) answer({ kind: 'done', payload });
            }
            return;
          }
          answer(failureOutcome(ApiError.catalogue(504, 'timeout', request.hintLang), true));
        };
        /** Read the step's rows: its answer, its charge, and whether it is overdue. */
        const check = async () => {
          if (isSettled || isChecking) return;
          isChecking = true;
          try {
            const outcome = await readOutcome(queue, jobId);
            if (outcome && outcome.kind !== 'dropped') return answer(outcome);
            const now = Date.now();
            if (!chargedAt) {
              const generation = await queue.db.selectFrom('generations').select('status').where('id', '=', jobId).executeTakeFirst();
              if (generation) markCharged();
            }
            if (!chargedAt) {
              if (now - sentAt >= startTimeoutMs) {
                await dropUnstarted();
                return;
              }
              if ((await liveWorkers(queue.pool)) > 0) noWorkerSince = undefined;
              else {
                noWorkerSince ??= now;
                if (now - noWorkerSince >= noWorkerMs) await dropUnstarted();
              }
            } else if (now - chargedAt >= runTimeoutMs && !isOverdue) {
              isOverdue = true;
              await giveUpRunning();
              isOverdue = false;
            }
          } catch {
            // The database is away: read again at the next tick.
          } finally {
            isChecking = false;
          }
        };
        const poller = setInterval(() => void check(), pollMs);
        poller.unref();
        const offReconnect = queue.channel.onReconnect(() => void check());
        const unsubscribe = queue.channel.subscribe(jobId, (event: StepEvent) => {
          if (isSettled) return;
          if (event.t === 'charged') markCharged();
          else if (event.t === 'delta') {
            markCharged();
            hooks.onDelta?.(event.d);
          } else void check();
        });
        // The client left: the worker aborts the step (refunded), or the job is dropped before it starts.
        const onAbort = () => {
          void cancel();
          settle(() => reject(new StepFailure(new ApiError(499, 'client_gone', ''), true)));
        };
        // A client gone before this point fires no abort event: nothing is sent.
        if (hooks.client.aborted) return settle(() => reject(new StepFailure(new ApiError(499, 'client_gone', ''), true)));
        hooks.client.addEventListener('abort', onAbort);
        queue.boss
          .send(STEP_QUEUE, { ...request, generationId: jobId, startBy: sentAt + startTimeoutMs }, { id: jobId })
          .then(async () => {
            await announceJob(queue.pool, STEP_QUEUE).catch(() => undefined);
            // The outcome may be written already when the worker was quicker than this subscription's first event.
            await check();
          })
          .catch(() => settle(() => reject(ApiError.catalogue(503, 'service_unavailable', request.hintLang))));
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
 * the catalog, the provider and the configuration, as for the server's own steps; `batchProvider`, when
 * given, makes the calls of batch steps (`karya worker` gives the one `karya batch` uses locally).
 */
export async function startStepWorker(ctx: AppContext, queue: StepQueue, opts: { concurrency?: number; logger?: Logger; batchProvider?: Provider } = {}): Promise<StepWorker> {
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
  // Per-book locks hold a connection for a whole step: they get their own pool, one connection per
  // handler (steps and batch steps), so that held and awaited locks never starve the queries of the
  // steps holding them (which would stop every worker).
  // Its connections are opened now and kept (a new connection costs a backend's start, ~20 ms, which a
  // job would wait for), one per handler that can run at once.
  const locks = createPool(queue.url, { max: concurrency + batchBooks, applicationName: 'karya-locks', idleMs: 0 });
  for (const opened of await Promise.allSettled(Array.from({ length: batchBooks }, () => locks.connect()))) if (opened.status === 'fulfilled') opened.value.release();
  // The store's pool keeps as many connections open (opened now) as jobs can run at once: a job's first
  // query (its lease) would otherwise wait for a new connection after the pool's idle time-out.
  queue.pool.options.min = Math.min(concurrency, queue.pool.options.max ?? 10);
  for (const opened of await Promise.allSettled(Array.from({ length: queue.pool.options.min }, () => queue.pool.connect()))) if (opened.status === 'fulfilled') opened.value.release();
  // The prompt templates compiled before the first job rather than during its first step.
  ctx.catalog.renderer.compileAll();
  // Servers tell whether any worker is alive by this name on the listening connection.
  await queue.channel.setApplicationName(WORKER_APPLICATION);

  // Only the leases of steps running here are renewed: a lease whose release failed (the database was
  // away) runs out and is swept, which gives its job back to the queue.
  const heartbeat = setInterval(() => {
    const ids = [...running.keys()];
    if (!ids.length) return;
    queue.db.updateTable('step_leases').set({ heartbeat_at: Date.now() }).where('worker_id', '=', workerId).where('job_id', 'in', ids).execute().catch((error: unknown) => logger.warn({ err: error }, 'lease heartbeat failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();
  startSweeper(ctx, queue, logger);

  /**
   * Hold a lease on a job while it runs: renewed by the heartbeat, dropped when it ends. `fn` starts while
   * the lease is written and waits for `leasedNow` before its work (a batch job takes its book's lock
   * meanwhile). The lease is dropped without waiting: a lease left behind (the database away) only
   * ends up in the sweep, which leaves a completed job alone.
   */
  const leased = async <T>(queueName: string, jobId: string, abort: AbortController, fn: (leasedNow: Promise<void>) => Promise<T>): Promise<T> => {
    running.set(jobId, abort);
    try {
      const leasedNow = queue.db.insertInto('step_leases').values({ job_id: jobId, queue: queueName, worker_id: workerId, heartbeat_at: Date.now() }).onConflict((oc) => oc.column('job_id').doUpdateSet({ queue: queueName, worker_id: workerId, heartbeat_at: Date.now() })).execute().then(() => undefined);
      leasedNow.catch(() => undefined);
      const result = await fn(leasedNow);
      await leasedNow;
      return result;
    } finally {
      running.delete(jobId);
      queue.db.deleteFrom('step_leases').where('job_id', '=', jobId).where('worker_id', '=', workerId).execute().catch(() => undefined);
    }
  };

  /**
   * A job failed for a reason of ours (the database went away mid-step), not the step's: wait for the
   * database (with backoff, up to the generation time-out) before giving the job back, so that pg-boss
   * can record the failure and run it again at once; the next attempt finds the step's charge, and its
   * part when the commit had landed.
   */
  const afterOurFailure = async (error: unknown) => {
    logger.warn({ err: error }, 'a queued step failed for want of the database; it runs again once the database is back');
    await waitForDatabase(queue.pool, { maxMs: ctx.config.generationTimeoutMs });
  };

  const parts: WorkerParts = { locks, logger, leased, afterOurFailure };
  const handle = async (job: PgBoss.JobWithMetadata<StepRequest>) => {
    // Its request gave up before any worker took it (no worker answered in time): not started.
    if (job.data.startBy && Date.now() > job.data.startBy) return;
    const abort = new AbortController();
    await leased(STEP_QUEUE, job.id, abort, async (leasedNow) => {
      // Read once the job is listed as running here: a request that left marks it dropped and then
      // publishes its cancel, so either the mark is seen now or the cancel aborts the step (refunded).
      if ((await readOutcome(queue, job.id))?.kind === 'dropped') return;
      await leasedNow;
      return handleStep(ctx, queue, parts, job, abort);
    });
  };

  // Every loop of the two queues fetches when a job is announced (onJob below), else every WORK_POLL_S:
  // a poll only finds jobs that nobody announced (retries after a pause, jobs failed back by the sweep).
  const workIds: string[] = [];
  for (let i = 0; i < concurrency; i++) {
    workIds.push(
      await queue.boss.work<StepRequest>(STEP_QUEUE, { batchSize: 1, pollingIntervalSeconds: WORK_POLL_S, includeMetadata: true }, async ([job]) => {
        if (job) await handle(job);
      }),
    );
  }
  const batch = startBatchLoop(ctx, queue, { ...parts, concurrency, batchBooks, batchCalls, isStopping: () => isStopping, ...(opts.batchProvider ? { batchProvider: opts.batchProvider } : {}) });
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
      for (const id of workIds) await queue.boss.offWork({ id } as never).catch(() => undefined);
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

/** What a worker's step and batch handlers share: the lock pool, the logger, the lease and the wait after a failure of ours. */
interface WorkerParts {
  locks: pg.Pool;
  logger: Logger;
  leased: <T>(queueName: string, jobId: string, abort: AbortController, fn: (leasedNow: Promise<void>) => Promise<T>) => Promise<T>;
  afterOurFailure: (error: unknown) => Promise<void>;
}

/** One queued step run here under its book's lock: its events published in order, its outcome written for the request. */
async function handleStep(ctx: AppContext, queue: StepQueue, worker: WorkerParts, job: PgBoss.JobWithMetadata<StepRequest>, abort: AbortController): Promise<void> {
  const { locks, logger, afterOurFailure } = worker;
  const request = job.data;
  // Events go out in order: one chain per job.
  let tail: Promise<void> = Promise.resolve();
  const publish = (event: StepEvent) => {
    tail = tail.then(() => queue.channel.publish(job.id, event)).catch((error: unknown) => logger.warn({ err: error }, 'step event not sent'));
  };
  let lock: { release(): Promise<void> };
  try {
    lock = await bookLock(ctx, locks, request, abort);
  } catch (error) {
    await afterOurFailure(error);
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
        onDone: (payload) => {
          outcome = { kind: 'done', payload };
          // The answer goes out before the memory update (as on the single server).
          const done = outcome;
          tail = tail.then(() => writeOutcome(queue, job.id, done)).then(() => queue.channel.publish(job.id, { t: 'end' }).catch(() => undefined));
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
      tail = tail.then(() => writeOutcome(queue, job.id, failed)).then(() => queue.channel.publish(job.id, { t: 'end' }).catch(() => undefined));
    }
    await tail;
  } catch (error) {
    // Not the step's failure (that is answered above) but ours, such as a lost database connection:
    // pg-boss tries the job again; after its last attempt the request is answered and the step refunded.
    await afterOurFailure(error);
    if (job.retryCount >= job.retryLimit) await giveUp(ctx, queue, job).catch((err: unknown) => logger.warn({ err }, 'could not answer a failed step'));
    throw error;
  } finally {
    await lock.release();
  }
}

/**
 * The batch queue: one loop fetching as many books as there is room for (one query for a wave of books,
 * where a loop per book made a fetch each, queued on pg-boss's few connections), each book then
 * completed, or failed back for its retry, on its own as it ends.
 */
function startBatchLoop(ctx: AppContext, queue: StepQueue, worker: WorkerParts & { concurrency: number; batchBooks: number; batchCalls: PQueue; batchProvider?: Provider; isStopping: () => boolean }): { wake: () => void; loop: Promise<void>; ends: Set<Promise<void>> } {
  const { locks, logger, leased, afterOurFailure, concurrency, batchBooks, batchCalls } = worker;
let batchHeld = 0;
let onBatchWake: (() => void) | undefined;
/** Something changed since the loop last fetched (a book ended, a job was announced): fetch again. */
let isBatchWoken = false;
const wakeBatch = () => {
  isBatchWoken = true;
  onBatchWake?.();
};
const batchEnds = new Set<Promise<void>>();
const runBatchJob = async (job: PgBoss.JobWithMetadata<BatchBookJob>): Promise<void> => {
  try {
    await leased(BATCH_QUEUE, job.id, new AbortController(), async (leasedNow) => {
      try {
        await runBatchStep(ctx, { ...queue, locks, leasedNow, calls: batchCalls, isStopping: worker.isStopping, ...(worker.batchProvider ? { provider: worker.batchProvider } : {}) }, job);
      } catch (error) {
        if (!(error instanceof GenerationError)) await afterOurFailure(error);
        if (job.retryCount >= job.retryLimit) await giveUpBatchStep(queue.db, queue.pool, job.data).catch(() => undefined);
        throw error;
      }
    });
    await queue.boss.complete(BATCH_QUEUE, job.id);
  } catch (error) {
    // The queue runs it again after its pause (with backoff), as pg-boss's own workers do.
    await queue.boss.fail(BATCH_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) }).catch((err: unknown) => logger.warn({ err }, 'a batch job could not be given back; the lease sweep will'));
  }
};
const batchLoop = (async () => {
  while (!worker.isStopping()) {
    isBatchWoken = false;
    const room = (batchCalls.pending >= concurrency ? batchBooks : concurrency) - batchHeld;
    let jobs: Array<PgBoss.JobWithMetadata<BatchBookJob>> = [];
    if (room > 0) {
      try {
        jobs = (await queue.boss.fetch<BatchBookJob>(BATCH_QUEUE, { batchSize: room, includeMetadata: true })) ?? [];
      } catch (error) {
        // The database is away: look again at the next turn.
        logger.warn({ err: error }, 'batch jobs could not be fetched');
      }
    }
    for (const job of jobs) {
      batchHeld++;
      const ended: Promise<void> = runBatchJob(job).finally(() => {
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

function failureOutcome(error: ApiError, charged: boolean): StepOutcome {
  return { kind: 'failure', status: error.status, code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}), charged };
}

/**
 * One step of one user's book at a time across every worker: an advisory lock held on its own connection
 * (from the lock pool). Losing that connection loses the lock: the step is aborted (and refunded).
 */
async function bookLock(ctx: AppContext, pool: pg.Pool, request: StepRequest, abort: AbortController): Promise<{ release(): Promise<void> }> {
  const spec = ctx.catalog.get(request.generatorId);
  if (!spec || spec.kind !== 'book') return { release: async () => undefined };
  const key = `karya_book|${request.userId}|${spec.bookType}`;
  const client = await pool.connect();
  const onLost = () => abort.abort();
  client.on('error', onLost);
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
  } catch (error) {
    client.off('error', onLost);
    client.release(true);
    throw error;
  }
  return {
    release: async () => {
      client.off('error', onLost);
      try {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        client.release();
      } catch {
        client.release(true);
      }
    },
  };
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
  await queue.db.deleteFrom('step_results').where('created_at', '<', hourAgo).execute();
  await queue.db.deleteFrom('rate_calls').where('at', '<', hourAgo).execute();
  const dead = await queue.db.deleteFrom('step_leases').where('heartbeat_at', '<', Date.now() - LEASE_TIMEOUT_MS).returning(['job_id', 'queue', 'worker_id']).execute();
  for (const lease of dead) {
    logger.warn({ job: lease.job_id, worker: lease.worker_id }, 'worker stopped during a step; the step goes back to the queue');
    await queue.boss.fail(lease.queue, lease.job_id, { reason: 'worker stopped' });
    // Its retry (at once for a step) wakes the workers rather than waiting for their next poll.
    await announceJob(queue.pool, lease.queue).catch(() => undefined);
    if (lease.queue === BATCH_QUEUE) {
      const job = await queue.boss.getJobById<BatchBookJob>(lease.queue, lease.job_id);
      if (job && job.state === 'failed') await giveUpBatchStep(queue.db, queue.pool, job.data);
      continue;
    }
    const job = await queue.boss.getJobById<StepRequest>(lease.queue, lease.job_id);
    if (job && !LIVE_STATES.has(job.state)) await giveUp(ctx, queue, job);
  }
  // Generations lost with both their worker and their request.
  const before = new Date(Date.now() - lostAfterMs(ctx)).toISOString().slice(0, 19).replace('T', ' ');
  const stale = await queue.db.selectFrom('generations').select(['id', 'user_id', 'generator_id', 'step', 'credits_charged']).where('status', '=', 'running').where('created_at', '<', before).limit(50).execute();
  for (const generation of stale) {
    const job = await queue.boss.getJobById<StepRequest>(STEP_QUEUE, generation.id);
    if (job && LIVE_STATES.has(job.state)) continue;
    if (await queue.db.selectFrom('step_leases').select('job_id').where('job_id', '=', generation.id).executeTakeFirst()) continue;
    logger.warn({ generation: generation.id }, 'a generation outlived its worker and its request; refunded');
    await ctx.repos.generations.refund({ userId: generation.user_id, charge: { generationId: generation.id, credits: generation.credits_charged }, reason: `Refund: ${generation.generator_id} ${generation.step} (workers stopped)`, errorCode: 'service_unavailable' });
  }
  return dead.length;
}

/**
 * A step out of attempts: refund it when its generation still runs, and answer the waiting request (with
 * the part when its commit had landed, else 503) unless it has its answer already.
 */
async function giveUp(ctx: AppContext, queue: StepQueue, job: { id: string; data: StepRequest }): Promise<void> {
  const existing = await readOutcome(queue, job.id);
  // Answered already; a step whose request left (dropped) is still refunded here.
  if (existing && existing.kind !== 'failure' && existing.kind !== 'dropped') return;
  const generation = await ctx.repos.generations.find(job.id);
  if (generation && generation.status === 'running') {
    await ctx.repos.generations.refund({ userId: generation.userId, charge: { generationId: generation.id, credits: generation.credits }, reason: `Refund: ${job.data.generatorId} ${generation.step} (workers stopped)`, errorCode: 'service_unavailable' });
  }
  const after = await ctx.repos.generations.find(job.id);
  let outcome: StepOutcome = failureOutcome(ApiError.catalogue(503, 'service_unavailable', job.data.hintLang), generation !== undefined && generation !== null);
  if (after?.status === 'succeeded') {
    // Committed by an attempt that stopped before answering: the answer is read off the saved book.
    const delivered = await answerDelivered(ctx, { ...job.data, generationId: job.id });
    if (delivered) outcome = { kind: 'done', payload: delivered };
  }
  await writeOutcome(queue, job.id, outcome);
  await queue.channel.publish(job.id, { t: 'end' }).catch(() => undefined);
}

/** The answer of a committed step, read off the saved book (no model call: the generation has succeeded). */
async function answerDelivered(ctx: AppContext, request: StepRequest): Promise<DonePayload | undefined> {
  let payload: DonePayload | undefined;
  await runUserStep(ctx, request, { client: new AbortController().signal, onDone: (p) => (payload = p) }).catch(() => undefined);
  return payload;
}
