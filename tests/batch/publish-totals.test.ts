// `karya batch JOBS --publish`: the closing line's calls and tokens, and --json's summary, count every call the
// batch made of the model, the publishing steps' too (title, description, keywords, cover…), as the model
// server counted them: a writer reads there what the whole run asked of their account.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { bookRequests, expectTotals, removeTempDirs, tempDir, writeJobs } from './helpers.js';

const fakes: FakeOpenAI[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

describe('karya batch --publish totals', () => {
  it("counts the publishing steps' calls and tokens in the closing line and the summary", async () => {
    const fake = await startFakeOpenAI();
    fakes.push(fake);
    const dir = tempDir();
    const jobs = writeJobs(
      dir,
      'jobs.yaml',
      '- { id: ipoh, generator: romance, chapters: 1, settings: { premise: "a baker in Ipoh falls in love" } }',
    );
    const r = await runKaryaInProcess(
      ['batch', jobs, '--publish', '--out', 'out', '--state', 'state.sqlite', '--json'],
      { cwd: dir, env: { ...WITHOUT_EPUBCHECK, OPENAI_API_KEY: 'sk-test-totals', OPENAI_BASE_URL: fake.baseURL } },
    );
    expect(r.code, r.stderr).toBe(0);
    // What the model server was asked and answered (its 1-token provider checks aside).
    const calls = bookRequests(fake).length + fake.imageRequests().length;
    const tokens = bookRequests(fake).reduce((n, q) => n + (q.totalTokens ?? 0), 0);
    expectTotals(r, 1, { calls, tokens });
    // The totals close the run: the package's lines come before them.
    expect(r.stderr.trimEnd().split('\n').at(-1)).toMatch(/^karya batch: /);
  }, 300_000);
});
