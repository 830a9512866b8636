// A book that fails in `karya batch --lang id` (a model answering nothing but server errors) is said in Indonesian:
// its failure worded from its code and params in the batch's language, not the error's English, whatever the
// writer's locale and the book's language.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { tempDir } from '../temp.js';
import { englishLines } from './english-lines.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe("a failed book in the batch's language", () => {
  it('an English book failing on server errors, for a Malay writer, with --lang id', async () => {
    fake = await startFakeOpenAI({ reply: () => ({ status: 500, body: { error: { message: 'boom' } } }) });
    const cwd = tempDir('karya-batch-failed-');
    writeFileSync(path.join(cwd, 'jobs.yaml'), '- id: r\n  generator: romance\n  lang: en\n  chapters: 3\n');
    const env = { LC_ALL: 'ms_MY.UTF-8', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: fake.baseURL, NO_COLOR: '1' };
    const args = ['batch', 'jobs.yaml', '--lang', 'id', '--state', path.join(cwd, 'state.sqlite')];
    const r = await runKaryaInProcess(args, { cwd, env });
    expect(r.code).toBe(1);
    const failed = r.stderr.split('\n').find((l) => l.startsWith('✗ r'));
    // languages/id/errors.yaml server_error, not the error's own English ("Server error. …").
    expect(failed, r.stderr).toMatch(/: server_error \(HTTP 500\): Kesalahan server\. Silakan coba lagi/);
    expect(englishLines(r.stderr)).toEqual([]);
    // In English, a count of one takes its form for one (languages/en/cli-batch.yaml's plural forms).
    const en = await runKaryaInProcess([...args.slice(0, 2), '--lang', 'en', ...args.slice(4)], { cwd, env });
    expect(en.stderr).toContain('karya batch: 1 book, 6 of 6 steps to write');
    expect(en.stderr).toMatch(/· 1 failed · 1 call · /);
  }, 120_000);
});
