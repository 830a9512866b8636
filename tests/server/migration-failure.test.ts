// A migration that fails stops the store from opening, naming that migration and what went wrong, and leaves the
// file as it was before the run (SQLite: every migration runs in one transaction).
import { describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import Database from 'better-sqlite3';
import { openSqlite } from '../../server/store/sqlite/connect.js';
import { tempDir } from '../temp.js';

describe('a failed migration', () => {
  it('names the migration and its error, and keeps none of the run', async () => {
    const file = `${tempDir('karya-migration-failure-')}/store.db`;
    const migrations = {
      '0001_first': { up: async (db: Kysely<unknown>) => void (await sql`CREATE TABLE kept (id INTEGER)`.execute(db)) },
      '0002_broken': { up: async (db: Kysely<unknown>) => void (await sql`CREATE TABLE nope (`.execute(db)) },
    };
    await expect(openSqlite(file, { migrations })).rejects.toThrow(/^database migration failed at 0002_broken: .+/);
    const raw = new Database(file, { readonly: true });
    try {
      expect(raw.prepare(`SELECT name FROM sqlite_master WHERE name = 'kept'`).all()).toEqual([]);
    } finally {
      raw.close();
    }
  });
});
