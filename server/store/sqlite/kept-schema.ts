// A new SQLite file's schema written in one step: the statements a set of migrations left in the last new file it
// made (sqlite_master's CREATE texts, in the order they were made, and the rows of the migration and lock tables),
// kept in .karya/cache under the identity of the code that ran them (the CLI bundle's code hash: any change to a
// migration, to kysely or to anything else bundled is another key). Running the state file's 17 migrations through
// kysely's migrator cost a new `karya batch` ~20 ms of its main thread before its first call (~12 once compiled);
// the kept statements take ~1 ms. Only for a file with nothing in it, under its write lock (connect.ts); a file that
// holds anything goes through the migrator as before, and code that is not a bundle (the sources, the tests' runs)
// always migrates unless it names its identity itself.
import path from 'node:path';
import type SQLite from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { keptCache, ROOT } from '../../../engine/node.js';

/** What is kept: the schema's statements and the bookkeeping tables' rows, column → value. */
interface KeptSchema {
  key: string;
  statements: string[];
  rows: Array<{ table: string; values: Record<string, unknown> }>;
}

const kept = keptCache<KeptSchema>(path.join(ROOT, '.karya', 'cache'), 'schema', 4);

/** The bookkeeping tables of a migration set (kysely's migration table and its lock table). */
export function bookkeepingTables(tableName = 'kysely_migration'): [migrations: string, lock: string] {
  return [tableName, `${tableName}_lock`];
}

/** The key of a set's schema made by the code named `code`: that code, the tables and every migration's name. */
export function keptSchemaKey(code: string, tableName: string | undefined, names: readonly string[]): string {
  const hash = createHash('sha256').update(`kept schema 1\n${code}\n${tableName ?? ''}\n`);
  for (const name of [...names].sort()) hash.update(`${name}\n`);
  return hash.digest('hex');
}

/** True when the file holds no table, index, view or trigger: a file just made. */
export function isEmptyFile(sqlite: SQLite.Database): boolean {
  return sqlite.prepare('SELECT count(*) FROM sqlite_master').pluck().get() === 0;
}

const quoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * Writes the kept schema of `key` into the (empty) file, inside the caller's transaction, the migration table's
 * times being now. False when none is kept, or when what is kept fails (a file cut short, edited by hand): nothing of
 * it is left, and the caller migrates.
 */
export function writeKeptSchema(sqlite: SQLite.Database, key: string, migrationTable: string): boolean {
  const schema = kept.read(key);
  if (!schema) return false;
  sqlite.exec('SAVEPOINT kept_schema');
  try {
    for (const statement of schema.statements) sqlite.exec(statement);
    const now = new Date().toISOString();
    for (const { table, values } of schema.rows) {
      const row = table === migrationTable && 'timestamp' in values ? { ...values, timestamp: now } : values;
      const columns = Object.keys(row);
      const names = columns.map(quoted).join(', ');
      sqlite
        .prepare(`INSERT INTO ${quoted(table)} (${names}) VALUES (${columns.map(() => '?')})`)
        .run(...columns.map((c) => row[c]));
    }
    sqlite.exec('RELEASE kept_schema');
    return true;
  } catch {
    sqlite.exec('ROLLBACK TO kept_schema; RELEASE kept_schema');
    return false;
  }
}

/**
 * The schema the migrations just made in a file that was empty, read inside their transaction: kept under `key` once
 * the caller has committed (keep()). SQLite's own objects (sqlite_sequence, the indexes of a table's keys) are made
 * again by the statements that made them.
 */
export function readSchema(sqlite: SQLite.Database, key: string, tables: readonly string[]): { keep(): void } {
  const statements = sqlite
    .prepare("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")
    .pluck()
    .all() as string[];
  const rows = tables.flatMap((table) =>
    (sqlite.prepare(`SELECT * FROM ${quoted(table)}`).all() as Record<string, unknown>[]).map((values) => ({
      table,
      values,
    })),
  );
  return { keep: () => kept.write({ key, statements, rows }) };
}
