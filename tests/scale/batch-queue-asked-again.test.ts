// `karya batch --queue`: the closing line's calls and tokens, and --json's summary, count every call a worker sent
// for a step, as a local batch does (tests/batch/asked-again-totals): the introduction first answered in Chinese and
// asked again firmly, a cut chapter continued (finish_reason "length"), and the story-bible update refused after the
// introduction, caught up by the worker before it writes the chapter. The model server's own record of every call
// and its tokens is what the writer's account paid for. The worker runs in this process (tests/scale/worker-here.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { usePostgresDatabase } from './postgres-database.js';
import { providerAt, startWorkerHere, type WorkerHere } from './worker-here.js';
import { askingAgainModel } from '../batch/asked-again.js';
import { bookRequests, events, expectTotals, isMemoryRequest, recordedTotals, removeTempDirs, romanceCalls, tempDir, writeJobs } from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
let worker: WorkerHere | undefined;
let restoreProvider: () => void = () => undefined;

describe.skipIf(skip)('karya batch --queue totals of steps asked again', () => {
  beforeAll(async () => {
    fake = await startFakeOpenAI(askingAgainModel());
    restoreProvider = providerAt(fake.baseURL);
    worker = await startWorkerHere({ KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn' }, { concurrency: 2 });
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    restoreProvider();
    await fake?.close();
    removeTempDirs();
  }, 60_000);

  it('counts every call of a step, and a memory update caught up inside a step, with their tokens', async () => {
    const dir = tempDir('karya-queue-asked-again-');
    const file = writeJobs(dir, 'jobs.yaml', '- { id: ipoh, generator: romance, chapters: 1 }\n');
    const env = { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn', OPENAI_API_KEY: 'sk-test-queue-asked-again', OPENAI_BASE_URL: fake!.baseURL };
    const r = await runKaryaInProcess(['batch', file, '--queue', '--json', '--out', 'out'], { cwd: dir, env });
    expect(r.code, r.stderr).toBe(0);
    const requests = bookRequests(fake!);
    // One call more each: the introduction asked again, the chapter continued, the refused memory update tried again.
    expect(requests.filter(isMemoryRequest)).toHaveLength(romanceCalls(1).memory + 1);
    expect(requests).toHaveLength(romanceCalls(1).all + 3);
    expectTotals(r, 1, recordedTotals(fake!));
    // A step's event is the local batch's: what its calls cost is in the totals only.
    expect(events(r.stdout).filter((e) => e.type === 'step_done').every((e) => !('sent' in e))).toBe(true);
  }, 180_000);
});
