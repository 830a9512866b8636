// `karya batch --json` says the same of each step whether the books run here or on the queue's workers: the same
// job against the same model, once local and once with `--queue` on one `karya worker`, gives the same step_done
// events, the part's target, a part asked again in Malay (languageDrift) and its notes included. The worker is a
// process of its own, as in use; the two `karya batch` runs are the command in the test's process
// (tests/karya-in-process.ts: the same exit code and NDJSON events; tests/scale/batch-queue.test.ts runs a queued
// batch so too).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fullLength, PROSE_SENTENCES, startFakeOpenAI, writeProse, type FakeOpenAI } from '../fake-openai.js';
import { postgresUnavailable } from '../postgres.js';
import { usePostgresDatabase } from './postgres-database.js';
import { endAfterAll, startCli, tempDir, waitFor, writeJobs } from '../batch/helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';

const skip = postgresUnavailable();
if (skip) console.warn(skip);

/** The firmer Malay instruction a part in another language is asked again with (templates/firm-language.hbs). */
const FIRM_MS = 'Jawapan anda yang sebelumnya tidak ditulis dalam Bahasa Malaysia';
const ENGLISH = writeProse(300, PROSE_SENTENCES.en);
const MALAY = writeProse(300, PROSE_SENTENCES.ms);

const db = usePostgresDatabase();
let fake: FakeOpenAI | undefined;
const runs = endAfterAll(() => fake);

type StepDone = Record<string, unknown> & { type: 'step_done'; step: string };

const stepsDone = (stdout: string): StepDone[] =>
  stdout
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e): e is StepDone => e.type === 'step_done');

/**
 * A step_done as both runs should say it: less its time and its tokens (the fake's count of a request's words),
 * and the batch's figures so far (its elapsed and left seconds; its calls when the answers come).
 */
const comparable = ({ seconds: _s, tokens: _t, progress: _p, ...rest }: StepDone) => rest;

describe.skipIf(skip)('karya batch --queue --json', () => {
  it(
    "says of each step what a local batch says: the part's " +
      'target, a Malay chapter asked again after an English answer',
    async () => {
      // Chapter 1 comes back in English the first time it is asked; everything else in Malay.
      fake = await startFakeOpenAI({
        answer: fullLength((body) => {
          const user = String((body.messages as Array<{ role: string; content: string }>).at(-1)?.content ?? '');
          return user.includes('Tulis Bab 1') && !user.includes(FIRM_MS) ? ENGLISH : MALAY;
        }),
      });
      const dir = tempDir('karya-queue-events-');
      const file = writeJobs(dir, 'jobs.yaml', '- { id: pantai, generator: romance, lang: ms, chapters: 1 }\n');

      const provider = { OPENAI_API_KEY: 'sk-test-batch', OPENAI_BASE_URL: fake.baseURL };
      const here = await runKaryaInProcess(
        ['batch', file, '--json', '--state', path.join(dir, 'local.sqlite'), '--out', path.join(dir, 'local')],
        { cwd: dir, env: { ...provider, KARYA_DATABASE_URL: '' } },
      );
      expect(here.code, here.stderr).toBe(0);

      const env = { KARYA_DATABASE_URL: db.url, KARYA_LOG_LEVEL: 'warn' };
      const worker = startCli(['worker', '--concurrency', '2'], { cwd: dir, fake, env });
      runs.push(worker);
      await waitFor(() => worker.stderr().includes('karya worker '), 90_000, 'the worker started');
      const there = await runKaryaInProcess(['batch', file, '--queue', '--json', '--out', path.join(dir, 'queued')], {
        cwd: dir,
        env: { ...provider, ...env },
      });
      expect(there.code, there.stderr).toBe(0);
      worker.child.kill('SIGTERM');

      const localSteps = stepsDone(here.stdout);
      const queuedSteps = stepsDone(there.stdout);
      // Outline, introduction, chapter 1, conclusion.
      expect(localSteps.map((e) => e.step)).toEqual(['Rangka Cerita', 'Pengenalan', 'Bab 1', 'Kesimpulan']);
      const chapter = queuedSteps.find((e) => e.step === 'Bab 1')!;
      expect(chapter.languageDrift).toEqual({ expected: 'ms', found: 'en', resolved: true });
      expect(chapter.target).toBe(1500);
      expect(queuedSteps.map(comparable)).toEqual(localSteps.map(comparable));
    },
    180_000,
  );
});
