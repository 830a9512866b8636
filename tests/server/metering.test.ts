// Metering that cannot be gamed: text that reached the user is paid for, the AI test page is
// a shared health check for everyone but the administrator, a per-user generation rate limit whose
// counters survive a restart, and Idempotency-Key retries that charge once. Against the real app with
// the fake OpenAI-compatible service, whose requests are counted.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseEvents,
  PASSWORD,
  sessionCookie,
  signUp,
  startTestServer,
  serverOnFakeModel,
  uniqueEmail,
  userWithRole,
  type TestServer,
} from './helpers.js';
import { tempDir } from '../temp.js';

/** Polls until `check` holds (the machine may be slow: no time limit is asserted, only a generous bound). */
async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 3000; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`gave up waiting: ${what}`);
}

const LONG_POEM = Array.from({ length: 60 }, (_, i) => `word${i + 1}`).join(' ');

async function newUser(server: TestServer) {
  const email = uniqueEmail();
  const cookie = await signUp(server, email);
  const id = (await server.ctx.repos.users.findByEmail(email))!.id;
  const credits = async () => (await server.ctx.repos.credits.balanceOf(id)) ?? -1;
  const generations = () =>
    server.store.all(server.store.db.selectFrom('generations').selectAll().where('user_id', '=', id));
  const history = () =>
    server.store.all(server.store.db.selectFrom('content_history').selectAll().where('user_id', '=', id));
  return { cookie, email, id, credits, generations, history };
}

function streamRequest(
  server: TestServer,
  id: string,
  cookie: string,
  body: object,
  signal?: AbortSignal,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}/api/generators/${id}/generate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', cookie, ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

describe('a streamed step the client abandons', () => {
  const model = serverOnFakeModel({ streamDelayMs: 15, answer: () => LONG_POEM });

  it('stays charged once text was sent: the step runs to its end and is kept (history), not refunded', async () => {
    const u = await newUser(model.ts);
    const controller = new AbortController();
    const res = await streamRequest(model.ts, 'poems', u.cookie, { settings: {} }, controller.signal);
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    let seen = '';
    while (!seen.includes('event: delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before a delta');
      seen += new TextDecoder().decode(value);
    }
    controller.abort();
    await reader.cancel().catch(() => undefined);

    await until(
      () => u.generations().length === 1 && u.generations()[0]!.status !== 'running',
      'the abandoned step to finish',
    );
    expect(u.generations()[0]).toMatchObject({ status: 'succeeded', credits_charged: 1 });
    expect(await u.credits()).toBe(9);
    const ledger = await model.ts.ctx.repos.credits.ledger(u.id);
    expect(ledger.map((r) => r.type)).toEqual(['signup', 'charge']);
    // What the user paid for is kept whole: the full text in their history.
    expect(u.history()).toHaveLength(1);
    expect(u.history()[0]!.content).toContain('word60');
  });

  it('is refunded when the client leaves before any text was sent', async () => {
    const u = await newUser(model.ts);
    model.fake.script({ hang: true });
    const before = model.fake.generationRequests().length;
    const controller = new AbortController();
    const pending = streamRequest(model.ts, 'poems', u.cookie, { settings: {} }, controller.signal).catch(
      () => undefined,
    );
    await until(() => model.fake.generationRequests().length > before, 'the provider call');
    controller.abort();
    await pending;
    await until(() => u.generations()[0]?.status !== 'running', 'the refund');
    expect(u.generations()[0]).toMatchObject({ status: 'refunded', error_code: 'client_gone' });
    expect(await u.credits()).toBe(10);
    expect(u.history()).toEqual([]);
  });
});

describe('the AI test page', () => {
  const model = serverOnFakeModel();

  it(
    '30 runs by a free user (10 at a time) reach the model ' + 'at most 5 times, cost nothing and write no history',
    async () => {
      const u = await newUser(model.ts);
      const before = model.fake.chatRequests().length;
      const statuses: number[] = [];
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, () =>
            model.ts.http.post('/api/generators/test/generate').set('cookie', u.cookie).send({ settings: {} }),
          ),
        );
        statuses.push(...answers.map((a) => a.status));
        for (const a of answers)
          expect(a.body).toMatchObject({ generator_id: 'test', credits_charged: 0, credits_available: 10 });
      }
      expect(statuses).toEqual(Array(30).fill(200));
      const reached = model.fake.chatRequests().length - before;
      expect(reached).toBeGreaterThanOrEqual(1);
      expect(reached).toBeLessThanOrEqual(5);
      expect(await u.credits()).toBe(10);
      expect(u.history()).toEqual([]);
      expect((await model.ts.http.get('/api/history').set('cookie', u.cookie)).body.items).toEqual([]);
    },
  );

  it('the administrator runs a real check every time, with no history either', async () => {
    const admin = await userWithRole(model.ts, 'admin');
    const before = model.fake.generationRequests().length;
    for (let i = 0; i < 3; i++) {
      const res = await model.ts.http
        .post('/api/generators/test/generate')
        .set('cookie', admin.cookie!)
        .send({ settings: {} });
      expect(res.status).toBe(200);
      expect(res.body.is_cached).toBeUndefined();
    }
    expect(model.fake.generationRequests().length - before).toBe(3);
    expect((await model.ts.http.get('/api/history').set('cookie', admin.cookie!)).body.items).toEqual([]);
  });
});

