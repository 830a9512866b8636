// Credit metrics of steps run by a `karya worker` (issue: worker charges were counted in no /metrics):
// with `karya serve --no-worker` the worker charges the step, so the worker counts it and serves it on
// its own port (`--metrics-port`, behind KARYA_METRICS_TOKEN), where Prometheus scrapes it as a target of
// its own; the server's /metrics does not count it (summed over targets, each credit counts once).
// The worker is spawned as an operator runs it; the server runs in this process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';
import { startServer, type RunningServer } from '../../server/start.js';
import { removeTempDirs, startCli, tempDir, waitFor, type CliRun } from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const TOKEN = 'worker-metrics-token-0123456789';

describe.skipIf(skip)('credit metrics of a separate karya worker', () => {
  let cluster: PostgresCluster | undefined;
  let fake: FakeOpenAI | undefined;
  let running: RunningServer | undefined;
  let worker: CliRun | undefined;
  let base = '';
  let metricsUrl = '';
  beforeAll(async () => {
    cluster = await startPostgres();
    fake = await startFakeOpenAI();
    const env = {
      KARYA_DATABASE_URL: await cluster.createDatabase(),
      KARYA_LOG_LEVEL: 'silent',
      KARYA_SCRYPT_LOG_N: '10',
      KARYA_METRICS_TOKEN: TOKEN,
    };
    running = await startServer(
      { port: 0, logLevel: 'silent', runsWorker: false },
      { ...env, OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL },
    );
    base = running.url.replace('localhost', '127.0.0.1');
    worker = startCli(['worker', '--concurrency', '1', '--metrics-port', '0'], {
      cwd: tempDir('karya-worker-metrics-'),
      fake,
      env,
    });
    await waitFor(
      () => /metrics: (\S+)/.test(worker!.stderr()) || worker!.child.exitCode !== null,
      60_000,
      'the worker to start',
    );
    metricsUrl = /metrics: (\S+)/.exec(worker.stderr())?.[1] ?? '';
    expect(metricsUrl, worker.stderr()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
  }, 180_000);
  afterAll(async () => {
    if (worker && worker.child.exitCode === null) {
      worker.child.kill('SIGTERM');
      await worker.done;
    }
    await running?.close();
    await fake?.close();
    cluster?.stop();
    removeTempDirs();
  }, 60_000);

  const scrape = async (url: string, token = TOKEN) => {
    const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    return { status: res.status, text: await res.text() };
  };
  const counter = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

  it(
    'the worker counts the credits of the steps it runs and ' +
      'serves them behind the token; the server does not count them',
    async () => {
      const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'wen.metrics@karya.test', password: 'secret12' }),
      });
      const cookie = signUp.headers.get('set-cookie')?.split(';')[0] ?? '';
      const poem = await fetch(`${base}/api/generators/poems/generate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ settings: {} }),
      });
      expect(poem.status, await poem.clone().text()).toBe(200);
      expect(((await poem.json()) as { credits_charged: number }).credits_charged).toBe(1);

      expect((await scrape(metricsUrl, '')).status).toBe(401);
      expect((await scrape(metricsUrl, 'wrong-token-0123456789')).status).toBe(401);
      expect((await scrape(metricsUrl.replace(/\/metrics$/, '/api/me'))).status).toBe(404);
      const onWorker = await scrape(metricsUrl);
      expect(onWorker.status).toBe(200);
      expect(counter(onWorker.text, 'karya_credits_charged_total')).toBe(1);
      expect(counter(onWorker.text, 'karya_credits_refunded_total')).toBe(0);
      expect(onWorker.text).toContain('karya_process_cpu_seconds_total');

      const onServer = await scrape(`${base}/metrics`);
      expect(onServer.status).toBe(200);
      expect(counter(onServer.text, 'karya_credits_charged_total')).toBe(0);
      // The request itself is the server's: counted there.
      expect(onServer.text).toMatch(/karya_generations_total\{provider="[^"]+",outcome="done"\} 1/);
    },
    120_000,
  );
});
