// The admin API: a role matrix generated from the admin router (every route × anonymous, free, pro,
// business, admin: only the admin gets 2xx), then each route's behaviour, the protected administrator
// account, the live user list (server-sent events), links, codes, claims, deployments and AI config.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { adminRoutes } from '../../server/routes/admin.js';
import { eventStream } from '../karya-process.js';
import {
  ADMIN_EMAIL,
  PASSWORD,
  routesOf,
  signUp,
  startTestServer,
  statusOf,
  uniqueEmail,
  userWithRole,
} from './helpers.js';

const ts = await startTestServer();
afterAll(() => ts.close());
const admin = await userWithRole(ts, 'admin');
const adminCookie = admin.cookie!;

const ROUTES = routesOf(adminRoutes(ts.ctx));
const ROLES = ['anonymous', 'free', 'pro', 'business', 'admin'] as const;

/** A valid request for each admin route; a new route without one here fails the matrix. */
async function sampleRequest(method: string, path: string): Promise<{ path: string; body?: unknown }> {
  const target = async () => {
    const email = uniqueEmail('target');
    await signUp(ts, email);
    return (await ts.ctx.repos.users.findByEmail(email))!.id;
  };
  switch (`${method} ${path}`) {
    case 'GET /api/admin/users':
    case 'GET /api/admin/users/events':
    case 'GET /api/admin/credit-links':
    case 'GET /api/admin/credit-codes':
    case 'GET /api/admin/claims':
    case 'GET /api/admin/deployments':
    case 'GET /api/admin/ai-config':
      return { path };
    case 'POST /api/admin/users':
      return { path, body: { email: uniqueEmail('added'), password: PASSWORD, role: 'pro' } };
    case 'PATCH /api/admin/users/:id':
      return { path: path.replace(':id', await target()), body: { credits: 42 } };
    case 'DELETE /api/admin/users/:id':
      return { path: path.replace(':id', await target()) };
    case 'POST /api/admin/credit-links':
      return { path, body: { credits: 300 } };
    case 'DELETE /api/admin/credit-links/:id':
      return {
        path: path.replace(':id', String((await ts.ctx.repos.codes.createLink({ credits: 5, createdBy: 'test' })).id)),
      };
    case 'POST /api/admin/credit-codes':
      return { path, body: { credits: 25 } };
    case 'DELETE /api/admin/credit-codes/:id':
      return {
        path: path.replace(
          ':id',
          String(
            (await ts.ctx.repos.codes.createCode({
              code: `MATRIX-${randomUUID().slice(0, 8).toUpperCase()}`,
              credits: 5,
              createdBy: 'test',
            }))!.id,
          ),
        ),
      };
    case 'POST /api/admin/deployments/:id/rollback':
      return {
        path: path.replace(
          ':id',
          String(
            ts.store.first(ts.store.db.selectFrom('deployments').select('id').where('status', '=', 'success'))!.id,
          ),
        ),
        body: { reason: 'matrix' },
      };
    case 'PUT /api/admin/ai-config':
      return { path, body: { useAzure: false } };
    default:
      throw new Error(`no sample request for ${method} ${path}: add one to the role matrix`);
  }
}

describe('role matrix (generated from the admin router)', () => {
  it('covers every route of the issue', () => {
    expect(ROUTES.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [
        'GET /api/admin/users',
        'POST /api/admin/users',
        'PATCH /api/admin/users/:id',
        'DELETE /api/admin/users/:id',
        'GET /api/admin/users/events',
        'GET /api/admin/credit-links',
        'POST /api/admin/credit-links',
        'DELETE /api/admin/credit-links/:id',
        'GET /api/admin/credit-codes',
        'POST /api/admin/credit-codes',
        'DELETE /api/admin/credit-codes/:id',
        'GET /api/admin/claims',
        'GET /api/admin/deployments',
        'POST /api/admin/deployments/:id/rollback',
        'GET /api/admin/ai-config',
        'PUT /api/admin/ai-config',
      ].sort(),
    );
  });

  const cookies = new Map<string, string | undefined>();
  describe.each(ROUTES)('$method $path', ({ method, path }) => {
    it.each(ROLES)('%s', async (role) => {
      if (!cookies.has(role)) cookies.set(role, role === 'admin' ? adminCookie : (await userWithRole(ts, role)).cookie);
      const cookie = cookies.get(role);
      const sample = await sampleRequest(method, path);
      const headers: Record<string, string> = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
      const status = await statusOf(`${ts.url}${sample.path}`, {
        method,
        headers,
        ...(sample.body !== undefined ? { body: JSON.stringify(sample.body) } : {}),
      });
      if (role === 'admin') expect(status).toBeGreaterThanOrEqual(200);
      if (role === 'admin') expect(status).toBeLessThan(300);
      else expect(status).toBe(role === 'anonymous' ? 401 : 403);
    });
  });
});

