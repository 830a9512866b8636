// A run's budget of model calls (engine/budget.ts) as a writer meets it in `karya generate` and `karya batch`, against
// models that misbehave as real servers do: nothing but refusals, server errors (500), rate limits (429) or empty
// answers. Each run ends within the bound it printed at its start, exit 1, its message naming what the model kept
// doing; --max-calls (a jobs file's max_calls) sets a tighter bound, and the next run goes on from where it stopped. A
// model that refuses once and then answers is still asked again once and kept.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import {
  REFUSAL_TEXT,
  isOutlineRequest,
  startFakeOpenAI,
  type FakeOpenAI,
  type FakeOpenAIOptions,
} from '../fake-openai.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Reply = NonNullable<FakeOpenAIOptions['reply']>;

/** The models: each answers every request so (429 asks for no wait, so the test does not sleep). */
const MODELS: ReadonlyArray<{ name: string; reply: Reply; generate: RegExp; batch: RegExp }> = [
  { name: 'refusals', reply: () => ({ text: REFUSAL_TEXT.en }), generate: /declined to write this/, batch: /refused/ },
  {
    name: 'server errors (500)',
    reply: () => ({ status: 500, body: { error: { message: 'boom' } } }),
    generate: /Server error/,
    batch: /server_error/,
  },
  {
    name: 'rate limits (429)',
    reply: () => ({
      status: 429,
      body: { error: { message: 'Rate limit', type: 'rate_limit' } },
      headers: { 'retry-after': '0' },
    }),
    generate: /Too many requests/,
    batch: /rate limits, HTTP 429|Too many requests/,
  },
  {
    name: 'empty answers',
    reply: () => ({ text: '' }),
    generate: /No content generated/,
    batch: /no_content|empty answers/,
  },
];

async function setUp(reply?: Reply) {
  fake = await startFakeOpenAI({ writeRatio: 1, ...(reply ? { reply } : {}) });
  const cwd = tempDir('karya-run-budget-');
  const f = fake;
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', path.join(cwd, 'state.sqlite')], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: f.baseURL },
    });
  return { cwd, karya, calls: () => f.generationRequests().length };
}

/** The bound a run printed at its start. */
function printedBound(stderr: string): number {
  const m = /karya: (\d+) model calls planned; the run stops at (\d+) calls/.exec(stderr);
  expect(m, stderr).not.toBeNull();
  return Number(m![2]);
}

describe('karya generate and karya batch within their budget of model calls', () => {
  for (const model of MODELS) {
    it(
      `generate: a model that answers nothing but ${model.name} ` + `ends within the printed bound, exit 1, naming it`,
      async () => {
        const { karya, calls } = await setUp(model.reply);
        const r = await karya(['generate', 'romance', '--chapters', '3', '--out', 'book.md']);
        expect(r.code).toBe(1);
        expect(calls()).toBeLessThanOrEqual(printedBound(r.stderr));
        expect(r.stderr).toMatch(model.generate);
      },
    );

    it(
      `batch: a model that answers nothing but ${model.name} ` + `ends the book within its bound, exit 1, naming it`,
      async () => {
        const { cwd, karya, calls } = await setUp(model.reply);
        writeFileSync(path.join(cwd, 'jobs.yaml'), '- id: r\n  generator: romance\n  chapters: 3\n');
        const r = await karya(['batch', 'jobs.yaml', '--json']);
        expect(r.code).toBe(1);
        const events = r.stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { type: string; calls?: { bound: number }; message?: string; code?: string });
        const started = events.find((e) => e.type === 'job_started')!;
        expect(calls()).toBeLessThanOrEqual(started.calls!.bound);
        const failed = events.find((e) => e.type === 'job_failed')!;
        expect(`${failed.code}: ${failed.message}`).toMatch(model.batch);
      },
    );
  }

  it(
    'batch: a model rate-limited for good fails its book ' + "after the provider's own tries, not asked again on top",
    async () => {
      const { cwd, karya, calls } = await setUp(MODELS[2]!.reply);
      writeFileSync(path.join(cwd, 'jobs.yaml'), '- id: r\n  generator: romance\n  chapters: 3\n');
      const r = await karya(['batch', 'jobs.yaml', '--json']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/"type":"job_failed"[^\n]*"code":"rate_limited"/);
      // One ask of the outline with the provider's own retries (three requests): the batch asks nothing again itself.
      expect(calls()).toBeLessThanOrEqual(5);
    },
  );

  it(
    'generate --max-calls 3 stops at three calls, what ' + 'was written kept; the next run goes on from there',
    async () => {
      const { karya, calls } = await setUp();
      const first = await karya(['generate', 'romance', '--chapters', '3', '--out', 'book.md', '--max-calls', '3']);
      expect(first.code).toBe(1);
      expect(first.stderr).toMatch(/the run stops at 3 calls/);
      expect(first.stderr).toMatch(/The run stopped at its bound of 3 model calls \(12 planned\)/);
      expect(calls()).toBe(3);
      const second = await karya(['generate', 'romance', '--chapters', '3', '--out', 'book.md', '--json']);
      expect(second.code, second.stderr).toBe(0);
      const summary = JSON.parse(second.stdout) as { calls: { planned: number; bound: number; calls: number } };
      // Fewer calls planned than the first run's 12: the steps written are not asked again.
      expect(summary.calls.planned).toBeLessThan(12);
      expect(summary.calls.calls).toBe(calls() - 3);
    },
  );

  it(
    "batch: a job's max_calls bounds its book; a max_calls that is " +
      'not a whole number from 1 is refused before anything is asked',
    async () => {
      const { cwd, karya, calls } = await setUp();
      writeFileSync(path.join(cwd, 'bad.yaml'), '- id: r\n  generator: romance\n  chapters: 3\n  max_calls: 0\n');
      const bad = await karya(['batch', 'bad.yaml']);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/max_calls: 0 must be a whole number of calls from 1 up/);
      expect(calls()).toBe(0);
      writeFileSync(path.join(cwd, 'jobs.yaml'), '- id: r\n  generator: romance\n  chapters: 3\n  max_calls: 2\n');
      const r = await karya(['batch', 'jobs.yaml', '--json']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/"code":"run_over_budget"/);
      expect(calls()).toBe(2);
    },
  );

  it('a model that refuses once, then answers: asked again once, and the book is written', async () => {
    const { karya, calls } = await setUp((_body, index) => (index === 0 ? { text: REFUSAL_TEXT.en } : undefined));
    const r = await karya(['generate', 'romance', '--chapters', '3', '--out', 'book.md', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { calls: { planned: number; calls: number } };
    expect(summary.calls.calls).toBe(calls());
    // The outline asked twice (refused, then written); every other step once.
    expect(fake!.generationRequests().filter((q) => isOutlineRequest(q.body ?? {}))).toHaveLength(2);
  });
});
