// The in-process runner the CLI suites use (tests/karya-in-process.ts): each run sees its own
// environment, folder and output, and leaves the test process as it found it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

describe('runKaryaInProcess', () => {
  it('runs started together take turns: each gets only its own output and exit code', async () => {
    const [list, unknown, help] = await Promise.all([
      runKaryaInProcess(['list', '--json']),
      runKaryaInProcess(['show', 'nope']),
      runKaryaInProcess(['--help']),
    ]);
    expect({ code: list.code, stderr: list.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(list.stdout)).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'romance' })]));
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain('unknown generator "nope"');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: karya /);
  });

  it(
    'a run has its own folder and no provider key of the ' + 'tester; afterwards the test process has its own back',
    async () => {
      const cwd = tempDir('karya-in-process-');
      const saved = process.env.OPENAI_API_KEY;
      process.env.OPENAI_API_KEY = 'sk-the-testers-own';
      try {
        const before = { cwd: process.cwd(), write: process.stdout.write, isTTY: process.stderr.isTTY };
        const r = await runKaryaInProcess(['generate', 'poems', '--out', 'poem.md', '--state', 'state.sqlite'], {
          cwd,
        });
        expect(r.code).toBe(0);
        expect(readFileSync(path.join(cwd, 'poem.md'), 'utf8')).toContain('Offline demo text');
        expect({ cwd: process.cwd(), write: process.stdout.write, isTTY: process.stderr.isTTY }).toEqual(before);
        expect(process.env.OPENAI_API_KEY).toBe('sk-the-testers-own');
      } finally {
        if (saved === undefined) delete process.env.OPENAI_API_KEY;
        else process.env.OPENAI_API_KEY = saved;
      }
    },
  );
});
