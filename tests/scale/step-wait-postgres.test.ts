// On Postgres a step runs on a worker, and what it waits for reaches its request as on SQLite: the stream opens
// with `waiting` {reason: model} once the worker has charged the step, and the model's 429 with Retry-After 2 is a
// `waiting` event naming the rate limit and its 2 s (relayed by the step channel), before the first word; then done.
// A step of a book whose other step a worker holds is not taken at once: its stream opens saying it waits its turn
// (`queue`), while the fake model still holds the first; then the model, then done.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { parseEvents } from '../server/helpers.js';
import { underWriter } from '../scripted-models.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

let cluster: PostgresCluster | undefined;
let fake: FakeOpenAI | undefined;
let server: RunningServer | undefined;
const saved = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL };
afterAll(async () => {
  await server?.close();
  await fake?.close();
  cluster?.stop();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

/** While `hold` is set, the fake holds every answer until it settles. */
const gate: { hold?: Promise<undefined>; held: number } = { held: 0 };

async function signedUp(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'karya-secret1' }),
  });
  expect(res.status).toBe(201);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

describe.skipIf(skip)('a queued step says what it waits for (Postgres)', () => {
  let base = '';
  beforeAll(async () => {
    let limited = 0;
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({
        reply: () => {
          if (gate.hold) {
            gate.held++;
            return { until: gate.hold };
          }
          return limited++ < 1
            ? { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '2' } }
            : undefined;
        },
      }),
    );
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const env = {
      KARYA_DATABASE_URL: url,
      KARYA_SCRYPT_LOG_N: '4',
      KARYA_LOG_LEVEL: 'silent',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: fake.baseURL,
    };
    // The provider is read from the process's environment.
    Object.assign(process.env, { OPENAI_API_KEY: env.OPENAI_API_KEY, OPENAI_BASE_URL: env.OPENAI_BASE_URL });
    server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' }, env);
    base = server.url.replace('localhost', '127.0.0.1');
  }, 120_000);

  it('waiting for the model, then the rate limit and its 2 s, before the first word; then done', async () => {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'queued@karya.test', password: 'karya-secret1' }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${base}/api/generators/romance/generate`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: base },
      body: JSON.stringify({ settings: { numberOfChapters: 3 } }),
    });
    expect(res.status).toBe(200);
    const events = parseEvents(await res.text());
    const firstDelta = events.findIndex((e) => e.event === 'delta');
    expect(firstDelta).toBeGreaterThan(0);
    // (A worker slower than half a second to take it adds `queue` first: not what this test reads.)
    const waits = events
      .slice(0, firstDelta)
      .map((e) => e.data as { reason?: string; seconds?: number })
      .filter((w) => w.reason !== 'slow_model' && w.reason !== 'queue');
    expect(waits.map((w) => [w.reason, w.seconds])).toEqual([
      ['model', undefined],
      ['rate_limited', 2],
    ]);
    expect(events.at(-1)!.event).toBe('done');
  }, 60_000);

  it(
    'a step of a book whose other step is held: its stream ' + 'opens waiting its turn, then the model, then done',
    async () => {
      const cookie = await signedUp(base, 'turn@karya.test');
      const headers = { cookie, 'content-type': 'application/json', origin: base };
      const body = JSON.stringify({ settings: { numberOfChapters: 3 } });
      let release!: () => void;
      gate.hold = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
      gate.held = 0;
      const first = fetch(`${base}/api/generators/romance/generate`, { method: 'POST', headers, body });
      await vi.waitFor(() => expect(gate.held).toBe(1), { timeout: 20_000, interval: 20 });
      const client = new AbortController();
      const second = await fetch(`${base}/api/generators/romance/generate`, {
        method: 'POST',
        headers: { ...headers, accept: 'text/event-stream' },
        body,
        signal: client.signal,
      });
      expect(second.status).toBe(200);
      const reader = second.body!.getReader();
      let raw = '';
      while (!parseEvents(raw).length) raw += new TextDecoder().decode((await reader.read()).value);
      expect(parseEvents(raw)[0]).toMatchObject({
        event: 'waiting',
        data: { reason: 'queue', message: expect.stringMatching(/turn/) },
      });
      // Said while the model still holds the first step: the second has not reached it.
      expect(gate.held).toBe(1);
      gate.hold = undefined;
      release();
      expect((await first).status).toBe(200);
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
        raw += new TextDecoder().decode(chunk.value);
      const events = parseEvents(raw);
      expect(events.find((e) => (e.data as { reason?: string }).reason === 'model')).toBeDefined();
      expect(events.at(-1)!.event).toBe('done');
    },
    60_000,
  );
});
