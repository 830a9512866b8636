// What a writer hands `karya batch` and `karya voice` is bounded before it is worked on, and a file past its bound is
// refused at once naming the limit: a jobs file of more than 10,000 jobs (reading an 8 MB YAML list of 89,000 jobs
// took most of a minute before anything was said), a voice sample of more words than an imported manuscript may have.
// The command runs in the test's process (tests/karya-in-process.ts): its exit code and what it says are the point,
// not a process of its own (four `karya` starts, about 1.8 s of CPU, before).
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_JOBS, readJobsFile } from '../../cli/batch/jobs.js';
import { IMPORT_LIMITS } from '../../engine/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { removeTempDirs, tempDir, writeJobs } from './helpers.js';

afterAll(() => removeTempDirs());

const job = (i: number) => `{ id: b${i}, generator: romance, lang: en, chapters: 2, settings: { settingType: urban } }`;

/** Prose of `words` words, in paragraphs. */
function prose(words: number): string {
  const sentence = 'She walked to the old harbour before dawn and the gulls were calling over the grey water.';
  const per = sentence.split(' ').length;
  const paragraph = Array.from({ length: 5 }, () => sentence).join(' ');
  return Array.from({ length: Math.ceil(words / (per * 5)) }, () => paragraph).join('\n\n') + '\n';
}
/** One job of the JSON file, on one line. */
const jsonJob = (i: number) => JSON.stringify({ generator: 'romance', chapters: 2, id: `j${i}` });

describe('bounded inputs', () => {
  it('refuses a jobs file of more than 10,000 jobs at once, as a YAML list or a JSON array on one line', async () => {
    expect(MAX_JOBS).toBe(10_000);
    const dir = tempDir();
    // Each file ends in a YAML error: refused before it is parsed (parsing 10,000 jobs takes seconds), the error is
    // never reached.
    const yaml = writeJobs(
      dir,
      'many.yaml',
      `${Array.from({ length: 10_001 }, (_, i) => `- ${job(i)}\n`).join('')}- { id: [unclosed\n`,
    );
    const json = writeJobs(
      dir,
      'many.json',
      `[${Array.from({ length: 12_000 }, (_, i) => jsonJob(i)).join(',')}, ` + `{"id": ]`,
    );
    for (const [file, count] of [
      [yaml, '10,001'],
      [json, '12,000'],
    ] as const) {
      const r = await runKaryaInProcess(['batch', file, '--dry-run'], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `the jobs file has ${count} jobs; a batch runs at most 10,000: split it into smaller files`,
      );
    }
  }, 30_000);

  it('reads a jobs file of 10,000 jobs, the most it may hold', () => {
    const dir = tempDir();
    const file = writeJobs(
      dir,
      'full.jsonl',
      Array.from({ length: 10_000 }, (_, i) => JSON.stringify({ generator: 'romance', id: `j${i}` })).join('\n'),
    );
    expect(readJobsFile(file)).toHaveLength(10_000);
  });

  it(
    'refuses a voice sample longer than a manuscript may ' + 'be, naming the limit: karya voice and a batch job alike',
    async () => {
      const dir = tempDir();
      const words = IMPORT_LIMITS.words + 20_000;
      writeFileSync(path.join(dir, 'whole-life.txt'), prose(words));
      const voice = await runKaryaInProcess(['voice', 'whole-life.txt'], { cwd: dir });
      expect(voice.code).toBe(2);
      expect(voice.stderr).toMatch(/whole-life\.txt has \d+ words: a manuscript may have at most 400000/);
      const jobs = writeJobs(
        dir,
        'jobs.yaml',
        `- { id: mine, generator: romance, lang: en, chapters: 2, voice: whole-life.txt }\n`,
      );
      const batch = await runKaryaInProcess(['batch', jobs, '--dry-run'], { cwd: dir });
      expect(batch.code).toBe(2);
      expect(batch.stderr).toMatch(
        /job "mine": voice: whole-life\.txt has \d+ words: a manuscript may have at most 400000/,
      );
    },
    60_000,
  );
});