describe('the per-user generation rate limit', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('karya-rate-');
  });

  it('answers 429 with the catalogue message and Retry-After, and its counters survive a restart', async () => {
    const config = { dbFile: path.join(dir, 'karya.sqlite'), generationRate: { burst: 3, refillMs: 60 * 60_000 } };
    const first = await startTestServer({ config });
    const email = uniqueEmail();
    let cookie = await signUp(first, email);
    const other = await signUp(first);
    try {
      for (let i = 0; i < 3; i++)
        expect(
          (await first.http.post('/api/generators/poems/generate').set('cookie', cookie).send({ settings: {} })).status,
        ).toBe(200);
      const limited = await first.http
        .post('/api/generators/poems/generate')
        .set('cookie', cookie)
        .send({ settings: {}, lang: 'ms' });
      expect(limited.status).toBe(429);
      // The bucket refills in an hour: the wait said in minutes, in the request's language.
      expect(limited.body.error).toEqual({
        code: 'rate_limited',
        message: 'Terlalu banyak permintaan. Sila cuba lagi dalam 60 minit.',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(59 * 60);
      // Another user has a bucket of their own.
      expect(
        (await first.http.post('/api/generators/poems/generate').set('cookie', other).send({ settings: {} })).status,
      ).toBe(200);
    } finally {
      await first.close();
    }

    const second = await startTestServer({ config });
    try {
      const signIn = await second.http.post('/api/auth/sign-in/email').send({ email, password: PASSWORD });
      cookie = sessionCookie(signIn);
      const still = await second.http
        .post('/api/generators/poems/generate')
        .set('cookie', cookie)
        .send({ settings: {} });
      expect(still.status).toBe(429);
      expect(still.body.error.message).toBe('Too many requests. Please try again in 60 minutes.');
      expect(await second.ctx.repos.credits.balanceOf((await second.ctx.repos.users.findByEmail(email))!.id)).toBe(7);
    } finally {
      await second.close();
    }
  });
});

describe('Idempotency-Key', () => {
  const model = serverOnFakeModel();
  const post = (cookie: string, body: object, key?: string) => {
    const req = model.ts.http.post('/api/generators/romance/generate').set('cookie', cookie);
    if (key) req.set('idempotency-key', key);
    return req.send(body);
  };
  const romance = { settings: { numberOfChapters: 7, heatLevel: 'mild' } };

  it('a retry with the same key answers the stored answer and charges once', async () => {
    const u = await newUser(model.ts);
    const before = model.fake.generationRequests().length;
    const first = await post(u.cookie, romance, 'retry-1');
    expect(first.status).toBe(200);
    const again = await post(u.cookie, romance, 'retry-1');
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const streamed = parseEvents(
      await (
        await streamRequest(model.ts, 'romance', u.cookie, romance, undefined, { 'idempotency-key': 'retry-1' })
      ).text(),
    );
    expect(streamed).toEqual([{ event: 'done', data: first.body }]);
    expect(model.fake.generationRequests().length - before).toBe(1);
    expect(await u.credits()).toBe(9);
    expect(u.history()).toHaveLength(1);
    // Without the key (or with a new one) the next step runs.
    const next = await post(u.cookie, romance, 'retry-2');
    expect(next.body.label).toBe('Introduction');
    expect(await u.credits()).toBe(8);
  });

  it('the same key with another request is 422; a bad key is 400; another user may use the same key', async () => {
    const u = await newUser(model.ts);
    expect((await post(u.cookie, romance, 'k-1')).status).toBe(200);
    const reused = await post(u.cookie, { ...romance, settings: { ...romance.settings, heatLevel: 'sweet' } }, 'k-1');
    expect(reused.status).toBe(422);
    expect(reused.body.error).toEqual({
      code: 'idempotency_key_reused',
      message: 'This Idempotency-Key was already used for a different request. Send a new key.',
    });
    const bad = await post(u.cookie, romance, 'has space');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['idempotency-key']).toMatch(/Idempotency-Key/);
    const v = await newUser(model.ts);
    expect((await post(v.cookie, romance, 'k-1')).headers['idempotent-replayed']).toBeUndefined();
    expect(await u.credits()).toBe(9);
    expect(await v.credits()).toBe(9);
  });

  it(
    'while the first request runs a retry is 409; a failed ' +
      '(refunded) request stores nothing, so its key runs again',
    async () => {
      const u = await newUser(model.ts);
      model.fake.script({ hang: true });
      const before = model.fake.generationRequests().length;
      const controller = new AbortController();
      const first = streamRequest(model.ts, 'romance', u.cookie, romance, controller.signal, {
        'idempotency-key': 'slow',
      }).catch(() => undefined);
      await until(() => model.fake.generationRequests().length > before, 'the first request to reach the provider');
      const busy = await post(u.cookie, romance, 'slow');
      expect(busy.status).toBe(409);
      expect(busy.body.error.code).toBe('idempotency_in_progress');
      expect(busy.headers['retry-after']).toBe('1');
      controller.abort();
      await first;
      await until(() => u.generations()[0]?.status === 'refunded', 'the refund of the abandoned request');

      model.fake.script({ status: 500, body: { error: { message: 'secret upstream detail' } } });
      const failed = await post(u.cookie, romance, 'slow');
      expect(failed.status).toBe(502);
      const retried = await post(u.cookie, romance, 'slow');
      expect(retried.status).toBe(200);
      expect(await u.credits()).toBe(9);
    },
  );
});
