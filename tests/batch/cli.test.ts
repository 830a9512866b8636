// `karya batch` as a user runs it, against the fake OpenAI server: invalid jobs spend nothing (exit 2),
// all books written (exit 0, NDJSON events), one failing book (exit 1, the rest still finish), and
// --dry-run (the plan, no call, no state file). The command runs in the test's process (the kills and
// Ctrl-C are in resume.test.ts, with a real process).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { bookRequests, events, stepRequests, tempDir, writeJobs, removeTempDirs } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';

const fakes: FakeOpenAI[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});
async function fake(options: Parameters<typeof startFakeOpenAI>[0] = {}): Promise<FakeOpenAI> {
  const f = await startFakeOpenAI(options);
  fakes.push(f);
  return f;
}

/** `karya <args>` in `cwd` with the fake server as the provider. */
function runCli(args: string[], opts: { cwd: string; fake: FakeOpenAI }) {
  return runKaryaInProcess(args, {
    cwd: opts.cwd,
    env: { OPENAI_API_KEY: 'sk-test-batch', OPENAI_BASE_URL: opts.fake.baseURL },
  });
}

const GOOD_JOBS = `
- id: cinta-ms
  generator: romance
  lang: ms
  chapters: 1
  settings: { heatLevel: mild }
- id: penang
  generator: travel-guide
  settings: { destination: Penang }
- generator: poems
  lang: ms
`;

