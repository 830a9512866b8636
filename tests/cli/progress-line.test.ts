// Time left and cost so far on every long command: `karya import`, `translate`, `batch` and `generate` (a book)
// print, as they go, the parts done of those planned, the time left at the run's pace and the calls, tokens and
// credits spent so far; on a terminal one line redrawn in place, to a pipe one line a part; the same figures in
// --json. Against the fake model, with a little latency so that every part takes time.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durationIn, runFigures } from '../../engine/index.js';
import { RunMeter } from '../../cli/run-meter.js';
import { HumanProgress } from '../../cli/batch/report.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { underWriter } from '../scripted-models.js';
import { fakeTranslator, isTranslateRequest } from '../fake-translator.js';
import { saveRomance } from '../translate/book.js';
import { malayManuscript } from '../import/manuscript.js';
import { tempDir } from '../temp.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';

/** A progress line as a pipe reads it, its figures taken out. */
interface Line {
  done: number;
  planned: number;
  left: string;
  calls: number;
  tokens: number;
  credits?: number;
}

const LINE = {
  en: /^ {2}(\d+) of (\d+) parts · (.+?) · so far: calls ([\d,]+), tokens ([\d,]+)(?:, credits ([\d,]+))?$/,
  ms: new RegExp(
    /^ {2}(\d+) daripada (\d+) bahagian · (.+?) · setakat ini: panggilan ([\d,]+), token ([\d,]+)/.source +
      /(?:, kredit ([\d,]+))?$/.source,
  ),
} as const;

function linesOf(stderr: string, lang: keyof typeof LINE = 'en'): Line[] {
  const number = (s: string) => Number(s.replace(/,/g, ''));
  return stderr.split('\n').flatMap((l) => {
    const m = LINE[lang].exec(l);
    return m
      ? [
          {
            done: number(m[1]!),
            planned: number(m[2]!),
            left: m[3]!,
            calls: number(m[4]!),
            tokens: number(m[5]!),
            ...(m[6] ? { credits: number(m[6]) } : {}),
          },
        ]
      : [];
  });
}

/**
 * The lines written as parts ended: each the first with its count of parts done. A part slower than the meter's few
 * seconds (a loaded machine's outline) also gets a line while it runs, with the count before it (cli/run-meter.ts).
 */
function partLines(lines: readonly Line[], doneAtStart = 0): Line[] {
  return lines.filter((l, i) => l.done > (i ? lines[i - 1]!.done : doneAtStart));
}

/** The figures move: parts one more a line, calls and tokens never fewer and more at the end than at the start. */
function expectMoving(lines: readonly Line[], planned: number): void {
  expect(lines.length).toBeGreaterThanOrEqual(3);
  lines.forEach((l, i) => {
    expect(l.planned).toBe(planned);
    if (i) {
      expect(l.done).toBeGreaterThan(lines[i - 1]!.done);
      expect(l.calls).toBeGreaterThanOrEqual(lines[i - 1]!.calls);
      expect(l.tokens).toBeGreaterThanOrEqual(lines[i - 1]!.tokens);
    }
  });
  expect(lines.at(-1)!.calls).toBeGreaterThan(lines[0]!.calls);
  expect(lines.at(-1)!.tokens).toBeGreaterThan(lines[0]!.tokens);
  // Time left: a wait while parts are left, none at the end.
  expect(lines[0]!.left).toMatch(/^about \d+ (s|min|min \d+ s) left$/);
  expect(lines.at(-1)!).toMatchObject({ done: planned });
  expect(lines.at(-1)!.left).toMatch(/^all done in \d+ s$/);
}

