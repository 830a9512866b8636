// The administrator cannot be taken over: a sign-up with KARYA_ADMIN_EMAIL's address from a
// client that is not this machine (through KARYA_TRUST_PROXY) is refused as a taken address and makes no
// administrator; from this machine it makes the administrator. With KARYA_ADMIN_PASSWORD the account exists at
// start, signs in at once and cannot be signed up; the password never reaches the log. A production server
// refuses a scrypt cost below the default at start. An account that held the address before it was the
// administrator's is never promoted as it is: KARYA_ADMIN_PASSWORD takes it over (its password, sessions and API
// keys gone) unless its password already is that one; without it the log says to set it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/core/config.js';
import { ADMIN_EMAIL, PASSWORD, sessionCookie, startTestServer } from './helpers.js';
import { tempDir } from '../temp.js';

const ADMIN_PASSWORD = 'the administrator passphrase';

describe("the administrator's address", () => {
  it(
    'from another machine through the trusted proxy: refused, ' +
      'no administrator made; from this machine: the administrator',
    async () => {
      const ts = await startTestServer({ config: { trustProxy: 1 } });
      try {
        const remote = await ts.http
          .post('/api/auth/sign-up/email')
          .set('x-forwarded-for', '203.0.113.7')
          .send({ email: ADMIN_EMAIL, password: PASSWORD });
        expect(remote.status).toBe(409);
        expect(remote.body.error.code).toBe('email_taken');
        expect(await ts.ctx.repos.users.findByEmail(ADMIN_EMAIL)).toBeUndefined();
        // Another address from the same remote client signs up as anyone does.
        expect(
          (
            await ts.http
              .post('/api/auth/sign-up/email')
              .set('x-forwarded-for', '203.0.113.7')
              .send({ email: 'writer@example.com', password: PASSWORD })
          ).status,
        ).toBe(201);
        const local = await ts.http
          .post('/api/auth/sign-up/email')
          .set('x-forwarded-for', '127.0.0.1')
          .send({ email: ADMIN_EMAIL, password: PASSWORD });
        expect(local.status).toBe(201);
        expect(local.body.user).toMatchObject({ role: 'admin', credits_available: 9999 });
      } finally {
        await ts.close();
      }
    },
  );

  it.each([
    ['KARYA_ADMIN_PASSWORD', false],
    ['KARYA_ADMIN_PASSWORD_FILE', true],
  ])(
    'with %s: the administrator signs in with it at once, the address cannot be signed up, the log never holds it',
    async (_name, isFile) => {
      const lines: string[] = [];
      const logger = pino(
        { level: 'info' },
        new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
      );
      const env = isFile
        ? (() => {
            const file = path.join(tempDir('karya-admin-'), 'password');
            writeFileSync(file, `${ADMIN_PASSWORD}\n`);
            return { KARYA_ADMIN_EMAIL: ADMIN_EMAIL, KARYA_ADMIN_PASSWORD_FILE: file };
          })()
        : { KARYA_ADMIN_EMAIL: ADMIN_EMAIL, KARYA_ADMIN_PASSWORD: ADMIN_PASSWORD };
      const ts = await startTestServer({ config: { adminPassword: configFromEnv(env).adminPassword! }, logger });
      try {
        const signIn = await ts.http
          .post('/api/auth/sign-in/email')
          .send({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
        expect(signIn.status).toBe(200);
        expect(signIn.body.user).toMatchObject({ role: 'admin', credits_available: 9999 });
        const signUp = await ts.http.post('/api/auth/sign-up/email').send({ email: ADMIN_EMAIL, password: PASSWORD });
        expect(signUp.status).toBe(409);
        expect(lines.join('')).toContain('administrator account made from KARYA_ADMIN_PASSWORD');
        expect(lines.join('')).not.toContain(ADMIN_PASSWORD);
      } finally {
        await ts.close();
      }
    },
  );

  it('without a password or an account, the start-up log says how to make it', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
    );
    const ts = await startTestServer({ logger });
    await ts.close();
    expect(lines.join('')).toMatch(
      /no administrator account yet: sign up with .* from this machine .* or set KARYA_ADMIN_PASSWORD/,
    );
  });
});

