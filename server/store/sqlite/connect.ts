// Open a SQLite database (WAL, foreign keys, FULL sync) through kysely and bring its schema up to date.
// Migrations run under SQLite's write lock and inside one transaction, so that any number of processes
// opening the same new file at once all succeed: the first migrates, the others wait and find it done.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { makeDirs } from '../../../engine/node.js';
import type { Database } from '../schema.js';
import { migrationFailure } from '../model.js';
import { closeAsideWriter } from './aside.js';
import { durableSync } from './sync-level.js';
import { bookkeepingTables, isEmptyFile, keptSchemaKey, readSchema, writeKeptSchema } from './kept-schema.js';

export interface OpenedDatabase<DB = Database> {
  db: Kysely<DB>;
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

export interface MigrationSet {
  migrations: Record<string, Migration>;
  /** The table that records which migrations ran (kysely's default for the server). */
  tableName?: string;
  /**
   * The identity of the code that runs these migrations (the CLI bundle's code hash): a file with nothing in it then
   * takes the schema they made in the last new file (kept-schema.ts) instead of running them again.
   */
  schemaCode?: string;
}

/**
 * Open (creating folders and tables as needed) the database at `file`. ':memory:' works for tests, and so does a
 * database's image (better-sqlite3's serialize()), opened in memory: a test server starts from an image of the migrated
 * schema, which then has nothing to migrate (tests/server/helpers.ts). The server's migrations load here, not with this
 * module: the command line's state file (server/store/state.ts) opens through openSqlite with its own, and loads ~40
 * files fewer without them.
 */
export async function openDatabase(file: string | Buffer): Promise<OpenedDatabase> {
  const { migrations } = await import('../../../migrations/index.js');
  return openSqlite<Database>(file, { migrations });
}

/**
 * Open a SQLite file (or an image of one, in memory) and run a set of migrations on it under the write lock.
 * `isDurable: false` commits without an fsync (WAL's synchronous=NORMAL) from the start: the migrations' commit too,
 * which made a new batch state file wait on the disk before its first call.
 */
export async function openSqlite<DB>(
  file: string | Buffer,
  set: MigrationSet,
  { isDurable = true }: { isDurable?: boolean } = {},
): Promise<OpenedDatabase<DB>> {
  // Not Node's recursive mkdir: it never returns for a path under /proc (engine/node/dirs.ts).
  if (typeof file === 'string' && file !== ':memory:') makeDirs(path.dirname(path.resolve(file)));
  const sqlite = new SQLite(file, { timeout: 30_000 });
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    sqlite.pragma('busy_timeout = 30000');
    // Before the switch to WAL, which is itself a commit: a file that need not be durable waits on no flush for it.
    sqlite.pragma(`synchronous = ${isDurable ? durableSync() : 'NORMAL'}`);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    if (!isUpToDate(sqlite, set)) await migrateLocked(db as Kysely<unknown>, sqlite, set);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  openConnections.add(sqlite);
  connectionsEpoch++;
  return {
    db,
    sqlite,
    close: async () => {
      if (openConnections.delete(sqlite)) connectionsEpoch++;
      await closeAsideWriter(sqlite);
      await db.destroy();
    },
  };
}

/**
 * Every SQLite connection this process has open (through openSqlite), and a count of opens and
 * closes: the session cache's check that nothing changed adds up the writes of all of them
 * (server/store/sqlite/auth.ts), and a close (which takes its writes out of the sum) changes the epoch.
 */
export const openConnections = new Set<SQLite.Database>();
let connectionsEpoch = 0;
export const openConnectionsEpoch = (): number => connectionsEpoch;

/**
 * Whether the file has run exactly this set of migrations, in order: then there is nothing for the
 * migrator to do or to check, and opening skips it (kysely's migrator reads the schema and takes the
 * write lock, a tenth of `karya batch`'s start-up). Anything else (a new file, a migration to run, an
 * unknown or missing one) goes through the migrator, which migrates or refuses.
 */
function isUpToDate(sqlite: SQLite.Database, set: MigrationSet): boolean {
  const table = set.tableName ?? 'kysely_migration';
  const exists = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table);
  if (!exists) return false;
  const ran = sqlite
    .prepare(`SELECT name FROM "${table.replace(/"/g, '""')}" ORDER BY name`)
    .pluck()
    .all() as string[];
  const wanted = Object.keys(set.migrations).sort();
  return ran.length === wanted.length && ran.every((name, i) => name === wanted[i]);
}

async function migrateLocked(db: Kysely<unknown>, sqlite: SQLite.Database, set: MigrationSet): Promise<void> {
  // BEGIN IMMEDIATE takes the write lock (waiting up to busy_timeout for another process's migration);
  // every migration and kysely's bookkeeping then run inside this one transaction.
  sqlite.exec('BEGIN IMMEDIATE');
  let isCommitted = false;
  let made: { keep(): void } | undefined;
  try {
    const tables = bookkeepingTables(set.tableName);
    const key =
      set.schemaCode && isEmptyFile(sqlite)
        ? keptSchemaKey(set.schemaCode, set.tableName, Object.keys(set.migrations))
        : undefined;
    if (!key || !writeKeptSchema(sqlite, key, tables[0])) {
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => set.migrations },
        disableTransactions: true,
        ...(set.tableName ? { migrationTableName: tables[0], migrationLockTableName: tables[1] } : {}),
      });
      const { error, results } = await migrator.migrateToLatest();
      const failure = migrationFailure(error, results);
      if (failure) throw failure;
      if (key) made = readSchema(sqlite, key, tables);
    }
    sqlite.exec('COMMIT');
    isCommitted = true;
  } finally {
    if (!isCommitted && sqlite.inTransaction) sqlite.exec('ROLLBACK');
  }
  made?.keep();
}