describe('users', () => {
  it('lists users newest first; non-admins get 403 "Only the administrator can do this"', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await signUp(ts, first);
    await signUp(ts, second);
    const res = await ts.http.get('/api/admin/users').set('cookie', adminCookie);
    const emails = res.body.users.map((u: { email: string }) => u.email);
    expect(emails.indexOf(second)).toBeLessThan(emails.indexOf(first));
    expect(res.body.users[0]).toHaveProperty('credits_available');
    const free = await userWithRole(ts, 'free');
    const denied = await ts.http.get('/api/admin/users').set('cookie', free.cookie!);
    expect(denied.body.error).toEqual({ code: 'forbidden', message: 'Only the administrator can do this' });
  });

  it('adds a user with the starting credits of the role; validates password ≥ 6 and the role', async () => {
    const email = uniqueEmail('biz');
    const res = await ts.http
      .post('/api/admin/users')
      .set('cookie', adminCookie)
      .send({ email, password: PASSWORD, role: 'business' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      message: 'User added successfully',
      user: { email, role: 'business', credits_available: 500 },
    });
    expect((await ts.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD })).status).toBe(200);
    const short = await ts.http
      .post('/api/admin/users')
      .set('cookie', adminCookie)
      .send({ email: uniqueEmail(), password: '12345' });
    expect(short.body.error.message).toBe('Password must be at least 6 characters long');
    expect(
      (
        await ts.http
          .post('/api/admin/users')
          .set('cookie', adminCookie)
          .send({ email: uniqueEmail(), password: PASSWORD, role: 'admin' })
      ).status,
    ).toBe(400);
    expect(
      (await ts.http.post('/api/admin/users').set('cookie', adminCookie).send({ email, password: PASSWORD })).status,
    ).toBe(409);
    const free = await ts.http
      .post('/api/admin/users')
      .set('cookie', adminCookie)
      .send({ email: uniqueEmail(), password: PASSWORD });
    expect(free.body.user).toMatchObject({ role: 'free', credits_available: 10 });
  });

  it(
    'changing the role resets the credits to the role ' + 'amount; setting credits writes "Admin credit adjustment"',
    async () => {
      const email = uniqueEmail();
      await signUp(ts, email);
      const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
      const role = await ts.http.patch(`/api/admin/users/${id}`).set('cookie', adminCookie).send({ role: 'pro' });
      expect(role.body).toMatchObject({
        message: 'User role updated successfully',
        user: { role: 'pro', credits_available: 150 },
      });
      const credits = await ts.http.patch(`/api/admin/users/${id}`).set('cookie', adminCookie).send({ credits: 77 });
      expect(credits.body).toMatchObject({
        message: 'Credits updated successfully',
        user: { role: 'pro', credits_available: 77 },
      });
      const last = (await ts.ctx.repos.credits.ledger(id)).at(-1)!;
      expect(last).toMatchObject({
        type: 'adjustment',
        amount: -73,
        previous_balance: 150,
        new_balance: 77,
        reason: 'Admin credit adjustment',
      });
      for (const body of [{ credits: -1 }, { credits: 1.5 }, { role: 'admin' }, { role: 'pro', credits: 5 }, {}]) {
        expect((await ts.http.patch(`/api/admin/users/${id}`).set('cookie', adminCookie).send(body)).status).toBe(400);
      }
      expect(
        (await ts.http.patch('/api/admin/users/nobody').set('cookie', adminCookie).send({ credits: 1 })).status,
      ).toBe(404);
    },
  );

  it("the administrator's own account cannot be demoted, re-credited or deleted", async () => {
    const id = admin.id!;
    for (const req of [
      ts.http.patch(`/api/admin/users/${id}`).set('cookie', adminCookie).send({ role: 'free' }),
      ts.http.patch(`/api/admin/users/${id}`).set('cookie', adminCookie).send({ credits: 0 }),
      ts.http.delete(`/api/admin/users/${id}`).set('cookie', adminCookie),
      ts.http.post('/api/admin/users').set('cookie', adminCookie).send({ email: ADMIN_EMAIL, password: PASSWORD }),
    ]) {
      const res = await req;
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('protected_account');
    }
    expect(await ts.ctx.repos.users.findByEmail(ADMIN_EMAIL)).toMatchObject({ role: 'admin' });
  });

  it('deletes a user with their sessions and saved progress', async () => {
    const email = uniqueEmail();
    const cookie = await signUp(ts, email);
    await ts.http.post('/api/generators/romance/generate').set('cookie', cookie).send({ settings: {} });
    const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
    const res = await ts.http.delete(`/api/admin/users/${id}`).set('cookie', adminCookie);
    expect(res.body.message).toBe('User deleted successfully');
    expect((await ts.http.get('/api/me').set('cookie', cookie)).status).toBe(401);
    expect(ts.store.all(ts.store.db.selectFrom('books').selectAll().where('owner', '=', id))).toEqual([]);
    expect((await ts.http.delete(`/api/admin/users/${id}`).set('cookie', adminCookie)).status).toBe(404);
  });

  it('streams the user list live: a snapshot, then every change', async () => {
    const controller = new AbortController();
    const res = await fetch(`${ts.url}/api/admin/users/events`, {
      headers: { cookie: adminCookie },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const { waitFor } = eventStream(res);
    await waitFor('event: users');
    const email = uniqueEmail('live');
    await signUp(ts, email);
    await waitFor(email);
    const id = (await ts.ctx.repos.users.findByEmail(email))!.id;
    await ts.http.patch(`/api/admin/users/${id}`).set('cookie', adminCookie).send({ credits: 321 });
    await waitFor('"credits_available":321');
    await ts.http.delete(`/api/admin/users/${id}`).set('cookie', adminCookie);
    await waitFor(`"type":"delete","id":"${id}"`);
    controller.abort();
  });
});

