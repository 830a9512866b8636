// On Postgres a step runs on a worker, and what it waits for reaches its request as on SQLite: the stream opens
// with `waiting` {reason: model} once the worker has charged the step, and the model's 429 with Retry-After 2 is a
// `waiting` event naming the rate limit and its 2 s (relayed by the step channel), before the first word; then done.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe.skipIf(skip)('a queued step says what it waits for (Postgres)', () => {
  let base = '';
  beforeAll(async () => {
    let limited = 0;
    fake = await startFakeOpenAI(underWriter(1).fakeOptions({ reply: () => (limited++ < 1 ? { status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '2' } } : undefined) }));
    cluster = await startPostgres();
    const url = await cluster.createDatabase();
    const env = { KARYA_DATABASE_URL: url, KARYA_SCRYPT_LOG_N: '4', KARYA_LOG_LEVEL: 'silent', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL };
    // The provider is read from the process's environment.
    Object.assign(process.env, { OPENAI_API_KEY: env.OPENAI_API_KEY, OPENAI_BASE_URL: env.OPENAI_BASE_URL });
    server = await startServer({ port: 0, host: '127.0.0.1', logLevel: 'silent' }, env);
    base = server.url.replace('localhost', '127.0.0.1');
  }, 120_000);

  it('waiting for the model, then the rate limit and its 2 s, before the first word; then done', async () => {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'queued@karya.test', password: 'karya-secret1' }) });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const res = await fetch(`${base}/api/generators/romance/generate`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: base }, body: JSON.stringify({ settings: { numberOfChapters: 3 } }) });
    expect(res.status).toBe(200);
    const events = parseEvents(await res.text());
    const firstDelta = events.findIndex((e) => e.event === 'delta');
    expect(firstDelta).toBeGreaterThan(0);
    const waits = events.slice(0, firstDelta).map((e) => e.data as { reason?: string; seconds?: number }).filter((w) => w.reason !== 'slow_model');
    expect(waits.map((w) => [w.reason, w.seconds])).toEqual([['model', undefined], ['rate_limited', 2]]);
    expect(events.at(-1)!.event).toBe('done');
  }, 60_000);
});
