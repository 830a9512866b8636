// Open the SQLite database (WAL, foreign keys, FULL sync) through kysely and run migrations.
// Used by the server and by the CLI's local state.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from '../../migrations/index.js';
import type { Database } from './types.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

export interface OpenedDatabase {
  db: Kysely<Database>;
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Open (creating folders and tables as needed) the database at `file`. ':memory:' works for tests. */
export async function openDatabase(file: string): Promise<OpenedDatabase> {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`database migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { db, sqlite, close: () => db.destroy() };
}
