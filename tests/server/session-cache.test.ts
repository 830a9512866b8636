// GET /api/me answers from a cached session while nothing has changed, and every change is seen by the
// very next request: a role change, a credit change, a sign-out, a password change ending other
// sessions, a deleted user, and a change written by another process on the same database file.
import { rmSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { PASSWORD, signUp, startTestServer, uniqueEmail, userWithRole, type TestServer } from './helpers.js';
import { tempDir } from '../temp.js';

let ts: TestServer;
let admin: string;
beforeAll(async () => {
  ts = await startTestServer();
  admin = (await userWithRole(ts, 'admin')).cookie!;
});
afterAll(() => ts.close());

const me = (cookie: string) => ts.http.get('/api/me').set('cookie', cookie);

describe('GET /api/me with the session cache', () => {
  it('a role change and a credit change by the administrator show on the next request', async () => {
    const cookie = await signUp(ts);
    const first = await me(cookie);
    expect(first.body).toMatchObject({ role: 'free', credits_available: 10 });
    expect((await me(cookie)).body).toEqual(first.body);
    const id = first.body.id as string;
    expect((await ts.http.patch(`/api/admin/users/${id}`).set('cookie', admin).send({ role: 'pro' })).status).toBe(200);
    const afterRole = (await me(cookie)).body;
    expect(afterRole.role).toBe('pro');
    expect(afterRole.credits_available).not.toBe(10);
    expect((await ts.http.patch(`/api/admin/users/${id}`).set('cookie', admin).send({ credits: 42 })).status).toBe(200);
    expect((await me(cookie)).body.credits_available).toBe(42);
  });

  it('spending credits shows on the next request', async () => {
    const cookie = await signUp(ts);
    expect((await me(cookie)).body.credits_available).toBe(10);
    expect(
      (await ts.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} })).status,
    ).toBe(200);
    expect((await me(cookie)).body.credits_available).toBe(9);
  });

  it('after sign-out the old cookie is refused at once', async () => {
    const cookie = await signUp(ts);
    expect((await me(cookie)).status).toBe(200);
    expect((await me(cookie)).status).toBe(200);
    expect((await ts.http.post('/api/auth/sign-out').set('cookie', cookie)).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });

  it("a password change ends the user's other sessions at once; a deleted user is signed out at once", async () => {
    const email = uniqueEmail('cache');
    const cookie = await signUp(ts, email);
    const signIn = await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
    const other = signIn.headers['set-cookie']![0]!.split(';')[0]!;
    expect((await me(other)).status).toBe(200);
    expect(
      (
        await ts.http
          .post('/api/me/password')
          .set('cookie', cookie)
          .send({ currentPassword: PASSWORD, newPassword: 'a-new-secret-9' })
      ).status,
    ).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(cookie)).status).toBe(200);
    const id = (await me(cookie)).body.id as string;
    expect((await ts.http.delete(`/api/admin/users/${id}`).set('cookie', admin)).status).toBe(200);
    expect((await me(cookie)).status).toBe(401);
  });
});

describe('the SQLite session cache and other processes', () => {
  it('a change written through another connection to the same file is seen by the next lookup', async () => {
    const dir = tempDir('karya-cache-');
    const file = path.join(dir, 'k.sqlite');
    const a = await openDatabase(file);
    const b = await openDatabase(file);
    try {
      const reposA = sqliteRepositories(new Store(a.db, a.sqlite));
      const reposB = sqliteRepositories(new Store(b.db, b.sqlite));
      const user = (await reposA.users.create({ email: 'cache@karya.test', passwordHash: 'x', role: 'free' }))!;
      await reposA.auth.createSession({
        tokenHash: 'h1',
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() + 60_000,
      });
      expect((await reposA.auth.findSession('h1'))?.user.role).toBe('free');
      expect((await reposA.auth.findSession('h1'))?.user.role).toBe('free');
      await reposB.users.setRole({ userId: user.id, role: 'business', reason: 'test' });
      expect((await reposA.auth.findSession('h1'))?.user.role).toBe('business');
      const session = (await reposA.auth.findSession('h1'))!;
      await reposB.auth.deleteSession(session.sessionId);
      expect(await reposA.auth.findSession('h1')).toBeNull();
    } finally {
      await a.close();
      await b.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a change written by another process (a connection this process did not open) is seen within 5 ms', async () => {
    const dir = tempDir('karya-cache-');
    const file = path.join(dir, 'k.sqlite');
    const a = await openDatabase(file);
    // What another process's connection is to this one: a plain better-sqlite3 handle, outside openDatabase.
    const other = new SQLite(file, { timeout: 5_000 });
    // The 5 ms are the test's own clock (performance.now faked), not a sleep the machine may outrun or lag.
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const repos = sqliteRepositories(new Store(a.db, a.sqlite));
      const user = (await repos.users.create({ email: 'proc@karya.test', passwordHash: 'x', role: 'free' }))!;
      await repos.auth.createSession({
        tokenHash: 'p1',
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() + 60_000,
      });
      expect((await repos.auth.findSession('p1'))?.user.role).toBe('free');
      other.prepare('UPDATE users SET role = ? WHERE id = ?').run('business', user.id);
      vi.advanceTimersByTime(5);
      expect((await repos.auth.findSession('p1'))?.user.role).toBe('business');
      other.prepare('DELETE FROM sessions').run();
      vi.advanceTimersByTime(5);
      expect(await repos.auth.findSession('p1')).toBeNull();
    } finally {
      vi.useRealTimers();
      other.close();
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an expired session is not answered from the cache', async () => {
    const database = await openDatabase(':memory:');
    try {
      const repos = sqliteRepositories(new Store(database.db, database.sqlite));
      const user = (await repos.users.create({ email: 'exp@karya.test', passwordHash: 'x', role: 'free' }))!;
      await repos.auth.createSession({
        tokenHash: 'soon',
        userId: user.id,
        isRemembered: false,
        expiresAt: Date.now() + 300,
      });
      expect(await repos.auth.findSession('soon')).not.toBeNull();
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 300);
      expect(await repos.auth.findSession('soon')).toBeNull();
    } finally {
      vi.useRealTimers();
      await database.close();
    }
  });
});
