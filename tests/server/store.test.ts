// The repositories through their ports (server/store/ports.ts), on the SQLite adapter: each use case is
// atomic inside (check and deduct, charge with its generation row, a reset token used once) and every
// method answers a Promise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../server/store/sqlite/connect.js';
import type { Repositories } from '../../server/store/ports.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { loadBook } from '../../server/store/sqlite/books.js';
import type { StepSave } from '../../engine/index.js';

let database: OpenedDatabase;
let store: Store;
let repos: Repositories;
beforeAll(async () => {
  database = await openDatabase(':memory:');
  store = new Store(database.db, database.sqlite);
  repos = sqliteRepositories(store);
});
afterAll(() => database.close());

let counter = 0;
async function newUser(role: 'free' | 'admin' = 'free') {
  counter += 1;
  const user = await repos.users.create({ email: `Store${counter}@Karya.test `, passwordHash: 'hash', role });
  if (!user) throw new Error('user not created');
  return user;
}

describe('sqliteRepositories', () => {
  it('answers the same repositories for the same store', () => {
    expect(sqliteRepositories(store)).toBe(repos);
  });
});

describe('users', () => {
  it('creates with the role credits and a signup ledger row; the e-mail is normalised and unique', async () => {
    const user = await newUser();
    expect(user).toMatchObject({ email: `store${counter}@karya.test`, role: 'free', credits_available: 10 });
    expect(await repos.users.create({ email: user.email.toUpperCase(), passwordHash: 'x', role: 'pro' })).toBeUndefined();
    expect((await repos.credits.ledger(user.id)).map((r) => [r.type, r.amount, r.new_balance])).toEqual([['signup', 10, 10]]);
  });

  it('promotes the administrator account once', async () => {
    const user = await newUser();
    expect(await repos.users.promoteToAdmin({ email: user.email, reason: 'test' })).toMatchObject({ role: 'admin', credits_available: 9999 });
    expect(await repos.users.promoteToAdmin({ email: user.email, reason: 'test' })).toBeUndefined();
    expect(await repos.users.promoteToAdmin({ email: 'nobody@karya.test', reason: 'test' })).toBeUndefined();
  });

  it('tells change listeners once per user after the change, until unsubscribed', async () => {
    const user = await newUser();
    const seen: string[] = [];
    const unsubscribe = await repos.users.onChange((id) => seen.push(id));
    await repos.users.updateProfile({ userId: user.id, name: 'A' });
    await repos.credits.setBalance({ userId: user.id, credits: 3, reason: 'test' });
    expect(seen).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([user.id]);
    unsubscribe();
    await repos.users.updateProfile({ userId: user.id, bio: 'B' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toEqual([user.id]);
  });
});

describe('credits', () => {
  it('charge checks and deducts: never below zero, one ledger row per charge', async () => {
    const user = await newUser();
    expect(await repos.credits.charge({ userId: user.id, amount: 4, reason: 'a', reference: 'r1' })).toEqual({ previous: 10, next: 6 });
    expect(await repos.credits.charge({ userId: user.id, amount: 7, reason: 'b' })).toBeNull();
    expect(await repos.credits.balanceOf(user.id)).toBe(6);
    expect(await repos.credits.charge({ userId: 'missing', amount: 1, reason: 'c' })).toBeNull();
    expect(await repos.credits.balanceOf('missing')).toBeUndefined();
    await expect(repos.credits.charge({ userId: user.id, amount: -5, reason: 'd' })).rejects.toThrow(RangeError);
    const charges = (await repos.credits.ledger(user.id)).filter((r) => r.type === 'charge');
    expect(charges.map((r) => [r.amount, r.previous_balance, r.new_balance, r.reference])).toEqual([[-4, 10, 6, 'r1']]);
  });

  it('concurrent charges on a balance of 5 grant exactly 5', async () => {
    const user = await newUser();
    await repos.credits.setBalance({ userId: user.id, credits: 5, reason: 'race' });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => repos.credits.charge({ userId: user.id, amount: 1, reason: `race ${i}` })));
    expect(results.filter((r) => r !== null)).toHaveLength(5);
    expect(await repos.credits.balanceOf(user.id)).toBe(0);
  });
});

