// A body cut mid-way in `karya batch` (plain answers sent straight through the light fetch): the first answer of
// Chapter 1 ends after half its declared Content-Length (the socket destroyed), the first of Chapter 2 ends cleanly
// on half its JSON. Each is a dropped connection, asked again within the retry budget: the book finishes, every
// step complete, each chapter asked exactly twice (the same request), nothing else asked again.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type CutBody, type FakeOpenAI } from '../fake-openai.js';
import { events, promptId, removeTempDirs, stepRequests, tempDir, writeJobs } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';

let fake: FakeOpenAI | undefined;
afterAll(async () => {
  await fake?.close();
  removeTempDirs();
});

const JOBS = `
- id: harbour
  generator: romance
  chapters: 2
  settings: { premise: "Aisha must save her father's bookshop." }
`;

describe('karya batch: an answer cut mid-body', () => {
  it('is asked again as a dropped connection: the book finishes whole', async () => {
    const cuts: Record<number, CutBody> = { 1: 'declared', 2: 'unframed' };
    fake = await startFakeOpenAI({
      writeRatio: 1,
      cutBody: (body) => {
        const chapter = Number(/Write Chapter (\d+) of/.exec(userMessageOf(body))?.[1] ?? 0);
        const how = cuts[chapter];
        delete cuts[chapter];
        return how;
      },
    });
    const dir = tempDir();
    const r = await runKaryaInProcess(['batch', writeJobs(dir, 'jobs.yaml', JOBS), '--out', 'books', '--json'], {
      cwd: dir,
      env: { OPENAI_API_KEY: 'sk-test-cut', OPENAI_BASE_URL: fake.baseURL },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(cuts).toEqual({});
    const ev = events(r.stdout);
    const steps = ev.filter((e) => e.type === 'step_done');
    expect(steps.length).toBe(5);
    expect(steps.every((e) => e.complete === true)).toBe(true);
    expect(ev.at(-1)).toMatchObject({ type: 'summary', succeeded: 1, failed: 0, exitCode: 0 });
    const book = readFileSync(path.join(dir, 'books', 'harbour.md'), 'utf8');
    for (const n of [1, 2]) {
      const asks = stepRequests(fake).filter((q) =>
        new RegExp(`Write Chapter ${n} of`).test(userMessageOf(q.body ?? {})),
      );
      expect(asks).toHaveLength(2);
      expect(promptId(asks[1]!)).toBe(promptId(asks[0]!));
      const start = book.indexOf(`## Chapter ${n}`);
      expect(start).toBeGreaterThan(0);
      const text = book.slice(start).split(/^## /m)[1]!;
      expect(text.split(/\s+/).length).toBeGreaterThan(1200);
    }
    // The other steps asked once each.
    const others = stepRequests(fake).filter((q) => !/Write Chapter \d+ of/.test(userMessageOf(q.body ?? {})));
    expect(new Set(others.map(promptId)).size).toBe(others.length);
  }, 120_000);
});
