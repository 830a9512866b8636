// `karya batch JOBS --publish` run again after one book failed, as a writer does once they have fixed it: the
// book published by the first run keeps its package (no publishing step asked of the model again, no file of
// it written again, its day kept) and only the book that failed is written and packaged; run a third time,
// with everything done, the batch asks the model nothing at all. Against the fake model server.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, userMessageOf, type FakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { WITHOUT_EPUBCHECK } from '../setup/tools.js';
import { bookRequests, events, removeTempDirs, romanceCalls, tempDir, writeJobs } from './helpers.js';

const fakes: FakeOpenAI[] = [];
afterAll(async () => {
  await Promise.all(fakes.map((f) => f.close()));
  removeTempDirs();
});

const JOBS = [
  '- { id: ipoh, generator: romance, chapters: 1, settings: { premise: "a baker in Ipoh falls in love" } }',
  '- { id: pilot, generator: romance, chapters: 1, settings: { premise: "a pilot and a poet fall in love" } }',
].join('\n');

/** Each file of a package folder with when it was last written. */
const writtenAt = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(path.join(dir, name)).mtimeMs]));

describe('karya batch --publish run again', () => {
  it(
    'keeps the packages already made: only the book that failed ' +
      'is written and packaged, and a third run asks nothing',
    async () => {
      // The pilot's book fails (the model server refuses its calls) until the writer has "fixed" it.
      let isPilotBroken = true;
      const fake = await startFakeOpenAI({
        reply: (body) =>
          isPilotBroken && JSON.stringify(body.messages).includes('a pilot and a poet') ? { status: 400 } : undefined,
      });
      fakes.push(fake);
      const dir = tempDir();
      const jobs = writeJobs(dir, 'jobs.yaml', JOBS);
      const run = () =>
        runKaryaInProcess(['batch', jobs, '--publish', '--out', 'out', '--state', 'state.sqlite', '--json'], {
          cwd: dir,
          env: { ...WITHOUT_EPUBCHECK, OPENAI_API_KEY: 'sk-test-rerun', OPENAI_BASE_URL: fake.baseURL },
        });
      const csvRows = () =>
        readFileSync(path.join(dir, 'out', 'schedule.csv'), 'utf8')
          .trim()
          .split(/\r?\n/)
          .slice(1);

      const first = await run();
      expect(first.code, first.stderr).toBe(1);
      const firstCalls = bookRequests(fake).length;
      // The pilot's refused calls aside: the ipoh book's calls and its publishing steps.
      const publishSteps =
        bookRequests(fake).filter((r) => !userMessageOf(r.body!).includes('a pilot and a poet')).length -
        romanceCalls(1).all;
      expect(publishSteps).toBeGreaterThan(0);
      const ipohPackage = path.join(dir, 'out', 'ipoh-kdp');
      const ipohFiles = writtenAt(ipohPackage);
      const [ipohRow] = csvRows();
      expect(ipohRow).toMatch(/^ipoh-kdp,/);

      isPilotBroken = false;
      const second = await run();
      expect(second.code, second.stderr).toBe(0);
      const secondCalls = bookRequests(fake).slice(firstCalls);
      // The pilot's book and its package, nothing of the ipoh book's: no step asked again, its package not written
      // again.
      expect(secondCalls).toHaveLength(romanceCalls(1).all + publishSteps);
      expect(writtenAt(ipohPackage)).toEqual(ipohFiles);
      expect(csvRows()).toEqual([ipohRow, expect.stringMatching(/^pilot-kdp,/)]);
      const written = events(second.stdout).filter((e) => e.type === 'package_written');
      expect(written.map((e) => [e.job, e.kept ?? false])).toEqual([
        ['ipoh', true],
        ['pilot', false],
      ]);
      expect(second.stderr).toContain('karya: 2 packages over 1 day');

      const pilotFiles = writtenAt(path.join(dir, 'out', 'pilot-kdp'));
      const rows = csvRows();
      const third = await run();
      expect(third.code, third.stderr).toBe(0);
      expect(bookRequests(fake).length).toBe(firstCalls + secondCalls.length);
      expect(writtenAt(path.join(dir, 'out', 'pilot-kdp'))).toEqual(pilotFiles);
      expect(writtenAt(ipohPackage)).toEqual(ipohFiles);
      expect(csvRows()).toEqual(rows);
    },
    300_000,
  );
});
