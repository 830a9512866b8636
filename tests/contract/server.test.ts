// The HTTP contract (engine/contract) against the real server: every route of the route table is called
// in-process and its answer parsed with the contract's schema (strict objects, so a field added, renamed
// or retyped on either side fails here), a file route's download checked against the export file types,
// error answers are parsed with the error envelope, the admin's user stream with its event schemas, and
// the route table must list exactly the server's routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Response } from 'supertest';
import * as z from 'zod';
import {
  AdminUserEventSchemas,
  ApiErrorEnvelopeSchema,
  EXPORT_FILE_TYPES,
  PACKAGE_FILE_TYPE,
  ROUTES,
  VALIDATION_CODES,
  type CreditCodeCreatedResponse,
  type CreditLinkCreatedResponse,
  type DeploymentsResponse,
  type FileRouteKey,
  type GeneratorsResponse,
  type HistoryResponse,
  type JsonRouteKey,
  type ResponseOf,
} from '../../engine/contract/index.js';
import { MESSAGES } from '../../server/errors/api-error.js';
import { SECRET_KEY, WEBHOOK_SECRET, startFakeStripe } from '../fake-stripe.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import {
  apiRoutes,
  PASSWORD,
  sessionCookie,
  signUp,
  startTestServer,
  uniqueEmail,
  userWithRole,
  type TestServer,
} from '../server/helpers.js';

let ts: TestServer;
let user: { cookie: string; email: string };
let admin: string;

beforeAll(async () => {
  ts = await startTestServer();
  const email = uniqueEmail('contract');
  user = { cookie: await signUp(ts, email), email };
  admin = (await userWithRole(ts, 'admin')).cookie!;
});
afterAll(() => ts?.close());

/** Parse a JSON answer with the route's schema after checking its status; answers the parsed body. */
function answerOf<K extends JsonRouteKey>(route: K, res: Response): ResponseOf<K> {
  const def: { response: z.ZodType; status?: number } = ROUTES[route];
  expect(res.status, `${route}: ${JSON.stringify(res.body)}`).toBe(def.status ?? 200);
  const parsed = def.response.safeParse(res.body);
  expect(parsed.success ? [] : parsed.error.issues, `${route} answered outside the contract`).toEqual([]);
  return res.body as ResponseOf<K>;
}

/**
 * A file route's download: 200, one of the export file types (or a KDP package's zip), an attachment with a file name
 * of that type, bytes.
 */
function fileOf(route: FileRouteKey, res: Response): Buffer {
  const def: { file: true } = ROUTES[route];
  expect(def.file).toBe(true);
  expect(res.status, `${route}: ${String(res.body)}`).toBe(200);
  const type = [...Object.values(EXPORT_FILE_TYPES), PACKAGE_FILE_TYPE].find(
    (t) => t.contentType === res.headers['content-type'],
  );
  expect(type, `${route} answered ${res.headers['content-type']}`).toBeDefined();
  expect(res.headers['content-disposition']).toMatch(
    new RegExp(`^attachment; filename="[a-z0-9-]+\\.${type!.extension}"$`),
  );
  expect((res.body as Buffer).length).toBeGreaterThan(0);
  return res.body as Buffer;
}

