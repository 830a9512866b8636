// Durability: the server process is killed with SIGKILL during a burst of credit changes (admin
// credit adjustments and credit-charging generations); every change the server acknowledged is in
// the database afterwards, every balance equals its ledger, and the restart refunds cut-off generations.
import type { ChildProcess } from 'node:child_process';

import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { json, killAll, spawnKarya } from '../karya-process.js';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { tempDir } from '../temp.js';

const ADMIN = 'boss@karya.test';
const children: ChildProcess[] = [];
afterAll(() => killAll(children));

describe('SIGKILL during a burst of credit changes', () => {
  it('loses no acknowledged change', async () => {
    const dbFile = path.join(tempDir('karya-crash-'), 'karya.sqlite');
    const env = {
      ...process.env,
      KARYA_DB: dbFile,
      KARYA_ADMIN_EMAIL: ADMIN,
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'warn',
      OPENAI_API_KEY: '',
      KARYA_GENERATION_BURST: '100000',
      KARYA_GENERATION_PER_MINUTE: '100000',
    };
    const { child, match } = await spawnKarya(['serve', '--port', '0'], /running at (http:\/\/\S+)/, {
      env,
      timeoutMs: 30_000,
      children,
    });
    const url = match[1]!;
    const admin = (
      await json(`${url}/api/auth/sign-up/email`, { method: 'POST', body: { email: ADMIN, password: 'karya-secret1' } })
    ).cookie!;
    const target = await json(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      body: { email: 'target@karya.test', password: 'karya-secret1' },
    });
    const writer = await json(`${url}/api/auth/sign-up/email`, {
      method: 'POST',
      body: { email: 'writer@karya.test', password: 'karya-secret1' },
    });
    const targetId = (target.body.user as { id: string }).id;
    const writerId = (writer.body.user as { id: string }).id;
    expect(
      (
        await json(`${url}/api/admin/users/${writerId}`, {
          method: 'PATCH',
          cookie: admin,
          body: { credits: 1_000_000 },
        })
      ).status,
    ).toBe(200);

    const ackedCredits: number[] = [];
    const ackedGenerations: string[] = [];
    let isRunning = true;
    let next = 1;
    const adjuster = async () => {
      while (isRunning) {
        const value = next++;
        try {
          const res = await json(`${url}/api/admin/users/${targetId}`, {
            method: 'PATCH',
            cookie: admin,
            body: { credits: value },
          });
          if (res.status === 200) ackedCredits.push(value);
        } catch {
          return;
        }
      }
    };
    const generator = async () => {
      while (isRunning) {
        try {
          const res = await json(`${url}/api/generators/poems/generate`, {
            method: 'POST',
            cookie: writer.cookie!,
            body: { settings: {} },
          });
          if (res.status === 200) ackedGenerations.push(String(res.body.generation_id));
        } catch {
          return;
        }
      }
    };
    const workers = [...Array.from({ length: 6 }, adjuster), ...Array.from({ length: 4 }, generator)];
    while (ackedCredits.length < 150 || ackedGenerations.length < 30) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGKILL');
    isRunning = false;
    await Promise.all(workers);
    await new Promise((r) =>
      child.exitCode !== null || child.signalCode !== null ? r(undefined) : child.once('exit', r),
    );

    const database = await openDatabase(dbFile);
    try {
      const store = new Store(database.db, database.sqlite);
      const ledger = store.all(store.db.selectFrom('credit_transactions').selectAll());
      const adjustments = new Set(
        ledger
          .filter((r) => r.user_id === targetId && r.reason === 'Admin credit adjustment')
          .map((r) => r.new_balance),
      );
      expect(ackedCredits.filter((v) => !adjustments.has(v))).toEqual([]);
      const charges = new Set(
        ledger.filter((r) => r.user_id === writerId && r.type === 'charge').map((r) => r.reference),
      );
      expect(ackedGenerations.filter((id) => !charges.has(id))).toEqual([]);
      const succeeded = new Set(
        store.all(store.db.selectFrom('generations').select('id').where('status', '=', 'succeeded')).map((g) => g.id),
      );
      expect(ackedGenerations.filter((id) => !succeeded.has(id))).toEqual([]);

      const balanceMatchesLedger = () => {
        for (const userId of [targetId, writerId]) {
          const balance = store.first(
            store.db.selectFrom('users').select('credits_available').where('id', '=', userId),
          )!.credits_available;
          const sum = store
            .all(store.db.selectFrom('credit_transactions').select('amount').where('user_id', '=', userId))
            .reduce((a, r) => a + r.amount, 0);
          expect(balance).toBe(sum);
        }
      };
      balanceMatchesLedger();
      await sqliteRepositories(store).generations.refundInterrupted();
      balanceMatchesLedger();
      expect(store.all(store.db.selectFrom('generations').selectAll().where('status', '=', 'running'))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);
});
