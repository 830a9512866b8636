// API access (the business package's "API Access", platform requirements §9): business and admin
// accounts make keys (shown once, stored hashed), and `Authorization: Bearer <key>` works without a
// cookie or an Origin on the generation, progress, history and export routes only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { parseEvents, startTestServer, userWithRole, type TestServer } from './helpers.js';
import { tempDir } from '../temp.js';

let ts: TestServer;
beforeAll(async () => {
  ts = await startTestServer();
});
afterAll(() => ts?.close());

async function keyFor(
  role: 'business' | 'admin',
  name = 'my script',
): Promise<{ key: string; id: number; cookie: string; userId: string }> {
  const user = await userWithRole(ts, role);
  const res = await ts.http.post('/api/api-keys').set('cookie', user.cookie!).send({ name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { key: res.body.key as string, id: res.body.id as number, cookie: user.cookie!, userId: user.id! };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

describe('managing keys', () => {
  it(
    'a business user makes a key: shown once (201 {id, name, key, ' +
      'created_at}), listed by name and prefix only, stored as its SHA-256',
    async () => {
      const user = await userWithRole(ts, 'business');
      const made = await ts.http.post('/api/api-keys').set('cookie', user.cookie!).send({ name: '  Book robot  ' });
      expect(made.status).toBe(201);
      expect(Object.keys(made.body).sort()).toEqual(['created_at', 'id', 'key', 'name']);
      expect(made.body).toMatchObject({ name: 'Book robot', key: expect.stringMatching(/^karya_[A-Za-z0-9_-]{43}$/) });
      const key = made.body.key as string;

      const list = await ts.http.get('/api/api-keys').set('cookie', user.cookie!);
      expect(list.status).toBe(200);
      expect(list.body.keys).toEqual([
        {
          id: made.body.id,
          name: 'Book robot',
          prefix: `${key.slice(0, 10)}…`,
          created_at: made.body.created_at,
          last_used_at: null,
        },
      ]);
      expect(JSON.stringify(list.body)).not.toContain(key.slice(10));

      const row = ts.store.first(
        ts.store.db
          .selectFrom('api_keys')
          .selectAll()
          .where('id', '=', made.body.id as number),
      )!;
      expect(row.key_hash).toBe(createHash('sha256').update(key).digest('hex'));
      expect(JSON.stringify(row)).not.toContain(key.slice(10));
    },
  );

  it.each(['free', 'pro'] as const)('a %s user gets 403 on every key route', async (role) => {
    const { cookie } = await userWithRole(ts, role);
    for (const res of [
      await ts.http.post('/api/api-keys').set('cookie', cookie!).send({ name: 'x' }),
      await ts.http.get('/api/api-keys').set('cookie', cookie!),
      await ts.http.delete('/api/api-keys/1').set('cookie', cookie!),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({
        code: 'api_access_required',
        message: 'API access comes with the Business plan. Upgrade to use API keys.',
      });
    }
  });

  it('the administrator has API access too', async () => {
    const { key } = await keyFor('admin');
    expect((await ts.http.get('/api/history').set(bearer(key))).status).toBe(200);
  });

  it("names a key 1 to 64 characters; at most 20 live keys; revoking another user's key is 404", async () => {
    const { cookie } = await userWithRole(ts, 'business');
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      const res = await ts.http.post('/api/api-keys').set('cookie', cookie!).send({ name });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'api_key_name',
        fields: { name: 'Please give the key a name of 1 to 64 characters' },
      });
    }
    for (let i = 1; i <= 20; i++)
      expect(
        (
          await ts.http
            .post('/api/api-keys')
            .set('cookie', cookie!)
            .send({ name: `key ${i}` })
        ).status,
      ).toBe(201);
    const over = await ts.http.post('/api/api-keys').set('cookie', cookie!).send({ name: 'key 21' });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toBe('You have the most API keys allowed (20). Revoke one first.');
    const other = await keyFor('business');
    const res = await ts.http.delete(`/api/api-keys/${other.id}`).set('cookie', cookie!);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('api_key_not_found');
  });
});

describe('Authorization: Bearer <key>', () => {
  it("generates (JSON and streamed), charging the key's user, with no cookie and no Origin", async () => {
    const { key, userId } = await keyFor('business');
    const before = (await ts.ctx.repos.credits.balanceOf(userId))!;
    const json = await ts.http.post('/api/generators/poems/generate').set(bearer(key)).send({ settings: {} });
    expect(json.status, JSON.stringify(json.body)).toBe(200);
    expect(json.body.content.length).toBeGreaterThan(0);
    expect(json.body.credits_available).toBe(before - 1);

    const streamed = await ts.http
      .post('/api/generators/poems/generate')
      .set(bearer(key))
      .set('accept', 'text/event-stream')
      .send({ settings: {} })
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => done(null, text));
      });
    expect(streamed.status).toBe(200);
    const events = parseEvents(streamed.body as string);
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(0);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { credits_available: before - 2 } });
  });

  it('reads and clears saved progress, lists history and exports the book', async () => {
    const { key } = await keyFor('business');
    expect(
      (
        await ts.http
          .post('/api/generators/romance/generate')
          .set(bearer(key))
          .send({ settings: { numberOfChapters: 7 } })
      ).status,
    ).toBe(200);
    const progress = await ts.http.get('/api/progress/romance').set(bearer(key));
    expect(progress.status).toBe(200);
    expect(progress.body.book.next).toMatchObject({ kind: 'introduction' });
    const history = await ts.http.get('/api/history').set(bearer(key));
    expect(history.status).toBe(200);
    expect(history.body.items.length).toBe(1);
    const md = await ts.http.get('/api/books/romance/export?format=md').set(bearer(key));
    expect(md.status).toBe(200);
    expect(md.headers['content-disposition']).toMatch(/^attachment; filename=".+\.md"$/);
    expect((await ts.http.get('/api/books').set(bearer(key))).status).toBe(200);
    expect((await ts.http.delete('/api/progress/romance').set(bearer(key))).status).toBe(200);
  });

  it.each([
    ['GET', '/api/me'],
    ['PATCH', '/api/me'],
    ['POST', '/api/me/password'],
    ['GET', '/api/api-keys'],
    ['POST', '/api/api-keys'],
    ['GET', '/api/admin/users'],
    ['POST', '/api/credits/redeem'],
    ['POST', '/api/checkout'],
  ])('is refused on %s %s (account, key, admin and payment routes): 401 api_key_not_allowed', async (method, path) => {
    const { key } = await keyFor('admin');
    const res = await ts.http[method.toLowerCase() as 'get' | 'post' | 'patch'](path)
      .set(bearer(key))
      .send({ name: 'x' });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'api_key_not_allowed',
      message: 'API keys work only on generation, progress, history and export routes. Sign in for this one.',
    });
  });

  it('a revoked or unknown key is 401 invalid_api_key; a key whose account went back to pro is 403', async () => {
    const { key, id, cookie, userId } = await keyFor('business');
    expect((await ts.http.get('/api/history').set(bearer(key))).status).toBe(200);
    const revoked = await ts.http.delete(`/api/api-keys/${id}`).set('cookie', cookie);
    expect(revoked.body).toEqual({ message: 'API key revoked' });
    for (const k of [key, 'karya_nope', 'not-a-key', '']) {
      const res = await ts.http.get('/api/history').set('authorization', `Bearer ${k}`);
      expect(res.status, k).toBe(401);
      expect(res.body.error.code).toBe('invalid_api_key');
    }
    expect((await ts.http.get('/api/api-keys').set('cookie', cookie)).body.keys).toEqual([]);

    const second = (await ts.http.post('/api/api-keys').set('cookie', cookie).send({ name: 'again' })).body
      .key as string;
    await ts.ctx.repos.users.setRole({ userId, role: 'pro', reason: 'test' });
    const res = await ts.http.get('/api/history').set(bearer(second));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('api_access_required');
  });
});

