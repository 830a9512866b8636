// A model that always answers 429 with Retry-After 1 s, as the writer meets it on the command line: `karya generate`
// and `karya batch` send a step three times (the provider's one policy: two retries, each after the server's wait),
// stop with exit 1 naming the rate limit, and the batch's closing line counts what the model server saw.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { removeTempDirs, tempDir } from '../temp.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

const RATE_LIMITED = {
  status: 429,
  body: { error: { message: 'Rate limit reached', type: 'rate_limit' } },
  headers: { 'retry-after': '1' },
};

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ reply: () => RATE_LIMITED });
});
afterAll(async () => {
  await fake.close();
  removeTempDirs();
});

/**
 * The step requests (not the provider's 1-token checks) the fake saw from `from` on, and the gaps between them (ms).
 */
function stepsSince(from: number) {
  const steps = fake.generationRequests().slice(from);
  return { steps, gaps: steps.slice(1).map((r, i) => r.at - steps[i]!.at) };
}

const env = () => ({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_MODEL: 'fake' });

describe('a model that keeps answering 429, on the command line', () => {
  it(
    'karya generate: the step is sent three times, a second apart, then exit 1 naming the rate limit',
    { timeout: 60_000 },
    async () => {
      const from = fake.generationRequests().length;
      const r = await runKaryaInProcess(['generate', 'romance', '--chapters', '2', '--state', 'state.sqlite'], {
        cwd: tempDir(),
        env: env(),
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('Too many requests. Please wait a moment and try again.');
      const { steps, gaps } = stepsSince(from);
      expect(steps).toHaveLength(3);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950);
    },
  );

  it('karya batch: three requests, "3 calls · 2 retries", its book failed', { timeout: 60_000 }, async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'jobs.yaml'), 'jobs:\n  - generator: poems\n');
    const from = fake.generationRequests().length;
    const r = await runKaryaInProcess(['batch', 'jobs.yaml'], { cwd: dir, env: env() });
    expect(r.code).toBe(1);
    const { steps, gaps } = stepsSince(from);
    expect(steps).toHaveLength(3);
    // The server's wait honoured once between two requests: not the provider's and the batch's one after the other.
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(950);
      expect(gap).toBeLessThan(1_800);
    }
    expect(r.stderr).toMatch(/^karya batch: 0 of 1 books written · 1 failed · 3 calls · 2 retries · /m);
  });
});
