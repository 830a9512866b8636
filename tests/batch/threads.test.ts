// `karya batch` on two threads (cli/batch/threads.ts), as a large batch runs on a machine with four cores or more: the
// same books as on one thread, each asked once, every book's events and one summary, near-duplicates found
// across the threads (one catalogue), and which batches run on two threads at all.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { batchThreads } from '../../cli/batch/thread-count.js';
import { bookRequests, events, tempDir, writeJobs, removeTempDirs } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import type { BatchJob } from '../../cli/batch/jobs.js';

const fakes: FakeOpenAI[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

/** Six books, English and Malay, two of them the same job (the later one is the copy). */
const JOBS = Array.from({ length: 6 }, (_, i) =>
  JSON.stringify({
    id: `b${i + 1}`,
    generator: 'romance',
    lang: i % 2 ? 'ms' : 'en',
    chapters: 1,
    settings: {
      premise: i === 5 ? "Aisha must save her father's bookshop." : `Story number ${i + 1} of the harbour town.`,
    },
  }),
).join('\n');

async function run(threads: string, dir: string) {
  const f = await startFakeOpenAI({ latencyMs: 5 });
  fakes.push(f);
  const r = await runKaryaInProcess(
    ['batch', writeJobs(dir, 'jobs.jsonl', JOBS), '--out', 'books', '--json', '--concurrency', '4'],
    { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-threads', OPENAI_BASE_URL: f.baseURL, KARYA_BATCH_THREADS: threads } },
  );
  return { r, f };
}

// Each run starts its threads from the bundle the run's setup built (~0.45 s of CPU a thread; from the sources through
// tsx, without a fresh bundle, ~1.7 s); on 2 cores under the suite's load (20-25) one case took over 30 s. A minute and
// a half is for the load, not for the batch.
const RUN_LIMIT_MS = 90_000;

describe('karya batch on two threads', () => {
  it(
    'writes the same books as one thread, each step asked once, with every event and one summary',
    async () => {
      const one = tempDir();
      const two = tempDir();
      const a = await run('1', one);
      const b = await run('2', two);
      expect(a.r.code, a.r.stderr).toBe(0);
      expect(b.r.code, b.r.stderr).toBe(0);
      const files = (dir: string) =>
        readdirSync(path.join(dir, 'books'))
          .filter((f) => f.endsWith('.md'))
          .sort();
      expect(files(two)).toEqual(files(one));
      for (const file of files(one))
        expect(readFileSync(path.join(two, 'books', file), 'utf8').length).toBeGreaterThan(1000);
      // Each step asked once: as many calls as on one thread (no 1-token checks counted).
      expect(bookRequests(b.f).length).toBe(bookRequests(a.f).length);
      const done = events(b.r.stdout)
        .filter((e) => e.type === 'job_done')
        .map((e) => e.job)
        .sort();
      expect(done).toEqual(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
      const summaries = events(b.r.stdout).filter((e) => e.type === 'summary');
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({ books: 6, succeeded: 6, failed: 0 });
      expect(b.r.stderr).toContain('6 of 6 books written');
    },
    RUN_LIMIT_MS,
  );

  it(
    'finds a book too close to one written on the other thread',
    async () => {
      const dir = tempDir();
      const same = Array.from({ length: 4 }, (_, i) =>
        JSON.stringify({
          id: `s${i + 1}`,
          generator: 'romance',
          chapters: 1,
          settings: { premise: "Aisha must save her father's bookshop." },
        }),
      ).join('\n');
      const f = await startFakeOpenAI({ latencyMs: 5 });
      fakes.push(f);
      const r = await runKaryaInProcess(
        ['batch', writeJobs(dir, 'same.jsonl', same), '--out', 'books', '--json', '--concurrency', '4'],
        { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-threads', OPENAI_BASE_URL: f.baseURL, KARYA_BATCH_THREADS: '2' } },
      );
      expect(r.code, r.stderr).toBe(0);
      const done = events(r.stdout).filter((e) => e.type === 'job_done') as Array<{
        job: string;
        closeTo: Array<{ book: string }>;
      }>;
      // The first book kept is the original; every later one is too close to at least one book of the other thread's or
      // its own.
      expect(done.filter((d) => d.closeTo.length === 0)).toHaveLength(1);
      expect(done.filter((d) => d.closeTo.length > 0)).toHaveLength(3);
      expect(events(r.stdout).at(-1)).toMatchObject({ type: 'summary', tooClose: 3 });
    },
    RUN_LIMIT_MS,
  );

  it('runs on one thread a series, a small batch and few calls in flight; on the threads asked for otherwise', () => {
    const job = (i: number, series?: boolean) =>
      ({ index: i, key: `k${i}`, ...(series ? { series: { name: 's', number: i } } : {}) }) as unknown as BatchJob;
    const many = Array.from({ length: 40 }, (_, i) => job(i));
    expect(batchThreads(many, 100, { KARYA_BATCH_THREADS: '1' })).toBe(1);
    expect(batchThreads(many, 100, { KARYA_BATCH_THREADS: '3' })).toBe(3);
    expect(batchThreads([job(1, true), job(2, true)], 100, {})).toBe(1);
    expect(batchThreads(many, 4, {})).toBe(1);
    expect(batchThreads([job(1)], 100, { KARYA_BATCH_THREADS: '2' })).toBe(1);
  });
});
