// Stop on Postgres (issue 25, item 4): the server on KARYA_DATABASE_URL runs steps from the job queue on
// its own worker (the default of `karya serve`). Stop while the introduction streams reaches that step: the text that
// reached the writer is kept as the draft in Postgres (shown after a reload), the step is paid for, and
// Keep makes the draft the introduction. (A step on another process's worker is not reached yet.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, fullLength, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { stepStream } from '../server/step-stream.js';
import { writeOutline } from '../scripted-models.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

describe.skipIf(skip)('Stop with the Postgres job queue (karya serve with its worker)', () => {
  let cluster: PostgresCluster | undefined;
  let fake: FakeOpenAI | undefined;
  let running: RunningServer | undefined;
  let base = '';
  let saved: Record<string, string | undefined> = {};
  const options: FakeOpenAIOptions = {
    answer: fullLength((body) => (/Create a detailed story outline/.test(JSON.stringify(body.messages ?? '')) ? writeOutline(7, 'en') : 'Aisha walked to the harbour at dawn and counted the boats.')),
  };
  beforeAll(async () => {
    cluster = await startPostgres();
    fake = await startFakeOpenAI(options);
    // The provider is read from this process's environment: set for this file, put back after it.
    saved = { OPENAI_API_KEY: process.env.OPENAI_API_KEY, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL };
    Object.assign(process.env, { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL });
    running = await startServer({ port: 0, logLevel: 'silent' }, { KARYA_DATABASE_URL: await cluster.createDatabase(), KARYA_LOG_LEVEL: 'silent', KARYA_SCRYPT_LOG_N: '10' });
    base = running.url.replace('localhost', '127.0.0.1');
  }, 180_000);
  afterAll(async () => {
    await running?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await fake?.close();
    cluster?.stop();
  }, 60_000);

  const api = async (path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Record<string, any>, cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '' };
  };

  it('keeps the streamed text as the draft, charges the step, and Keep makes it the introduction', async () => {
    const { cookie } = await api('/auth/sign-up/email', { method: 'POST', body: { email: 'pat.stop@karya.test', password: 'secret12' } });
    const settings = { numberOfChapters: 7 };
    expect((await api('/generators/romance/generate', { method: 'POST', cookie, body: { settings } })).status).toBe(200);
    options.streamDelayMs = 15;
    const stream = await stepStream(base, { id: 'romance', cookie, body: { settings, step: { kind: 'introduction', position: 0 } } });
    await stream.until(12);
    const stop = await api('/progress/romance/stop', { method: 'POST', cookie, body: {} });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    const { text, last } = await stream.rest();
    options.streamDelayMs = 0;
    expect(last).toMatchObject({ event: 'error', data: { code: 'step_stopped' } });
    expect(stop.body).toMatchObject({ stopped: { kind: 'introduction', text: text.trim() }, credits_charged: 1, credits_available: 8 });
    expect((await api('/progress/romance', { cookie })).body.book.stopped.text).toBe(text.trim());
    const kept = await api('/progress/romance/stopped', { method: 'POST', cookie, body: { part: { kind: 'introduction', position: 0 }, action: 'keep' } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.book.parts[0].text).toBe(text.trim());
    expect(kept.body.credits_available).toBe(8);
  }, 120_000);
});