/** A --json progress object, checked whole: every figure present and sane. */
function expectFigures(progress: unknown, expected: { done: number; planned: number; hasCredits: boolean }): void {
  const p = progress as Record<string, number | null>;
  expect(Object.keys(p).sort()).toEqual([
    'calls',
    'credits',
    'done',
    'elapsedSeconds',
    'etaSeconds',
    'planned',
    'tokens',
  ]);
  expect(p).toMatchObject({ done: expected.done, planned: expected.planned, etaSeconds: 0 });
  expect(p.calls).toBeGreaterThanOrEqual(expected.done - 1);
  expect(p.tokens).toBeGreaterThan(0);
  expect(p.elapsedSeconds).toBeGreaterThan(0);
  if (expected.hasCredits) expect(p.credits).toBeGreaterThan(0);
}

describe('the pace of a run (engine/pace.ts)', () => {
  const table: Array<[string, Parameters<typeof runFigures>[0], number | null]> = [
    [
      'no part done yet: no pace, no time left',
      { startedMs: 0, nowMs: 9_000, doneAtStart: 0, done: 0, planned: 5 },
      null,
    ],
    [
      '2 of 5 parts in 20 s: 3 more at 10 s each',
      { startedMs: 0, nowMs: 20_000, doneAtStart: 0, done: 2, planned: 5 },
      30,
    ],
    [
      'resumed at 2, one more in 10 s: 2 left at 10 s',
      { startedMs: 5_000, nowMs: 15_000, doneAtStart: 2, done: 3, planned: 5 },
      20,
    ],
    [
      'a fast run still says a second while a part is left',
      { startedMs: 0, nowMs: 100, doneAtStart: 0, done: 4, planned: 5 },
      1,
    ],
    ['every part done: nothing left', { startedMs: 0, nowMs: 50_000, doneAtStart: 0, done: 5, planned: 5 }, 0],
  ];
  for (const [name, input, eta] of table) it(name, () => expect(runFigures(input).etaSeconds).toBe(eta));

  it('says a wait in its two largest units, none of them 0', () => {
    expect([0, 9.4, 60, 250, 3_600, 7_500].map((s) => durationIn(s, 'en'))).toEqual([
      '0 s',
      '9 s',
      '1 min',
      '4 min 10 s',
      '1 h',
      '2 h 5 min',
    ]);
  });

  it('keeps the counts given and the time since the start', () => {
    expect(
      runFigures({
        startedMs: 1_000,
        nowMs: 3_500,
        doneAtStart: 0,
        done: 1,
        planned: 4,
        calls: 3,
        tokens: 1200,
        credits: 1,
      }),
    ).toEqual({ done: 1, planned: 4, calls: 3, tokens: 1200, credits: 1, elapsedSeconds: 2.5, etaSeconds: 8 });
  });
});

describe('the progress line to a pipe', () => {
  it("ends with no second copy of the last part's line when only the clock moved since", () => {
    let now = 0;
    const written: string[] = [];
    const meter = new RunMeter({
      lang: 'en',
      planned: 2,
      done: 0,
      stream: { write: (t: string) => written.push(t) },
      now: () => now,
    });
    now += 1_000;
    meter.partDone();
    now += 1_000;
    meter.partDone();
    // The command's last lines take a moment: "all done in 2 s" would read "3 s" now, and nothing else moved.
    now += 900;
    meter.finish();
    expect(written).toEqual([
      '  1 of 2 parts · about 1 s left · so far: calls 0, tokens 0\n',
      '  2 of 2 parts · all done in 2 s · so far: calls 0, tokens 0\n',
    ]);
  });
});

