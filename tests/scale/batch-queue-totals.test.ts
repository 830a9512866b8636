// `karya batch --queue`: the closing line's calls and tokens, and --json's summary, count every call the workers
// made of the model for the batch, as the model server counted them: a writer reads there what the run asked of
// their account, the same as a local batch tells them (tests/batch/publish-totals, tests/batch/asked-again-totals).
// - Each book's memory updates (one after its introduction and after each chapter), their calls and tokens.
// - Every call a worker sent for a step: the introduction first answered in Chinese and asked again firmly, a cut
//   chapter continued (finish_reason "length"), and the story-bible update refused after the introduction, caught
//   up by the worker before it writes the chapter.
// The worker runs in this process on its own store and pools (tests/scale/worker-here.ts): its counts are the point,
// not its process. One worker and one database serve both cases, each case with a fake model of its own (the
// worker's provider is pointed at it), so each fake's record is its case's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type FakeOpenAIOptions } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { usePostgresDatabase } from './postgres-database.js';
import { startWorkerHere, switchableProvider, type WorkerHere } from './worker-here.js';
import { askingAgainModel } from '../batch/asked-again.js';
import {
  bookRequests,
  events,
  expectTotals,
  isMemoryRequest,
  recordedTotals,
  removeTempDirs,
  romanceCalls,
  tempDir,
  writeJobs,
} from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const db = usePostgresDatabase();
const fakes: FakeOpenAI[] = [];
let worker: WorkerHere | undefined;
let pointAt: (baseURL: string) => void = () => undefined;

/** A fake model for one case, with the worker's provider pointed at it. */
async function modelForCase(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const fake = await startFakeOpenAI(options);
  fakes.push(fake);
  pointAt(fake.baseURL);
  return fake;
}

/** `karya batch --queue --json` here on the file's database, with the command's own provider at `fake`. */
async function queuedBatch(fake: FakeOpenAI, prefix: string, jobs: string) {
  const dir = tempDir(prefix);
  const file = writeJobs(dir, 'jobs.yaml', jobs);
  const env = {
    KARYA_DATABASE_URL: db.url,
    KARYA_LOG_LEVEL: 'warn',
    OPENAI_API_KEY: 'sk-test-queue-totals',
    OPENAI_BASE_URL: fake.baseURL,
  };
  return runKaryaInProcess(['batch', file, '--queue', '--json', '--out', 'out'], { cwd: dir, env });
}

describe.skipIf(skip)('karya batch --queue totals', () => {
  beforeAll(async () => {
    const switching = switchableProvider('http://127.0.0.1:9/v1');
    pointAt = switching.pointAt;
    worker = await startWorkerHere(
      { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn' },
      { concurrency: 2, provider: switching.provider },
    );
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    await Promise.all(fakes.map((fake) => fake.close()));
    removeTempDirs();
  }, 60_000);

  it("counts the workers' memory updates, their calls and tokens, in the closing line and the summary", async () => {
    const fake = await modelForCase();
    const r = await queuedBatch(
      fake,
      'karya-queue-totals-',
      '- { id: pantai, generator: romance, lang: ms, chapters: 1 }\n' +
        '- { id: kota, generator: romance, lang: en, chapters: 2 }\n',
    );
    expect(r.code, r.stderr).toBe(0);
    // What the model server was asked and answered (its 1-token provider checks aside): every step and every memory
    // update.
    const requests = bookRequests(fake);
    expect(requests.filter(isMemoryRequest)).toHaveLength(romanceCalls(1).memory + romanceCalls(2).memory);
    expect(requests).toHaveLength(romanceCalls(1).all + romanceCalls(2).all);
    expectTotals(r, 2, recordedTotals(fake));
  }, 180_000);

  it('counts every call of a step, and a memory update caught up inside a step, with their tokens', async () => {
    const fake = await modelForCase(askingAgainModel());
    const r = await queuedBatch(fake, 'karya-queue-asked-again-', '- { id: ipoh, generator: romance, chapters: 1 }\n');
    expect(r.code, r.stderr).toBe(0);
    const requests = bookRequests(fake);
    // One call more each: the introduction asked again, the chapter continued, the refused memory update tried again.
    expect(requests.filter(isMemoryRequest)).toHaveLength(romanceCalls(1).memory + 1);
    expect(requests).toHaveLength(romanceCalls(1).all + 3);
    expectTotals(r, 1, recordedTotals(fake));
    // A step's event is the local batch's: what its calls cost is in the totals only.
    expect(
      events(r.stdout)
        .filter((e) => e.type === 'step_done')
        .every((e) => !('sent' in e)),
    ).toBe(true);
  }, 180_000);
});
