// Limits kept in the store: two instances on one database count the same sign-ups, sign-in
// failures and resets; one person failing to sign in behind an office's address does not lock out a
// colleague there; checkout and history search are rate limited per user.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, type ServerConfig } from '../../server/core/config.js';
import { PASSWORD, signUp, startTestServer, uniqueEmail, type TestServer } from './helpers.js';
import { tempDir } from '../temp.js';

let dir: string;
beforeAll(() => {
  dir = tempDir('karya-limits-');
});

/** Two servers on one SQLite file, as two instances on one database. */
async function twoInstances(config: Partial<ServerConfig> = {}): Promise<[TestServer, TestServer]> {
  const dbFile = path.join(dir, `${Math.random().toString(36).slice(2)}.sqlite`);
  const first = await startTestServer({ config: { ...config, dbFile } });
  const second = await startTestServer({ config: { ...config, dbFile } });
  return [first, second];
}

const HOUR = 60 * 60_000;

describe('limits shared by every instance', () => {
  it('sign-ups per IP: the third on the other instance is refused (429 with Retry-After)', async () => {
    const [a, b] = await twoInstances({
      rateLimits: { ...configFromEnv({}).rateLimits, signUp: { limit: 2, windowMs: HOUR } },
    });
    try {
      expect(
        (await a.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD })).status,
      ).toBe(201);
      expect(
        (await b.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD })).status,
      ).toBe(201);
      const third = await a.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD });
      expect(third.status).toBe(429);
      expect(third.body.error.code).toBe('too_many_attempts');
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it(
    'sign-in failures of one account count on both instances, ' +
      'then the wait doubles; a reset per address per minute too',
    async () => {
      const real = configFromEnv({});
      const [a, b] = await twoInstances({
        rateLimits: real.rateLimits,
        signInThrottle: { ...real.signInThrottle, baseDelayMs: 60_000 },
      });
      try {
        const email = uniqueEmail();
        await signUp(a, email);
        for (let i = 0; i < 5; i++)
          expect(
            (await (i % 2 ? a : b).http.post('/api/auth/sign-in/email').send({ email, password: 'wrong-password' }))
              .status,
          ).toBe(401);
        for (const server of [a, b]) {
          const slowed = await server.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
          expect(slowed.status).toBe(429);
          expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(50);
        }
        expect((await a.http.post('/api/auth/request-password-reset').send({ email })).status).toBe(200);
        const again = await b.http.post('/api/auth/request-password-reset').send({ email });
        expect(again.status).toBe(429);
        expect(again.body.error.code).toBe('reset_too_soon');
      } finally {
        await a.close();
        await b.close();
      }
    },
  );
});

describe('one address, many people (an office behind one IP)', () => {
  it('one person failing again and again on their own account never locks out a colleague on the same IP', async () => {
    const real = configFromEnv({});
    const ts = await startTestServer({ config: { rateLimits: real.rateLimits, signInThrottle: real.signInThrottle } });
    try {
      const careless = uniqueEmail('careless');
      const colleague = uniqueEmail('colleague');
      await signUp(ts, careless);
      await signUp(ts, colleague);
      // 30 tries: the first 5 are answered 401, the rest wait (429) on that account only.
      const statuses = [];
      for (let i = 0; i < 30; i++)
        statuses.push(
          (await ts.http.post('/api/auth/sign-in/email').send({ email: careless, password: 'wrong-password' })).status,
        );
      expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      expect(
        (await ts.http.post('/api/auth/sign-in/email').send({ email: colleague, password: PASSWORD })).status,
      ).toBe(200);
    } finally {
      await ts.close();
    }
  });

  it(
    'guessing across many accounts from one IP meets the ' + 'per-IP limit: a short wait (Retry-After), not a lockout',
    async () => {
      const real = configFromEnv({});
      // Three failures per IP at once, then one more every 2 s.
      const ts = await startTestServer({
        config: {
          rateLimits: { ...real.rateLimits, signIn: { limit: 3, windowMs: 6_000 } },
          signInThrottle: real.signInThrottle,
        },
      });
      try {
        for (let i = 0; i < 3; i++)
          expect(
            (
              await ts.http
                .post('/api/auth/sign-in/email')
                .send({ email: uniqueEmail('ghost'), password: 'wrong-password' })
            ).status,
          ).toBe(401);
        const limited = await ts.http
          .post('/api/auth/sign-in/email')
          .send({ email: uniqueEmail('ghost'), password: 'wrong-password' });
        expect(limited.status).toBe(429);
        expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(2);
        // The default allowance per IP is far above one account's 5 free failures.
        expect(real.rateLimits.signIn.limit).toBeGreaterThanOrEqual(20 * real.signInThrottle.freeAttempts);
      } finally {
        await ts.close();
      }
    },
  );
});

describe('checkout and history search', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({
      config: { checkoutRate: { burst: 2, refillMs: HOUR }, searchRate: { burst: 2, refillMs: HOUR } },
    });
  });
  afterAll(() => ts.close());

  it('checkout: a few per user, then 429 with Retry-After; another user is not affected', async () => {
    const cookie = await signUp(ts);
    // No Stripe configured here: 503, but each request counts.
    for (let i = 0; i < 2; i++)
      expect((await ts.http.post('/api/checkout').set('cookie', cookie).send({ package: 'pro' })).status).toBe(503);
    const refused = await ts.http.post('/api/checkout').set('cookie', cookie).send({ package: 'pro' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await ts.http
          .post('/api/checkout')
          .set('cookie', await signUp(ts))
          .send({ package: 'pro' })
      ).status,
    ).toBe(503);
  });

  it('history search: a few per user, then 429; listing without a search is not limited', async () => {
    const cookie = await signUp(ts);
    for (let i = 0; i < 2; i++)
      expect((await ts.http.get('/api/history?search=dragon').set('cookie', cookie)).status).toBe(200);
    const refused = await ts.http.get('/api/history?search=dragon').set('cookie', cookie);
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('too_many_attempts');
    for (let i = 0; i < 5; i++) expect((await ts.http.get('/api/history').set('cookie', cookie)).status).toBe(200);
  });
});
