// Security fixes from the review, each against the real app in-process: bad percent-encoding,
// reset tokens after a password change, the admin's live stream after its session ends, sign-in
// throttling per account and IP, the Host/Origin check, credit codes (length, expiry, cap, deactivation,
// claim attempts), KARYA_TRUST_PROXY=true refused, the Secure __Host- cookie, provider text never shown.
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/core/config.js';
import { signInWait } from '../../server/auth/routes.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  ADMIN_EMAIL,
  PASSWORD,
  sessionCookie,
  signUp,
  startTestServer,
  testConfig,
  uniqueEmail,
  userWithRole,
  type TestServer,
} from './helpers.js';
import { tempDir } from '../temp.js';

/** A logger whose lines the test can read. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n'))
        if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, sink), lines };
}

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`gave up waiting: ${what}`);
}

let dir: string;
beforeAll(() => {
  dir = tempDir('karya-security-');
});

describe('a path with bad percent-encoding', () => {
  it('is 400 bad_path, with no error (and no stack trace) in the log', async () => {
    const { logger, lines } = capturedLogger();
    const ts = await startTestServer({ logger });
    try {
      const res = await ts.http.get('/api/generators/%E0%A4%A');
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual({ code: 'bad_path', message: 'The address is not valid.' });
      const ms = await ts.http.get('/api/generators/%E0%A4%A').set('accept-language', 'ms');
      expect(ms.body.error.message).toBe('Alamat ini tidak sah.');
      expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
      expect(JSON.stringify(lines)).not.toContain('URIError');
    } finally {
      await ts.close();
    }
  });
});

describe('changing the password', () => {
  it('deletes outstanding reset tokens: an older reset link no longer works', async () => {
    const ts = await startTestServer();
    try {
      const email = uniqueEmail();
      const cookie = await signUp(ts, email);
      expect((await ts.http.post('/api/auth/request-password-reset').send({ email })).status).toBe(200);
      let token = '';
      await until(() => {
        const mail = ts.store.first(ts.store.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email));
        token = decodeURIComponent(/token=([^\s&]+)/.exec(mail?.body ?? '')?.[1] ?? '');
        return token !== '';
      }, 'the reset e-mail');
      const changed = await ts.http
        .post('/api/me/password')
        .set('cookie', cookie)
        .send({ currentPassword: PASSWORD, newPassword: 'changed-1' });
      expect(changed.status).toBe(200);
      const reset = await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'attacker-1' });
      expect(reset.status).toBe(400);
      expect(reset.body.error.code).toBe('reset_invalid');
      expect((await ts.http.post('/api/auth/sign-in/email').send({ email, password: 'changed-1' })).status).toBe(200);
    } finally {
      await ts.close();
    }
  });

  it('limits wrong current passwords per account in the database: a restart does not reset the count', async () => {
    const config = {
      dbFile: path.join(dir, 'password-change.sqlite'),
      rateLimits: { ...testConfig().rateLimits, signInPerEmail: { limit: 3, windowMs: 15 * 60_000 } },
    };
    const email = uniqueEmail('changer');
    const first = await startTestServer({ config });
    let cookie = '';
    try {
      cookie = await signUp(first, email);
      for (let i = 0; i < 3; i++) {
        const wrong = await first.http
          .post('/api/me/password')
          .set('cookie', cookie)
          .send({ currentPassword: 'not-my-password', newPassword: 'changed-2' });
        expect(wrong.status).toBe(400);
        expect(wrong.body.error.code).toBe('current_password_wrong');
      }
      // The fourth try waits, even with the right password.
      const slowed = await first.http
        .post('/api/me/password')
        .set('cookie', cookie)
        .send({ currentPassword: PASSWORD, newPassword: 'changed-2' });
      expect(slowed.status).toBe(429);
      expect(slowed.body.error.code).toBe('too_many_attempts');
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    const second = await startTestServer({ config });
    try {
      const still = await second.http
        .post('/api/me/password')
        .set('cookie', cookie)
        .send({ currentPassword: PASSWORD, newPassword: 'changed-2' });
      expect(still.status).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe("the admin's live user stream", () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ config: { sessionRecheckMs: 50 } });
  });
  afterAll(() => ts.close());

  /** Open the stream, read its first event, run `end`, then read until the server closes the stream. */
  async function closesAfter(end: (cookie: string) => Promise<void>): Promise<string> {
    const res = await ts.http.post('/api/auth/sign-in/email').send({ email: ADMIN_EMAIL, password: PASSWORD });
    const cookie = sessionCookie(res);
    const stream = await fetch(`${ts.url}/api/admin/users/events`, { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = '';
    while (!text.includes('event: users')) text += new TextDecoder().decode((await reader.read()).value);
    await end(cookie);
    // A change of a user after the end must not reach the stream either.
    await signUp(ts);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    return text;
  }

  it('closes when the administrator signs out, sending nothing more', async () => {
    await userWithRole(ts, 'admin');
    const text = await closesAfter(async (cookie) => {
      expect((await ts.http.post('/api/auth/sign-out').set('cookie', cookie)).status).toBe(200);
    });
    expect(text).not.toContain('event: user\n');
  });

  it('closes when the session expires', async () => {
    const text = await closesAfter(async () => {
      ts.store.run(
        ts.store.db
          .updateTable('sessions')
          .set({ expires_at: Date.now() - 1 })
          .where('user_id', '=', (await ts.ctx.repos.users.findByEmail(ADMIN_EMAIL))!.id),
      );
    });
    expect(text).not.toContain('event: user\n');
  });

  it('closes when the session is revoked (deleted, as a password reset does)', async () => {
    const text = await closesAfter(async () => {
      ts.store.run(
        ts.store.db
          .deleteFrom('sessions')
          .where('user_id', '=', (await ts.ctx.repos.users.findByEmail(ADMIN_EMAIL))!.id),
      );
    });
    expect(text).not.toContain('event: user\n');
  });
});

