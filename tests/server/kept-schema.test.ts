// A new state file takes the schema its migrations made in the last new file (server/store/sqlite/kept-schema.ts):
// the same tables, columns, indexes and migration records as migrating gives, a file that holds anything is still
// migrated, and a migration added later runs on a file made from the kept schema.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Migration } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { STATE_MIGRATION_TABLE, stateMigrations } from '../../migrations/state.js';
import { openSqlite, type MigrationSet } from '../../server/store/sqlite/connect.js';
import { keptSchemaKey } from '../../server/store/sqlite/kept-schema.js';
import { ROOT } from '../../engine/node.js';
import { tempDir } from '../temp.js';

/** The state file's migrations, counting the ones that ran. */
function counted(extra: Record<string, Migration> = {}): { set: Record<string, Migration>; ran: string[] } {
  const ran: string[] = [];
  const all = { ...stateMigrations, ...extra };
  const set = Object.fromEntries(
    Object.entries(all).map(([name, m]) => [
      name,
      { ...m, up: async (db: Kysely<unknown>) => (ran.push(name), m.up(db)) },
    ]),
  );
  return { set, ran };
}

/** What a file holds: its schema (SQLite's own indexes too) and the migrations it records. */
function contents(file: string): unknown {
  const raw = new Database(file, { readonly: true });
  try {
    return {
      schema: raw.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all(),
      ran: raw.prepare(`SELECT name FROM ${STATE_MIGRATION_TABLE} ORDER BY name`).pluck().all(),
      lock: raw.prepare(`SELECT * FROM ${STATE_MIGRATION_TABLE}_lock`).all(),
    };
  } finally {
    raw.close();
  }
}

async function open(file: string, set: MigrationSet): Promise<void> {
  await (await openSqlite(file, set)).close();
}

const CACHE = path.join(ROOT, '.karya', 'cache');
/** The schema codes this file names: what it keeps in the checkout's cache goes when it ends. */
const codes: string[] = [];
function newCode(): string {
  const code = `test ${randomUUID()}`;
  codes.push(code);
  return code;
}
afterAll(() => {
  for (const code of codes) {
    const key = keptSchemaKey(code, STATE_MIGRATION_TABLE, Object.keys(stateMigrations));
    rmSync(path.join(CACHE, `schema-${key.slice(0, 32)}.json`), { force: true });
  }
});

describe('a new state file', () => {
  it('takes the schema the migrations made last: the same as migrating gives', async () => {
    const dir = tempDir('karya-kept-schema-');
    const schemaCode = newCode();
    const first = counted();
    await open(`${dir}/first.sqlite`, { migrations: first.set, tableName: STATE_MIGRATION_TABLE, schemaCode });
    expect(first.ran).toEqual(Object.keys(stateMigrations));

    const second = counted();
    await open(`${dir}/second.sqlite`, { migrations: second.set, tableName: STATE_MIGRATION_TABLE, schemaCode });
    expect(second.ran).toEqual([]);
    expect(contents(`${dir}/second.sqlite`)).toEqual(contents(`${dir}/first.sqlite`));

    // Opened again, it is up to date; a migration added since runs on it, alone.
    const added = counted({
      '9999_added': { up: async (db) => void (await sql`CREATE TABLE added (id INTEGER)`.execute(db)) },
    });
    await open(`${dir}/second.sqlite`, { migrations: added.set, tableName: STATE_MIGRATION_TABLE, schemaCode });
    expect(added.ran).toEqual(['9999_added']);
  });

  it('is migrated when the kept schema fails, with nothing of it left', async () => {
    const dir = tempDir('karya-kept-schema-');
    const schemaCode = newCode();
    const key = keptSchemaKey(schemaCode, STATE_MIGRATION_TABLE, Object.keys(stateMigrations));
    mkdirSync(CACHE, { recursive: true });
    const statements = ['CREATE TABLE half_made (id INTEGER)', 'CREATE TABLE nope ('];
    writeFileSync(path.join(CACHE, `schema-${key.slice(0, 32)}.json`), JSON.stringify({ key, statements, rows: [] }));
    const broken = counted();
    await open(`${dir}/broken.sqlite`, { migrations: broken.set, tableName: STATE_MIGRATION_TABLE, schemaCode });
    expect(broken.ran).toEqual(Object.keys(stateMigrations));
    const migrated = `${dir}/migrated.sqlite`;
    await open(migrated, { migrations: stateMigrations, tableName: STATE_MIGRATION_TABLE });
    expect(contents(`${dir}/broken.sqlite`)).toEqual(contents(migrated));
  });

  it('is migrated when it holds anything, or when no code names the schema', async () => {
    const dir = tempDir('karya-kept-schema-');
    const schemaCode = newCode();
    await open(`${dir}/made.sqlite`, { migrations: stateMigrations, tableName: STATE_MIGRATION_TABLE, schemaCode });

    const raw = new Database(`${dir}/holding.sqlite`);
    raw.exec('CREATE TABLE notes (text TEXT)');
    raw.close();
    const holding = counted();
    await open(`${dir}/holding.sqlite`, { migrations: holding.set, tableName: STATE_MIGRATION_TABLE, schemaCode });
    expect(holding.ran).toEqual(Object.keys(stateMigrations));

    const unnamed = counted();
    await open(`${dir}/unnamed.sqlite`, { migrations: unnamed.set, tableName: STATE_MIGRATION_TABLE });
    expect(unnamed.ran).toEqual(Object.keys(stateMigrations));
  });
});
