// Guesses sent at once are held to the numbers of guesses sent one by one, on a real server on
// loopback with the default limits: each attempt is taken from the store before the password is checked.
// A 401 (or 400 for a wrong current password) is a password that was verified; 429 one that was not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/core/config.js';
import { PASSWORD, sessionCookie, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';

const real = configFromEnv({});
// The default numbers, but a first wait of 3 s instead of 1 s: on a loaded machine a burst can outlast
// 1 s, after which one more attempt is rightly allowed (as it would be if sent one by one).
const throttle = { ...real.signInThrottle, baseDelayMs: 3_000 };
let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer({ config: { rateLimits: real.rateLimits, signInThrottle: throttle, trustProxy: 1 } });
});
afterAll(() => ts.close());

function signIn(input: { email: string; password: string; ip: string }): Promise<Response> {
  return fetch(`${ts.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': input.ip },
    body: JSON.stringify({ email: input.email, password: input.password }),
  });
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-in under a burst', () => {
  it(
    '24 wrong passwords at once from one address: at most 5 ' +
      'verified, the rest 429; the right one signs in after the wait',
    async () => {
      expect(real.signInThrottle.freeAttempts).toBe(5);
      const email = uniqueEmail('burst');
      await signUp(ts, email);
      const answers = await Promise.all(
        Array.from({ length: 24 }, () => signIn({ email, password: 'wrong-password', ip: '203.0.113.1' })),
      );
      const statuses = answers.map((r) => r.status);
      expect(count(statuses, 401)).toBeLessThanOrEqual(5);
      expect(count(statuses, 401) + count(statuses, 429)).toBe(24);
      const waits = answers.filter((r) => r.status === 429).map((r) => Number(r.headers.get('retry-after')));
      expect(waits.every((s) => s >= 1)).toBe(true);
      await sleep(Math.max(...waits) * 1000 + 100);
      const owner = await signIn({ email, password: PASSWORD, ip: '203.0.113.1' });
      expect(owner.status).toBe(200);
      // Held back for this address only (the owner's own typos, or one sender): no notice for the account.
      const notice = await ts.http
        .get('/api/me/sign-in-notice')
        .set('cookie', owner.headers.get('set-cookie')!.split(';')[0]!);
      expect(notice.body).toEqual({ slowed_at: null, held_back: 0 });
    },
  );

  it(
    '8 addresses × 5 guesses at one account at once: at most 10 verified ' +
      '(the per-account number); the owner signs in after the wait',
    async () => {
      expect(real.rateLimits.signInPerEmail.limit).toBe(10);
      const email = uniqueEmail('target');
      await signUp(ts, email);
      const guesses = Array.from({ length: 40 }, (_, i) =>
        signIn({ email, password: `guess-${i}`, ip: `198.51.100.${1 + (i % 8)}` }),
      );
      const answers = await Promise.all(guesses);
      const statuses = answers.map((r) => r.status);
      expect(count(statuses, 401)).toBeLessThanOrEqual(10);
      expect(count(statuses, 401) + count(statuses, 429)).toBe(40);
      // Progressive delay, not a lockout: the owner, at their own address, gets in once the short wait is over.
      const wait = Math.max(
        ...answers.filter((r) => r.status === 429).map((r) => Number(r.headers.get('retry-after'))),
      );
      expect(wait).toBeLessThanOrEqual(throttle.baseDelayMs / 1000);
      await sleep(wait * 1000 + 100);
      const owner = await signIn({ email, password: PASSWORD, ip: '192.0.2.77' });
      expect(owner.status).toBe(200);
      // The owner is told in the studio that sign-in to the account was slowed, and can dismiss it.
      const cookie = owner.headers.get('set-cookie')!.split(';')[0]!;
      const notice = await ts.http.get('/api/me/sign-in-notice').set('cookie', cookie);
      expect(notice.body.held_back).toBe(count(statuses, 429));
      expect(Date.now() - Date.parse(notice.body.slowed_at as string)).toBeLessThan(60_000);
      expect((await ts.http.delete('/api/me/sign-in-notice').set('cookie', cookie)).body).toEqual({
        slowed_at: null,
        held_back: 0,
      });
      expect((await ts.http.get('/api/me/sign-in-notice').set('cookie', cookie)).body).toEqual({
        slowed_at: null,
        held_back: 0,
      });
    },
  );

  it('POST /api/me/password with 40 wrong current passwords at once: at most 10 verified', async () => {
    const email = uniqueEmail('changer');
    const cookie = sessionCookie(await ts.http.post('/api/auth/sign-up/email').send({ email, password: PASSWORD }));
    const change = () =>
      fetch(`${ts.url}/api/me/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ currentPassword: 'not-my-password', newPassword: 'a brand new passphrase' }),
      });
    const statuses = (await Promise.all(Array.from({ length: 40 }, change))).map((r) => r.status);
    expect(count(statuses, 400)).toBeLessThanOrEqual(10);
    expect(count(statuses, 400) + count(statuses, 429)).toBe(40);
  });

  it(
    'a right password gives its attempt back: 5 right sign-ins ' +
      'at once from one address leave the sender free to mistype',
    async () => {
      const email = uniqueEmail('owner');
      await signUp(ts, email);
      const rights = await Promise.all(
        Array.from({ length: 5 }, () => signIn({ email, password: PASSWORD, ip: '192.0.2.5' })),
      );
      expect(rights.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const typos = await Promise.all(
        Array.from({ length: 5 }, () => signIn({ email, password: 'typo', ip: '192.0.2.5' })),
      );
      expect(typos.map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    },
  );
});