describe('sign-in throttling per account and IP', () => {
  it(
    'slows the sender of wrong passwords progressively, never ' +
      'the owner at another address; counters survive a restart',
    async () => {
      const config = {
        dbFile: path.join(dir, 'throttle.sqlite'),
        trustProxy: 1 as const,
        signInThrottle: { freeAttempts: 3, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000 },
      };
      const email = uniqueEmail('owner');
      const attacker = '203.0.113.9';
      const owner = '198.51.100.7';
      const first = await startTestServer({ config });
      try {
        await signUp(first, email);
        const attempt = (ip: string, password: string) =>
          first.http.post('/api/auth/sign-in/email').set('x-forwarded-for', ip).send({ email, password });
        for (let i = 0; i < 3; i++) expect((await attempt(attacker, 'wrong-password')).status).toBe(401);
        // After the free attempts, the next one (even with the right password) must wait.
        const slowed = await attempt(attacker, PASSWORD);
        expect(slowed.status).toBe(429);
        const wait = Number(slowed.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(60);
        expect(slowed.body.error).toEqual({
          code: 'too_many_attempts',
          message: `Too many attempts. Please try again in ${wait} seconds.`,
        });
        // The owner, from their own address, signs in at once.
        expect((await attempt(owner, PASSWORD)).status).toBe(200);
      } finally {
        await first.close();
      }
      const second = await startTestServer({ config });
      try {
        const still = await second.http
          .post('/api/auth/sign-in/email')
          .set('x-forwarded-for', attacker)
          .send({ email, password: PASSWORD });
        expect(still.status).toBe(429);
        // The counter is in the database, per account and IP.
        const row = second.store.first(
          second.store.db.selectFrom('failure_counters').selectAll().where('key', '=', `signin:${email}|${attacker}`),
        );
        expect(row?.failures).toBe(3);
      } finally {
        await second.close();
      }
    },
  );
});

describe('the progressive delay', () => {
  const rule = { freeAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000 };
  it.each([
    [0, 0],
    [4, 0],
    [5, 1_000],
    [6, 2_000],
    [8, 8_000],
    [15, 15 * 60_000],
    [40, 15 * 60_000],
  ])('after %i failures the next attempt waits %i ms from the last failure', (failures, wait) => {
    const now = 1_000_000;
    expect(signInWait(failures ? { failures, lastFailureAt: now } : null, rule, now)).toBe(wait);
    // The wait ends by itself: no lockout.
    expect(signInWait(failures ? { failures, lastFailureAt: now } : null, rule, now + wait)).toBe(0);
  });
});

describe('the Host/Origin check', () => {
  it('a rebound Host with a matching Origin cannot sign up as KARYA_ADMIN_EMAIL on a fresh install', async () => {
    const ts = await startTestServer({ config: { publicUrl: 'http://localhost:3000' } });
    try {
      const rebound = await ts.http
        .post('/api/auth/sign-up/email')
        .set('host', 'attacker.example:3000')
        .set('origin', 'http://attacker.example:3000')
        .set('sec-fetch-site', 'same-origin')
        .send({ email: ADMIN_EMAIL, password: PASSWORD });
      expect(rebound.status).toBe(421);
      expect(rebound.body.error.code).toBe('host_not_allowed');
      expect(await ts.ctx.repos.users.findByEmail(ADMIN_EMAIL)).toBeUndefined();
      expect((await ts.http.get('/api/me').set('host', 'attacker.example:3000')).status).toBe(421);
      // The quick start: the browser at localhost (or 127.0.0.1) signs up as the administrator.
      const local = await ts.http
        .post('/api/auth/sign-up/email')
        .set('host', 'localhost:3000')
        .set('origin', 'http://localhost:3000')
        .send({ email: ADMIN_EMAIL, password: PASSWORD });
      expect(local.status).toBe(201);
      expect(local.body.user.role).toBe('admin');
    } finally {
      await ts.close();
    }
  });

  it('KARYA_PUBLIC_URL and KARYA_ALLOWED_HOSTS pass; an Origin of another allowed host does not', async () => {
    const allowedHosts = configFromEnv({ KARYA_ALLOWED_HOSTS: 'karya.lan, 192.168.1.5:3000' }).allowedHosts;
    const ts = await startTestServer({ config: { publicUrl: 'https://karya.example.com', allowedHosts } });
    try {
      const signUpAt = (host: string, origin: string) =>
        ts.http
          .post('/api/auth/sign-up/email')
          .set('host', host)
          .set('origin', origin)
          .send({ email: uniqueEmail(), password: PASSWORD });
      expect((await signUpAt('karya.example.com', 'https://karya.example.com')).status).toBe(201);
      expect((await signUpAt('karya.lan:8080', 'http://karya.lan:8080')).status).toBe(201);
      expect((await signUpAt('192.168.1.5:3000', 'http://192.168.1.5:3000')).status).toBe(201);
      expect((await signUpAt('192.168.1.5:4000', 'http://192.168.1.5:4000')).status).toBe(421);
      expect((await signUpAt('karya.lan', 'http://attacker.example')).status).toBe(403);
    } finally {
      await ts.close();
    }
  });

  it('refuses a malformed KARYA_ALLOWED_HOSTS or KARYA_PUBLIC_URL at start, naming the variable', () => {
    expect(() => configFromEnv({ KARYA_ALLOWED_HOSTS: 'http://karya.lan/' })).toThrow(
      /KARYA_ALLOWED_HOSTS: "http:\/\/karya.lan\/" is not a host name/,
    );
    expect(() => configFromEnv({ KARYA_PUBLIC_URL: 'karya.example.com' })).toThrow(
      /KARYA_PUBLIC_URL: .* must be an http:\/\/ or https:\/\/ address/,
    );
  });
});

describe('credit codes', () => {
  let ts: TestServer;
  let admin: string;
  beforeAll(async () => {
    ts = await startTestServer({ config: { claimRate: { burst: 100_000, refillMs: 1 } } });
    admin = (await userWithRole(ts, 'admin')).cookie!;
  });
  afterAll(() => ts.close());
  const create = (body: object) => ts.http.post('/api/admin/credit-codes').set('cookie', admin).send(body);
  const redeem = async (code: string) =>
    ts.http
      .post('/api/credits/redeem')
      .set('cookie', await signUp(ts))
      .send({ code });

  it('are at least 8 characters', async () => {
    const short = await create({ code: 'SHORT7X', credits: 5 });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.code).toBe('A code is 8 to 40 letters, digits, - or _');
    expect((await create({ code: 'LONGER-8', credits: 5 })).status).toBe(201);
  });

  it(
    'may expire: after the expiry the code is "Invalid ' + 'or expired code"; an expiry in the past is refused',
    async () => {
      expect(
        (await create({ code: 'PAST-EXPIRY', credits: 5, expires_at: '2020-01-01T00:00:00Z' })).body.error.fields
          .expires_at,
      ).toBe('The expiry must be in the future');
      const made = await create({
        code: 'SOON-GONE',
        credits: 5,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(made.status).toBe(201);
      expect(made.body.code.expires_at).toBeTruthy();
      expect((await redeem('SOON-GONE')).status).toBe(200);
      ts.store.run(
        ts.store.db
          .updateTable('credit_codes')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .where('code', '=', 'SOON-GONE'),
      );
      const late = await redeem('SOON-GONE');
      expect(late.status).toBe(404);
      expect(late.body.error).toEqual({ code: 'invalid_code', message: 'Invalid or expired code' });
    },
  );

  it('may have a redemption cap: the third user of a code capped at 2 gets "Invalid or expired code"', async () => {
    const made = await create({ code: 'TWO-ONLY', credits: 5, max_redemptions: 2 });
    expect(made.body.code.max_redemptions).toBe(2);
    expect((await redeem('TWO-ONLY')).status).toBe(200);
    expect((await redeem('TWO-ONLY')).status).toBe(200);
    expect((await redeem('TWO-ONLY')).status).toBe(404);
    expect((await create({ code: 'ZERO-CAP', credits: 5, max_redemptions: 0 })).status).toBe(400);
  });

  it('can be deactivated: it no longer redeems, its claims stay, and it is listed as inactive', async () => {
    const made = await create({ code: 'TURN-OFF', credits: 5 });
    expect((await redeem('TURN-OFF')).status).toBe(200);
    const off = await ts.http.delete(`/api/admin/credit-codes/${made.body.code.id}`).set('cookie', admin);
    expect(off.body).toEqual({ message: 'Credit code deactivated' });
    expect((await redeem('TURN-OFF')).status).toBe(404);
    const listed = (await ts.http.get('/api/admin/credit-codes').set('cookie', admin)).body.codes.find(
      (c: { code: string }) => c.code === 'TURN-OFF',
    );
    expect(listed).toMatchObject({ is_active: false, claims: 1 });
    expect((await ts.http.delete(`/api/admin/credit-codes/${made.body.code.id}`).set('cookie', admin)).status).toBe(
      404,
    );
  });

  it('claim attempts are rate limited per user (codes and links together), with Retry-After', async () => {
    const limited = await startTestServer({ config: { claimRate: { burst: 3, refillMs: 60 * 60_000 } } });
    try {
      const cookie = await signUp(limited);
      for (const code of ['GUESS-0001', 'GUESS-0002'])
        expect((await limited.http.post('/api/credits/redeem').set('cookie', cookie).send({ code })).status).toBe(404);
      expect(
        (await limited.http.post('/api/credits/claim').set('cookie', cookie).send({ token: 'CREDIT5-AAAAAAAA' }))
          .status,
      ).toBe(404);
      const refused = await limited.http.post('/api/credits/redeem').set('cookie', cookie).send({ code: 'GUESS-0003' });
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('too_many_attempts');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another user is not affected.
      expect(
        (
          await limited.http
            .post('/api/credits/redeem')
            .set('cookie', await signUp(limited))
            .send({ code: 'GUESS-0004' })
        ).status,
      ).toBe(404);
    } finally {
      await limited.close();
    }
  });
});

describe('KARYA_TRUST_PROXY', () => {
  it('"true" is refused with a clear error; a hop count or addresses are taken', () => {
    expect(() => configFromEnv({ KARYA_TRUST_PROXY: 'true' })).toThrow(
      /KARYA_TRUST_PROXY: "true" would trust any X-Forwarded-For.*number of proxies/,
    );
    expect(configFromEnv({ KARYA_TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configFromEnv({ KARYA_TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback,10.0.0.0/8');
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(() => configFromEnv({ KARYA_TRUST_PROXY: 'yes please' })).toThrow(
      /KARYA_TRUST_PROXY: "yes please" is neither/,
    );
  });

  it('`karya serve` stops at start with that message', async () => {
    const run = await runKaryaInProcess(['serve', '--port', '0'], {
      env: { KARYA_TRUST_PROXY: 'true', KARYA_DB: path.join(dir, 'proxy.sqlite') },
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/KARYA_TRUST_PROXY: "true" would trust any X-Forwarded-For/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the session cookie', () => {
  it('is Secure with the __Host- prefix when KARYA_PUBLIC_URL is https, and works', async () => {
    const ts = await startTestServer({ config: { publicUrl: 'https://karya.example.com' } });
    try {
      const res = await ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD });
      const cookie = String(
        ([] as string[])
          .concat(res.headers['set-cookie'] as unknown as string[])
          .find((c) => c.startsWith('__Host-karya_session=')),
      );
      expect(cookie).toMatch(/^__Host-karya_session=[\w-]{40,};/);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
      expect((await ts.http.get('/api/me').set('cookie', cookie.split(';')[0]!)).status).toBe(200);
      // The plain name is not read on an https server.
      expect(
        (await ts.http.get('/api/me').set('cookie', `karya_session=${cookie.split(';')[0]!.split('=')[1]}`)).status,
      ).toBe(401);
    } finally {
      await ts.close();
    }
  });

  it('stays karya_session without Secure on a plain http public URL (the quick start)', async () => {
    const ts = await startTestServer({ config: { publicUrl: 'http://localhost:3000' } });
    try {
      const res = await ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: PASSWORD });
      const cookie = String(([] as string[]).concat(res.headers['set-cookie'] as unknown as string[])[0]);
      expect(cookie).toMatch(/^karya_session=/);
      expect(cookie).not.toMatch(/Secure/);
    } finally {
      await ts.close();
    }
  });
});

describe("the provider's error text", () => {
  it('never reaches the user (catalogue message); the detail is in the log', async () => {
    const fake = await startFakeOpenAI();
    const { logger, lines } = capturedLogger();
    const ts = await startTestServer({
      logger,
      provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    });
    try {
      const cookie = await signUp(ts);
      fake.script({ status: 500, body: { error: { message: 'secret upstream detail 500' } } });
      const text = await ts.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} });
      expect(text.status).toBe(502);
      expect(text.body.error).toEqual({
        code: 'server_error',
        message: 'Server error. Please try again in a few moments.',
      });

      const pro = (await userWithRole(ts, 'pro')).cookie!;
      fake.scriptImages({
        status: 400,
        body: { error: { message: 'Your request was rejected as a result of our safety system.' } },
      });
      const cover = await ts.http
        .post('/api/generators/book-cover/generate')
        .set('cookie', pro)
        .send({ settings: { title: 'Hikayat Laut' } });
      expect(cover.status).toBe(502);
      expect(cover.body.error).toEqual({
        code: 'image_failed',
        message: 'Failed to generate image. Please try again.',
      });
      expect(JSON.stringify(cover.body)).not.toContain('safety');
      expect(JSON.stringify(lines)).toContain('safety system');
    } finally {
      await ts.close();
      await fake.close();
    }
  });
});
