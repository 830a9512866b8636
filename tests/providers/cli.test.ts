// The `karya` CLI (run in the test's process) against the fake OpenAI-compatible server: generate with
// OPENAI_BASE_URL + OPENAI_API_KEY, `karya test-ai`, and the offline kids cover. A test that scripts
// replies has its own fake server.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { readPng } from './helpers.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ answer: () => 'Ombak memeluk pantai,\nangin berbisik perlahan.' });
});
afterAll(() => fake.close());

const tmp = () => tempDir('karya-cli-');

/** A fake server of the test's own (for scripted replies), closed afterwards. */
async function withOwnFake<T>(use: (own: FakeOpenAI) => Promise<T>): Promise<T> {
  const own = await startFakeOpenAI();
  try {
    return await use(own);
  } finally {
    await own.close();
  }
}

describe('karya generate against any OpenAI-compatible server', () => {
  it('OPENAI_BASE_URL=<fake>/v1 OPENAI_API_KEY=x karya generate poems writes the poem', async () => {
    const cwd = tmp();
    const run = await runKaryaInProcess(['generate', 'poems', '--state', path.join(cwd, 'state.sqlite')], {
      cwd,
      env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: 'x' },
    });
    expect(run.stderr).not.toContain('offline');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Ombak memeluk pantai,');
    const sent = fake.generationRequests().filter((r) => JSON.stringify(r.body).includes('poem'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe('Bearer x');
    expect(sent[0]!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 500, temperature: 0.9, stream: true });
  });

  it('a failing server ends with the catalogue message and exit 1, and never prints the key', async () => {
    const cwd = tmp();
    const run = await withOwnFake((own) => {
      own.script({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-cli-secret-4242' } } });
      return runKaryaInProcess(['generate', 'poems', '--state', path.join(cwd, 'state.sqlite')], {
        cwd,
        env: { OPENAI_BASE_URL: own.baseURL, OPENAI_API_KEY: 'sk-cli-secret-4242' },
      });
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Authentication error. Please refresh the page and try again.');
    expect(run.stdout + run.stderr).not.toContain('sk-cli-secret-4242');
  });

  it('an invalid karya.config.yaml stops with file: path: message', async () => {
    const cwd = tmp();
    writeFileSync(path.join(cwd, 'karya.config.yaml'), 'providers:\n  - { name: main, apiKey: sk-in-file-123456 }\n');
    const run = await runKaryaInProcess(['generate', 'poems', '--state', path.join(cwd, 'state.sqlite')], {
      cwd,
      env: {},
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('karya.config.yaml: providers.0.apiKey: keys never go in this file');
    expect(run.stderr).not.toContain('sk-in-file-123456');
  });
});

describe('karya test-ai', () => {
  it('prints name, model, latency and ok for every config; exit 0 when one works', async () => {
    const cwd = tmp();
    writeFileSync(
      path.join(cwd, 'karya.config.yaml'),
      `providers:\n  - { name: local-fake, baseURL: "${fake.baseURL}", model: llama3.1 }\n` +
        `  - { name: nowhere, baseURL: "http://127.0.0.1:1/v1", apiKeyEnv: NOWHERE_KEY }\n`,
    );
    const run = await runKaryaInProcess(['test-ai'], { cwd, env: { NOWHERE_KEY: 'k' } });
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^NAME\s+MODEL\s+LATENCY\s+CONTEXT\s+RESULT$/);
    // A server that does not say its window: the safe default (docs/providers.md).
    expect(lines[1]).toMatch(/^local-fake\s+llama3\.1\s+\d+ ms\s+8192 tokens \(default\)\s+ok$/);
    expect(lines[2]).toMatch(
      new RegExp(
        /^nowhere\s+gpt-4o-mini\s+\d+ ms\s+8192 tokens \(default\)\s+error: Failed to initialize AI serv/.source +
          /ice\. Please try again\./.source,
      ),
    );
  });

  it('exit 1 when no config works', async () => {
    const cwd = tmp();
    const run = await withOwnFake((own) => {
      own.scriptProbes({ status: 401 });
      return runKaryaInProcess(['test-ai', '--json'], {
        cwd,
        env: { OPENAI_BASE_URL: own.baseURL, OPENAI_API_KEY: 'sk-nope-777777' },
      });
    });
    expect(run.code).toBe(1);
    const out = JSON.parse(run.stdout) as {
      results: Array<{ name: string; isOk: boolean; message: string; status: number }>;
    };
    expect(out.results).toMatchObject([
      { isOk: false, status: 401, message: 'Authentication error. Please refresh the page and try again.' },
    ]);
    expect(run.stdout).not.toContain('sk-nope-777777');
  });

  it('exit 1 when no AI service is configured', async () => {
    const run = await runKaryaInProcess(['test-ai'], { cwd: tmp(), env: {} });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('no AI service is configured');
  });
});

describe('offline cover', () => {
  it(
    'karya generate kids-book-cover --set title="Sang Kancil" --set ' +
      'mainCharacter="a mouse deer" --out cover.png writes a 1024x1024 PNG',
    async () => {
      const cwd = tmp();
      const run = await runKaryaInProcess(
        [
          'generate',
          'kids-book-cover',
          '--set',
          'title=Sang Kancil',
          '--set',
          'mainCharacter=a mouse deer',
          '--out',
          'cover.png',
          '--state',
          path.join(cwd, 's.sqlite'),
        ],
        { cwd, env: {} },
      );
      expect(run.stderr).toContain('offline');
      expect(run.code).toBe(0);
      expect(readPng(readFileSync(path.join(cwd, 'cover.png')))).toMatchObject({ width: 1024, height: 1024 });
    },
  );

  it('with a real provider the image is downloaded to the --out file', async () => {
    const cwd = tmp();
    const run = await runKaryaInProcess(
      ['generate', 'book-cover', '--set', 'title=Orbit', '--out', 'cover.png', '--state', path.join(cwd, 's.sqlite')],
      {
        cwd,
        env: { OPENAI_BASE_URL: fake.baseURL, OPENAI_API_KEY: 'x' },
      },
    );
    expect(run.code).toBe(0);
    expect(fake.imageRequests()).toHaveLength(1);
    expect(fake.imageRequests()[0]!.body).toMatchObject({
      size: '1024x1792',
      n: 1,
      quality: 'standard',
      style: 'vivid',
    });
    expect(readPng(readFileSync(path.join(cwd, 'cover.png')))).toMatchObject({ width: 1, height: 1 });
  });
});