describe('credit links, codes and claims', () => {
  it('creates links (presets or custom 1–10000), lists them with claim counts, soft-deletes them', async () => {
    for (const credits of [300, 500, 1000, 1, 10000, 777]) {
      const res = await ts.http
        .post('/api/admin/credit-links')
        .set('cookie', adminCookie)
        .send({ credits, description: 'promo' });
      expect(res.status).toBe(201);
      expect(res.body.message).toBe('Credit URL generated successfully');
      expect(res.body.link.token).toMatch(new RegExp(`^CREDIT${credits}-[A-Z0-9]{8}$`));
      expect(res.body.link.url).toBe(`${ts.ctx.config.publicUrl}/claim/${res.body.link.token}`);
    }
    for (const credits of [0, 10001, 2.5, '300', null]) {
      const res = await ts.http.post('/api/admin/credit-links').set('cookie', adminCookie).send({ credits });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe('Please enter a valid credit amount between 1 and 10000');
    }
    const created = (await ts.http.post('/api/admin/credit-links').set('cookie', adminCookie).send({ credits: 50 }))
      .body.link;
    const claimer = await signUp(ts);
    expect(
      (await ts.http.post('/api/credits/claim').set('cookie', claimer).send({ token: created.token })).status,
    ).toBe(200);
    const listed = (await ts.http.get('/api/admin/credit-links').set('cookie', adminCookie)).body.links;
    expect(listed[0]).toMatchObject({ id: created.id, claims: 1, is_active: true, created_by_email: ADMIN_EMAIL });
    const del = await ts.http.delete(`/api/admin/credit-links/${created.id}`).set('cookie', adminCookie);
    expect(del.body.message).toBe('URL deleted successfully');
    expect(
      (await ts.http.get('/api/admin/credit-links').set('cookie', adminCookie)).body.links.some(
        (l: { id: number }) => l.id === created.id,
      ),
    ).toBe(false);
    expect(
      ts.store.first(ts.store.db.selectFrom('credit_links').selectAll().where('id', '=', created.id)),
    ).toMatchObject({ is_active: 0 });
    expect((await ts.http.delete(`/api/admin/credit-links/${created.id}`).set('cookie', adminCookie)).status).toBe(404);
  });

  it('creates credit codes (upper-cased, unique, or generated) and lists them', async () => {
    const res = await ts.http
      .post('/api/admin/credit-codes')
      .set('cookie', adminCookie)
      .send({ code: ' spring-2026 ', credits: 100 });
    expect(res.status).toBe(201);
    expect(res.body.code).toMatchObject({ code: 'SPRING-2026', credits: 100, claims: 0 });
    expect(
      (
        await ts.http
          .post('/api/admin/credit-codes')
          .set('cookie', adminCookie)
          .send({ code: 'SPRING-2026', credits: 5 })
      ).status,
    ).toBe(409);
    const generated = await ts.http.post('/api/admin/credit-codes').set('cookie', adminCookie).send({ credits: 5 });
    expect(generated.body.code.code).toMatch(/^KARYA-[A-Z0-9]{8}$/);
    expect(
      (await ts.http.post('/api/admin/credit-codes').set('cookie', adminCookie).send({ code: 'a b', credits: 5 }))
        .status,
    ).toBe(400);
    const codes = (await ts.http.get('/api/admin/credit-codes').set('cookie', adminCookie)).body.codes;
    expect(codes.map((c: { code: string }) => c.code)).toContain('SPRING-2026');
  });

  it('lists code claims and link claims with the claimer’s e-mail, newest first', async () => {
    await ts.ctx.repos.codes.createCode({ code: 'CLAIMS1', credits: 3, createdBy: 'test' });
    const link = await ts.ctx.repos.codes.createLink({ credits: 4, createdBy: 'test' });
    const email = uniqueEmail('claimer');
    const cookie = await signUp(ts, email);
    await ts.http.post('/api/credits/redeem').set('cookie', cookie).send({ code: 'claims1' });
    await ts.http.post('/api/credits/claim').set('cookie', cookie).send({ token: link.token });
    const res = await ts.http.get('/api/admin/claims').set('cookie', adminCookie);
    expect(res.body.code_claims[0]).toMatchObject({
      user_email: email,
      code: 'CLAIMS1',
      credits: 3,
      credits_awarded: 3,
    });
    expect(res.body.link_claims[0]).toMatchObject({
      user_email: email,
      token: link.token,
      credits: 4,
      credits_awarded: 4,
    });
  });
});

