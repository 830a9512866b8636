// `karya batch --queue`: the closing line's calls and tokens, and --json's summary, count every call the workers
// made of the model for the batch, each book's memory updates too (one after its introduction and after each
// chapter), as the model server counted them: a writer reads there what the run asked of their account, the
// same as a local batch tells them (tests/batch/publish-totals). The worker runs in this process on its own
// store and pools (tests/scale/worker-here.ts): its counts are the point, not its process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { usePostgresDatabase } from './postgres-database.js';
import { providerAt, startWorkerHere, type WorkerHere } from './worker-here.js';
import { bookRequests, expectTotals, isMemoryRequest, recordedTotals, removeTempDirs, romanceCalls, tempDir, writeJobs } from '../batch/helpers.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
let worker: WorkerHere | undefined;
let restoreProvider: () => void = () => undefined;

describe.skipIf(skip)('karya batch --queue totals', () => {
  beforeAll(async () => {
    fake = await startFakeOpenAI();
    restoreProvider = providerAt(fake.baseURL);
    worker = await startWorkerHere({ KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn' }, { concurrency: 2 });
  }, 120_000);
  afterAll(async () => {
    await worker?.close();
    restoreProvider();
    await fake?.close();
    removeTempDirs();
  }, 60_000);

  it("counts the workers' memory updates, their calls and tokens, in the closing line and the summary", async () => {
    const dir = tempDir('karya-queue-totals-');
    const file = writeJobs(dir, 'jobs.yaml', '- { id: pantai, generator: romance, lang: ms, chapters: 1 }\n- { id: kota, generator: romance, lang: en, chapters: 2 }\n');
    const env = { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn', OPENAI_API_KEY: 'sk-test-queue-totals', OPENAI_BASE_URL: fake!.baseURL };
    const r = await runKaryaInProcess(['batch', file, '--queue', '--json', '--out', 'out'], { cwd: dir, env });
    expect(r.code, r.stderr).toBe(0);
    // What the model server was asked and answered (its 1-token provider checks aside): every step and every memory update.
    const requests = bookRequests(fake!);
    expect(requests.filter(isMemoryRequest)).toHaveLength(romanceCalls(1).memory + romanceCalls(2).memory);
    expect(requests).toHaveLength(romanceCalls(1).all + romanceCalls(2).all);
    expectTotals(r, 2, recordedTotals(fake!));
  }, 180_000);
});
