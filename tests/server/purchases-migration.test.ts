// Migration 0010 rebuilds the credit ledger on SQLite to let it take `purchase` rows (SQLite cannot alter
// a CHECK): every row of a ledger written before it is kept with its id, the check still refuses
// unknown types and negative balances, and new rows number after the old ones.

import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { expect, it } from 'vitest';
import { migrations } from '../../migrations/index.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { tempDir } from '../temp.js';

it('keeps the ledger written before 0010 and lets it take purchases', async () => {
  const file = path.join(tempDir('karya-ledger-'), 'old.sqlite');
  const sqlite = new SQLite(file);
  const old = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
  expect(
    (
      await new Migrator({ db: old, provider: { getMigrations: async () => migrations } }).migrateTo(
        '0009_book_packages',
      )
    ).error,
  ).toBeUndefined();
  const rows = [
    {
      id: 1,
      user_id: 'u1',
      type: 'signup',
      amount: 10,
      previous_balance: 0,
      new_balance: 10,
      reason: 'Sign-up',
      reference: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    {
      id: 2,
      user_id: 'u1',
      type: 'charge',
      amount: -1,
      previous_balance: 10,
      new_balance: 9,
      reason: 'romance: Outline',
      reference: 'g1',
      created_at: '2026-01-01T00:01:00.000Z',
    },
    {
      id: 7,
      user_id: 'u2',
      type: 'link',
      amount: 300,
      previous_balance: 10,
      new_balance: 310,
      reason: 'Credit link',
      reference: 'link:1',
      created_at: '2026-01-02T00:00:00.000Z',
    },
  ];
  await old.insertInto('credit_transactions').values(rows).execute();
  await expect(
    old
      .insertInto('credit_transactions')
      .values({ ...rows[0], id: 8, type: 'purchase' })
      .execute(),
  ).rejects.toThrow(/CHECK/);
  await old.destroy();

  const db = await openDatabase(file);
  try {
    expect(db.sqlite.prepare('SELECT * FROM credit_transactions ORDER BY id').all()).toEqual(rows);
    const insert = db.sqlite.prepare(
      'INSERT INTO credit_transactions (user_id, type, amount, previous_balance, ' +
        "new_balance, reason, created_at) VALUES ('u1', ?, 300, 9, ?, 'Purchase', 'now')",
    );
    expect(insert.run('purchase', 309).lastInsertRowid).toBe(8);
    expect(() => insert.run('bogus', 309)).toThrow(/CHECK/);
    expect(() => insert.run('purchase', -1)).toThrow(/CHECK/);
    const indexes = (
      db.sqlite
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'credit_transactions'")
        .all() as Array<{ name: string }>
    ).map((i) => i.name);
    expect(indexes).toContain('credit_transactions_user');
  } finally {
    await db.close();
  }
});
