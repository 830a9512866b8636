// API keys and passwords: a reset and a change both revoke the account's keys unless they say
// not to (whoever had the password may have made them: a leaked password's keys end with it).
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/sessions.js';
import { PASSWORD, startTestServer, userWithRole } from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());

async function businessWithKey(): Promise<{ cookie: string; userId: string; works: () => Promise<boolean> }> {
  const user = await userWithRole(ts, 'business');
  const made = await ts.http.post('/api/api-keys').set('cookie', user.cookie!).send({ name: 'robot' });
  expect(made.status).toBe(201);
  const works = async () =>
    (await ts.http.get('/api/history').set('authorization', `Bearer ${made.body.key as string}`)).status === 200;
  expect(await works()).toBe(true);
  return { cookie: user.cookie!, userId: user.id!, works };
}

async function reset(userId: string, extra: object = {}): Promise<number> {
  const token = randomBytes(32).toString('base64url');
  await ts.ctx.repos.auth.createPasswordReset({ tokenHash: hashToken(token), userId, expiresAt: Date.now() + 60_000 });
  return (
    await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'a new long passphrase', ...extra })
  ).status;
}

describe('API keys when the password changes', () => {
  it('a password change with the default body revokes the keys: a key that answered 200 answers 401', async () => {
    const u = await businessWithKey();
    const change = (newPassword: string, extra: object = {}) =>
      ts.http
        .post('/api/me/password')
        .set('cookie', u.cookie)
        .send({ currentPassword: PASSWORD, newPassword, ...extra });
    expect((await change(PASSWORD)).status).toBe(200);
    expect(await u.works()).toBe(false);
    expect((await ts.http.get('/api/api-keys').set('cookie', u.cookie)).body.keys).toEqual([]);
  });

  it('a password change with revokeApiKeys: false keeps them', async () => {
    const u = await businessWithKey();
    expect(
      (
        await ts.http
          .post('/api/me/password')
          .set('cookie', u.cookie)
          .send({ currentPassword: PASSWORD, newPassword: PASSWORD, revokeApiKeys: false })
      ).status,
    ).toBe(200);
    expect(await u.works()).toBe(true);
  });

  it('a password reset revokes them by default; revokeApiKeys: false keeps them', async () => {
    const kept = await businessWithKey();
    expect(await reset(kept.userId, { revokeApiKeys: false })).toBe(200);
    expect(await kept.works()).toBe(true);
    const revoked = await businessWithKey();
    expect(await reset(revoked.userId)).toBe(200);
    expect(await revoked.works()).toBe(false);
  });
});
