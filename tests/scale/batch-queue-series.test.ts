// A series in `karya batch --queue`, on Postgres with one `karya worker`: the file's two books of
// "Penang Bakery" go one after the other, book 2 queued once book 1 is done and told the series as of its end
// (its first chapter request carries book 1's characters as they stand there). Book 1 has a voice (`voice:` and
// `avoid:`): the workers send it with book 1's prose requests, and book 2, given none, keeps it.
// The worker is a process of its own, as in use; the queued batch is the command in the test's process
// (tests/karya-in-process.ts: the same exit code and output), apart from the worker as in use.
import path from 'node:path';
import { copyFileSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { usePostgresDatabase } from './postgres-database.js';
import { endAfterAll, startCli, tempDir, waitFor, writeJobs } from '../batch/helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { seriesModel } from '../series-book.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const JOBS = `
- { id: bakery-1, generator: romance, chapters: 3, series: Penang Bakery, voice: me.txt, avoid: [crimson dawn] }
- { id: bakery-2, generator: romance, chapters: 3, series: Penang Bakery }
`;

const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
const runs = endAfterAll(() => fake);

describe.skipIf(skip)('karya batch --queue with a series', () => {
  it('book 2 is queued once book 1 is done and is told its end', async () => {
    fake = await startFakeOpenAI({ answer: seriesModel().answer, contextTokens: 32_768 });
    const dir = tempDir('karya-queue-series-');
    const file = writeJobs(dir, 'jobs.yaml', JOBS);
    copyFileSync(
      path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'voice', 'en-terse.txt'),
      path.join(dir, 'me.txt'),
    );
    const env = { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn' };
    const worker = startCli(['worker', '--concurrency', '3'], { cwd: dir, fake, env });
    runs.push(worker);
    await waitFor(() => worker.stderr().includes('karya worker '), 90_000, 'the worker started');
    const result = await runKaryaInProcess(['batch', file, '--queue'], {
      cwd: dir,
      env: { ...env, OPENAI_API_KEY: 'sk-test-batch', OPENAI_BASE_URL: fake.baseURL },
    });
    expect(result.stderr).toContain('2 of 2 books written');
    expect(result.code).toBe(0);
    const prompts = fake.generationRequests().map((q) => userMessageOf(q.body ?? {}));
    const outlines = prompts.flatMap((p, i) => (p.startsWith('Create a detailed story outline') ? [i] : []));
    expect(outlines).toHaveLength(2);
    expect(prompts.findLastIndex((p) => p.includes('[B1]'))).toBeLessThan(outlines[1]!);
    expect(prompts[outlines[1]!]).toContain('This is book 2 of the series "Penang Bakery"');
    const chapter1 = prompts.slice(outlines[1]!).find((p) => p.startsWith('Write Chapter 1 of 3'))!;
    expect(chapter1).toMatch(/Mak Som \| her aunt \| dead, passed away in her sleep \| Book 1, Conclusion/);
    expect(readFileSync(path.join(dir, 'books', 'bakery-2.md'), 'utf8')).toContain('[B2]');
    // The voice went with the queued books: book 1's own, and book 2's from its series.
    const chapters = prompts.filter((p) => p.startsWith('Write Chapter 1 of 3'));
    expect(chapters).toHaveLength(2);
    for (const p of chapters) {
      expect(p).toContain('first-person narration, in the present tense');
      expect(p).toMatch(/Avoid these overused phrases: "crimson dawn"/);
    }
  }, 180_000);
});