describe('karya batch (CLI)', () => {
  it('validates every job before any call: all invalid jobs listed, exit 2, nothing requested or saved', async () => {
    const f = await fake();
    const dir = tempDir();
    const file = writeJobs(
      dir,
      'jobs.jsonl',
      [
        '{"id":"ok","generator":"poems"}',
        '{"id":"hot","generator":"romance","settings":{"heatLevel":"scorching"}}',
        '',
        '{"generator":"romanse"}',
        '{"id":"bab","generator":"romance","chapters":"many"}',
      ].join('\n'),
    );
    const r = await runCli(['batch', file, '--out', 'books', '--json'], { cwd: dir, fake: f });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'jobs.jsonl:2: job "hot": settings.heatLevel: "scorching" is not one of sweet, mild, moderate, steamy',
    );
    expect(r.stderr).toMatch(/jobs\.jsonl:4: job 3: generator: "romanse" is not a generator \(allowed: .*romance/);
    expect(r.stderr).toContain('jobs.jsonl:5: job "bab": chapters: "many" must be a whole number from 1 to 100');
    expect(r.stderr).toContain('3 of 4 jobs are invalid; nothing was generated');
    expect(
      events(r.stdout)
        .filter((e) => e.type === 'invalid_job')
        .map((e) => e.line),
    ).toEqual([2, 4, 5]);
    expect(f.requests).toEqual([]);
    expect(existsSync(path.join(dir, '.karya'))).toBe(false);
    expect(existsSync(path.join(dir, 'books'))).toBe(false);
  }, 60_000);

  it('writes every book, prints NDJSON events and exits 0', async () => {
    const f = await fake({ latencyMs: 5 });
    const dir = tempDir();
    const file = writeJobs(dir, 'jobs.yaml', GOOD_JOBS);
    const r = await runCli(['batch', file, '--out', 'books', '--json', '--concurrency', '3'], { cwd: dir, fake: f });
    expect(r.stderr).not.toMatch(/Error|at .*\.ts/);
    expect(r.code).toBe(0);
    expect(readdirSync(path.join(dir, 'books')).sort()).toEqual(['03-poems.md', 'cinta-ms.md', 'penang.md']);
    // The fake's outline gives no working title: the book is titled by its kind, not by the generator's name.
    expect(readFileSync(path.join(dir, 'books', 'cinta-ms.md'), 'utf8')).toMatch(/^# Romantik\n\n## Pengenalan\n/);
    const ev = events(r.stdout);
    expect(ev.filter((e) => e.type === 'job_started')).toHaveLength(3);
    const step = ev.find((e) => e.type === 'step_done' && e.job === 'cinta-ms');
    expect(step).toMatchObject({
      step: 'Rangka Cerita',
      words: expect.any(Number),
      tokens: { total: expect.any(Number) },
      seconds: expect.any(Number),
    });
    expect(ev.filter((e) => e.type === 'step_done')).toHaveLength(4 + 10 + 1);
    // 15 steps, and a memory update after each introduction, chapter, section and ending: 3 for the romance, 9 for
    // the guide (a finished book's bible reads its last part too).
    expect(ev.at(-1)).toMatchObject({
      type: 'summary',
      books: 3,
      succeeded: 3,
      failed: 0,
      calls: 15 + 12,
      exitCode: 0,
    });
    expect(bookRequests(f)).toHaveLength(15 + 12);
    expect(stepRequests(f)).toHaveLength(15);
    expect(r.stderr).toContain('3 of 3 books written');
  }, 60_000);

  it(
    'counts the parts of a looping model as repeating: ⚠ ' + 'repeats on their steps, per book and in the summary',
    async () => {
      const f = await fake({ habits: ['loop'], writeRatio: 1 });
      const dir = tempDir();
      const file = writeJobs(dir, 'jobs.yaml', '- id: loop\n  generator: romance\n  chapters: 1\n');
      const r = await runCli(['batch', file, '--out', 'books', '--json'], { cwd: dir, fake: f });
      expect(r.code, r.stderr).toBe(0);
      const ev = events(r.stdout);
      // Introduction, chapter 1, conclusion: each one passage looped.
      expect(ev.filter((e) => e.type === 'step_done' && e.repeats === true)).toHaveLength(3);
      expect(ev.find((e) => e.type === 'job_done')).toMatchObject({ repeatingParts: 3 });
      expect(ev.at(-1)).toMatchObject({ type: 'summary', repeatingParts: 3 });
      expect(r.stderr).toContain('3 repeating parts');
    },
    60_000,
  );

  it(
    'a Chapter 2 answered as a recipe is asked again and the step ' +
      'says why; one stopped by the content filter fails its book, named',
    async () => {
      const f = await fake({ wrongKind: 'recipe', writeRatio: 1 });
      const dir = tempDir();
      const file = writeJobs(dir, 'jobs.yaml', '- id: kind\n  generator: romance\n  chapters: 3\n');
      const r = await runCli(['batch', file, '--out', 'books', '--json'], { cwd: dir, fake: f });
      expect(r.code, r.stderr).toBe(0);
      const two = events(r.stdout).find((e) => e.type === 'step_done' && e.step === 'Chapter 2');
      expect(two?.notes).toEqual(['Chapter 2: an answer was a recipe; asked again, and the new answer kept']);
      expect(r.stderr).toContain('kind: Chapter 2: an answer was a recipe');
      expect(readFileSync(path.join(dir, 'books', 'kind.md'), 'utf8')).not.toContain('2 cups rice');

      f.setWrongKind('content-filter');
      const other = tempDir();
      const filtered = await runCli(
        [
          'batch',
          writeJobs(other, 'jobs.yaml', '- id: kind\n  generator: romance\n  chapters: 3\n'),
          '--out',
          'books',
          '--json',
        ],
        { cwd: other, fake: f },
      );
      expect(filtered.code).toBe(1);
      expect(events(filtered.stdout).find((e) => e.type === 'job_failed')).toMatchObject({
        job: 'kind',
        code: 'filtered',
      });
    },
    60_000,
  );

  it('exits 1 when a book fails, after finishing the others', async () => {
    const f = await fake({
      latencyMs: 5,
      reply: (body) => (JSON.stringify(body.messages).includes('Langkawi') ? { status: 500 } : undefined),
    });
    const dir = tempDir();
    const file = writeJobs(
      dir,
      'jobs.yaml',
      `${GOOD_JOBS}- id: langkawi\n  generator: travel-guide\n  settings: { destination: Langkawi }\n`,
    );
    const r = await runCli(['batch', file, '--json'], { cwd: dir, fake: f });
    expect(r.code).toBe(1);
    const ev = events(r.stdout);
    expect(ev.find((e) => e.type === 'job_failed')).toMatchObject({
      job: 'langkawi',
      code: 'server_error',
      status: 500,
    });
    expect(ev.at(-1)).toMatchObject({ type: 'summary', succeeded: 3, failed: 1, exitCode: 1 });
    expect(readdirSync(path.join(dir, 'books')).sort()).toEqual(['03-poems.md', 'cinta-ms.md', 'penang.md']);
    expect(r.stderr).toMatch(/✗ langkawi · Guide Outline: server_error \(HTTP 500\)/);
  }, 60_000);

  it('--dry-run prints books, calls, tokens and the lower bound, and calls nothing', async () => {
    const f = await fake();
    const dir = tempDir();
    const file = writeJobs(dir, 'jobs.yaml', GOOD_JOBS);
    const r = await runCli(
      ['batch', file, '--dry-run', '--rpm', '30', '--tpm', '60000', '--concurrency', '2', '--latency', '10'],
      { cwd: dir, fake: f },
    );
    expect(r.code).toBe(0);
    // 15 steps and 10 memory updates (2 for the 1-chapter romance, 8 for the 7-section guide); the guide's
    // chain is its 10 steps and 8 updates.
    expect(r.stdout).toMatch(/books 3 · calls 25 · tokens budgeted [\d,]+/);
    expect(r.stdout).toContain('longest chain 18 × 10 s = 3 min 0 s');
    expect(r.stdout).toContain('25 calls ÷ 30 rpm = 50 s');
    expect(r.stdout).toMatch(/lower bound 3 min 0 s at an assumed 10 s per call/);
    expect(f.requests).toEqual([]);
    expect(existsSync(path.join(dir, '.karya'))).toBe(false);
  }, 60_000);
});
