// A 429 the server sends says the real wait, the one its Retry-After header gives, in the request's language:
// "Please try again in 10 seconds." / "Sila cuba lagi dalam 10 saat.", in minutes from 90 s (rounded up, so
// the wait said is never shorter than the real one). The header stays.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitText } from '../../engine/index.js';
import { hashPassword } from '../../server/auth/password.js';
import { PASSWORD, sessionCookie, startTestServer, testConfig, uniqueEmail, type TestServer } from './helpers.js';

describe('the wait in words', () => {
  it.each([
    [0.2, '1 second', '1 saat'],
    [1, '1 second', '1 saat'],
    [10, '10 seconds', '10 saat'],
    [89, '89 seconds', '89 saat'],
    [90, '2 minutes', '2 minit'],
    [100, '2 minutes', '2 minit'],
    [600, '10 minutes', '10 minit'],
    [601, '11 minutes', '11 minit'],
  ])('%s s: "%s", "%s"', (seconds, en, ms) => {
    expect(waitText(seconds, 'en')).toBe(en);
    expect(waitText(seconds, 'ms')).toBe(ms);
  });
});

describe('429 answers', () => {
  let ts: TestServer;
  beforeAll(async () => {
    // One sign-up per address every 20 minutes; everything else as generous as the other tests'.
    ts = await startTestServer({
      config: { rateLimits: { ...testConfig().rateLimits, signUp: { limit: 1, windowMs: 20 * 60_000 } } },
    });
  });
  afterAll(() => ts.close());

  /** A signed-in account in `lang`, made without a sign-up (this server allows one sign-up in 20 minutes). */
  async function account(lang: 'en' | 'ms'): Promise<string> {
    const email = uniqueEmail(lang);
    await ts.ctx.repos.users.create({ email, passwordHash: await hashPassword(PASSWORD, 4), role: 'free', lang });
    return sessionCookie(await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD }));
  }

  it("an import past six at once: the seconds of Retry-After (one every 10 s), in the account's language", async () => {
    const upload = (cookie: string) =>
      ts.http
        .post('/api/books/import/preview?file=a.txt')
        .set('cookie', cookie)
        .set('content-type', 'application/octet-stream')
        .send(Buffer.from('It rained.'));
    for (const [lang, expected] of [
      ['en', (wait: number) => `Too many attempts. Please try again in ${wait} seconds.`],
      ['ms', (wait: number) => `Terlalu banyak percubaan. Sila cuba lagi dalam ${wait} saat.`],
    ] as const) {
      const cookie = await account(lang);
      for (let i = 0; i < 6; i++) expect((await upload(cookie)).status).toBe(200);
      const refused = await upload(cookie);
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(10);
      expect(refused.body.error).toEqual({ code: 'too_many_attempts', message: expected(wait) });
    }
  });

  it('a sign-up past the limit, signed out: the minutes, in the language the browser asks for', async () => {
    expect(
      (await ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD })).status,
    ).toBe(201);
    const malay = await ts.http
      .post('/api/auth/sign-up/email')
      .set('accept-language', 'ms-MY,ms;q=0.9')
      .send({ email: uniqueEmail(), password: PASSWORD });
    expect(malay.status).toBe(429);
    expect(malay.body.error).toEqual({
      code: 'too_many_attempts',
      message: 'Terlalu banyak percubaan. Sila cuba lagi dalam 20 minit.',
    });
    expect(Number(malay.headers['retry-after'])).toBeGreaterThan(19 * 60);
    const english = await ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD });
    expect(english.status).toBe(429);
    expect(english.body.error).toEqual({
      code: 'too_many_attempts',
      message: 'Too many attempts. Please try again in 20 minutes.',
    });
  });
});
