// A model that always answers 429 with Retry-After 1 s, on Postgres with the queue: a step is sent to it three times,
// by the provider's own policy (engine/providers/retry.ts), whichever way it came. A step a user asked for (the step
// queue) is answered 429; a book of `karya batch --queue` fails, its calls and retries counted as the model server
// saw them. The queue runs neither job again: a job is run again only when its worker died, never when the model
// failed its step. `karya serve --no-worker` and a worker run in this process (tests/scale/worker-here.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { usePostgresDatabase } from './postgres-database.js';
import { providerAt, startWorkerHere, type WorkerHere } from './worker-here.js';
import { bookRequests, events, removeTempDirs, tempDir, writeJobs } from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const db = usePostgresDatabase();
const RATE_LIMITED = {
  status: 429,
  body: { error: { message: 'Rate limit reached', type: 'rate_limit' } },
  headers: { 'retry-after': '1' },
};

/** The gaps (ms) between a step's requests: the server's one-second wait, honoured once each. */
function expectOneWaitApart(requests: ReadonlyArray<{ at: number }>): void {
  for (const [i, r] of requests.slice(1).entries()) {
    const gap = r.at - requests[i]!.at;
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(gap).toBeLessThan(1_800);
  }
}

describe.skipIf(skip)('a model that keeps answering 429, on Postgres with the queue', () => {
  let fake: FakeOpenAI | undefined;
  let running: RunningServer | undefined;
  let worker: WorkerHere | undefined;
  let base = '';
  let restoreProvider: () => void = () => undefined;
  const env = () => ({ KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'silent', KARYA_SCRYPT_LOG_N: '4' });

  beforeAll(async () => {
    fake = await startFakeOpenAI({ reply: () => RATE_LIMITED });
    // The worker's provider is read from this process's environment: set for this file, put back after it.
    restoreProvider = providerAt(fake.baseURL);
    running = await startServer({ port: 0, logLevel: 'silent', runsWorker: false }, env());
    base = running.url.replace('localhost', '127.0.0.1');
    worker = await startWorkerHere(env(), { concurrency: 2 });
  }, 180_000);

  afterAll(async () => {
    await running?.close();
    await worker?.close();
    restoreProvider();
    await fake?.close();
    removeTempDirs();
  }, 60_000);

  it('a queued step is requested three times, then answered 429; the queue does not run it again', async () => {
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'always.busy@karya.test', password: 'karya-secret1' }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers.get('set-cookie')!.split(';')[0]!;
    const asked = bookRequests(fake!).length;
    const res = await fetch(`${base}/api/generators/poems/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ settings: {} }),
      signal: AbortSignal.timeout(60_000),
    });
    expect(res.status).toBe(429);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    const steps = bookRequests(fake!).slice(asked);
    expect(steps).toHaveLength(3);
    expectOneWaitApart(steps);
    // Past the queue's own pause before a job's next run: nothing more asked.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(bookRequests(fake!).slice(asked)).toHaveLength(3);
  }, 90_000);

  it(
    'a book of karya batch --queue: three requests, "3 ' + 'calls · 2 retries", its book failed and not run again',
    async () => {
      const dir = tempDir('karya-queue-429-');
      const file = writeJobs(dir, 'jobs.yaml', '- { id: poem, generator: poems }\n');
      const asked = bookRequests(fake!).length;
      const r = await runKaryaInProcess(['batch', file, '--queue', '--json', '--out', 'out'], {
        cwd: dir,
        env: { ...env(), OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake!.baseURL },
      });
      expect(r.code, r.stderr).toBe(1);
      const steps = bookRequests(fake!).slice(asked);
      expect(steps).toHaveLength(3);
      expectOneWaitApart(steps);
      const out = events(r.stdout);
      expect(out.find((e) => e.type === 'summary')).toMatchObject({ failed: 1, calls: 3, retries: 2 });
      expect(out.find((e) => e.type === 'job_failed')).toMatchObject({ job: 'poem', code: 'rate_limited' });
      expect(r.stderr).toMatch(/· 3 calls · 2 retries ·/);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(bookRequests(fake!).slice(asked)).toHaveLength(3);
    },
    120_000,
  );
});