describe('generations', () => {
  const step = { generatorId: 'poems', step: 'single', cost: 2, reason: 'poems: Poem' };
  const statusOf = (id: string) => store.first(store.db.selectFrom('generations').select(['status', 'credits_charged', 'error_code']).where('id', '=', id));

  it('start charges and records a running generation; null when short, the admin passes charged 0', async () => {
    const user = await newUser();
    await repos.credits.setBalance({ userId: user.id, credits: 3, reason: 'test' });
    const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
    expect(charge.credits).toBe(2);
    expect(statusOf(charge.generationId)).toEqual({ status: 'running', credits_charged: 2, error_code: null });
    expect(await repos.generations.start({ userId: user.id, ...step })).toBeNull();
    expect(await repos.credits.balanceOf(user.id)).toBe(1);

    const admin = await newUser('admin');
    await repos.credits.setBalance({ userId: admin.id, credits: 0, reason: 'test' });
    expect((await repos.generations.start({ userId: admin.id, ...step }))?.credits).toBe(0);
  });

  it('refund gives the charge back and marks the generation refunded (failed when nothing was charged)', async () => {
    const user = await newUser();
    const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
    await repos.generations.refund({ userId: user.id, charge, reason: 'Refund: test', errorCode: 'timeout' });
    expect(await repos.credits.balanceOf(user.id)).toBe(10);
    expect(statusOf(charge.generationId)).toEqual({ status: 'refunded', credits_charged: 2, error_code: 'timeout' });
    const free = (await repos.generations.start({ userId: user.id, ...step, cost: 0 }))!;
    await repos.generations.refund({ userId: user.id, charge: free, reason: 'Refund: test', errorCode: 'timeout' });
    expect(statusOf(free.generationId)?.status).toBe('failed');
  });

  it('commit writes history, usage and the part count, and marks the generation succeeded', async () => {
    const user = await newUser();
    const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
    await repos.generations.commit({
      userId: user.id,
      charge,
      history: { title: 'Poem', contentType: 'poem', content: 'Roses', generatorId: 'poems' },
      usage: { promptType: 'poem', metadata: { generator: 'poems', words: 1 }, isPart: true },
    });
    expect(statusOf(charge.generationId)?.status).toBe('succeeded');
    expect((await repos.users.findById(user.id))?.total_usage).toBe(1);
    expect((await repos.history.list({ userId: user.id, limit: 10, offset: 0 })).items.map((i) => i.content)).toEqual(['Roses']);
    const usage = store.all(store.db.selectFrom('usage_records').selectAll().where('user_id', '=', user.id));
    expect(usage.map((u) => [u.prompt_type, u.credits_used, JSON.parse(u.metadata)])).toEqual([['poem', 2, { generator: 'poems', words: 1 }]]);
  });

  it("commit keeps the step's part of the saved book in the same transaction", async () => {
    const user = await newUser();
    const charge = (await repos.generations.start({ userId: user.id, ...step, generatorId: 'romance', step: 'introduction' }))!;
    const save: StepSave = {
      generatorId: 'romance', bookType: 'romance', step: { kind: 'introduction', position: 0 }, stepKey: 'introduction', position: 0, text: 'Once upon a time',
      state: { generatorId: 'romance', settings: {}, lang: 'en', totalChapters: 3, content: ['Once upon a time'], currentChapter: 1, isLocked: true },
      isComplete: true, continuations: 0, isFirst: true, isFinished: false, keepsProgress: true, label: 'Introduction', words: 4, seconds: 0.1,
    };
    await repos.generations.commit({
      userId: user.id,
      charge,
      book: { key: 'romance', save },
      history: { title: 'Romance: Introduction', contentType: 'romance', content: save.text, generatorId: 'romance' },
      usage: { promptType: 'romance', metadata: {}, isPart: true },
    });
    expect(loadBook(store, user.id, 'romance')?.state).toMatchObject({ content: ['Once upon a time'], currentChapter: 1 });
    expect(statusOf(charge.generationId)?.status).toBe('succeeded');
  });

  it('refundInterrupted refunds every running generation once', async () => {
    const user = await newUser();
    const charge = (await repos.generations.start({ userId: user.id, ...step }))!;
    expect(await repos.generations.refundInterrupted()).toBeGreaterThanOrEqual(1);
    expect(statusOf(charge.generationId)).toMatchObject({ status: 'refunded', error_code: 'interrupted' });
    expect(await repos.credits.balanceOf(user.id)).toBe(10);
    expect(await repos.generations.refundInterrupted()).toBe(0);
  });
});

describe('auth', () => {
  it('a reset token works once: the password changes and every session ends', async () => {
    const user = await newUser();
    await repos.auth.createSession({ tokenHash: 's1', userId: user.id, isRemembered: true, expiresAt: Date.now() + 60_000 });
    expect((await repos.auth.findSession('s1'))?.user.id).toBe(user.id);
    await repos.auth.createPasswordReset({ tokenHash: 't1', userId: user.id, expiresAt: Date.now() + 60_000 });
    expect(await repos.auth.findPasswordReset('t1')).toMatchObject({ userId: user.id, isUsed: false });
    expect(await repos.auth.resetPassword({ tokenHash: 't1', hash: 'new' })).toBe(user.id);
    expect(await repos.auth.resetPassword({ tokenHash: 't1', hash: 'newer' })).toBeNull();
    expect(await repos.auth.passwordHashOf(user.id)).toBe('new');
    expect(await repos.auth.findSession('s1')).toBeNull();
  });

  it('an expired session is gone on lookup; changePassword keeps only the current session', async () => {
    const user = await newUser();
    await repos.auth.createSession({ tokenHash: 'old', userId: user.id, isRemembered: false, expiresAt: Date.now() - 1 });
    expect(await repos.auth.findSession('old')).toBeNull();
    expect(store.first(store.db.selectFrom('sessions').select('id').where('token_hash', '=', 'old'))).toBeUndefined();
    await repos.auth.createSession({ tokenHash: 'a', userId: user.id, isRemembered: false, expiresAt: Date.now() + 60_000 });
    await repos.auth.createSession({ tokenHash: 'b', userId: user.id, isRemembered: false, expiresAt: Date.now() + 60_000 });
    const current = (await repos.auth.findSession('a'))!;
    await repos.auth.changePassword({ userId: user.id, hash: 'changed', keepSessionId: current.sessionId });
    expect(await repos.auth.findSession('a')).not.toBeNull();
    expect(await repos.auth.findSession('b')).toBeNull();
    expect(await repos.auth.passwordHashOf(user.id)).toBe('changed');
  });
});
