// `npm run eval` measures the model you configure: with OPENAI_BASE_URL set it writes its books
// through that server, not the scripted models, and prints the figures the README names. The command is
// the point here, so it runs as a process (bench/eval.ts through tsx) against the fake server.
import { execFile } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { ROOT } from '../../engine/node/load.js';

const run = promisify(execFile);
let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The configured variables only: none of the test runner's own OPENAI_* or KARYA_* settings. */
function envWith(vars: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(OPENAI_|KARYA_)/.test(k)));
  return { ...env, ...vars, NO_COLOR: '1' };
}

describe('npm run eval with OPENAI_BASE_URL set', () => {
  it(
    'sends its requests to that server and prints the repeated ' +
      'share, overused phrases and last against first chapter',
    async () => {
      fake = await startFakeOpenAI({ writeRatio: 0.9, habits: ['chatter'] });
      const { stdout } = await run(
        path.join(ROOT, 'node_modules', '.bin', 'tsx'),
        ['bench/eval.ts', '--chapters', '2', '--generators', 'romance', '--lang', 'ms'],
        {
          cwd: ROOT,
          env: envWith({ OPENAI_BASE_URL: fake.baseURL }),
          maxBuffer: 8 << 20,
          timeout: 120_000,
        },
      );
      // A 2-chapter book: outline, introduction, 2 chapters, conclusion, and their bible updates.
      expect(fake.generationRequests().length).toBeGreaterThanOrEqual(5);
      expect(stdout).toMatch(/real model/);
      expect(stdout).not.toMatch(/^(under60|under20|drifter|planter) /m);
      for (const figure of ['S_l', 'rep', 'over/k', 'ch1 words', 'chN words', 'ch1 rep', 'chN rep', 'prompt'])
        expect(stdout).toContain(figure);
      expect(stdout).toMatch(/Bab 2 +\d+ +\d+ +[\d.]+ +ms +\d+% +[\d.]+ +\d+/);
      const file = /results: (\S+)/.exec(stdout)?.[1];
      expect(file && existsSync(path.join(ROOT, file))).toBe(true);
      rmSync(path.join(ROOT, file!));
    },
    150_000,
  );
});
