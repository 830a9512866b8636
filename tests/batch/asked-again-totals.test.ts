// `karya batch`: the closing line's calls and tokens, and --json's summary, count every call sent for a step,
// not one a step: an answer asked again (the introduction first written in Chinese, asked again firmly in
// English), a cut answer continued (finish_reason "length"), and a story-bible update caught up inside the next
// step after the first one failed (refused). Each is a call the model server answered and the writer's account
// paid for, so the totals equal the fake's own record of every call and its tokens.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { askingAgainModel } from './asked-again.js';
import {
  bookRequests,
  expectTotals,
  isMemoryRequest,
  recordedTotals,
  removeTempDirs,
  romanceCalls,
  tempDir,
  writeJobs,
} from './helpers.js';

const fakes: FakeOpenAI[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

describe('karya batch totals of steps asked again', () => {
  it('counts every call of a step, and a memory update caught up inside a step, with their tokens', async () => {
    const fake = await startFakeOpenAI(askingAgainModel());
    fakes.push(fake);
    const dir = tempDir();
    const jobs = writeJobs(dir, 'jobs.yaml', '- { id: ipoh, generator: romance, chapters: 1 }');
    const r = await runKaryaInProcess(['batch', jobs, '--out', 'out', '--state', 'state.sqlite', '--json'], {
      cwd: dir,
      env: { OPENAI_API_KEY: 'sk-test-asked-again', OPENAI_BASE_URL: fake.baseURL },
    });
    expect(r.code, r.stderr).toBe(0);
    const requests = bookRequests(fake);
    // The model's habits took place: one call more for the re-asked introduction, the continued chapter and the
    // memory update tried again (the refused one counts too).
    expect(requests.filter(isMemoryRequest)).toHaveLength(romanceCalls(1).memory + 1);
    expect(requests).toHaveLength(romanceCalls(1).all + 3);
    expectTotals(r, 1, recordedTotals(fake));
  }, 120_000);
});
