// Accounts: sign-up, sign-in (remember me), sign-out, session, password reset by e-mail (outbox and
// SMTP), change password, rate limits, and the messages the platform requirements give (§5, §8).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import {
  ADMIN_EMAIL,
  PASSWORD,
  sessionCookie,
  signUp,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from './helpers.js';
import { configFromEnv } from '../../server/core/config.js';
import { hashPassword, needsRehash, verifyPassword } from '../../server/auth/password.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts.close());

const outbox = () => ts.store.all(ts.store.db.selectFrom('mail_outbox').selectAll().orderBy('id'));
/** The outbox's mails to `email` once the first has landed: a reset link is prepared and sent after the answer. */
const mailsTo = (email: string) =>
  vi.waitFor(() => {
    const mails = outbox().filter((mail) => mail.to_address === email);
    if (mails.length === 0) throw new Error(`no mail to ${email} yet`);
    return mails;
  });
const tokenFromMail = (body: string) => decodeURIComponent(/token=([^\s&]+)/.exec(body)![1]!);

/** A test server whose mail goes to an SMTP server on this machine; `received` holds each message as it arrived. */
async function withSmtp(run: (mailed: TestServer, received: string[]) => Promise<void>): Promise<void> {
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      let text = '';
      stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
      stream.on('end', () => {
        received.push(text);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  const mailed = await startTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  try {
    await run(mailed, received);
  } finally {
    await mailed.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
}

describe('sign-up', () => {
  it('creates a free account with 10 credits, signs it in, and sets an httpOnly SameSite=Lax cookie', async () => {
    const email = uniqueEmail();
    const res = await ts.http.post('/api/auth/sign-up/email').send({ email, password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Account created successfully!');
    expect(res.body.user).toMatchObject({
      email,
      role: 'free',
      credits_available: 10,
      total_usage: 0,
      name: '',
      bio: '',
    });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/karya_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Expires=/);
    const me = await ts.http.get('/api/me').set('cookie', sessionCookie(res));
    expect(me.body).toMatchObject({ email, role: 'free', credits_available: 10, total_usage: 0 });
    expect(Object.keys(me.body).sort()).toEqual([
      'bio',
      'created_at',
      'credits_available',
      'email',
      'id',
      'lang',
      'name',
      'role',
      'total_usage',
      'updated_at',
    ]);
  });

  it('refuses a taken e-mail (any case) with the spec message', async () => {
    const email = uniqueEmail();
    await signUp(ts, email);
    const res = await ts.http.post('/api/auth/sign-up/email').send({ email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: { code: 'email_taken', message: 'An account with this email already exists' } });
  });

  it.each([
    [
      { email: 'x@karya.test', password: '12345' },
      'password_too_short',
      'Password must be at least 6 characters long',
      'password',
    ],
    [{ email: 'not-an-email', password: PASSWORD }, 'invalid_email', 'Please enter a valid email address', 'email'],
    [{ email: '', password: PASSWORD }, 'email_required', 'Please enter your email address', 'email'],
    [
      { email: 'y@karya.test', password: PASSWORD, plan: 'gold' },
      'invalid_request',
      'Please check the highlighted fields',
      'plan',
    ],
  ])('400 for %j', async (body, code, message, field) => {
    const res = await ts.http.post('/api/auth/sign-up/email').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(code);
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.fields[field]).toBeTruthy();
  });

  it('accepts a password of exactly 6 characters', async () => {
    const res = await ts.http.post('/api/auth/sign-up/email').send({ email: uniqueEmail(), password: 'kuih9z' });
    expect(res.status).toBe(201);
  });

  it('makes the KARYA_ADMIN_EMAIL account admin with 9999 credits', async () => {
    const res = await ts.http
      .post('/api/auth/sign-up/email')
      .send({ email: ADMIN_EMAIL.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: ADMIN_EMAIL, role: 'admin', credits_available: 9999 });
  });
});

describe('sign-in, session and sign-out', () => {
  it('answers an unknown e-mail and a wrong password alike', async () => {
    const email = uniqueEmail();
    await signUp(ts, email);
    const wrong = await ts.http.post('/api/auth/sign-in/email').send({ email, password: 'wrong-password' });
    const unknown = await ts.http
      .post('/api/auth/sign-in/email')
      .send({ email: uniqueEmail('nobody'), password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password' } });
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('gives a new token on every sign-in, and the response carries the profile', async () => {
    const email = uniqueEmail();
    await signUp(ts, email);
    const a = await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
    const b = await ts.http
      .post('/api/auth/sign-in/email')
      .send({ email: ` ${email.toUpperCase()} `, password: PASSWORD });
    expect(a.status).toBe(200);
    expect(a.body.message).toBe('Successfully signed in!');
    expect(a.body.user.email).toBe(email);
    expect(sessionCookie(a)).not.toBe(sessionCookie(b));
    for (const cookie of [sessionCookie(a), sessionCookie(b)])
      expect((await ts.http.get('/api/me').set('cookie', cookie)).status).toBe(200);
  });

  it('stores only a hash of the session token', async () => {
    const cookie = await signUp(ts);
    const token = cookie.split('=')[1]!;
    const rows = ts.store.all(ts.store.db.selectFrom('sessions').select('token_hash'));
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it('remember me false sets a browser-session cookie and a one-day session', async () => {
    const email = uniqueEmail();
    await signUp(ts, email);
    const res = await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD, rememberMe: false });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).not.toMatch(/Expires=|Max-Age=/);
    expect(res.body.session.is_remembered).toBe(false);
    const hours = (Date.parse(res.body.session.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThanOrEqual(24);
    const remembered = await ts.http
      .post('/api/auth/sign-in/email')
      .send({ email, password: PASSWORD, rememberMe: true });
    expect((Date.parse(remembered.body.session.expires_at) - Date.now()) / 86_400_000).toBeGreaterThan(29);
  });

  it('get-session answers the user with a session and nulls without one', async () => {
    const cookie = await signUp(ts);
    const signedIn = await ts.http.get('/api/auth/get-session').set('cookie', cookie);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.credits_available).toBe(10);
    expect(signedIn.body.session.expires_at).toBeTruthy();
    const anonymous = await ts.http.get('/api/auth/get-session');
    expect(anonymous.body).toEqual({ user: null, session: null });
  });

  it('sign-out ends the session: the old cookie answers "Session expired. Please sign in again."', async () => {
    const cookie = await signUp(ts);
    const out = await ts.http.post('/api/auth/sign-out').set('cookie', cookie);
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('Signed out successfully');
    expect(String(out.headers['set-cookie'])).toMatch(/karya_session=;/);
    const me = await ts.http.get('/api/me').set('cookie', cookie);
    expect(me.status).toBe(401);
    expect(me.body.error).toEqual({ code: 'session_expired', message: 'Session expired. Please sign in again.' });
  });

  it('an expired session is refused', async () => {
    const cookie = await signUp(ts);
    ts.store.sqlite.prepare('UPDATE sessions SET expires_at = ?').run(Date.now() - 1);
    expect((await ts.http.get('/api/me').set('cookie', cookie)).body.error.code).toBe('session_expired');
  });

  it('without a cookie /api/me answers 401 "User not authenticated"', async () => {
    const res = await ts.http.get('/api/me');
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual({ code: 'unauthenticated', message: 'User not authenticated' });
  });
});

describe('password reset by e-mail', () => {
  it(
    'mails a single-use one-hour link to ' + '/reset-password?type=recovery&token=…; the reset ends every session',
    async () => {
      const email = uniqueEmail();
      const oldCookie = await signUp(ts, email);
      const before = outbox().length;
      const res = await ts.http.post('/api/auth/request-password-reset').send({ email });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Check your email for password reset instructions');
      await mailsTo(email);
      const mails = outbox().slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.to_address).toBe(email);
      expect(mails[0]!.body).toContain(`${ts.ctx.config.publicUrl}/reset-password?type=recovery&token=`);
      const token = tokenFromMail(mails[0]!.body);
      const row = ts.store.all(ts.store.db.selectFrom('password_resets').selectAll()).at(-1)!;
      expect(row.token_hash).not.toBe(token);
      expect(row.expires_at - Date.now()).toBeGreaterThan(59 * 60_000);
      expect(row.expires_at - Date.now()).toBeLessThanOrEqual(60 * 60_000);

      const short = await ts.http.post('/api/auth/reset-password').send({ token, newPassword: '12345' });
      expect(short.body.error.message).toBe('Password must be at least 6 characters long');
      const done = await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'brand-new' });
      expect(done.status).toBe(200);
      expect(done.body.message).toBe('Password updated successfully');
      expect((await ts.http.get('/api/me').set('cookie', oldCookie)).status).toBe(401);
      expect((await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD })).status).toBe(401);
      expect((await ts.http.post('/api/auth/sign-in/email').send({ email, password: 'brand-new' })).status).toBe(200);
      const again = await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'another-one' });
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({
        code: 'reset_invalid',
        message: 'Invalid or expired session. Please request a new reset link.',
      });
    },
  );

  it('an expired link says so', async () => {
    const email = uniqueEmail();
    await signUp(ts, email);
    const before = outbox().length;
    await ts.http.post('/api/auth/request-password-reset').send({ email });
    const [mail] = await mailsTo(email);
    expect(outbox().length).toBe(before + 1);
    const token = tokenFromMail(mail!.body);
    ts.store.sqlite.prepare('UPDATE password_resets SET expires_at = ?').run(Date.now() - 1);
    const res = await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'brand-new' });
    expect(res.body.error).toEqual({
      code: 'reset_expired',
      message: 'Your password reset link has expired. Please request a new one.',
    });
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const known = uniqueEmail();
    await signUp(ts, known);
    const before = outbox().length;
    const res = await ts.http.post('/api/auth/request-password-reset').send({ email: uniqueEmail('ghost') });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Check your email for password reset instructions' });
    // Each request's mail is prepared after its answer, in the order they came; once a known address asked next
    // has its link, the unknown address's turn is over: the window in which it could have been mailed is closed.
    expect((await ts.http.post('/api/auth/request-password-reset').send({ email: known })).body).toEqual(res.body);
    await mailsTo(known);
    expect(
      outbox()
        .slice(before)
        .map((mail) => mail.to_address),
    ).toEqual([known]);
  });

  it.each([
    [{ email: '' }, 'Please enter your email address'],
    [{ email: 'nope' }, 'Please enter a valid email address'],
  ])('validates %j', async (body, message) => {
    const res = await ts.http.post('/api/auth/request-password-reset').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });
});

