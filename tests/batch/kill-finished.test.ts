// A batch killed with SIGKILL and run again asks the model for no finished step a second time: every step
// the batch reported done (its step_done event) was kept before it was reported, the books' parts in the
// state file and a single piece's file on disk (riddles, poems and the like keep no saved progress: their
// file is their progress). Counted at the fake model: the requests answered over both runs are the steps. The killed
// run is a real process (the SIGKILL is the point); the runs after it read the state file it left in the test's own
// process (tests/karya-in-process.ts: the same exit code and NDJSON events).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { killAll } from '../karya-process.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { events, removeTempDirs, startCli, stepRequests, tempDir, waitFor, writeJobs, type CliRun } from './helpers.js';

let fake: FakeOpenAI | undefined;
const runs: CliRun[] = [];
afterAll(async () => {
  killAll(runs.map((r) => r.child));
  await fake?.close();
  removeTempDirs();
});

// Two books of 5 steps (outline, introduction, 2 chapters, conclusion) and five single pieces whose generators
// save no progress: 15 steps in all.
const JOBS = `
- { id: a, generator: romance, lang: en, chapters: 2, settings: { settingType: urban } }
- { id: b, generator: romance, lang: ms, chapters: 2, settings: { settingType: coastal } }
- { id: r1, generator: riddles, lang: en }
- { id: p1, generator: poems, lang: ms }
- { id: l1, generator: language-story, lang: en }
- { id: i1, generator: islamic-stories, lang: ms, settings: { prophet: Yunus } }
- { id: d1, generator: did-you-know, lang: en, settings: { topic: oceans } }
`;
const TOTAL_STEPS = 15;
const SINGLES = ['r1', 'p1', 'l1', 'i1', 'd1'];

it(
  'killed with SIGKILL after finished steps and run again: ' + 'every step is asked for once, no finished one again',
  async () => {
    // Once `isHanging`, every new call hangs unanswered (never paid), as a model server that stopped answering:
    // the batch is killed with its finished steps reported and its other calls in flight.
    let isHanging = false;
    const hung = new Set<unknown>();
    fake = await startFakeOpenAI({
      latencyMs: 60,
      reply: (body) => {
        if (!isHanging) return undefined;
        hung.add(body);
        return { hang: true };
      },
    });
    const dir = tempDir();
    const file = writeJobs(dir, 'jobs.yaml', JOBS);
    const args = ['batch', file, '--concurrency', '3', '--json'];
    const answered = () => stepRequests(fake!).filter((r) => r.answeredAt !== undefined).length;
    const stepsDone = (stdout: string) => events(stdout).filter((e) => e.type === 'step_done');
    const finished = (run: CliRun) => stepsDone(run.stdout());
    const env = { OPENAI_API_KEY: 'sk-test-batch', OPENAI_BASE_URL: fake.baseURL };

    const first = startCli(args, { cwd: dir, fake });
    runs.push(first);
    // Some steps finished, a single piece among them, then the model stops answering.
    await waitFor(
      () => answered() >= 6 && finished(first).some((e) => SINGLES.includes(String(e.job))),
      60_000,
      'six answered steps, a single piece among them',
    ).catch((error: Error) => {
      throw new Error(`${error.message}: ${first.stderr()}`);
    });
    isHanging = true;
    // The calls sent before are answered, and every answer the fake gave is reported finished by the batch.
    const settled = () => stepRequests(fake!).every((r) => r.answeredAt !== undefined || hung.has(r.body));
    await waitFor(
      () => settled() && finished(first).length === answered() && hung.size > 0,
      30_000,
      'the answered steps reported done, the next calls hanging',
    );
    const finishedFirst = finished(first).length;
    first.child.kill('SIGKILL');
    expect((await first.done).signal).toBe('SIGKILL');
    expect(finishedFirst).toBeGreaterThanOrEqual(6);
    expect(finishedFirst).toBeLessThan(TOTAL_STEPS);

    isHanging = false;
    const result = await runKaryaInProcess(args, { cwd: dir, env });
    expect(result.code).toBe(0);
    const summary = events(result.stdout).find((e) => e.type === 'summary')!;
    expect(summary).toMatchObject({ books: 7, succeeded: 7, failed: 0 });
    // The second run asked for the steps the first left, and nothing the first had finished.
    expect(stepsDone(result.stdout)).toHaveLength(TOTAL_STEPS - finishedFirst);
    const finishedOnce = [...finished(first), ...stepsDone(result.stdout)].map(
      (e) => `${String(e.job)}/${String(e.step)}`,
    );
    expect(new Set(finishedOnce).size).toBe(TOTAL_STEPS);
    // Paid once: the answered step requests over both runs are the batch's steps.
    expect(stepRequests(fake).filter((r) => r.answeredAt !== undefined)).toHaveLength(TOTAL_STEPS);
    expect(
      readdirSync(path.join(dir, 'books'))
        .filter((f) => f.endsWith('.md'))
        .sort(),
    ).toEqual(['a.md', 'b.md', 'd1.md', 'i1.md', 'l1.md', 'p1.md', 'r1.md']);

    // Run once more: everything is written, nothing is asked.
    const third = await runKaryaInProcess(args, { cwd: dir, env });
    expect(third.code).toBe(0);
    expect(stepsDone(third.stdout)).toHaveLength(0);
    expect(stepRequests(fake).filter((r) => r.answeredAt !== undefined)).toHaveLength(TOTAL_STEPS);
  },
  120_000,
);
