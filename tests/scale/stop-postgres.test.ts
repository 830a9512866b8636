// Stop on Postgres: steps run from the job queue. Stop while the introduction streams
// reaches that step: the text that reached the writer is kept as the draft in Postgres (shown after a
// reload), the step is paid for, and Keep makes the draft the introduction. Twice over: on `karya serve`
// with its own worker (the default), and on `karya serve --no-worker` with a separate `karya worker` (run
// in this process on its own store, pools and listening connection, as another process would have):
// the Stop is sent to that worker, which stops the step; a second Stop finds no step running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, fullLength, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { providerAt, startWorkerHere, type WorkerHere } from './worker-here.js';
import { stepStream } from '../server/step-stream.js';
import { writeOutline } from '../scripted-models.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

describe.skipIf(skip)('Stop with the Postgres job queue', () => {
  let cluster: PostgresCluster | undefined;
  let fake: FakeOpenAI | undefined;
  let restoreProvider: () => void = () => undefined;
  const options: FakeOpenAIOptions = {
    answer: fullLength((body) =>
      /Create a detailed story outline/.test(JSON.stringify(body.messages ?? ''))
        ? writeOutline(7, 'en')
        : 'Aisha walked to the harbour at dawn and counted the boats.',
    ),
  };
  beforeAll(async () => {
    cluster = await startPostgres();
    fake = await startFakeOpenAI(options);
    // The provider is read from this process's environment: set for this file, put back after it.
    restoreProvider = providerAt(fake.baseURL);
  }, 180_000);
  afterAll(async () => {
    restoreProvider();
    await fake?.close();
    cluster?.stop();
  }, 60_000);

  const api = async (base: string, path: string, init: { method?: string; cookie?: string; body?: unknown } = {}) => {
    const res = await fetch(`${base}/api${path}`, {
      method: init.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...(init.cookie ? { cookie: init.cookie } : {}) },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, any>,
      cookie: res.headers.get('set-cookie')?.split(';')[0] ?? '',
    };
  };

  /**
   * Sign up, write the outline, stream the introduction and press Stop after 12 words: Stop's answer and the streamed
   * text.
   */
  const stopWhileStreaming = async (base: string, email: string) => {
    const { cookie } = await api(base, '/auth/sign-up/email', {
      method: 'POST',
      body: { email, password: 'secret12' },
    });
    const settings = { numberOfChapters: 7 };
    expect(
      (await api(base, '/generators/romance/generate', { method: 'POST', cookie, body: { settings } })).status,
    ).toBe(200);
    options.streamDelayMs = 15;
    try {
      const stream = await stepStream(base, {
        id: 'romance',
        cookie,
        body: { settings, step: { kind: 'introduction', position: 0 } },
      });
      await stream.until(12);
      const stop = await api(base, '/progress/romance/stop', { method: 'POST', cookie, body: {} });
      const { text, last } = await stream.rest();
      return { cookie, stop, text, last };
    } finally {
      options.streamDelayMs = 0;
    }
  };

  describe('karya serve with its worker', () => {
    let running: RunningServer | undefined;
    let base = '';
    beforeAll(async () => {
      running = await startServer(
        { port: 0, logLevel: 'silent' },
        { KARYA_DATABASE_URL: await cluster!.createDatabase(), KARYA_LOG_LEVEL: 'silent', KARYA_SCRYPT_LOG_N: '10' },
      );
      base = running.url.replace('localhost', '127.0.0.1');
    }, 120_000);
    afterAll(async () => {
      await running?.close();
    }, 60_000);

    it('keeps the streamed text as the draft, charges the step, and Keep makes it the introduction', async () => {
      const { cookie, stop, text, last } = await stopWhileStreaming(base, 'pat.stop@karya.test');
      expect(stop.status, JSON.stringify(stop.body)).toBe(200);
      expect(last).toMatchObject({ event: 'error', data: { code: 'step_stopped' } });
      expect(stop.body).toMatchObject({
        stopped: { kind: 'introduction', text: text.trim() },
        credits_charged: 1,
        credits_available: 8,
      });
      expect((await api(base, '/progress/romance', { cookie })).body.book.stopped.text).toBe(text.trim());
      const kept = await api(base, '/progress/romance/stopped', {
        method: 'POST',
        cookie,
        body: { part: { kind: 'introduction', position: 0 }, action: 'keep' },
      });
      expect(kept.status, JSON.stringify(kept.body)).toBe(200);
      expect(kept.body.book.parts[0].text).toBe(text.trim());
      expect(kept.body.credits_available).toBe(8);
    }, 120_000);
  });

  describe('karya serve --no-worker and a separate karya worker', () => {
    let running: RunningServer | undefined;
    let worker: WorkerHere | undefined;
    let base = '';
    beforeAll(async () => {
      const env = {
        KARYA_DATABASE_URL: await cluster!.createDatabase(),
        KARYA_LOG_LEVEL: 'silent',
        KARYA_SCRYPT_LOG_N: '10',
      };
      running = await startServer({ port: 0, logLevel: 'silent', runsWorker: false }, env);
      base = running.url.replace('localhost', '127.0.0.1');
      worker = await startWorkerHere(env, { concurrency: 2 });
    }, 120_000);
    afterAll(async () => {
      await running?.close();
      await worker?.close();
    }, 60_000);

    it(
      'reaches the step on the worker: the streamed text is kept ' +
        'as the draft and charged; a second Stop finds none running',
      async () => {
        expect(running!.worker).toBeUndefined();
        const { cookie, stop, text, last } = await stopWhileStreaming(base, 'sam.stop@karya.test');
        expect(stop.status, JSON.stringify(stop.body)).toBe(200);
        expect(last).toMatchObject({ event: 'error', data: { code: 'step_stopped' } });
        expect(text.trim().split(/\s+/).length).toBeGreaterThanOrEqual(12);
        expect(stop.body).toMatchObject({
          stopped: { kind: 'introduction', text: text.trim() },
          credits_charged: 1,
          credits_available: 8,
        });
        const reloaded = (await api(base, '/progress/romance', { cookie })).body.book;
        expect(reloaded.stopped.text).toBe(text.trim());
        const again = await api(base, '/progress/romance/stop', { method: 'POST', cookie, body: {} });
        expect(again.status).toBe(409);
        expect(again.body.error.code).toBe('no_step_running');
        const kept = await api(base, '/progress/romance/stopped', {
          method: 'POST',
          cookie,
          body: { part: { kind: 'introduction', position: 0 }, action: 'keep' },
        });
        expect(kept.status, JSON.stringify(kept.body)).toBe(200);
        expect(kept.body.book.parts[0].text).toBe(text.trim());
        expect(kept.body.credits_available).toBe(8);
      },
      120_000,
    );
  });
});
