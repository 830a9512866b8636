// Crash safety of `karya batch`, as a user would see it: SIGKILL halfway, then the same command again
// finishes the batch without asking the server for any finished step again; Ctrl-C (SIGINT) stops new
// calls, aborts the ones in flight, keeps what finished and exits 130.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { validateJobs, parseYamlList } from '../../cli/batch/jobs.js';
import { loadBooks } from '../../cli/batch/scheduler.js';
import { openBatchState } from '../../cli/batch/state.js';
import { CLI_USER } from '../../cli/util.js';
import {
  bookRequests,
  promptId,
  startCli,
  stepRequests,
  tempDir,
  waitFor,
  writeJobs,
  removeTempDirs,
} from './helpers.js';
import { repoCatalog } from '../catalog.js';

const fakes: FakeOpenAI[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

// Four books of 4-5 steps (outline, introduction, chapters, conclusion) and one of 10 (fixed sections).
const JOBS = `
- { id: kl, generator: romance, lang: en, chapters: 2, settings: { settingType: urban } }
- { id: pantai, generator: romance, lang: ms, chapters: 2, settings: { settingType: coastal } }
- { id: angkasa, generator: sci-fi, lang: ms, chapters: 2 }
- { id: dapur, generator: cookbook, chapters: 2, settings: { cuisineType: asian } }
- { id: penang, generator: travel-guide, lang: ms, settings: { destination: Penang } }
`;

/**
 * Steps saved and steps in all, for every job of the file, read from the state a stopped process left, and the steps
 * not saved whose answers it kept (engine/session/kept-answers.ts: the next run is given them back).
 */
async function savedSteps(dir: string, file: string): Promise<{ saved: number; total: number; kept: number }> {
  const catalog = repoCatalog();
  const { jobs } = validateJobs(parseYamlList(file, JOBS), { catalog, file, outDir: path.join(dir, 'books') });
  const store = await openBatchState(path.join(dir, '.karya', 'state.sqlite'));
  try {
    const books = await loadBooks(store, jobs);
    const progress = store.progress(CLI_USER);
    const kept = await Promise.all(
      jobs.map(
        async (job) =>
          new Set((await progress.keptAnswers!(job.key)).map((k) => k.scope).filter((s) => s.startsWith('step:'))).size,
      ),
    );
    return {
      saved: books.reduce((n, b) => n + b.doneSteps, 0),
      total: books.reduce((n, b) => n + b.totalSteps, 0),
      kept: kept.reduce((a, b) => a + b, 0),
    };
  } finally {
    await store.close();
  }
}

describe.concurrent('karya batch: crash safety', () => {
  it('after SIGKILL halfway, the same command finishes with no finished step requested again', async () => {
    const fake = await startFakeOpenAI({ latencyMs: 150 });
    fakes.push(fake);
    const dir = tempDir();
    const file = writeJobs(dir, 'jobs.yaml', JOBS);
    const args = ['batch', file, '--concurrency', '3'];

    const first = startCli(args, { cwd: dir, fake });
    // Killed once the batch has reported 8 steps done (a step is saved before it is reported: on a busy machine the
    // answers the fake gave can wait a while to be read, so its count of answers says nothing of what was saved).
    await waitFor(() => /\[\s*8\/\d+\]/.test(first.stderr()), 45_000, '8 steps reported done');
    first.child.kill('SIGKILL');
    const killed = await first.done;
    expect(killed.signal).toBe('SIGKILL');
    // Steps only: memory updates (the story so far) are counted apart.
    const firstRun = stepRequests(fake);
    const { saved, total, kept } = await savedSteps(dir, file);
    expect(firstRun.length).toBeLessThan(total);
    expect(saved).toBeGreaterThanOrEqual(8);

    const second = await startCli(args, { cwd: dir, fake }).done;
    expect(second.stderr).toContain('5 of 5 books written');
    expect(second.code).toBe(0);
    const secondRun = stepRequests(fake).slice(firstRun.length);
    // The steps that were not saved are asked for, less those whose answers had arrived (kept, given back): no saved
    // step is generated again. A kill between a step's save and the drop of its kept answers leaves them counted in
    // `kept` for a step also counted saved (never asked for again either way), so the count may be one above.
    expect(secondRun.length).toBeGreaterThanOrEqual(total - saved - kept);
    expect(secondRun.length).toBeLessThanOrEqual(Math.min(total - saved, total - saved - kept + 1));
    const firstIds = firstRun.map(promptId);
    const repeated = secondRun.map(promptId).filter((id) => firstIds.includes(id));
    // A repeat is only a call that was still in flight at the kill (never more than --concurrency); one
    // whose prompt carries a memory rewritten since is not a repeat at all.
    expect(repeated.length).toBeLessThanOrEqual(firstRun.length - saved);
    expect(repeated.length).toBeLessThanOrEqual(3);
    for (const id of repeated) expect(firstRun.filter((r) => promptId(r) === id)).toHaveLength(1);
    expect(readdirSync(path.join(dir, 'books')).sort()).toEqual([
      'angkasa.md',
      'dapur.md',
      'kl.md',
      'pantai.md',
      'penang.md',
    ]);
  }, 90_000);

  it('Ctrl-C stops new calls, aborts the ones in flight, keeps finished steps and exits 130', async () => {
    // The first two calls are answered; every later one is held by the fake until the run has ended, so the calls in
    // flight at the interrupt can only end by the batch cutting them off: a batch that waited for them would never end
    // (the wait below names it). No clock decides: at 3 s allowed against calls of 4 s a loaded machine's stop was a
    // race (2,022 ms seen against 2 s with calls of 2.5 s).
    let release!: () => void;
    const held = new Promise<undefined>((resolve) => (release = () => resolve(undefined)));
    const fake = await startFakeOpenAI({ latencyMs: 50, reply: (_body, i) => (i >= 2 ? { until: held } : undefined) });
    fakes.push(fake);
    const dir = tempDir();
    const file = writeJobs(dir, 'jobs.yaml', JOBS);
    const run = startCli(['batch', file, '--concurrency', '2'], { cwd: dir, fake });
    try {
      await waitFor(
        () => bookRequests(fake).filter((r) => r.answeredAt).length >= 2 && bookRequests(fake).length >= 4,
        45_000,
        'two answered calls and two in flight',
      );
      // --concurrency 2: both places are taken by held calls, so nothing more is sent before the interrupt either.
      const sent = bookRequests(fake).length;
      const inFlight = bookRequests(fake).filter((r) => !r.answeredAt).length;
      expect(inFlight).toBe(2);
      run.child.kill('SIGINT');
      // The calls in flight were cut off, not waited for: their client went away before any answer.
      await waitFor(() => fake.abandoned() >= inFlight, 60_000, 'the calls in flight cut off by the interrupt');
      const r = await run.done;
      expect(r.code).toBe(130);
      expect(r.stderr).toContain('interrupted; finished steps are saved');
      expect(fake.abandoned()).toBe(inFlight);
      // No call started after the interrupt.
      expect(bookRequests(fake)).toHaveLength(sent);
      // The finished steps are kept: the answered ones, all of them before the interrupt.
      expect((await savedSteps(dir, file)).saved).toBe(stepRequests(fake).filter((x) => x.answeredAt).length);
      expect((await savedSteps(dir, file)).saved).toBeGreaterThan(0);
    } finally {
      release();
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }, 90_000);
});
