// `karya batch` reports continuity per book: the scripted 10-chapter book (the captain who died in chapter 4
// speaks in chapter 7, a fact changed, a promise due in chapter 5 never paid) ends with a job_done event
// that counts its findings and names the overdue promise; `karya batch --queue` reports the same for a book
// saved in Postgres. The command runs in the test's process against the fake server answered by
// tests/continuity-book.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { events, tempDir, writeJobs, removeTempDirs } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

let cluster: PostgresCluster | undefined;
afterAll(() => {
  cluster?.stop();
  removeTempDirs();
});
const noPostgres = postgresUnavailable();

/** Run `karya batch` commands of the scripted continuity book against the fake server (env: more variables). */
async function withContinuityBook(
  extraEnv: Record<string, string>,
  run: (batch: (args: string[]) => Promise<{ code: number; stdout: string; stderr: string }>) => Promise<void>,
): Promise<void> {
  const fake = await startFakeOpenAI({ answer: continuityBook(CONTINUITY_PLAN), props: true, contextTokens: 32_768 });
  try {
    const dir = tempDir();
    const file = writeJobs(dir, 'jobs.yaml', '- id: ship\n  generator: romance\n  chapters: 10\n');
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, ...extraEnv };
    await run((args) => runKaryaInProcess(['batch', file, ...args], { cwd: dir, env }));
  } finally {
    await fake.close();
  }
}

/**
 * The job_done event of a --json batch: Mara speaks in chapter 7, the ship renamed in 6, the village respelt in 8, the
 * map overdue (one finding for the thread, not one a later part).
 */
function expectContinuityReported(r: { code: number; stdout: string; stderr: string }): void {
  expect(r.code, r.stderr).toBe(0);
  const done = events(r.stdout).find((e) => e.type === 'job_done')!;
  expect(done.continuity).toBe(4);
  expect(done.overdueThreads).toEqual(['the stolen map']);
}

describe('karya batch: continuity', () => {
  it("job_done counts the book's continuity findings and names the promise open past its due part", async () => {
    await withContinuityBook({}, async (batch) => expectContinuityReported(await batch(['--out', 'books', '--json'])));
  }, 60_000);

  it.skipIf(noPostgres)(
    'karya batch --queue reports the same for the book saved in Postgres',
    async () => {
      cluster = await startPostgres();
      const databaseUrl = await cluster.createDatabase();
      await withContinuityBook({ KARYA_DATABASE_URL: databaseUrl, KARYA_LOG_LEVEL: 'warn' }, async (batch) => {
        const local = await batch(['--out', 'books']);
        expect(local.code, local.stderr).toBe(0);
        // Every book is written already: the queued batch only reads it back and writes its files.
        expectContinuityReported(await batch(['--queue', '--out', 'again', '--json']));
      });
    },
    120_000,
  );
});
