// A time-out names the limit that applied: `karya generate` against a model that never answers, with the writer's
// KARYA_TIMEOUT_MS of 2 s, stops saying it timed out after 2 seconds (never the default 3 minutes), in the book's
// language, exit 1.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('karya generate against a model that never answers', () => {
  it.each([
    ['en', 'Content generation timed out after 2 seconds. Please try again.'],
    ['ms', 'Penjanaan kandungan tamat masa selepas 2 saat. Sila cuba lagi.'],
  ] as const)('%s: the time-out it names is the one set', async (lang, said) => {
    fake = await startFakeOpenAI({ reply: () => ({ hang: true }) });
    dir = tempDir('karya-timeout-');
    const r = await runKaryaInProcess(
      ['generate', 'romance', '--lang', lang, '--chapters', '2', '--state', path.join(dir, 'state.sqlite')],
      {
        env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.baseURL, KARYA_TIMEOUT_MS: '2000' },
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(said);
    expect(r.stderr).not.toMatch(/3 minutes|3 minit/);
  });
});
