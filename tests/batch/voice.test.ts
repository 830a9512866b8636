// A voice in a jobs file: `voice: FILE` (a sample of the writer's prose, beside the jobs file) and
// `avoid: [phrases]` give a book its voice; with a model that writes a novel's long sentences, the terse voice's
// parts are marked on their progress lines, naming what drifted, and the writer's phrase goes into the prompts.
// A sample too short, in the other language or missing, or a voice on a single piece, is refused with the file's
// other problems and nothing is written. (--queue carries the same voice to its workers: cli/batch/queued.ts.)
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'fixtures', 'voice');
/**
 * Long third-person sentences: the long sample taken apart at its commas and put back seven clauses a sentence,
 * drawn in a seeded order, so no two sentences (and no two parts of a book) are the same: a part that copied
 * another would be asked again as a copy.
 */
const LONG = readFileSync(path.join(FIXTURES, 'en-long.txt'), 'utf8')
  .replace(/\s+/g, ' ')
  .split(/, /)
  .map((c) => c.trim());
let seed = 11;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const NOVEL = Array.from({ length: 200 }, () => {
  const text = Array.from({ length: 7 }, () =>
    LONG[Math.floor(next() * LONG.length)]!.replace(/\.$/, '').toLowerCase(),
  ).join(', ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
});

describe('karya batch with a voice', () => {
  let fake: FakeOpenAI;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ writeRatio: 1, sentences: { en: NOVEL, ms: NOVEL } });
  });
  afterAll(() => fake.close());

  it("marks the terse voice's parts as drifting on their progress lines and sends the writer's phrase", async () => {
    const cwd = tempDir('karya-batch-voice-');
    copyFileSync(path.join(FIXTURES, 'en-terse.txt'), path.join(cwd, 'me.txt'));
    writeFileSync(
      path.join(cwd, 'jobs.yaml'),
      '- { id: market, generator: romance, chapters: 1, voice: me.txt, avoid: [crimson dawn] }\n',
    );
    const r = await runKaryaInProcess(['batch', 'jobs.yaml', '--out', 'books'], {
      cwd,
      env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(
      /market · Chapter 1 · [\d,]+ words.* \(drifts from your voice: sentences \d+(\.\d)?× longer, .*no dialogue/,
    );
    const chapter = fake
      .generationRequests()
      .map((q) => userMessageOf(q.body ?? {}))
      .find((p) => p.startsWith('Write Chapter 1'))!;
    expect(chapter).toContain("Write in the writer's own voice");
    expect(chapter).toMatch(/Avoid these overused phrases: "crimson dawn"/);
  });

  it(
    'refuses a sample too short, missing or in the other ' + 'language, and a voice on a single piece, writing nothing',
    async () => {
      const cwd = tempDir('karya-batch-voice-bad-');
      writeFileSync(path.join(cwd, 'short.txt'), 'I walk. She waits. '.repeat(30));
      copyFileSync(path.join(FIXTURES, 'ms-terse.txt'), path.join(cwd, 'malay.txt'));
      writeFileSync(
        path.join(cwd, 'jobs.yaml'),
        [
          '- { id: a, generator: romance, voice: short.txt }',
          '- { id: b, generator: romance, voice: nope.txt }',
          '- { id: c, generator: romance, voice: malay.txt }',
          '- { id: d, generator: poems, voice: malay.txt }',
          `- { id: e, generator: romance, avoid: [${'x'.repeat(90)}] }`,
        ].join('\n'),
      );
      const r = await runKaryaInProcess(['batch', 'jobs.yaml', '--out', 'books'], {
        cwd,
        env: { OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/the sample has \d+ words; give at least 300 words/);
      expect(r.stderr).toContain('nope.txt: no such file');
      expect(r.stderr).toContain('the sample is in Bahasa Malaysia, and this book is in English');
      expect(r.stderr).toContain('poems writes a single piece; only books have a voice');
      expect(r.stderr).toContain('a phrase to avoid may have at most 80 characters');
      expect(existsSync(path.join(cwd, 'books'))).toBe(false);
    },
  );
});