describe('change password (POST /api/me/password)', () => {
  it('verifies the current password, changes it, and ends the other sessions only', async () => {
    const email = uniqueEmail();
    const other = await signUp(ts, email);
    const current = sessionCookie(await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD }));
    const wrong = await ts.http
      .post('/api/me/password')
      .set('cookie', current)
      .send({ currentPassword: 'nope-nope', newPassword: 'changed1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('current_password_wrong');
    expect(wrong.body.error.fields.currentPassword).toBe('Current password is incorrect');
    const short = await ts.http
      .post('/api/me/password')
      .set('cookie', current)
      .send({ currentPassword: PASSWORD, newPassword: '123' });
    expect(short.body.error.message).toBe('Password must be at least 6 characters long');
    const ok = await ts.http
      .post('/api/me/password')
      .set('cookie', current)
      .send({ currentPassword: PASSWORD, newPassword: 'changed1' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Password updated successfully');
    expect((await ts.http.get('/api/me').set('cookie', current)).status).toBe(200);
    expect((await ts.http.get('/api/me').set('cookie', other)).status).toBe(401);
    expect((await ts.http.post('/api/auth/sign-in/email').send({ email, password: 'changed1' })).status).toBe(200);
    expect((await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD })).status).toBe(401);
  });

  it('needs a session', async () => {
    expect((await ts.http.post('/api/me/password').send({ currentPassword: 'a', newPassword: 'bbbbbb' })).status).toBe(
      401,
    );
  });
});

