// `karya batch --queue` on one Postgres with two `karya worker`s, one SIGKILLed mid-run: every book is
// written, and no finished step is asked of the provider again (only a call cut off in flight on the
// killed worker is). Spawned processes where several processes, SIGKILL or the process's end are the point;
// the rest runs the command in this process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { usePostgresDatabase } from './postgres-database.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  busiestWindow,
  promptId,
  endAfterAll,
  startCli,
  stepRequests,
  bookRequests,
  tempDir,
  waitFor,
  writeJobs,
} from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const JOBS = `
- { id: kl, generator: romance, lang: en, chapters: 2, settings: { settingType: urban } }
- { id: pantai, generator: romance, lang: ms, chapters: 2, settings: { settingType: coastal } }
- { id: angkasa, generator: sci-fi, lang: ms, chapters: 2 }
- { id: dapur, generator: cookbook, chapters: 2, settings: { cuisineType: asian } }
`;

const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
const runs = endAfterAll(() => fake);

describe.skipIf(skip)('karya batch --queue with two workers', () => {
  it('one worker killed mid-run: every book written, no finished step requested twice, one rpm budget', async () => {
    fake = await startFakeOpenAI({ latencyMs: 300 });
    const dir = tempDir('karya-queue-');
    const file = writeJobs(dir, 'jobs.yaml', JOBS);
    // The killed worker's lease is swept after 5 s (not 20: renewed and swept every 1.25 s): the same takeover, sooner.
    const env = { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn', KARYA_LEASE_TIMEOUT_MS: '5000' };
    const start = (args: string[]) => {
      const run = startCli(args, { cwd: dir, fake, env });
      runs.push(run);
      return run;
    };
    const workers = [start(['worker', '--concurrency', '3']), start(['worker', '--concurrency', '3'])];
    await waitFor(() => workers.every((w) => w.stderr().includes('karya worker ')), 90_000, 'two workers started');
    // One budget for both workers: 10 calls in any 1 s window (the window shortened for the test).
    const batch = startCli(['batch', file, '--queue', '--rpm', '10'], {
      cwd: dir,
      fake,
      env: { ...env, KARYA_BATCH_WINDOW_MS: '1000' },
    });
    runs.push(batch);
    await waitFor(() => bookRequests(fake!).filter((r) => r.answeredAt).length >= 6, 90_000, '6 answered calls');

    // Kill the worker that holds a running step.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query<{ worker_id: string }>('SELECT worker_id FROM step_leases LIMIT 1');
    await client.end();
    expect(rows.length).toBeGreaterThan(0);
    const victimPid = Number(rows[0]!.worker_id.split(':')[1]);
    const victim = workers.find((w) => w.child.pid === victimPid)!;
    const killedAt = Date.now();
    victim.child.kill('SIGKILL');
    const inFlight = stepRequests(fake).filter((r) => !r.answeredAt).length;

    const result = await batch.done;
    expect(result.stderr).toContain('4 of 4 books written');
    expect(result.code).toBe(0);
    expect(readdirSync(path.join(dir, 'books')).sort()).toEqual(['angkasa.md', 'dapur.md', 'kl.md', 'pantai.md']);
    expect(readFileSync(path.join(dir, 'books', 'kl.md'), 'utf8').length).toBeGreaterThan(100);

    // Each step asked once, except the calls the kill cut off in flight (asked again once).
    const ids = stepRequests(fake).map(promptId);
    const repeated = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
    expect(repeated.length).toBeLessThanOrEqual(Math.max(inFlight, 3));
    for (const id of repeated) {
      expect(ids.filter((x) => x === id)).toHaveLength(2);
      expect(stepRequests(fake).find((r) => promptId(r) === id)!.at).toBeLessThan(killedAt);
    }
    // One shared budget, in the database's clock: every call of both workers took a place in it, and no
    // 1 s window held more than 10.
    const budget = new pg.Client({ connectionString: db.url });
    await budget.connect();
    const places = (await budget.query<{ at: string }>('SELECT at FROM rate_calls')).rows.map((r) => Number(r.at));
    await budget.end();
    // (A place taken by the killed worker just before it would have sent the call is the only slack.)
    expect(places.length).toBeGreaterThanOrEqual(bookRequests(fake).length);
    expect(places.length).toBeLessThanOrEqual(bookRequests(fake).length + 3);
    expect(busiestWindow(places, 1_000)).toBeLessThanOrEqual(10);
  }, 240_000);

  it('an invalid jobs file with --queue: the command names the job, submits nothing, and ends at once', async () => {
    const dir = tempDir('karya-queue-');
    const file = writeJobs(
      dir,
      'jobs.yaml',
      '- { id: solo, generator: romance, chapters: 1 }\n- { id: odd, generator: romance, chapters: 0 }\n',
    );
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const batches = async () =>
        (await client.query("SELECT to_regclass('batches') AS t")).rows[0]!.t
          ? Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM batches')).rows[0]!.n)
          : 0;
      const before = await batches();
      // Twice: on a new database the first run migrates it, the second finds it ready.
      for (let i = 0; i < 2; i++) {
        const run = startCli(['batch', file, '--queue'], {
          cwd: dir,
          env: { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn' },
        });
        runs.push(run);
        // It ends soon after it says why: connections left open would keep it alive for the pool's 10 s of idleness.
        // (Timed from its message, not its start, which takes seconds of its own on a loaded machine.)
        await waitFor(
          () => run.stderr().includes('nothing was generated') || run.child.exitCode !== null,
          40_000,
          'the refusal',
        );
        const ended = await Promise.race([
          run.done,
          new Promise<'still running'>((resolve) => setTimeout(resolve, 8_000, 'still running')),
        ]);
        expect(ended).not.toBe('still running');
        if (ended === 'still running') return;
        expect(ended.code).toBe(2);
        expect(ended.stderr).toContain('jobs.yaml:2: job "odd": chapters:');
        expect(ended.stderr).toContain('1 of 2 jobs are invalid; nothing was generated');
      }
      expect(await batches()).toBe(before);
    } finally {
      await client.end();
    }
  }, 60_000);

  it(
    'a local batch with KARYA_DATABASE_URL saves its books in Postgres: ' +
      '--queue then finds them written and only writes the files',
    async () => {
      const quick = await startFakeOpenAI();
      try {
        const dir = tempDir('karya-queue-');
        // One Malay book: the batch speaks its books' language.
        const file = writeJobs(dir, 'jobs.yaml', '- { id: solo, generator: romance, lang: ms, chapters: 1 }\n');
        // In this process: where the books are kept is the point here, not a process of its own.
        const env = {
          KARYA_DATABASE_URL: db.url,
          KARYA_LOG_LEVEL: 'warn',
          OPENAI_API_KEY: 'sk-test-batch',
          OPENAI_BASE_URL: quick.baseURL,
        };
        const local = await runKaryaInProcess(['batch', file], { cwd: dir, env });
        expect(local.code, local.stderr).toBe(0);
        expect(local.stderr).toContain('1 daripada 1 buku ditulis');
        const calls = stepRequests(quick).length;
        const client = new pg.Client({ connectionString: db.url });
        await client.connect();
        const { rows } = await client.query(
          "SELECT is_finished FROM books WHERE owner = 'cli' AND book_key LIKE 'batch:solo:%'",
        );
        await client.end();
        expect(rows).toEqual([{ is_finished: 1 }]);
        const queued = await runKaryaInProcess(['batch', file, '--queue', '--out', 'again'], { cwd: dir, env });
        expect(queued.code, queued.stderr).toBe(0);
        expect(queued.stderr).toContain('1 daripada 1 buku ditulis');
        expect(stepRequests(quick)).toHaveLength(calls);
        expect(readFileSync(path.join(dir, 'again', 'solo.md'), 'utf8')).toBe(
          readFileSync(path.join(dir, 'books', 'solo.md'), 'utf8'),
        );
      } finally {
        await quick.close();
      }
    },
    120_000,
  );
});