describe('deployments', () => {
  it('records a start per new version and rolls back only from success records', async () => {
    const list = async () =>
      (await ts.http.get('/api/admin/deployments').set('cookie', adminCookie)).body.deployments as Array<{
        id: number;
        version: string;
        status: string;
        url: string;
        metadata: Record<string, unknown>;
      }>;
    const startCount = () =>
      ts.store
        .all(ts.store.db.selectFrom('deployments').selectAll())
        .filter((d) => JSON.parse(d.metadata).kind === 'start').length;
    const before = startCount();
    expect(
      await ts.ctx.repos.system.recordStart({ version: ts.ctx.config.version, url: ts.ctx.config.publicUrl }),
    ).toBeUndefined();
    expect((await ts.ctx.repos.system.recordStart({ version: '9.9.9', url: 'http://k.test' }))?.version).toBe('9.9.9');
    expect(startCount()).toBe(before + 1);
    const original = (await list()).find((d) => d.version === ts.ctx.config.version)!;
    const res = await ts.http
      .post(`/api/admin/deployments/${original.id}/rollback`)
      .set('cookie', adminCookie)
      .send({ reason: 'bad release' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Successfully rolled back deployment');
    expect(res.body.deployment).toMatchObject({
      version: `rollback-to-${original.version}`,
      status: 'success',
      url: original.url,
      metadata: { rolledBackFrom: '9.9.9', originalVersion: original.version, rollbackReason: 'bad release' },
    });
    expect((await list())[0]!.id).toBe(res.body.deployment.id);
    ts.store.sqlite
      .prepare(
        "INSERT INTO deployments (version, status, url, metadata, created_at) VALUES ('bad', 'failed', null, '{}', ?)",
      )
      .run(new Date().toISOString());
    const failed = (await list()).find((d) => d.status === 'failed')!;
    const refused = await ts.http
      .post(`/api/admin/deployments/${failed.id}/rollback`)
      .set('cookie', adminCookie)
      .send({});
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('Failed to roll back deployment');
    const missing = await ts.http.post('/api/admin/deployments/999999/rollback').set('cookie', adminCookie);
    expect(missing.body.error).toEqual({ code: 'deployment_not_found', message: 'Deployment not found' });
  });
});

describe('AI configuration', () => {
  it(
    'shows configs by name and model and which is active, ' + 'never a key; PUT sets useAzure in the config table',
    async () => {
      const saved = process.env.OPENAI_API_KEY;
      process.env.OPENAI_API_KEY = 'sk-very-secret-key-123';
      try {
        const res = await ts.http.get('/api/admin/ai-config').set('cookie', adminCookie);
        expect(res.status).toBe(200);
        expect(JSON.stringify(res.body)).not.toContain('sk-very-secret-key-123');
        expect(res.body).toMatchObject({ active: 'offline', openai_config: { useAzure: false } });
        expect(
          res.body.configs.map((c: { name: string; model: string; is_active: boolean }) => [
            c.name,
            c.model,
            c.is_active,
          ]),
        ).toEqual([
          ['openai', 'gpt-4o-mini', false],
          ['offline', 'offline-demo', true],
        ]);
        // The model's context window is shown for a real provider only (tests/server/context-window.test.ts).
        expect(res.body.configs.map((c: { context_tokens: number | null }) => c.context_tokens)).toEqual([null, null]);
      } finally {
        if (saved === undefined) delete process.env.OPENAI_API_KEY;
        else process.env.OPENAI_API_KEY = saved;
      }
      const put = await ts.http.put('/api/admin/ai-config').set('cookie', adminCookie).send({ useAzure: true });
      expect(put.body.openai_config).toEqual({ useAzure: true });
      const row = ts.store.first(ts.store.db.selectFrom('config').selectAll().where('key', '=', 'openai_config'))!;
      expect(JSON.parse(row.value)).toEqual({ useAzure: true });
      expect(
        (await ts.http.put('/api/admin/ai-config').set('cookie', adminCookie).send({ useAzure: 'yes' })).status,
      ).toBe(400);
    },
  );
});