describe('per-key rate limit', () => {
  it(
    'counts each key on its own, answers 429 with ' + 'Retry-After past it, and keeps counting across a restart',
    async () => {
      const path = await import('node:path');
      const dbFile = path.join(tempDir('karya-keys-'), 'karya.sqlite');
      const config = { dbFile, apiKeyRate: { burst: 3, refillMs: 10 * 60_000 } };
      let server = await startTestServer({ config });
      let first = '';
      try {
        const cookie = (await userWithRole(server, 'business')).cookie!;
        first = (await server.http.post('/api/api-keys').set('cookie', cookie).send({ name: 'one' })).body
          .key as string;
        const second = (await server.http.post('/api/api-keys').set('cookie', cookie).send({ name: 'two' })).body
          .key as string;
        for (let i = 0; i < 3; i++) expect((await server.http.get('/api/history').set(bearer(first))).status).toBe(200);
        const limited = await server.http.get('/api/history').set(bearer(first));
        expect(limited.status).toBe(429);
        // A key's bucket refills one request every 10 minutes.
        expect(limited.body.error).toMatchObject({
          code: 'rate_limited',
          message: 'Too many requests. Please try again in 10 minutes.',
        });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(9 * 60);
        expect((await server.http.get('/api/history').set(bearer(second))).status).toBe(200);
        // The same user signed in with the cookie is not limited by the key's bucket.
        expect((await server.http.get('/api/history').set('cookie', cookie)).status).toBe(200);
      } finally {
        await server.close();
      }
      server = await startTestServer({ config });
      try {
        expect((await server.http.get('/api/history').set(bearer(first))).status).toBe(429);
      } finally {
        await server.close();
      }
    },
  );
});
