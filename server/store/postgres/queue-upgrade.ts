// A database whose queue pg-boss 10 set up (its schema version 24) moves to pg-boss 12, which migrates
// only from pg-boss 11's rewritten schema (version 25) on: the old schema is renamed aside before pg-boss
// starts (pg-boss then installs its own), and the old schema's unfinished jobs of Karya's queues are
// queued again in the new one, by their ids, in the transaction that drops the old schema.
import type pg from 'pg';
import type { PgBoss } from 'pg-boss';
import type { Logger } from 'pino';

const SCHEMA = 'pgboss';
/** Where a pg-boss 10 schema waits while its jobs move (a start stopped halfway finds it there). */
const OLD_SCHEMA = 'pgboss_v10';
/** The first schema version pg-boss 12 migrates from (pg-boss 11.0's). */
const FIRST_MIGRATED_VERSION = 25;

/**
 * Rename a pg-boss schema older than pg-boss 12 can migrate out of its way, before pg-boss starts.
 * Run under the queue's setup lock. Returns whether it did.
 */
export async function setAsideOldSchema(client: pg.PoolClient): Promise<boolean> {
  const installed = await client.query<{ present: boolean }>('SELECT to_regclass($1) IS NOT NULL AS present', [
    `${SCHEMA}.version`,
  ]);
  if (!installed.rows[0]?.present) return false;
  const { rows } = await client.query<{ version: number }>(`SELECT version FROM ${SCHEMA}.version`);
  const version = rows[0]?.version;
  if (version === undefined || Number(version) >= FIRST_MIGRATED_VERSION) return false;
  await client.query(`ALTER SCHEMA ${SCHEMA} RENAME TO ${OLD_SCHEMA}`);
  return true;
}

interface OldJob {
  id: string;
  name: string;
  data: object | null;
  priority: number;
  retry_limit: number;
  retry_delay: number;
  retry_backoff: boolean;
  start_after: Date;
  expire_seconds: number;
}

/**
 * Queue again in pg-boss 12 the jobs of `queues` a set-aside pg-boss 10 schema had not finished
 * (created, waiting for a retry, or active: the worker running it stopped for the upgrade), then drop
 * that schema, in one transaction. Their ids are kept (a step's job id is its generation's id); their
 * attempts start again from the first. Run under the queue's setup lock, once the queues exist.
 */
export async function moveOldJobs(
  boss: PgBoss,
  client: pg.PoolClient,
  queues: readonly string[],
  logger: Pick<Logger, 'warn'>,
): Promise<number> {
  const present = await client.query<{ present: boolean }>('SELECT to_regnamespace($1) IS NOT NULL AS present', [
    OLD_SCHEMA,
  ]);
  if (!present.rows[0]?.present) return 0;
  await client.query('BEGIN');
  try {
    const { rows } = await client.query<OldJob>(
      `SELECT id, name, data, priority, retry_limit, retry_delay, retry_backoff, start_after,
         GREATEST(1, EXTRACT(EPOCH FROM expire_in))::int AS expire_seconds
       FROM ${OLD_SCHEMA}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')`,
      [queues],
    );
    const db = {
      executeSql: async (text: string, values?: unknown[]) => ({ rows: (await client.query(text, values)).rows }),
    };
    for (const name of queues) {
      const jobs = rows.filter((job) => job.name === name);
      if (!jobs.length) continue;
      await boss.insert(
        name,
        jobs.map((job) => ({
          id: job.id,
          data: job.data ?? {},
          priority: job.priority,
          retryLimit: job.retry_limit,
          retryDelay: job.retry_delay,
          retryBackoff: job.retry_backoff,
          startAfter: job.start_after,
          expireInSeconds: job.expire_seconds,
        })),
        { db },
      );
    }
    await client.query(`DROP SCHEMA ${OLD_SCHEMA} CASCADE`);
    await client.query('COMMIT');
    logger.warn({ jobs: rows.length }, 'job queue moved from pg-boss 10: its unfinished jobs are queued again');
    return rows.length;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
