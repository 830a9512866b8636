// Migration 0034: an account's studio language is any language of the table, so the database no longer
// refuses one 0012's CHECK did not name (Indonesian). Accounts written before it keep their language; on
// SQLite, which rebuilds the column, the column keeps its default. Run on SQLite and on Postgres.
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { openPostgres } from '../../server/store/postgres/connect.js';
import { postgresUnavailable, startPostgres } from '../postgres.js';
import { tempDir } from '../temp.js';

const user = (id: string, lang?: string) => ({
  id,
  email: `${id}@karya.test`,
  role: 'free',
  credits_available: 10,
  created_at: 'now',
  updated_at: 'now',
  ...(lang ? { lang } : {}),
});

describe('0034 lets an account keep any language of the table', () => {
  it('on SQLite: the accounts before it keep their language, and Indonesian is kept after it', async () => {
    const file = path.join(tempDir('karya-user-lang-'), 'old.sqlite');
    const old = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(file) }) });
    expect(
      (
        await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(
          '0033_book_covers',
        )
      ).error,
    ).toBeUndefined();
    await old.insertInto('users').values(user('u1', 'ms')).execute();
    await old.insertInto('users').values(user('u2')).execute();
    await expect(old.insertInto('users').values(user('u3', 'id')).execute()).rejects.toThrow(/CHECK/);
    await old.destroy();

    const db = await openDatabase(file);
    try {
      db.sqlite
        .prepare(
          'INSERT INTO users (id, email, role, credits_available, created_at, updated_at, ' +
            "lang) VALUES ('u3', 'u3@karya.test', 'free', 10, 'now', 'now', 'id')",
        )
        .run();
      db.sqlite
        .prepare(
          'INSERT INTO users (id, email, role, credits_available, created_at, ' +
            "updated_at) VALUES ('u4', 'u4@karya.test', 'free', 10, 'now', 'now')",
        )
        .run();
      expect(db.sqlite.prepare('SELECT id, lang FROM users ORDER BY id').all()).toEqual([
        { id: 'u1', lang: 'ms' },
        { id: 'u2', lang: 'en' },
        { id: 'u3', lang: 'id' },
        { id: 'u4', lang: 'en' },
      ]);
    } finally {
      await db.close();
    }
  });

  const pgSkip = postgresUnavailable();
  it.skipIf(pgSkip !== null)(
    'on Postgres: the CHECK is gone, the default stays',
    async () => {
      const cluster = await startPostgres();
      const url = await cluster.createDatabase();
      const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0034'));
      const old = await openPostgres(url, { migrations: before });
      try {
        await old.db
          .insertInto('users')
          .values(user('p1', 'ms') as never)
          .execute();
        await expect(
          old.db
            .insertInto('users')
            .values(user('p2', 'id') as never)
            .execute(),
        ).rejects.toThrow(/users_lang_check/);
      } finally {
        await old.close();
      }
      const opened = await openPostgres(url);
      try {
        await opened.db
          .insertInto('users')
          .values(user('p2', 'id') as never)
          .execute();
        await opened.db
          .insertInto('users')
          .values(user('p3') as never)
          .execute();
        const rows = await opened.db.selectFrom('users').select(['id', 'lang']).orderBy('id').execute();
        expect(rows).toEqual([
          { id: 'p1', lang: 'ms' },
          { id: 'p2', lang: 'id' },
          { id: 'p3', lang: 'en' },
        ]);
      } finally {
        await opened.close();
      }
    },
    60_000,
  );
});