describe('password hashing', () => {
  it('defaults to scrypt N=2^17 (OWASP) and records each hash’s own cost', async () => {
    expect(configFromEnv({}).scryptLogN).toBe(17);
    expect(configFromEnv({ KARYA_SCRYPT_LOG_N: '10' }).scryptLogN).toBe(10);
    const hash = await hashPassword('pässword', 5);
    expect(hash).toMatch(/^scrypt\$5\$8\$1\$/);
    expect(await verifyPassword('pässword', hash)).toBe(true);
    expect(await verifyPassword('password', hash)).toBe(false);
    expect(await verifyPassword('x', 'garbage')).toBe(false);
    expect(needsRehash(hash, 17)).toBe(true);
    expect(needsRehash(hash, 5)).toBe(false);
  });
});

describe('rate limits (the real settings)', () => {
  let strict: TestServer;
  beforeAll(async () => {
    const real = configFromEnv({});
    // The real number of free attempts; a first delay of a minute so that a slow machine cannot outwait it.
    strict = await startTestServer({
      config: { rateLimits: real.rateLimits, signInThrottle: { ...real.signInThrottle, baseDelayMs: 60_000 } },
    });
  });
  afterAll(() => strict.close());

  it(
    'after 5 failed sign-ins for an account from one address, ' +
      'the next waits: 429 "Too many attempts…" with Retry-After',
    async () => {
      const email = uniqueEmail();
      await signUp(strict, email);
      for (let i = 0; i < 5; i++)
        expect(
          (await strict.http.post('/api/auth/sign-in/email').send({ email, password: 'wrong-password' })).status,
        ).toBe(401);
      const slowed = await strict.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
      expect(slowed.status).toBe(429);
      // The first wait is a minute after the last failure: said in seconds, as long as Retry-After.
      const wait = Number(slowed.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(slowed.body.error).toEqual({
        code: 'too_many_attempts',
        message: `Too many attempts. Please try again in ${wait} seconds.`,
      });
    },
  );

  it('one reset request per e-mail per minute, known or unknown alike; 10 per 15 minutes per IP', async () => {
    const known = uniqueEmail();
    await signUp(strict, known);
    for (const email of [known, uniqueEmail('ghost')]) {
      expect((await strict.http.post('/api/auth/request-password-reset').send({ email })).status).toBe(200);
      const again = await strict.http.post('/api/auth/request-password-reset').send({ email });
      expect(again.status).toBe(429);
      const wait = Number(again.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      expect(again.body.error).toEqual({
        code: 'reset_too_soon',
        message: `Please wait ${wait} seconds before requesting another reset.`,
      });
    }
    // Four requests so far (two answered 429 count too): six more are answered, the eleventh is refused.
    for (let i = 0; i < 6; i++)
      expect(
        (await strict.http.post('/api/auth/request-password-reset').send({ email: uniqueEmail(`x${i}`) })).status,
      ).toBe(200);
    const eleventh = await strict.http.post('/api/auth/request-password-reset').send({ email: uniqueEmail('y') });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error.code).toBe('too_many_attempts');
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe("the reset e-mail speaks the account's language (issue 24)", () => {
  /** A message as an SMTP server received it: its Subject and its text body, quoted-printable undone. */
  const readMail = (raw: string) => {
    const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
    const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head)?.[1]?.replace(/\r?\n[ \t]/g, ' ') ?? '';
    let body = rest.join('\n\n');
    if (/quoted-printable/i.test(head))
      body = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return { subject, body: body.replace(/\r\n/g, '\n') };
  };

  it(
    'a Malay account gets a Malay subject and body, an English ' +
      'account English ones, whatever the asking page spoke (SMTP)',
    async () => {
      await withSmtp(async (mailed, received) => {
        const resetOf = async (email: string, pageLang: 'en' | 'ms') => {
          const before = received.length;
          const res = await mailed.http
            .post('/api/auth/request-password-reset')
            .set('accept-language', pageLang)
            .send({ email });
          expect(res.status).toBe(200);
          for (let i = 0; i < 100 && received.length === before; i++) await new Promise((r) => setTimeout(r, 20));
          expect(received).toHaveLength(before + 1);
          return readMail(received[before]!);
        };
        // Signed up from a Malay studio (the account keeps its language), asking from an English page.
        const malay = uniqueEmail('aminah');
        expect(
          (await mailed.http.post('/api/auth/sign-up/email').send({ email: malay, password: PASSWORD, lang: 'ms' }))
            .status,
        ).toBe(201);
        const ms = await resetOf(malay, 'en');
        expect(ms.subject).toBe('Tetapkan semula kata laluan Karya anda');
        expect(ms.body).toContain('Seseorang telah meminta untuk menetapkan semula kata laluan akaun Karya anda.');
        expect(ms.body).toContain(
          'Buka pautan ini dalam tempoh satu jam untuk memilih kata ' +
            'laluan baharu (pautan ini hanya boleh digunakan sekali):',
        );
        expect(ms.body).toContain(
          'Jika bukan anda yang membuat permintaan ini, abaikan e-mel ini; kata laluan anda kekal seperti sedia ada.',
        );
        expect(ms.body).toMatch(/\/reset-password\?type=recovery&token=\S+/);
        expect(ms.body).not.toMatch(/Reset your|choose a new password|ignore this e-mail/);

        // An English account asking from a Malay page.
        const english = uniqueEmail('adam');
        await signUp(mailed, english);
        const en = await resetOf(english, 'ms');
        expect(en.subject).toBe('Reset your Karya password');
        expect(en.body).toContain('Open this link within one hour to choose a new password (it works once):');
        expect(en.body).toContain('If it was not you, ignore this e-mail; your password stays as it is.');
        expect(en.body).not.toContain('kata laluan');

        // The account's language changed in the studio (PUT /api/me/lang) is the one the next e-mail speaks.
        const cookie = await signUp(mailed, uniqueEmail('switcher'));
        const me = await mailed.http.put('/api/me/lang').set('cookie', cookie).send({ lang: 'ms' });
        expect(me.status).toBe(200);
        expect((await resetOf(me.body.email as string, 'en')).subject).toBe('Tetapkan semula kata laluan Karya anda');
      });
    },
  );

  it('the outbox keeps the same words (no SMTP configured)', async () => {
    const email = uniqueEmail('siti');
    expect((await ts.http.post('/api/auth/sign-up/email').send({ email, password: PASSWORD, lang: 'ms' })).status).toBe(
      201,
    );
    const before = outbox().length;
    await ts.http.post('/api/auth/request-password-reset').send({ email });
    for (let i = 0; i < 50 && outbox().length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const [mail] = outbox().slice(before);
    expect(mail).toMatchObject({ to_address: email, subject: 'Tetapkan semula kata laluan Karya anda' });
    expect(mail!.body).toContain('Buka pautan ini dalam tempoh satu jam');
  });
});

describe('mail through SMTP when KARYA_SMTP_URL is set', () => {
  it('sends the reset e-mail with nodemailer and writes nothing to the outbox', async () => {
    await withSmtp(async (mailed, received) => {
      const email = uniqueEmail();
      await signUp(mailed, email);
      expect((await mailed.http.post('/api/auth/request-password-reset').send({ email })).status).toBe(200);
      for (let i = 0; i < 100 && !received.length; i++) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(email);
      expect(received[0]!.replace(/=\r\n/g, '')).toMatch(
        /reset-password\?type=3Drecovery&token=3D|reset-password\?type=recovery&token=/,
      );
      expect(mailed.store.all(mailed.store.db.selectFrom('mail_outbox').selectAll())).toHaveLength(0);
    });
  });
});