describe('the progress line on a terminal', () => {
  it('is one line redrawn in place: parts, time left and the cost move as parts are done', async () => {
    let now = 0;
    const written: string[] = [];
    const meter = new RunMeter({
      lang: 'en',
      planned: 4,
      done: 0,
      hasCredits: true,
      stream: { isTTY: true, write: (t: string) => written.push(t) },
      now: () => now,
    });
    const provider = meter.counted({
      name: 'test',
      isOffline: false,
      generateText: async () => ({
        text: 'x',
        model: 'm',
        usage: { promptTokens: 10, completionTokens: 90, totalTokens: 100 },
      }),
      generateImage: async () => {
        throw new Error('no');
      },
    });
    const part = async (ms: number) => {
      now += ms;
      await provider.generateText({ system: '', user: '', maxTokens: 10 } as never);
      meter.partDone(2);
    };
    await part(10_000);
    await part(30_000);
    await part(20_000);
    meter.finish();
    // Every drawing goes back to the line's start and clears it; no line is ended until the run's end.
    const drawn = written.filter((t) => t.startsWith('\r\x1b[K  '));
    expect(written.slice(0, -1).every((t) => t.startsWith('\r\x1b[K') && !t.includes('\n'))).toBe(true);
    expect(written.at(-1)).toBe('\n');
    // Drawn as each call ends (the time left from the parts done: it grows while a part takes longer than
    // those before) and as each part is done; the last one left in place.
    expect(drawn.map((t) => t.slice(6))).toEqual([
      '0 of 4 parts · time left once a part is done · so far: calls 1, tokens 100, credits 0',
      '1 of 4 parts · about 30 s left · so far: calls 1, tokens 100, credits 2',
      '1 of 4 parts · about 2 min left · so far: calls 2, tokens 200, credits 2',
      '2 of 4 parts · about 40 s left · so far: calls 2, tokens 200, credits 4',
      '2 of 4 parts · about 1 min left · so far: calls 3, tokens 300, credits 4',
      '3 of 4 parts · about 20 s left · so far: calls 3, tokens 300, credits 6',
      '3 of 4 parts · about 20 s left · so far: calls 3, tokens 300, credits 6',
    ]);
  });

  it("a batch's overall bar carries the time left and the cost so far, from its events", () => {
    let now = 0;
    let screen = '';
    const stream = {
      isTTY: true,
      columns: 200,
      write: (t: string) => ((screen += t), true),
    } as unknown as NodeJS.WriteStream;
    const progress = new HumanProgress({
      stream,
      env: {},
      totalSteps: 4,
      doneSteps: 0,
      books: 1,
      lang: 'ms',
      creditsOf: () => 2,
      now: () => now,
    });
    const step = (done: number, calls: number) => {
      now += 20_000;
      progress.handle({
        type: 'step_done',
        job: 'cinta',
        index: 1,
        step: `Bab ${done}`,
        kind: 'chapter',
        words: 1500,
        complete: true,
        tokens: null,
        seconds: 20,
        done,
        steps: 4,
        spent: { calls, tokens: 1000 * calls },
      });
    };
    step(1, 1);
    step(2, 2);
    expect(progress.figures()).toEqual({
      done: 2,
      planned: 4,
      calls: 3,
      tokens: 3000,
      credits: 4,
      elapsedSeconds: 40,
      etaSeconds: 40,
    });
    progress.finish({
      books: 1,
      succeeded: 0,
      failed: 0,
      unfinished: 1,
      isInterrupted: true,
      shortParts: 0,
      repeatingParts: 0,
      tooClose: 0,
      calls: 3,
      retries: 0,
      tokens: 3000,
      seconds: 40,
    });
    // The bar's last frame and the closing lines, in the books' language.
    expect(screen).toContain('kelompok');
    expect(screen).toContain('2/4 langkah · 0 buku siap');
    expect(screen).toContain('karya batch: 0 daripada 1 buku ditulis · 1 belum selesai · 3 panggilan');
    expect(screen).toContain('karya: terganggu; langkah yang siap telah disimpan');
    expect(screen).toContain('kira-kira 40 s lagi · setakat ini: panggilan 3, token 3,000, kredit 4');
  });

  it("counts a request's retries as requests the server saw", async () => {
    const meter = new RunMeter({ lang: 'ms', planned: 2, done: 0, stream: { isTTY: false, write: () => undefined } });
    const provider = meter.counted({
      name: 'test',
      isOffline: false,
      generateText: async (request) => {
        request.onRetry?.({ reason: 'rate_limited', code: 'rate_limited', attempt: 1, of: 2, delayMs: 0, message: '' });
        return { text: 'x', model: 'm' };
      },
      generateImage: async () => {
        throw new Error('no');
      },
    });
    await provider.generateText({ system: '', user: '', maxTokens: 10 } as never);
    expect(meter.figures()).toMatchObject({ calls: 2, tokens: 0, done: 0, etaSeconds: null });
    expect(meter.text()).toBe(
      '0 daripada 2 bahagian · baki masa diketahui selepas satu bahagian siap · setakat ini: panggilan 2, token 0',
    );
  });
});

