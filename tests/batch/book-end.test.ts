// A finished book's end (its files written, its continuity read) done in the batch's book-end thread gives what it
// gives on the thread that schedules the calls: the same files with the same bytes, the same events, and a book
// whose files cannot be written fails with the same words while the others are written.
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { getPriority } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { providerFromEnv } from '../../engine/providers/index.js';
import { startFakeOpenAI } from '../fake-openai.js';
import { validateJobs } from '../../cli/batch/jobs.js';
import { bookEndsFor, loadBooks, runBatch, type BatchEvent } from '../../cli/batch/scheduler.js';
import { openBatchState } from '../../cli/batch/state.js';
import { removeTempDirs, tempDir } from './helpers.js';
import { repoCatalog } from '../catalog.js';

const catalog = repoCatalog();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});
afterAll(removeTempDirs);

const JOBS = [
  { id: 'r1', generator: 'romance', lang: 'en', chapters: 2 },
  { id: 'r2', generator: 'romance', lang: 'ms', chapters: 1, formats: ['epub'] },
  { id: 'r3', generator: 'romance', lang: 'en', chapters: 1 },
];

/**
 * The batch above in a folder of its own, its ends in the thread or here; `blocked` books' Markdown paths are folders.
 */
async function batch(where: 'thread' | 'here', blocked: readonly string[] = []) {
  const fake = await startFakeOpenAI({});
  const dir = tempDir('karya-batch-end-');
  const store = await openBatchState(path.join(dir, 'state.sqlite'));
  cleanups.push(async () => {
    await store.close();
    await fake.close();
  });
  const { jobs, issues } = validateJobs(
    JOBS.map((value, i) => ({ index: i + 1, line: i + 1, value })),
    { catalog, file: 'jobs', outDir: path.join(dir, 'books') },
  );
  expect(issues).toEqual([]);
  for (const name of blocked) mkdirSync(path.join(dir, 'books', `${name}.md`), { recursive: true });
  const events: BatchEvent[] = [];
  const result = await runBatch({
    books: await loadBooks(store, jobs),
    renderer: catalog.renderer,
    provider: providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL }),
    state: store,
    limits: { concurrency: 2 },
    bookEnds: where,
    onEvent: (e) => events.push(e),
  });
  // Each event's `spent` is what the whole batch sent since the event before (spent.ts), whichever book sent it: with
  // two books in flight, which event carries a call is timing's. Their sum is the batch's, whatever the timing.
  const spent = events.reduce((sum, e) => sum + ('spent' in e && e.spent ? e.spent.calls : 0), 0);
  expect(spent).toBe(result.calls);
  const ends = events
    .filter((e) => e.type === 'job_done' || e.type === 'job_failed')
    // (A file's temporary name counts the writes of its thread, and names the process: neither is the book's.)
    .map(
      (e) =>
        JSON.parse(
          JSON.stringify({ ...e, seconds: 0, spent: undefined })
            .replaceAll(dir, 'DIR')
            .replace(/\.md\.\d+\.\d+\.tmp/g, '.md.TMP'),
        ) as unknown,
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const books = path.join(dir, 'books');
  const markdown = Object.fromEntries(
    readdirSync(books)
      .filter((f) => f.endsWith('.md') && !blocked.includes(f.slice(0, -3)))
      .map((f) => [f, readFileSync(path.join(books, f), 'utf8')]),
  );
  return { result, ends, markdown, files: readdirSync(books).sort() };
}

// Two batches a case, the second waiting for its thread to load from the TypeScript sources (seconds on a busy
// machine).
const TWO_BATCHES_MS = 180_000;

describe("a book's end in the book-end thread", () => {
  it(
    'writes the same files with the same bytes and reports the same job_done events as on the calling thread',
    async () => {
      const here = await batch('here');
      const thread = await batch('thread');
      expect(thread.result).toMatchObject({ books: 3, succeeded: 3, failed: 0 });
      expect(thread.files).toEqual(['r1.md', 'r2.epub', 'r2.md', 'r3.md']);
      expect(thread.files).toEqual(here.files);
      expect(thread.markdown).toEqual(here.markdown);
      expect(thread.markdown['r1.md']).toMatch(/^# /);
      expect(thread.ends).toEqual(here.ends);
    },
    TWO_BATCHES_MS,
  );

  it(
    'fails a book whose file cannot be written with the same words, naming its path, and writes the others',
    async () => {
      const here = await batch('here', ['r3']);
      const thread = await batch('thread', ['r3']);
      expect(thread.result).toMatchObject({ books: 3, succeeded: 2, failed: 1 });
      const failed = thread.ends.find((e) => (e as BatchEvent).type === 'job_failed') as Extract<
        BatchEvent,
        { type: 'job_failed' }
      >;
      expect(failed).toMatchObject({ job: 'r3', code: 'unexpected' });
      expect(failed.message).toContain(path.join('DIR', 'books', 'r3.md'));
      expect(thread.ends).toEqual(here.ends);
      expect(Object.keys(thread.markdown).sort()).toEqual(['r1.md', 'r2.md']);
    },
    TWO_BATCHES_MS,
  );

  it(
    'runs below the priority of the thread that reads the answers and sends the calls (Linux: one per thread)',
    async () => {
      // The niceness of every thread of this process but this one, read while the batch runs.
      const self = readFileSync('/proc/thread-self/stat', 'utf8').split(' ')[0];
      const seen = new Set<number>();
      const look = () => {
        for (const task of readdirSync('/proc/self/task')) {
          if (task === self) continue;
          try {
            const fields = readFileSync(`/proc/self/task/${task}/stat`, 'utf8').split(') ')[1]!.split(' ');
            seen.add(Number(fields[16]));
          } catch {
            // (A thread that ended between the listing and the read.)
          }
        }
      };
      const timer = setInterval(look, 5);
      try {
        const thread = await batch('thread');
        expect(thread.result).toMatchObject({ books: 3, succeeded: 3, failed: 0 });
      } finally {
        clearInterval(timer);
      }
      expect(seen).toContain(10);
      expect(getPriority()).toBe(0);
    },
    TWO_BATCHES_MS,
  );

  it('goes to a thread of its own only when the batch has many books and calls in flight', () => {
    const books = (n: number) => Array.from({ length: n }, () => ({ isComplete: false })) as never;
    expect(bookEndsFor({ books: books(400), limits: { concurrency: 100 } })).toBe('thread');
    expect(bookEndsFor({ books: books(3), limits: { concurrency: 100 } })).toBe('here');
    expect(bookEndsFor({ books: books(400), limits: { concurrency: 4 } })).toBe('here');
  });
});