/** GET a download with its bytes as a Buffer. */
function download(path: string, cookie: string) {
  return ts.http
    .get(path)
    .set('cookie', cookie)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/**
 * `request` with a PATH without epubcheck: the package's EPUB check is a JVM run (seconds of CPU) whose verdict
 * the contract does not read (tests/publish/ and tests/server/publish-bilingual.test.ts do).
 */
async function withoutEpubcheck<T>(request: () => PromiseLike<T>): Promise<T> {
  const before = process.env.PATH;
  process.env.PATH = WITHOUT_EPUBCHECK.PATH;
  try {
    return await request();
  } finally {
    process.env.PATH = before;
  }
}

/** An error answer: its status, and the envelope `{error: {code, message, fields?}}`. */
function errorOf(res: Response, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(ApiErrorEnvelopeSchema.parse(res.body).error.code).toBe(code);
}

describe('the route table', () => {
  it('lists exactly the routes the server serves (the book routes are books.ts)', () => {
    const served = apiRoutes(ts.ctx).map((r) => `${r.method} ${r.path.replace(/^\/api/, '')}`);
    expect(served.filter((r) => !(r in ROUTES))).toEqual([]);
    expect(Object.keys(ROUTES).filter((r) => !served.includes(r))).toEqual([]);
  });

  it("fails with codes of the server's messages (the server words them in the caller's language)", () => {
    for (const code of VALIDATION_CODES) expect(Object.hasOwn(MESSAGES, code), code).toBe(true);
  });
});

describe('answers match the contract', () => {
  it('health and readiness', async () => {
    answerOf('GET /health', await ts.http.get('/api/health'));
    answerOf('GET /ready', await ts.http.get('/api/ready'));
  });

  it('accounts: sign-up, sign-in, session, sign-out, password reset', async () => {
    const email = uniqueEmail('contract-auth');
    const up = await ts.http
      .post('/api/auth/sign-up/email')
      .send({ email, password: PASSWORD, name: 'Ana', rememberMe: false });
    answerOf('POST /auth/sign-up/email', up);
    const signedIn = await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
    answerOf('POST /auth/sign-in/email', signedIn);
    const cookie = sessionCookie(signedIn);
    expect(
      answerOf('GET /auth/get-session', await ts.http.get('/api/auth/get-session').set('cookie', cookie)).user?.email,
    ).toBe(email);
    expect(answerOf('GET /auth/get-session', await ts.http.get('/api/auth/get-session')).user).toBeNull();
    answerOf('POST /auth/sign-out', await ts.http.post('/api/auth/sign-out').set('cookie', cookie));

    const mails: string[] = [];
    const send = ts.ctx.mailer.send.bind(ts.ctx.mailer);
    ts.ctx.mailer.send = async (mail) => {
      mails.push(mail.text);
      return send(mail);
    };
    answerOf(
      'POST /auth/request-password-reset',
      await ts.http.post('/api/auth/request-password-reset').send({ email }),
    );
    await expect.poll(() => mails.length).toBe(1);
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(mails[0]!)![1]!);
    answerOf(
      'POST /auth/reset-password',
      await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'another1' }),
    );
    errorOf(
      await ts.http.post('/api/auth/reset-password').send({ token, newPassword: 'another1' }),
      400,
      'reset_invalid',
    );
  });

  it('profile: read, edit, change password', async () => {
    const { cookie } = user;
    expect(answerOf('GET /me', await ts.http.get('/api/me').set('cookie', cookie)).email).toBe(user.email);
    answerOf('PATCH /me', await ts.http.patch('/api/me').set('cookie', cookie).send({ name: 'Siti', bio: 'Writes.' }));
    answerOf(
      'POST /me/password',
      await ts.http
        .post('/api/me/password')
        .set('cookie', cookie)
        .send({ currentPassword: PASSWORD, newPassword: PASSWORD }),
    );
  });

  it("generators: the list and every generator's form model", async () => {
    const list: GeneratorsResponse = answerOf('GET /generators', await ts.http.get('/api/generators'));
    expect(list.generators.length).toBe(ts.ctx.catalog.specs.length);
    for (const g of list.generators) answerOf('GET /generators/:id', await ts.http.get(`/api/generators/${g.id}`));
  });

  it('books: each step of a romance, its saved progress and Start New', async () => {
    const settings = { numberOfChapters: 7 };
    const outline = answerOf(
      'POST /generators/:id/generate',
      await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', user.cookie)
        .send({ settings, step: { kind: 'outline' } }),
    );
    expect(outline.book?.next).toMatchObject({
      kind: 'introduction',
      label: 'Introduction',
      button: 'Generate Introduction',
    });
    const intro = answerOf(
      'POST /generators/:id/generate',
      await ts.http
        .post('/api/generators/romance/generate')
        .set('cookie', user.cookie)
        .send({ settings, step: { kind: 'introduction' } }),
    );
    expect(intro.book).toMatchObject({
      is_locked: true,
      counter: { current: 1, total: 7 },
      parts: [{ kind: 'introduction', position: 0, label: 'Introduction' }],
    });
    const saved = answerOf(
      'GET /progress/:bookType',
      await ts.http.get('/api/progress/romance').set('cookie', user.cookie),
    );
    expect(saved.book?.next).toMatchObject({ kind: 'chapter', position: 1, label: 'Chapter 1' });
    const chapters = saved.book!.chapters!.map(({ title, plan }) => ({ title, plan }));
    const reshaped = answerOf(
      'PUT /progress/:bookType/outline',
      await ts.http
        .put('/api/progress/romance/outline')
        .set('cookie', user.cookie)
        .send({ chapters: [...chapters, { title: 'One More', plan: 'Added.', note: 'It must rain.' }] }),
    );
    expect(reshaped.book.total_chapters).toBe(8);
    const edited = answerOf(
      'PUT /progress/:bookType/part',
      await ts.http
        .put('/api/progress/romance/part')
        .set('cookie', user.cookie)
        .send({ part: { kind: 'introduction', position: 0 }, text: 'An introduction, edited.' }),
    );
    expect(edited.book.parts[0]!.text).toBe('An introduction, edited.');
    fileOf('GET /books/:bookType/export', await download('/api/books/romance/export?format=md', user.cookie));
    answerOf('DELETE /progress/:bookType', await ts.http.delete('/api/progress/romance').set('cookie', user.cookie));
    expect(
      answerOf('GET /progress/:bookType', await ts.http.get('/api/progress/romance').set('cookie', user.cookie)),
    ).toEqual({ book: null });
  });

  it('my books: a finished book listed, kept by Start New, downloaded in every format and deleted', async () => {
    const { cookie } = await userWithRole(ts, 'pro');
    for (let next: unknown = true; next !== null;) {
      // One chapter: the answers' shapes are the contract, not the book's length (each chapter more is a step and pages
      // of every format).
      next = answerOf(
        'POST /generators/:id/generate',
        await ts.http
          .post('/api/generators/romance/generate')
          .set('cookie', cookie!)
          .send({ settings: { numberOfChapters: 1 } }),
      ).next;
    }
    answerOf('DELETE /progress/:bookType', await ts.http.delete('/api/progress/romance').set('cookie', cookie!));
    const { books } = answerOf('GET /books', await ts.http.get('/api/books').set('cookie', cookie!));
    expect(books.map((b) => [b.book_type, b.is_current])).toEqual([['romance', false]]);
    for (const format of Object.keys(EXPORT_FILE_TYPES))
      fileOf('GET /books/:id/export', await download(`/api/books/${books[0]!.id}/export?format=${format}`, cookie!));
    answerOf('DELETE /books/:id', await ts.http.delete(`/api/books/${books[0]!.id}`).set('cookie', cookie!));
  });

  it('publishing: the cost of a finished book, its package made, shown and downloaded as a zip', async () => {
    const { cookie } = await userWithRole(ts, 'pro');
    for (let next: unknown = true; next !== null;) {
      next = answerOf(
        'POST /generators/:id/generate',
        await ts.http
          .post('/api/generators/children/generate')
          .set('cookie', cookie!)
          .send({ settings: { numberOfChapters: 1, ageGroup: '8-12' } }),
      ).next;
    }
    const quote = answerOf(
      'GET /books/:bookType/publish',
      await ts.http.get('/api/books/children/publish').set('cookie', cookie!),
    );
    expect(quote).toMatchObject({ is_finished: true, package: null });
    const made = answerOf(
      'POST /books/:bookType/publish',
      await withoutEpubcheck(() =>
        ts.http.post('/api/books/children/publish').set('cookie', cookie!).send({ author: 'Siti Aminah' }),
      ),
    );
    expect(made.credits_charged).toBe(quote.cost - 1);
    expect(
      answerOf('GET /books/:bookType/publish', await ts.http.get('/api/books/children/publish').set('cookie', cookie!))
        .package,
    ).toEqual(made.package);
    expect(
      fileOf('GET /books/:bookType/publish/package', await download('/api/books/children/publish/package', cookie!))
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
  }, 60_000);

  it('history: list (search, type, cursor pages), one item, delete', async () => {
    const generated = await ts.http
      .post('/api/generators/poems/generate')
      .set('cookie', user.cookie)
      .send({ settings: {} });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const all: HistoryResponse = answerOf('GET /history', await ts.http.get('/api/history').set('cookie', user.cookie));
    expect(all.items.length).toBeGreaterThan(0);
    answerOf(
      'GET /history',
      await ts.http.get('/api/history').query({ search: 'zzz', type: 'all', limit: 5 }).set('cookie', user.cookie),
    );
    answerOf(
      'GET /history',
      await ts.http
        .get('/api/history')
        .query({ type: 'poem', limit: 1, cursor: all.items[0]!.id })
        .set('cookie', user.cookie),
    );
    answerOf('GET /history/:id', await ts.http.get(`/api/history/${all.items[0]!.id}`).set('cookie', user.cookie));
    answerOf(
      'DELETE /history/:id',
      await ts.http.delete(`/api/history/${all.items[0]!.id}`).set('cookie', user.cookie),
    );
  });

  it('credits and admin: users, links, codes, claims, deployments, AI configuration', async () => {
    const as = (res: ReturnType<typeof ts.http.get>) => res.set('cookie', admin);
    answerOf('GET /admin/users', await as(ts.http.get('/api/admin/users')));
    const added = answerOf(
      'POST /admin/users',
      await as(ts.http.post('/api/admin/users')).send({
        email: uniqueEmail('contract-added'),
        password: PASSWORD,
        role: 'pro',
      }),
    );
    const id = added.user.id;
    answerOf('PATCH /admin/users/:id', await as(ts.http.patch(`/api/admin/users/${id}`)).send({ role: 'business' }));
    answerOf('PATCH /admin/users/:id', await as(ts.http.patch(`/api/admin/users/${id}`)).send({ credits: 42 }));
    answerOf('DELETE /admin/users/:id', await as(ts.http.delete(`/api/admin/users/${id}`)));

    const link: CreditLinkCreatedResponse = answerOf(
      'POST /admin/credit-links',
      await as(ts.http.post('/api/admin/credit-links')).send({ credits: 300, description: 'contract' }),
    );
    answerOf(
      'POST /credits/claim',
      await ts.http.post('/api/credits/claim').set('cookie', user.cookie).send({ token: link.link.token }),
    );
    expect(
      answerOf('GET /admin/credit-links', await as(ts.http.get('/api/admin/credit-links'))).links.find(
        (l) => l.id === link.link.id,
      )?.claims,
    ).toBe(1);
    answerOf('DELETE /admin/credit-links/:id', await as(ts.http.delete(`/api/admin/credit-links/${link.link.id}`)));

    const code: CreditCodeCreatedResponse = answerOf(
      'POST /admin/credit-codes',
      await as(ts.http.post('/api/admin/credit-codes')).send({ credits: 50 }),
    );
    answerOf(
      'POST /admin/credit-codes',
      await as(ts.http.post('/api/admin/credit-codes')).send({
        code: 'contract-code',
        credits: 5,
        description: 'named',
      }),
    );
    answerOf(
      'POST /credits/redeem',
      await ts.http
        .post('/api/credits/redeem')
        .set('cookie', user.cookie)
        .send({ code: ` ${code.code.code.toLowerCase()} ` }),
    );
    answerOf('GET /admin/credit-codes', await as(ts.http.get('/api/admin/credit-codes')));
    const claims = answerOf('GET /admin/claims', await as(ts.http.get('/api/admin/claims')));
    expect([claims.code_claims.length, claims.link_claims.length]).toEqual([1, 1]);

    const deployments: DeploymentsResponse = answerOf(
      'GET /admin/deployments',
      await as(ts.http.get('/api/admin/deployments')),
    );
    const target = deployments.deployments.find((d) => d.status === 'success')!;
    answerOf(
      'POST /admin/deployments/:id/rollback',
      await as(ts.http.post(`/api/admin/deployments/${target.id}/rollback`)).send({ reason: 'contract' }),
    );
    answerOf(
      'POST /admin/deployments/:id/rollback',
      await as(ts.http.post(`/api/admin/deployments/${target.id}/rollback`)),
    );

    answerOf('GET /admin/ai-config', await as(ts.http.get('/api/admin/ai-config')));
    answerOf('PUT /admin/ai-config', await as(ts.http.put('/api/admin/ai-config')).send({ useAzure: true }));
  });

  it("the admin's user stream: the list at once, then an upsert and a delete", async () => {
    const controller = new AbortController();
    const res = await fetch(`${ts.url}/api/admin/users/events`, {
      headers: { cookie: admin },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const nextEvent = async (): Promise<{ event: string; data: unknown }> => {
      for (;;) {
        const at = buffer.indexOf('\n\n');
        if (at >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) return { event, data: JSON.parse(data) as unknown };
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        buffer += chunk.value;
      }
    };
    try {
      const first = await nextEvent();
      expect(first.event).toBe('users');
      AdminUserEventSchemas.users.parse(first.data);
      const email = uniqueEmail('contract-stream');
      const cookie = await signUp(ts, email);
      const upsert = await nextEvent();
      expect(AdminUserEventSchemas.user.parse(upsert.data)).toMatchObject({ type: 'upsert', user: { email } });
      const id = answerOf('GET /me', await ts.http.get('/api/me').set('cookie', cookie)).id;
      await ts.http.delete(`/api/admin/users/${id}`).set('cookie', admin);
      let change = AdminUserEventSchemas.user.parse((await nextEvent()).data);
      while (change.type !== 'delete') change = AdminUserEventSchemas.user.parse((await nextEvent()).data);
      expect(change).toEqual({ type: 'delete', id, user: null });
    } finally {
      controller.abort();
    }
  });
});

describe('buying credits matches the contract', () => {
  it('checkout, the signed webhook, the landing poll and the payment options', async () => {
    const stripe = await startFakeStripe();
    const paying = await startTestServer({
      config: { stripe: { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiBase: stripe.url } },
    });
    try {
      const cookie = await signUp(paying);
      answerOf(
        'POST /checkout',
        await paying.http.post('/api/checkout').set('cookie', cookie).send({ package: 'basic' }),
      );
      const session = stripe.sessions[0]!;
      const poll = () => paying.http.get(`/api/checkout/sessions/${session.id}`).set('cookie', cookie);
      expect(answerOf('GET /checkout/sessions/:sessionId', await poll()).status).toBe('pending');
      const { payload, signature } = stripe.delivery({ session });
      answerOf(
        'POST /payments/webhook',
        await paying.http
          .post('/api/payments/webhook')
          .set('content-type', 'application/json')
          .set('stripe-signature', signature)
          .send(payload),
      );
      expect(answerOf('GET /checkout/sessions/:sessionId', await poll()).status).toBe('granted');
      answerOf('GET /payments/options', await paying.http.get('/api/payments/options').set('cookie', cookie));
    } finally {
      await paying.close();
      await stripe.close();
    }
  });
});

describe('API keys match the contract', () => {
  it('make, list, use and revoke a key', async () => {
    const { cookie } = await userWithRole(ts, 'business');
    const made = answerOf(
      'POST /api-keys',
      await ts.http.post('/api/api-keys').set('cookie', cookie!).send({ name: 'contract' }),
    );
    expect(
      answerOf('GET /api-keys', await ts.http.get('/api/api-keys').set('cookie', cookie!)).keys.map((k) => k.id),
    ).toEqual([made.id]);
    answerOf('GET /history', await ts.http.get('/api/history').set('authorization', `Bearer ${made.key}`));
    answerOf('DELETE /api-keys/:id', await ts.http.delete(`/api/api-keys/${made.id}`).set('cookie', cookie!));
    errorOf(await ts.http.get('/api/history').set('authorization', `Bearer ${made.key}`), 401, 'invalid_api_key');
  });
});

describe('errors match the envelope', () => {
  it.each([
    ['signed out', () => ts.http.get('/api/me'), 401, 'unauthenticated'],
    [
      'invalid body, with fields',
      () => ts.http.post('/api/auth/sign-up/email').send({ email: 'not-an-email', password: PASSWORD }),
      400,
      'invalid_email',
    ],
    [
      'unknown field',
      () => ts.http.patch('/api/me').set('cookie', user.cookie).send({ name: 'x', role: 'admin' }),
      400,
      'invalid_request',
    ],
    ['not the administrator', () => ts.http.get('/api/admin/users').set('cookie', user.cookie), 403, 'forbidden'],
    ['unknown route', () => ts.http.get('/api/nowhere'), 404, 'not_found'],
    [
      'no such book',
      () => ts.http.get('/api/books/romance/export?format=pdf').set('cookie', user.cookie),
      404,
      'progress_not_found',
    ],
    [
      'unknown export format',
      () => ts.http.get('/api/books/romance/export?format=mobi').set('cookie', user.cookie),
      400,
      'invalid_request',
    ],
    [
      'no book to publish',
      () => ts.http.post('/api/books/romance/publish').set('cookie', user.cookie).send({}),
      404,
      'progress_not_found',
    ],
    [
      'unknown code',
      () => ts.http.post('/api/credits/redeem').set('cookie', user.cookie).send({ code: 'NO-SUCH-CODE' }),
      404,
      'invalid_code',
    ],
    [
      'taken e-mail',
      () => ts.http.post('/api/auth/sign-up/email').send({ email: user.email, password: PASSWORD }),
      409,
      'email_taken',
    ],
  ] as const)('%s', async (_name, send, status, code) => {
    errorOf(await send(), status, code);
  });

  it('names the fields of a refused body', async () => {
    const res = await ts.http.post('/api/admin/credit-links').set('cookie', admin).send({ credits: 0 });
    errorOf(res, 400, 'invalid_credit_amount');
    expect(ApiErrorEnvelopeSchema.parse(res.body).error.fields).toEqual({
      credits: 'Please enter a valid credit amount between 1 and 10000',
    });
  });
});

describe('the publish body', () => {
  it("offers exactly the AI disclosure's text levels the engine derives (issue 53)", async () => {
    const { AI_TEXT_LEVELS } = await import('../../engine/index.js');
    const { PUBLISH_AI_TEXT_LEVELS } = await import('../../engine/contract/index.js');
    expect([...PUBLISH_AI_TEXT_LEVELS]).toEqual([...AI_TEXT_LEVELS]);
  });

  it("limits a kept package's edit by the same KDP limits the readiness checks use (issue 104)", async () => {
    const { KDP_KEYWORD_SLOTS, KDP_KEYWORD_MAX, KDP_DESCRIPTION_MAX } = await import('../../engine/index.js');
    const { PACKAGE_EDIT_LIMITS } = await import('../../engine/contract/index.js');
    expect(PACKAGE_EDIT_LIMITS).toMatchObject({
      keywords: KDP_KEYWORD_SLOTS,
      keywordChars: KDP_KEYWORD_MAX,
      descriptionChars: KDP_DESCRIPTION_MAX,
    });
  });
});