describe('long commands print time left and cost so far (to a pipe: a line a part)', () => {
  let fake: FakeOpenAI;
  let cwd: string;
  const translator = fakeTranslator();
  // No EPUB check (a JVM, seconds of CPU): the lines are the point here, not the check's verdict.
  const karya = (args: string[]) =>
    runKaryaInProcess([...args, '--state', path.join(cwd, 'state.sqlite')], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, ...WITHOUT_EPUBCHECK },
    });

  beforeAll(async () => {
    // Every answer takes a moment, as a real model's does: each part takes time, and the time left is a wait.
    fake = await startFakeOpenAI(
      underWriter(1).fakeOptions({
        latencyMs: 60,
        reply: (body) => (isTranslateRequest(body) ? translator.reply(body) : undefined),
      }),
    );
    cwd = tempDir('karya-progress-');
  });
  afterAll(() => fake.close());

  it('generate: a line a part, the figures moving; --json has them', async () => {
    const r = await karya([
      'generate',
      'romance',
      '--chapters',
      '2',
      '--set',
      'premise=Two rivals share a kitchen',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const all = linesOf(r.stderr);
    // Outline, introduction, 2 chapters, conclusion: a line each, the credits a step's cost (1) each; then the
    // closing line, once the story bible has read the conclusion (the book's ending): a call more, nothing charged.
    const [lines, closing] = [partLines(all.slice(0, -1)), all.at(-1)!];
    expect(lines.map((l) => l.done)).toEqual([1, 2, 3, 4, 5]);
    expect(lines.map((l) => l.credits)).toEqual([1, 2, 3, 4, 5]);
    expectMoving(lines, 5);
    expect(closing).toMatchObject({ done: 5, planned: 5, credits: 5 });
    expect(closing.calls).toBeGreaterThan(lines.at(-1)!.calls);
    const { progress } = JSON.parse(r.stdout) as { progress: unknown };
    expectFigures(progress, { done: 5, planned: 5, hasCredits: true });
    expect((progress as { calls: number }).calls).toBe(closing.calls);
  });

  it("generate in Malay: the line in the book's language", async () => {
    const r = await karya([
      'generate',
      'romance',
      '--lang',
      'ms',
      '--chapters',
      '1',
      '--set',
      'premise=Dua pesaing berkongsi dapur',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const all = linesOf(r.stderr, 'ms');
    // A line a step, then the closing one after the bible's reading of the conclusion.
    expect([...partLines(all.slice(0, -1)), all.at(-1)!].map((l) => l.done)).toEqual([1, 2, 3, 4, 4]);
    expect(r.stderr).toMatch(/kira-kira \d+ s lagi/);
    expect(r.stderr).toMatch(/semua siap dalam \d+ s/);
  });

  it('import: a line a part read into the story bible, the calls counted', async () => {
    writeFileSync(path.join(cwd, 'novel.txt'), malayManuscript(4, 'digits'));
    const r = await karya(['import', 'novel.txt', '--generator', 'romance', '--lang', 'ms', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const { book, progress } = JSON.parse(r.stdout) as { book: { id: number }; progress: { planned: number } };
    expect(book.id).toBeGreaterThan(0);
    const lines = linesOf(r.stderr, 'ms');
    expectFigures(progress, { done: progress.planned, planned: progress.planned, hasCredits: false });
    expect(lines.at(-1)!.done).toBe(progress.planned);
    // No credits named: an import is not charged by the step.
    expect(lines.every((l) => l.credits === undefined)).toBe(true);
    expect(lines.at(-1)!.calls).toBeGreaterThanOrEqual(4);
  });

  it('translate: a line a part translated, with the credits each part was charged', async () => {
    const id = await saveRomance(path.join(cwd, 'state.sqlite'), 'en');
    const r = await karya(['translate', '--book', String(id), '--to', 'ms', '--json', '--no-bible']);
    expect(r.code, r.stderr).toBe(0);
    const lines = partLines(linesOf(r.stderr));
    expect(lines.map((l) => l.done)).toEqual([1, 2, 3, 4, 5]);
    expectMoving(lines, 5);
    expect(lines.at(-1)!.credits).toBe(5);
    const out = JSON.parse(r.stdout) as { edition: { credits: number }; progress: unknown };
    expectFigures(out.progress, { done: 5, planned: 5, hasCredits: true });
    expect(out.progress).toMatchObject({
      credits: out.edition.credits,
      calls: fake.generationRequests().filter((q) => isTranslateRequest(q.body ?? {})).length,
    });
  });

  it(
    "publish: the book's parts and the package's, a line " + 'each, with the credits of each step; --json has them',
    async () => {
      const r = await karya([
        'publish',
        'romance',
        '--chapters',
        '1',
        '--set',
        'premise=Two rivals share a kitchen',
        '--out',
        'pkg',
        '--json',
      ]);
      const lines = partLines(linesOf(r.stderr));
      // Outline, introduction, chapter, conclusion, then the package's six parts (the title is the book's own: no call,
      // no credit).
      expectMoving(lines, 10);
      expect(lines.map((l) => l.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(lines[4]).toMatchObject({ credits: lines[3]!.credits, calls: lines[3]!.calls });
      const out = JSON.parse(r.stdout) as { cost: { thisRun: number }; progress: unknown };
      expectFigures(out.progress, { done: 10, planned: 10, hasCredits: true });
      expect(out.progress).toMatchObject({ credits: out.cost.thisRun });
      // (The package's files, PDFs included, take their time on a busy machine.)
    },
    120_000,
  );

  it('batch: a plain line every tenth of the steps, and each step_done event with the figures so far', async () => {
    const jobs = path.join(cwd, 'jobs.yaml');
    writeFileSync(
      jobs,
      '- id: cinta\n  generator: romance\n  lang: ms\n  chapters: 2\n  settings: ' +
        '{ heatLevel: mild }\n- id: rivals\n  generator: romance\n  chapters: 1\n',
    );
    const r = await karya(['batch', jobs, '--out', 'books', '--json']);
    expect(r.code, r.stderr).toBe(0);
    // Two languages: the writer's (English here).
    const lines = partLines(linesOf(r.stderr));
    expectMoving(lines, 9);
    const events = r.stdout
      .trim()
      .split('\n')
      .map(
        (l) =>
          JSON.parse(l) as {
            type: string;
            progress?: {
              done: number;
              calls: number;
              tokens: number;
              credits: number;
              elapsedSeconds: number;
              etaSeconds: number | null;
            };
          },
      );
    const steps = events.filter((e) => e.type === 'step_done').map((e) => e.progress!);
    expect(steps.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(steps.map((p) => p.credits)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (let i = 1; i < steps.length; i++) {
      expect(steps[i]!.calls).toBeGreaterThanOrEqual(steps[i - 1]!.calls);
      expect(steps[i]!.elapsedSeconds).toBeGreaterThanOrEqual(steps[i - 1]!.elapsedSeconds);
    }
    expect(steps[0]!.etaSeconds).toBeGreaterThan(0);
    expect(steps.at(-1)!.etaSeconds).toBe(0);
    const summary = events.at(-1) as unknown as { type: string; calls: number; progress: unknown };
    expect(summary.type).toBe('summary');
    expectFigures(summary.progress, { done: 9, planned: 9, hasCredits: true });
    expect(summary.progress).toMatchObject({ calls: summary.calls });
  });
});
