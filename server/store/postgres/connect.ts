// Open a Postgres database (KARYA_DATABASE_URL) through kysely's PostgresDialect on a `pg` pool and bring
// its schema up to date with the same migrations as SQLite (migrations/dialect.ts holds the differences).
// kysely's migrator takes a Postgres advisory lock, so any number of processes starting at once all
// succeed: the first migrates, the others wait and find it done.
import pg from 'pg';
import { RECONNECT, retry } from '../../../engine/index.js';
import { Kysely, PostgresDialect } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { migrations } from '../../../migrations/index.js';
import type { Database } from '../schema.js';
import { migrationFailure } from '../model.js';

/** A pool of connections (the queue's locks, pg-boss's wake-ups), named without importing `pg`. */
export type PgPool = pg.Pool;

export interface OpenedPostgres<DB = Database> {
  db: Kysely<DB>;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

/** bigint (epoch milliseconds, count(*)) as a JS number: every value stored here is far below 2^53. */
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === pg.types.builtins.INT8 && format !== 'binary') return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  }) as typeof pg.types.getTypeParser,
};

/**
 * A pool on `url` (with bigint parsed as a number); `max` connections, idle ones closed after `idleMs` (10 s; 0: kept).
 */
export function createPool(
  url: string,
  opts: { max?: number; applicationName?: string; idleMs?: number } = {},
): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    types,
    ...(opts.applicationName ? { application_name: opts.applicationName } : {}),
    ...(opts.idleMs !== undefined ? { idleTimeoutMillis: opts.idleMs } : {}),
  });
  // A client losing its connection (the database restarted) must not crash the process: idle ones are
  // dropped by the pool; a checked-out one (a transaction between two queries, a held advisory lock) has
  // no pool listener, so every client gets its own. Its next query fails, and the pool drops it on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return pool;
}

/** Whether the database answers now. */
export async function isReachable(pool: pg.Pool): Promise<boolean> {
  try {
    await pool.query('SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * Wait until the database answers again (a restart, an outage), trying with backoff from 250 ms up to
 * 5 s between tries; false when it still does not after `maxMs` (or `signal` aborts).
 */
export async function waitForDatabase(pool: pg.Pool, opts: { maxMs: number; signal?: AbortSignal }): Promise<boolean> {
  const reached = async () => {
    if (!(await isReachable(pool))) throw new Error('the database does not answer');
  };
  return retry(reached, {
    retryable: () => 'unreachable',
    attempts: Number.POSITIVE_INFINITY,
    delay: RECONNECT,
    until: Date.now() + opts.maxMs,
    ...(opts.signal ? { signal: opts.signal } : {}),
  }).then(
    () => true,
    () => false,
  );
}

/**
 * Whether the database has exactly these migrations, read in one query: every process (a server, a
 * worker, each `karya batch --queue`) checks at its start, and the migrator's own check (a lock and two
 * catalog queries, ~35 ms) runs only when something is missing or unknown.
 */
async function isMigrated(pool: pg.Pool, known: Record<string, Migration>): Promise<boolean> {
  const names = Object.keys(known).sort();
  try {
    const { rows } = await pool.query<{ n: number; last: string | null }>(
      'SELECT count(*)::int AS n, max(name) AS last FROM kysely_migration',
    );
    return rows[0]!.n === names.length && rows[0]!.last === names.at(-1);
  } catch {
    // No migration table yet (a new database): the migrator makes it.
    return false;
  }
}

/** Open the server's database at `url` and run its migrations. */
export async function openPostgres(
  url: string,
  opts: { max?: number; migrations?: Record<string, Migration> } = {},
): Promise<OpenedPostgres> {
  const pool = createPool(url, opts);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  // Kysely ends the pool only once it has run a query through it: a process that used the pool alone
  // (the migration check, the queue's setup, then a failure) would otherwise wait out its idle 10 s.
  const close = async () => {
    await db.destroy();
    if (!pool.ending) await pool.end();
  };
  try {
    if (await isMigrated(pool, opts.migrations ?? migrations)) return { db, pool, url, close };
    const migrator = new Migrator({ db, provider: { getMigrations: async () => opts.migrations ?? migrations } });
    const { error, results } = await migrator.migrateToLatest();
    const failure = migrationFailure(error, results);
    if (failure) throw failure;
  } catch (error) {
    await close();
    throw error;
  }
  return { db, pool, url, close };
}
