// The SQLite adapter runs the shared use cases (server/store/queries/) on one connection: a use case is one
// transaction, and no other call lands inside it while it is open (its statements wait for its commit),
// whatever awaits the use case holds; calls made together happen in the order they were made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/store/sqlite/connect.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import type { Repositories } from '../../server/store/ports.js';

let database: OpenedDatabase;
let repos: Repositories;
beforeAll(async () => {
  database = await openDatabase(':memory:');
  repos = sqliteRepositories(new Store(database.db, database.sqlite));
});
afterAll(() => database.close());

const balance = (id: string) =>
  (database.sqlite.prepare('SELECT credits_available FROM users WHERE id = ?').get(id) as { credits_available: number })
    .credits_available;

describe('SQLite store', () => {
  it(
    'charges, reads and grants in the order called, each whole: ' +
      'a read made while the charge is open sees it committed',
    async () => {
      const user = (await repos.users.create({ email: 'sync@karya.test', passwordHash: 'hash', role: 'free' }))!;
      const start = balance(user.id);
      const charged = repos.credits.charge({ userId: user.id, amount: 2, reason: 'test' });
      const read = repos.credits.balanceOf(user.id);
      const granted = repos.purchases.grant({
        sessionId: 'cs_sync',
        userId: user.id,
        packageId: 'starter',
        credits: 10,
        amountTotal: 500,
        currency: 'usd',
      });
      const readAfter = repos.credits.balanceOf(user.id);
      expect(await read).toBe(start - 2);
      expect(await readAfter).toBe(start + 8);
      expect(balance(user.id)).toBe(start + 8);
      expect(await charged).toEqual({ previous: start, next: start - 2 });
      expect(await granted).toEqual({ status: 'granted', balance: { previous: start - 2, next: start + 8 } });
      expect((await repos.credits.ledger(user.id)).map((row) => row.type)).toEqual(['signup', 'charge', 'purchase']);
    },
  );

  it('answers a refused use case as a rejected Promise, with nothing of its transaction kept', async () => {
    const user = (await repos.users.create({ email: 'refused@karya.test', passwordHash: 'hash', role: 'free' }))!;
    const start = balance(user.id);
    await expect(repos.credits.charge({ userId: user.id, amount: 0.5, reason: 'half a credit' })).rejects.toThrow(
      RangeError,
    );
    expect(await repos.credits.charge({ userId: user.id, amount: start + 1, reason: 'too much' })).toBeNull();
    expect(balance(user.id)).toBe(start);
    expect(
      await repos.purchases.grant({
        sessionId: 'cs_gone',
        userId: 'no-such-user',
        packageId: 'starter',
        credits: 10,
        amountTotal: 500,
        currency: 'usd',
      }),
    ).toEqual({ status: 'no_user' });
    expect(await repos.purchases.find('cs_gone')).toBeUndefined();
  });
});
