// What the Postgres commands say when they cannot run: `karya worker` and `karya batch --queue` need
// KARYA_DATABASE_URL, and a value that is not a Postgres URL is named with what is expected.
import path from 'node:path';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

/** A jobs file (jobs.yaml) in a new folder of its own. */
function jobsFile(yaml: string): { dir: string; file: string } {
  const dir = tempDir('karya-queue-opts-');
  const file = path.join(dir, 'jobs.yaml');
  writeFileSync(file, yaml);
  return { dir, file };
}

describe('karya worker and batch --queue without Postgres', () => {
  it('karya worker without KARYA_DATABASE_URL exits 2 and says what to set', async () => {
    const r = await runKaryaInProcess(['worker']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('KARYA_DATABASE_URL=postgres://');
  });

  it('a KARYA_DATABASE_URL that is not a Postgres URL is refused with an example', async () => {
    const r = await runKaryaInProcess(['worker'], { env: { KARYA_DATABASE_URL: 'mysql://x@y/z' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('KARYA_DATABASE_URL: must be a Postgres URL such as postgres://');
  });

  it('karya worker --concurrency 0 names the allowed range', async () => {
    const r = await runKaryaInProcess(['worker', '--concurrency', '0'], {
      env: { KARYA_DATABASE_URL: 'postgres://k@127.0.0.1:1/none' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--concurrency: "0" must be a whole number from 1 to 256');
  });

  it('karya worker --metrics-port without KARYA_METRICS_TOKEN exits 2 and says what to set', async () => {
    const r = await runKaryaInProcess(['worker', '--metrics-port', '9464'], {
      env: { KARYA_DATABASE_URL: 'postgres://k@127.0.0.1:1/none', KARYA_METRICS_TOKEN: '' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--metrics-port: set KARYA_METRICS_TOKEN');
  });

  it('karya batch --queue without KARYA_DATABASE_URL exits 2 before anything is generated', async () => {
    const { dir, file } = jobsFile('- { id: solo, generator: poems }\n');
    const r = await runKaryaInProcess(['batch', file, '--queue'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      '--queue runs the batch on `karya worker` processes through Postgres: set KARYA_DATABASE_URL=postgres://',
    );
  });

  it('karya batch --queue with an invalid job names the job first, whatever the database setting', async () => {
    const { dir, file } = jobsFile('- { id: solo, generator: poems }\n- { id: odd, generator: no-such-thing }\n');
    for (const env of [{}, { KARYA_DATABASE_URL: 'postgres://k@127.0.0.1:1/none' }]) {
      const r = await runKaryaInProcess(['batch', file, '--queue'], { cwd: dir, env });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('jobs.yaml:2: job "odd": generator: "no-such-thing" is not a generator');
      expect(r.stderr).toContain('1 of 2 jobs are invalid; nothing was generated');
      expect(r.stderr).not.toContain('KARYA_DATABASE_URL');
    }
  });
});
