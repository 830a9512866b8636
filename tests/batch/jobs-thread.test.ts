// A long YAML jobs file is read in a thread of its own while `karya batch` loads its generators (engine
// yamlListInThread): its jobs, their lines and its refusals are the ones the same file read on the command's thread gives.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isReadInThread, jobsOf, parseYamlList, readJobsFile, readJobsText } from '../../cli/batch/jobs.js';
import { removeTempDirs, startCli, tempDir, writeJobs } from './helpers.js';

afterAll(() => removeTempDirs());

const job = (i: number) => `- { id: book-${i}, generator: romance, lang: ${i % 2 ? 'ms' : 'en'}, chapters: 3 }\n`;
/** A file of `n` jobs, long enough to be read in a thread from about 150 on, with `tail` after them. */
const jobsText = (n: number, tail = '') => `# the batch\n${Array.from({ length: n }, (_, i) => job(i + 1)).join('')}${tail}`;

describe('a long YAML jobs file read in a thread', () => {
  it('gives the jobs, values and lines the file read here gives: aliases, empty items and a jobs: map alike', async () => {
    const dir = tempDir();
    const texts = {
      'list.yaml': jobsText(300, '- &shared { generator: poems, lang: ms }\n- *shared\n-\n- id: last\n  generator: romance\n'),
      'map.yaml': `jobs:\n${jobsText(300).replace(/^- /gm, '  - ')}`,
    };
    for (const [name, text] of Object.entries(texts)) {
      const file = writeJobs(dir, name, text);
      const read = readJobsText(file);
      expect(isReadInThread(read)).toBe(true);
      const jobs = await jobsOf(read);
      expect(jobs).toEqual(readJobsFile(file));
      expect(jobs.length).toBeGreaterThanOrEqual(300);
    }
    const listed = await jobsOf(readJobsText(path.join(dir, 'list.yaml')));
    expect(listed.slice(-4).map((j) => [j.line, j.value])).toEqual([[302, { generator: 'poems', lang: 'ms' }], [303, { generator: 'poems', lang: 'ms' }], [304, null], [305, { id: 'last', generator: 'romance' }]]);
  }, 60_000);

  it('refuses it as the file read here is refused, naming the line', async () => {
    const dir = tempDir();
    const cases = { 'broken.yaml': jobsText(300, '- { id: [unclosed\n'), 'twice.yaml': jobsText(300, '- { id: a, id: b }\n'), 'not-a-list.yaml': `about: ${'x'.repeat(20_000)}\n` };
    for (const [name, text] of Object.entries(cases)) {
      const file = writeJobs(dir, name, text);
      const read = readJobsText(file);
      expect(isReadInThread(read)).toBe(true);
      let here: Error | undefined;
      try {
        parseYamlList(file, text);
      } catch (error) {
        here = error as Error;
      }
      expect(here).toBeDefined();
      await expect(jobsOf(read)).rejects.toThrow(here!.message);
    }
    // The key given twice is on the job after the 300 and the comment.
    await expect(jobsOf(readJobsText(path.join(dir, 'twice.yaml')))).rejects.toThrow(/twice\.yaml:302: Map keys must be unique/);
  }, 60_000);

  it('is what karya batch plans, and refuses, from such a file', async () => {
    const dir = tempDir();
    writeJobs(dir, 'long.yaml', jobsText(200));
    const planned = await startCli(['batch', 'long.yaml', '--dry-run', '--json'], { cwd: dir }).done;
    expect(planned.code).toBe(0);
    expect(JSON.parse(planned.stdout)).toMatchObject({ books: 200 });
    writeJobs(dir, 'bad.yaml', jobsText(200, '- { id: a, id: b }\n'));
    const refused = await startCli(['batch', 'bad.yaml', '--dry-run'], { cwd: dir }).done;
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/^karya: bad\.yaml:202: Map keys must be unique/m);
  }, 60_000);
});
