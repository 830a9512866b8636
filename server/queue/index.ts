// Generation steps as jobs on Postgres (KARYA_DATABASE_URL), with pg-boss 12:
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
// This file opens the queue and is the folder's entry; the dispatcher, the worker, the sweep, what
// they share (jobs.ts) and the move off a pg-boss 10 schema (upgrade.ts) have a file each.
import { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { OpenedPostgres } from '../store/postgres/connect.js';
import { StepChannel } from '../store/postgres/channel.js';
import { postgresBatches } from '../store/postgres/batches.js';
import { BATCH_QUEUE, ensureBatchQueue } from './batch.js';
import { stopSweeper } from './sweep.js';
import { moveOldJobs, setAsideOldSchema } from '../store/postgres/queue-upgrade.js';
import { postgresQueueTables, type QueueTables } from '../store/postgres/queue-tables.js';
import { KEEP_DONE_S, RETRY_LIMIT, STEP_QUEUE, type StepQueue } from './jobs.js';

export {
  HEARTBEAT_MS,
  LEASE_TIMEOUT_MS,
  NO_WORKER_MS,
  POLL_MS,
  STEP_QUEUE,
  WORK_POLL_S,
  type StepOutcome,
  type StepQueue,
} from './jobs.js';
export { startSweeper, sweepDeadLeases } from './sweep.js';
export { queueDispatcher, type DispatcherOptions } from './dispatcher.js';
export { startStepWorker, type StepWorker } from './worker.js';

/**
 * A lost connection's error as a log line's fields, its message and code alone: the errors pg and pg-boss raise
 * carry the client that raised them, whose whole state (kilobytes of connection and parser fields) every line
 * would print, several times over each time a restart of the database cuts the connections.
 */
function briefly(error: unknown): { reason: string; code?: string } {
  const code = (error as { code?: unknown } | null)?.code;
  return {
    reason: error instanceof Error ? error.message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/**
 * Start pg-boss (creating its schema once) and the event channel on an open Postgres database. A process
 * that only sends jobs (`karya batch --queue`: `isSender`) leaves pg-boss's maintenance and cron clock to
 * the servers and workers, and its channel listens to nothing of the steps (it neither dispatches steps nor
 * runs them): it is opened while pg-boss starts, for the batch's progress the command listens to on it.
 */
export async function openQueue(
  postgres: OpenedPostgres,
  logger: Pick<Logger, 'warn'>,
  opts: { isSender?: boolean } = {},
): Promise<StepQueue> {
  const tables = postgresQueueTables(postgres.db, postgres.pool);
  const channel = new StepChannel(
    postgres.url,
    postgres.pool,
    (error) => logger.warn(briefly(error), 'step events connection lost; listening again'),
    !opts.isSender,
  );
  let boss: PgBoss;
  if (opts.isSender) {
    // (A failure to connect is the command's to hear when it listens to its batch: start() is tried again then.)
    channel.start().catch(() => undefined);
    try {
      boss =
        (await senderBoss(postgres, logger)) ??
        (await setUpBoss(postgres, tables, logger, { supervise: false, schedule: false }));
    } catch (error) {
      await channel.close();
      throw error;
    }
  } else {
    boss = await setUpBoss(postgres, tables, logger, {});
    await channel.start();
  }
  const queue: StepQueue = {
    boss,
    channel,
    db: postgres.db,
    pool: postgres.pool,
    batches: postgresBatches(postgres.db, postgres.pool),
    tables,
    url: postgres.url,
    close: async () => {
      stopSweeper(queue);
      await channel.close();
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
    },
  };
  return queue;
}

/**
 * pg-boss started (its schema created or migrated once, the queues created) under the queue's setup lock: processes
 * starting together would deadlock creating the same queues, and a pg-boss 10 schema is set aside and its jobs moved
 * by one process only. Its own pool of 4 connections (a worker's fetches and completes).
 */
async function setUpBoss(
  postgres: OpenedPostgres,
  tables: QueueTables,
  logger: Pick<Logger, 'warn'>,
  options: { supervise?: boolean; schedule?: boolean },
): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString: postgres.url,
    max: 4,
    application_name: 'karya-queue',
    maintenanceIntervalSeconds: 60,
    ...options,
  });
  boss.on('error', (error) => logger.warn(briefly(error), 'job queue error'));
  try {
    await tables.whileSettingUp(async (setup) => {
      await setAsideOldSchema(setup);
      await boss.start();
      // Completed jobs are kept a day for inspection; pg-boss's own expiry is only a last resort behind the leases.
      if (!(await boss.getQueue(STEP_QUEUE)))
        await boss.createQueue(STEP_QUEUE, {
          retryLimit: RETRY_LIMIT,
          retryDelay: 0,
          expireInSeconds: 30 * 60,
          deleteAfterSeconds: KEEP_DONE_S,
        });
      await ensureBatchQueue(boss);
      await moveOldJobs(boss, setup, [STEP_QUEUE, BATCH_QUEUE], logger);
    });
  } catch (error) {
    await boss.stop({ graceful: false, close: true }).catch(() => undefined);
    throw error;
  }
  return boss;
}

/**
 * A sender's pg-boss, when the queue is set up already (its schema at pg-boss's version, the batch queue there):
 * on the store's pool, neither migrating nor registering an instance, so that a batch's command opens no
 * connection of its own for it and waits for no setup lock (5 queries where the setup took 14 and a new
 * connection). Else undefined: the setup runs (a new database, an older schema, a queue missing).
 */
async function senderBoss(postgres: OpenedPostgres, logger: Pick<Logger, 'warn'>): Promise<PgBoss | undefined> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values?: unknown[]) => postgres.pool.query(text, values) },
    migrate: false,
    registerInstance: false,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (error) => logger.warn(briefly(error), 'job queue error'));
  try {
    // Not installed, or at another version: start() refuses (pg-boss's own check), and the setup runs.
    await boss.start();
    if (await boss.getQueue(BATCH_QUEUE)) return boss;
  } catch {
    // The setup says why, when it fails too.
  }
  await boss.stop({ graceful: false, close: true }).catch(() => undefined);
  return undefined;
}
