// `karya batch --queue` of 40 books with two workers running 10 steps each: every book is
// written and no job is left active. Per-book locks used to come from the main pool: ten locks held by
// ten steps left no connection for those steps' own queries, and both workers stopped. The two workers
// run in this process, each on its own store (its own pools, as two processes would have); so does the batch
// command (cli/main.ts's runKarya, as a user runs it, without a process start of its own).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providerFromEnv } from '../../engine/providers/index.js';
import { configFromEnv } from '../../server/core/config.js';
import { createContext } from '../../server/start.js';
import { openStore, type OpenedStore } from '../../server/store/open.js';
import { openQueue, startStepWorker, type StepQueue, type StepWorker } from '../../server/queue/index.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { usePostgresDatabase } from './postgres-database.js';
import { bookRequests, removeTempDirs, romanceCalls, tempDir, writeJobs } from '../batch/helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import type { RecordedRequest } from '../fake-openai.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const BOOKS = 40;
const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
const opened: Array<{ store: OpenedStore; queue: StepQueue; worker: StepWorker }> = [];

/** The batch command's settings: the queue's database and the fake model (the workers are this file's). */
const queuedEnv = (model: FakeOpenAI, url: string) => ({
  KARYA_DATABASE_URL: url,
  KARYA_LOG_LEVEL: 'warn',
  OPENAI_API_KEY: 'sk-test-batch',
  OPENAI_BASE_URL: model.baseURL,
});

afterAll(async () => {
  for (const { store, queue, worker } of opened) {
    await worker.stop();
    await queue.close();
    await store.close();
  }
  await fake?.close();
  removeTempDirs();
});

describe.skipIf(skip)('a queued batch of 40 books on two workers of concurrency 10', () => {
  beforeAll(async () => {
    fake = await startFakeOpenAI({ latencyMs: 50 });
  });

  it('writes every book, and leaves no job active', async () => {
    const env = {
      ...process.env,
      KARYA_DATABASE_URL: db.url,
      OPENAI_API_KEY: 'sk-test-batch',
      OPENAI_BASE_URL: fake!.baseURL,
    };
    for (let i = 0; i < 2; i++) {
      const config = configFromEnv(env);
      const store = await openStore(config);
      const ctx = createContext({
        config,
        repos: store.repos,
        logger: pino({ level: 'silent' }),
        provider: providerFromEnv(env),
      });
      const queue = await openQueue(store.postgres!, ctx.logger);
      opened.push({ store, queue, worker: await startStepWorker(ctx, queue, { concurrency: 10 }) });
    }
    const dir = tempDir('karya-forty-');
    const lines = Array.from(
      { length: BOOKS },
      (_, i) => `- { id: b${i + 1}, generator: romance, lang: ${i % 2 ? 'ms' : 'en'}, chapters: 1 }`,
    );
    const file = writeJobs(dir, 'jobs.yaml', `${lines.join('\n')}\n`);
    const result = await runKaryaInProcess(['batch', file, '--queue'], { cwd: dir, env: queuedEnv(fake!, db.url) });
    expect(result.stderr).toContain(`${BOOKS} of ${BOOKS} books written`);
    expect(result.code).toBe(0);
    expect(readdirSync(path.join(dir, 'books'))).toHaveLength(BOOKS);
    expect(bookRequests(fake!)).toHaveLength(BOOKS * romanceCalls(1).all);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // (The last jobs are marked completed just after their book is: a moment is allowed for that.)
      let active = -1;
      for (let i = 0; i < 50 && active !== 0; i++) {
        if (i) await new Promise((resolve) => setTimeout(resolve, 100));
        active = (await client.query<{ n: number }>("SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'active'"))
          .rows[0]!.n;
      }
      expect(active).toBe(0);
    } finally {
      await client.end();
    }
  }, 150_000);

  // docs/operations.md: a worker of --concurrency N holds up to 2 × N books, whose calls share N slots.
  it('a worker of concurrency 2 holds four books at once and never has more than two calls in flight', async () => {
    const url = await db.cluster.createDatabase();
    // Each call out long enough that two overlap at the fake; six books: two more than the worker holds.
    const slow = await startFakeOpenAI({ latencyMs: 80 });
    const env = {
      ...process.env,
      KARYA_DATABASE_URL: url,
      OPENAI_API_KEY: 'sk-test-held',
      OPENAI_BASE_URL: slow.baseURL,
    };
    const config = configFromEnv(env);
    const store = await openStore(config);
    const ctx = createContext({
      config,
      repos: store.repos,
      logger: pino({ level: 'silent' }),
      provider: providerFromEnv(env),
    });
    const queue = await openQueue(store.postgres!, ctx.logger);
    const worker = await startStepWorker(ctx, queue, { concurrency: 2 });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const dir = tempDir('karya-held-');
      const lines = Array.from({ length: 6 }, (_, i) => `- { id: h${i + 1}, generator: romance, chapters: 1 }`);
      const file = writeJobs(dir, 'jobs.yaml', `${lines.join('\n')}\n`);
      const run = runKaryaInProcess(['batch', file, '--queue'], { cwd: dir, env: queuedEnv(slow, url) });
      // The books held, read while the batch runs.
      let held = 0;
      let isRunning = true;
      const sampling = (async () => {
        while (isRunning) {
          const { rows } = await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'karya-batch-step' AND state = 'active'",
          );
          held = Math.max(held, rows[0]!.n);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      const result = await run.finally(() => (isRunning = false));
      await sampling;
      expect(result.stderr).toContain('6 of 6 books written');
      expect(result.code).toBe(0);
      expect(held).toBe(4);
      // Calls in flight at once, from the fake's own record of each call's arrival and answer.
      const calls = bookRequests(slow).filter((r: RecordedRequest) => r.answeredAt !== undefined);
      expect(calls).toHaveLength(6 * romanceCalls(1).all);
      const inFlight = Math.max(...calls.map((c) => calls.filter((o) => o.at <= c.at && o.answeredAt! > c.at).length));
      expect(inFlight).toBeLessThanOrEqual(2);
      expect(inFlight).toBe(2);
    } finally {
      await client.end();
      await worker.stop();
      await queue.close();
      await store.close();
      await slow.close();
    }
  }, 120_000);
});
