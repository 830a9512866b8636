// What the queue's dispatcher, workers and sweep share about a step's job: the queue's names and clocks,
// the open queue, and the step's outcome as written for its waiting request (step_results).
import type { PgBoss } from 'pg-boss';
import type { PgPool } from '../store/postgres/connect.js';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { DonePayload } from '../../engine/index.js';
import type { AppContext } from '../core/context.js';
import type { Database } from '../store/schema.js';
import { ApiError } from '../errors/api-error.js';
import { runUserStep, type StepRequest } from '../core/steps.js';
import type { StepChannel } from '../store/postgres/channel.js';
import type { BatchRepository } from '../store/postgres/batches.js';
import type { QueueTables } from '../store/postgres/queue-tables.js';

export const STEP_QUEUE = 'karya-step';

/** A heartbeat renews leases this often; a lease this old belongs to a dead worker (defaults: see leaseClock). */
export const HEARTBEAT_MS = 5_000;
export const LEASE_TIMEOUT_MS = 20_000;

/**
 * A deployment's lease clock: a lease older than `timeoutMs` (KARYA_LEASE_TIMEOUT_MS, else LEASE_TIMEOUT_MS)
 * is a dead worker's; leases are renewed, and swept, every `heartbeatMs` (a quarter of it: HEARTBEAT_MS by default).
 */
export function leaseClock(config: { leaseTimeoutMs?: number }): { timeoutMs: number; heartbeatMs: number } {
  const timeoutMs = config.leaseTimeoutMs ?? LEASE_TIMEOUT_MS;
  return { timeoutMs, heartbeatMs: Math.round((timeoutMs * HEARTBEAT_MS) / LEASE_TIMEOUT_MS) };
}

/** A worker's loops look for jobs this often when none was announced (seconds). */
export const WORK_POLL_S = 2;
/** Completed jobs are kept this long for inspection (seconds), then pg-boss deletes them. */
export const KEEP_DONE_S = 24 * 3600;
/** Attempts of one step: the first and two retries (a worker killed twice over is a failure). */
export const RETRY_LIMIT = 2;
/** A waiting request reads its step's rows this often (the fallback for events lost with a listener). */
export const POLL_MS = 2_000;
/** No worker connected for this long while a step waits to start: the request gets 503. */
export const NO_WORKER_MS = 15_000;
/** After the generation time-out, how long a request still waits for its worker's answer (commit, retry). */
export const ANSWER_GRACE_MS = 30_000;

export type StepOutcome =
  | { kind: 'done'; payload: DonePayload }
  | {
      kind: 'failure';
      status: number;
      code: string;
      message: string;
      fields?: Record<string, string>;
      charged: boolean;
    }
  | { kind: 'gone' }
  /** Marked by a request that gave up before any worker took its step: a worker finding it skips it. */
  | { kind: 'dropped' };

export interface StepQueue {
  boss: PgBoss;
  channel: StepChannel;
  db: Kysely<Database>;
  pool: PgPool;
  /** The batch tables (`karya batch --queue`). */
  batches: BatchRepository;
  /** The queue's own tables and locks. */
  tables: QueueTables;
  url: string;
  close(): Promise<void>;
}

/**
 * What a worker's step and batch handlers share: the lock pool, the logger, the lease and the wait after a failure of
 * ours.
 */
export interface WorkerParts {
  locks: PgPool;
  logger: Logger;
  leased: <T>(
    queueName: string,
    jobId: string,
    abort: AbortController,
    fn: (leasedNow: Promise<void>) => Promise<T>,
  ) => Promise<T>;
  afterOurFailure: (error: unknown) => Promise<void>;
}

export async function writeOutcome(queue: StepQueue, jobId: string, outcome: StepOutcome): Promise<void> {
  await queue.tables.saveOutcome(jobId, JSON.stringify(outcome));
}

export async function readOutcome(queue: StepQueue, jobId: string): Promise<StepOutcome | undefined> {
  const result = await queue.tables.readOutcome(jobId);
  return result ? (JSON.parse(result) as StepOutcome) : undefined;
}

export function failureOutcome(error: ApiError, charged: boolean): StepOutcome {
  return {
    kind: 'failure',
    status: error.status,
    code: error.code,
    message: error.message,
    ...(error.fields ? { fields: error.fields } : {}),
    charged,
  };
}

/**
 * A step out of attempts: refund it when its generation still runs, and answer the waiting request (with
 * the part when its commit had landed, else 503) unless it has its answer already.
 */
export async function giveUp(ctx: AppContext, queue: StepQueue, job: { id: string; data: StepRequest }): Promise<void> {
  const existing = await readOutcome(queue, job.id);
  // Answered already; a step whose request left (dropped) is still refunded here.
  if (existing && existing.kind !== 'failure' && existing.kind !== 'dropped') return;
  const generation = await ctx.repos.generations.find(job.id);
  if (generation && generation.status === 'running') {
    await ctx.repos.generations.refund({
      userId: generation.userId,
      charge: { generationId: generation.id, credits: generation.credits },
      reason: `Refund: ${job.data.generatorId} ${generation.step} (workers stopped)`,
      errorCode: 'service_unavailable',
    });
  }
  const after = await ctx.repos.generations.find(job.id);
  let outcome: StepOutcome = failureOutcome(
    ApiError.catalogue(503, 'service_unavailable', job.data.hintLang),
    generation !== undefined && generation !== null,
  );
  if (after?.status === 'succeeded') {
    // Committed by an attempt that stopped before answering: the answer is read off the saved book.
    const delivered = await answerDelivered(ctx, { ...job.data, generationId: job.id });
    if (delivered) outcome = { kind: 'done', payload: delivered };
  }
  await writeOutcome(queue, job.id, outcome);
  await queue.channel.publish(job.id, { t: 'end' }).catch(() => undefined);
}

/** The answer of a committed step, read off the saved book (no model call: the generation has succeeded). */
export async function answerDelivered(ctx: AppContext, request: StepRequest): Promise<DonePayload | undefined> {
  let payload: DonePayload | undefined;
  await runUserStep(ctx, request, { client: new AbortController().signal, onDone: (p) => (payload = p) }).catch(
    () => undefined,
  );
  return payload;
}
