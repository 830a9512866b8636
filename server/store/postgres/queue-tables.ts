// The step queue's own tables and locks on Postgres (server/queue/): each step's answer (step_results), the
// leases of the steps workers run (step_leases), the generations a dispatcher or a sweep looks after, the
// advisory locks that keep one step of a book at a time and the queue's setup to one process, and what
// /metrics and /ready read of the queue. Every query of the queue is here; the queue calls these use cases.
import type { Kysely } from 'kysely';
import type pg from 'pg';
import type { Database } from '../schema.js';

/** A generation as the queue looks after it (its charge, to refund). */
export interface QueuedGeneration {
  id: string;
  status: string;
  user_id: string;
  credits_charged: number;
  generator_id: string;
  step: string;
}

/** A lease nobody renewed in time: its worker stopped. */
export interface DeadLease {
  job_id: string;
  queue: string;
  worker_id: string;
}

/** An advisory lock held on a connection of its own; losing the connection loses the lock. */
export interface HeldLock {
  release(): Promise<void>;
}

export interface QueueTables {
  saveOutcome(jobId: string, result: string): Promise<void>;
  readOutcome(jobId: string): Promise<string | undefined>;
  generation(jobId: string): Promise<QueuedGeneration | undefined>;
  /** Generations still running that were started before `before` ("YYYY-MM-DD HH:MM:SS", UTC), at most `limit`. */
  runningBefore(before: string, limit: number): Promise<QueuedGeneration[]>;
  /** Hold (or take over) the lease of a job for a worker. */
  lease(input: { jobId: string; queue: string; workerId: string }): Promise<void>;
  renewLeases(workerId: string, jobIds: readonly string[]): Promise<void>;
  endLease(jobId: string, workerId: string): Promise<void>;
  hasLease(jobId: string): Promise<boolean>;
  /** Drop the answers kept before `before` (epoch ms), and the leases not renewed since `deadBefore`: answers those. */
  sweep(input: { before: number; deadBefore: number }): Promise<DeadLease[]>;
  /**
   * An advisory lock on `key`, on a connection of `pool` (the worker's lock pool); `onLost` runs when the connection
   * fails.
   */
  holdLock(pool: pg.Pool, key: string, onLost: () => void): Promise<HeldLock>;
  /** Run `fn` on a connection holding the queue's setup lock (one process at a time sets the queue up). */
  whileSettingUp<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  /** Jobs waiting in pg-boss's queue `name` and the age of the oldest, in seconds. */
  waiting(name: string): Promise<{ depth: number; oldestAgeSeconds: number }>;
  /** The names of the migrations run on the database. */
  migrationsRun(): Promise<string[]>;
}

export function postgresQueueTables(db: Kysely<Database>, pool: pg.Pool): QueueTables {
  return {
    saveOutcome: async (jobId, result) => {
      await db
        .insertInto('step_results')
        .values({ job_id: jobId, result, created_at: Date.now() })
        .onConflict((oc) => oc.column('job_id').doUpdateSet({ result }))
        .execute();
    },
    readOutcome: async (jobId) =>
      (await db.selectFrom('step_results').select('result').where('job_id', '=', jobId).executeTakeFirst())?.result,
    generation: (jobId) =>
      db
        .selectFrom('generations')
        .select(['id', 'status', 'user_id', 'credits_charged', 'generator_id', 'step'])
        .where('id', '=', jobId)
        .executeTakeFirst(),
    runningBefore: (before, limit) =>
      db
        .selectFrom('generations')
        .select(['id', 'status', 'user_id', 'generator_id', 'step', 'credits_charged'])
        .where('status', '=', 'running')
        .where('created_at', '<', before)
        .limit(limit)
        .execute(),
    lease: async ({ jobId, queue, workerId }) => {
      await db
        .insertInto('step_leases')
        .values({ job_id: jobId, queue, worker_id: workerId, heartbeat_at: Date.now() })
        .onConflict((oc) => oc.column('job_id').doUpdateSet({ queue, worker_id: workerId, heartbeat_at: Date.now() }))
        .execute();
    },
    renewLeases: async (workerId, jobIds) => {
      await db
        .updateTable('step_leases')
        .set({ heartbeat_at: Date.now() })
        .where('worker_id', '=', workerId)
        .where('job_id', 'in', [...jobIds])
        .execute();
    },
    endLease: async (jobId, workerId) => {
      await db.deleteFrom('step_leases').where('job_id', '=', jobId).where('worker_id', '=', workerId).execute();
    },
    hasLease: async (jobId) =>
      (await db.selectFrom('step_leases').select('job_id').where('job_id', '=', jobId).executeTakeFirst()) !==
      undefined,
    sweep: async ({ before, deadBefore }) => {
      await db.deleteFrom('step_results').where('created_at', '<', before).execute();
      return db
        .deleteFrom('step_leases')
        .where('heartbeat_at', '<', deadBefore)
        .returning(['job_id', 'queue', 'worker_id'])
        .execute();
    },
    holdLock: holdAdvisoryLock,
    whileSettingUp: (fn) => whileHoldingSetupLock(pool, fn),
    waiting: async (name) => {
      const { rows } = await pool.query<{ depth: number; age: number | null }>(
        'SELECT count(*)::int AS depth, EXTRACT(EPOCH FROM now() - min(created_on))::float8 ' +
          "AS age FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')",
        [name],
      );
      return { depth: rows[0]?.depth ?? 0, oldestAgeSeconds: Math.max(0, rows[0]?.age ?? 0) };
    },
    migrationsRun: async () =>
      (await pool.query<{ name: string }>('SELECT name FROM kysely_migration')).rows.map((r) => r.name),
  };
}

/** An advisory lock on `key` on a connection of its own from `locks`; `onLost` runs when that connection fails. */
async function holdAdvisoryLock(locks: pg.Pool, key: string, onLost: () => void): Promise<HeldLock> {
  const client = await locks.connect();
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

/** Run `fn` on a connection of `pool` holding the queue's setup lock. */
async function whileHoldingSetupLock<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const setup = await pool.connect();
  try {
    await setup.query("SELECT pg_advisory_lock(hashtext('karya_queue_setup'))");
    const result = await fn(setup);
    await setup.query("SELECT pg_advisory_unlock(hashtext('karya_queue_setup'))");
    setup.release();
    return result;
  } catch (error) {
    setup.release(true);
    throw error;
  }
}
