// `karya batch` reports continuity per book: the scripted 10-chapter book (the captain who died in chapter 4
// speaks in chapter 7, a fact changed, a promise due in chapter 5 never paid) ends with a job_done event
// that counts its findings and names the overdue promise. The command runs in the test's process against
// the fake server answered by tests/continuity-book.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../fake-openai.js';
import { continuityBook, CONTINUITY_PLAN } from '../continuity-book.js';
import { events, tempDir, writeJobs, removeTempDirs } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';

afterAll(() => removeTempDirs());

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
});