describe("an account signed up with the address before the operator made it the administrator's", () => {
  const BOSS = 'boss@example.com';
  const THEIRS = 'whoever came first';

  /** A log to read: its lines joined. */
  function logLines() {
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) }),
    );
    return { logger, text: () => lines.join('') };
  }

  /**
   * A server whose administrator's address is another one: boss@example.com signs up (a free account), becomes a
   * business account and makes an API key; then the server stops. Answers the database and what the account holds.
   */
  async function signedUpBefore(password: string) {
    const dbFile = path.join(tempDir('karya-admin-'), 'karya.sqlite');
    const ts = await startTestServer({ config: { dbFile } });
    try {
      const signUp = await ts.http.post('/api/auth/sign-up/email').send({ email: BOSS, password });
      expect(signUp.body.user).toMatchObject({ role: 'free', credits_available: 10 });
      const cookie = sessionCookie(signUp);
      await ts.ctx.repos.users.setRole({ userId: signUp.body.user.id, role: 'business', reason: 'bought' });
      const key = (await ts.http.post('/api/api-keys').set('cookie', cookie).send({ name: 'robot' })).body
        .key as string;
      expect((await ts.http.get('/api/history').set('authorization', `Bearer ${key}`)).status).toBe(200);
      return { dbFile, cookie, key };
    } finally {
      await ts.close();
    }
  }

  it(
    "restarted with KARYA_ADMIN_EMAIL and KARYA_ADMIN_PASSWORD: the operator's password " +
      'signs in as administrator; the old password, session and API key are refused',
    async () => {
      const before = await signedUpBefore(THEIRS);
      const log = logLines();
      const ts = await startTestServer({
        config: { dbFile: before.dbFile, adminEmail: BOSS, adminPassword: ADMIN_PASSWORD },
        logger: log.logger,
      });
      try {
        expect((await ts.http.post('/api/auth/sign-in/email').send({ email: BOSS, password: THEIRS })).status).toBe(
          401,
        );
        expect((await ts.http.get('/api/me').set('cookie', before.cookie)).status).toBe(401);
        expect((await ts.http.get('/api/history').set('authorization', `Bearer ${before.key}`)).status).toBe(401);
        const signIn = await ts.http.post('/api/auth/sign-in/email').send({ email: BOSS, password: ADMIN_PASSWORD });
        expect(signIn.status).toBe(200);
        expect(signIn.body.user).toMatchObject({ email: BOSS, role: 'admin', credits_available: 9999 });
        expect((await ts.http.get('/api/admin/users').set('cookie', sessionCookie(signIn))).status).toBe(200);
        const warning = log
          .text()
          .split('\n')
          .map((line) => line && JSON.parse(line))
          .find((line) => line && line.email === BOSS && line.level === 40);
        expect(warning).toMatchObject({ sessionsEnded: 1, apiKeysRevoked: 1 });
        expect(warning.msg).toMatch(
          /boss@example\.com had a password other than KARYA_ADMIN_PASSWORD: its password is now KARYA_ADMIN_PASSWORD/,
        );
        expect(log.text()).not.toContain(ADMIN_PASSWORD);
      } finally {
        await ts.close();
      }
      // The next start finds the operator's password there: nothing more is ended.
      const again = logLines();
      const next = await startTestServer({
        config: { dbFile: before.dbFile, adminEmail: BOSS, adminPassword: ADMIN_PASSWORD },
        logger: again.logger,
      });
      try {
        const signIn = await next.http.post('/api/auth/sign-in/email').send({ email: BOSS, password: ADMIN_PASSWORD });
        expect(signIn.body.user).toMatchObject({ role: 'admin', credits_available: 9999 });
        expect(again.text()).not.toContain(BOSS);
      } finally {
        await next.close();
      }
    },
  );

  it(
    'whose password already is KARYA_ADMIN_PASSWORD: made ' + 'the administrator, its session and API key still work',
    async () => {
      const before = await signedUpBefore(ADMIN_PASSWORD);
      const log = logLines();
      const ts = await startTestServer({
        config: { dbFile: before.dbFile, adminEmail: BOSS, adminPassword: ADMIN_PASSWORD },
        logger: log.logger,
      });
      try {
        const me = await ts.http.get('/api/me').set('cookie', before.cookie);
        expect(me.status).toBe(200);
        expect((await ts.http.get('/api/history').set('authorization', `Bearer ${before.key}`)).status).toBe(200);
        const signIn = await ts.http.post('/api/auth/sign-in/email').send({ email: BOSS, password: ADMIN_PASSWORD });
        expect(signIn.body.user).toMatchObject({ email: BOSS, role: 'admin', credits_available: 9999 });
        expect(log.text()).toContain('KARYA_ADMIN_EMAIL account is now the administrator');
        expect(log.text()).not.toContain('had a password other than');
      } finally {
        await ts.close();
      }
    },
  );

  it(
    'restarted with KARYA_ADMIN_EMAIL alone: not made the ' +
      'administrator, and the log says to set KARYA_ADMIN_PASSWORD',
    async () => {
      const before = await signedUpBefore(THEIRS);
      const log = logLines();
      const ts = await startTestServer({ config: { dbFile: before.dbFile, adminEmail: BOSS }, logger: log.logger });
      try {
        const signIn = await ts.http.post('/api/auth/sign-in/email').send({ email: BOSS, password: THEIRS });
        expect(signIn.body.user).toMatchObject({ email: BOSS, role: 'business', credits_available: 500 });
        expect((await ts.http.get('/api/admin/users').set('cookie', sessionCookie(signIn))).status).toBe(403);
        const warning = log
          .text()
          .split('\n')
          .map((line) => line && JSON.parse(line))
          .find((line) => line && line.email === BOSS);
        expect(warning).toMatchObject({ level: 40 });
        expect(warning.msg).toMatch(/boss@example\.com .* is NOT made administrator.* set KARYA_ADMIN_PASSWORD/);
      } finally {
        await ts.close();
      }
    },
  );
});

describe('settings a production server refuses', () => {
  it(
    'a scrypt cost below the default, with NODE_ENV=production or ' +
      'a public address elsewhere; a development machine may lower it',
    () => {
      expect(() => configFromEnv({ NODE_ENV: 'production', KARYA_SCRYPT_LOG_N: '4' })).toThrow(
        /KARYA_SCRYPT_LOG_N: 4 is below 17/,
      );
      expect(() => configFromEnv({ KARYA_PUBLIC_URL: 'https://karya.example.com', KARYA_SCRYPT_LOG_N: '10' })).toThrow(
        /KARYA_SCRYPT_LOG_N: 10 is below 17/,
      );
      expect(configFromEnv({ KARYA_SCRYPT_LOG_N: '10' }).scryptLogN).toBe(10);
      expect(() => configFromEnv({ KARYA_ADMIN_EMAIL: ADMIN_EMAIL, KARYA_ADMIN_PASSWORD: 'short' })).toThrow(
        /KARYA_ADMIN_PASSWORD: at least 8 characters/,
      );
    },
  );
});
