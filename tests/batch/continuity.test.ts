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

describe('karya batch: continuity', () => {
  it('job_done counts the book\'s continuity findings and names the promise open past its due part', async () => {
    const fake = await startFakeOpenAI({ answer: continuityBook(CONTINUITY_PLAN), props: true, contextTokens: 32_768 });
    try {
      const dir = tempDir();
      const file = writeJobs(dir, 'jobs.yaml', '- id: ship\n  generator: romance\n  chapters: 10\n');
      const r = await runKaryaInProcess(['batch', file, '--out', 'books', '--json'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL } });
      expect(r.code, r.stderr).toBe(0);
      const done = events(r.stdout).find((e) => e.type === 'job_done')!;
      // Mara speaks in chapter 7, the ship renamed in 6, the village respelt in 8, the map overdue on 6 to 10 and the conclusion.
      expect(done.continuity).toBe(9);
      expect(done.overdueThreads).toEqual(['the stolen map']);
    } finally {
      await fake.close();
    }
  }, 60_000);

  it.skipIf(noPostgres)('karya batch --queue reports the same for the book saved in Postgres', async () => {
    cluster = await startPostgres();
    const databaseUrl = await cluster.createDatabase();
    const fake = await startFakeOpenAI({ answer: continuityBook(CONTINUITY_PLAN), props: true, contextTokens: 32_768 });
    try {
      const dir = tempDir();
      const file = writeJobs(dir, 'jobs.yaml', '- id: ship\n  generator: romance\n  chapters: 10\n');
      const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_DATABASE_URL: databaseUrl, KARYA_LOG_LEVEL: 'warn' };
      const local = await runKaryaInProcess(['batch', file, '--out', 'books'], { cwd: dir, env });
      expect(local.code, local.stderr).toBe(0);
      // Every book is written already: the queued batch only reads it back and writes its files.
      const r = await runKaryaInProcess(['batch', file, '--queue', '--out', 'again', '--json'], { cwd: dir, env });
      expect(r.code, r.stderr).toBe(0);
      const done = events(r.stdout).find((e) => e.type === 'job_done')!;
      expect(done.continuity).toBe(9);
      expect(done.overdueThreads).toEqual(['the stolen map']);
    } finally {
      await fake.close();
    }
  }, 120_000);
});
