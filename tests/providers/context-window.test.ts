// A book within the model's context window, against the fake server run as a
// llama.cpp with a small window: an overflow is named (the window and what to set), never "Please try
// again", and never sent twice; every request Karya sends fits KARYA_CONTEXT_TOKENS and the book still
// reaches its conclusion; a story-bible update that cannot fit leaves its part marked bibleUpdated: false.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { contextWindowOf } from '../../engine/providers/context.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { parseConfigFile } from '../../engine/providers/config-file.js';
import { configFromEnv, Secret, type OpenAICompatibleConfig } from '../../engine/providers/config.js';
import { toGenerationError } from '../../engine/providers/failures.js';
import { generationMessage } from '../../engine/errors.js';
import { runKaryaInProcess } from '../karya-in-process.js';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../fake-openai.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const tmp = () => tempDir('karya-window-');
const envOf = (server: FakeOpenAI, extra: Record<string, string> = {}) => ({
  OPENAI_API_KEY: 'test-key',
  OPENAI_BASE_URL: server.baseURL,
  ...extra,
});
/** Prompt plus the answer budget of a request, as the server counts them. */
const size = (r: RecordedRequest) => r.promptTokens! + Number(r.body?.max_tokens);
/** A story-bible update (templates/memory.hbs). */
const isMemory = (r: RecordedRequest) =>
  /Update the story bible of a book|Kemas kini catatan cerita bagi/.test(JSON.stringify(r.body?.messages ?? ''));

describe('a server with a 600-token window', () => {
  it('stops the book with the window and what to set, having sent the too-long request once', async () => {
    fake = await startFakeOpenAI({ contextTokens: 600, writeRatio: 1, honourMaxTokens: true });
    const cwd = tmp();
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '2', '--state', path.join(cwd, 's.sqlite')],
      { env: envOf(fake), cwd },
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('context window of 600 tokens');
    expect(run.stderr).toMatch(/llama\.cpp: -c \d+/);
    expect(run.stderr).toContain('contextTokens');
    expect(run.stderr).toContain('OLLAMA_CONTEXT_LENGTH');
    expect(run.stderr).not.toContain('Please try again');
    const sent = fake.generationRequests().map((r) => JSON.stringify(r.body));
    expect(sent.length).toBeGreaterThan(0);
    expect(new Set(sent).size).toBe(sent.length);
  });

  it('refuses the request unsent when the server says its window (llama.cpp /props)', async () => {
    fake = await startFakeOpenAI({ contextTokens: 600, props: true, writeRatio: 1 });
    const cwd = tmp();
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '2', '--state', path.join(cwd, 's.sqlite')],
      { env: envOf(fake), cwd },
    );
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('context window of 600 tokens');
    expect(fake.generationRequests().every((r) => size(r) <= 600)).toBe(true);
  });
});

describe('a server with a 1,200-token window', () => {
  it('every story-bible update fits, or its part says bibleUpdated: false', async () => {
    fake = await startFakeOpenAI({ contextTokens: 1200, props: true, writeRatio: 1, honourMaxTokens: true });
    const cwd = tmp();
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '2', '--json', '--state', path.join(cwd, 's.sqlite')],
      { env: envOf(fake), cwd },
    );
    // Nothing Karya sent was too large for the server: no update overflowed and was sent again.
    expect(fake.generationRequests().filter((r) => size(r) > 1200)).toEqual([]);
    // A 1,500-word introduction cannot go into the bible within 1,200 tokens: the part says so. (The chapters'
    // own prompts do not fit such a window either: the book stops there, naming it.)
    expect(fake.generationRequests().filter(isMemory)).toEqual([]);
    expect(run.stderr).toContain('karya: the story bible did not take in Introduction');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('context window of 1200 tokens');
  });
});

describe('KARYA_CONTEXT_TOKENS=3072', () => {
  it('every request fits 3,072 tokens and a 3-chapter romance is written to its conclusion', async () => {
    fake = await startFakeOpenAI({ contextTokens: 3072, writeRatio: 1, honourMaxTokens: true });
    const cwd = tmp();
    const run = await runKaryaInProcess(
      ['generate', 'romance', '--chapters', '3', '--json', '--state', path.join(cwd, 's.sqlite')],
      { env: envOf(fake, { KARYA_CONTEXT_TOKENS: '3072' }), cwd },
    );
    expect(run.code, run.stderr).toBe(0);
    const sizes = fake.generationRequests().map(size);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3072);
    const book = JSON.parse(run.stdout) as {
      parts: Array<{ label: string; complete: boolean; bibleUpdated?: false }>;
      markdown: string;
    };
    expect(book.parts.map((p) => p.label)).toEqual([
      'Story Outline',
      'Introduction',
      'Chapter 1',
      'Chapter 2',
      'Chapter 3',
      'Conclusion',
    ]);
    expect(book.parts.every((p) => p.complete)).toBe(true);
    expect(book.parts.filter((p) => p.bibleUpdated === false)).toEqual([]);
    expect(fake.generationRequests().filter(isMemory).length).toBeGreaterThanOrEqual(4);
    expect(book.markdown).toContain('## Conclusion');
  });
});

describe('a server that names its window only when it refuses (llama.cpp without /props)', () => {
  it(
    'takes the window it names: the refused request is asked ' +
      'again smaller, never unchanged, and the book is written',
    async () => {
      fake = await startFakeOpenAI({ contextTokens: 3072, writeRatio: 1, honourMaxTokens: true });
      const cwd = tmp();
      const run = await runKaryaInProcess(
        ['generate', 'romance', '--chapters', '2', '--json', '--state', path.join(cwd, 's.sqlite')],
        { env: envOf(fake), cwd },
      );
      expect(run.code, run.stderr).toBe(0);
      const sent = fake.generationRequests();
      // Only the first request went over (Karya assumed 8,192 tokens); everything after it fits 3,072.
      expect(sent.filter((r) => size(r) > 3072)).toEqual([sent[0]]);
      expect(sent.map((r) => JSON.stringify(r.body)).filter((b) => b === JSON.stringify(sent[0]!.body))).toHaveLength(
        1,
      );
      expect(sent[1]!.body?.messages).toEqual(sent[0]!.body?.messages);
      expect(Number(sent[1]!.body?.max_tokens)).toBeLessThan(Number(sent[0]!.body?.max_tokens));
      expect((JSON.parse(run.stdout) as { parts: unknown[] }).parts).toHaveLength(5);
    },
  );
});

describe('the context window of a provider', () => {
  const config = (extra: Partial<OpenAICompatibleConfig> = {}): OpenAICompatibleConfig => ({
    type: 'openai',
    name: 'local',
    apiKey: new Secret('k'),
    baseURL: 'http://127.0.0.1:9/v1',
    model: 'qwen2.5:7b',
    imageModel: 'x',
    ...extra,
  });
  /** A fetch that answers one path with a JSON body and 404 elsewhere. */
  const serving =
    (where: string, body: unknown): typeof fetch =>
    async (url) =>
      String(url).endsWith(where)
        ? new Response(JSON.stringify(body), { status: 200 })
        : new Response('{}', { status: 404 });

  it('is the setting first, then the known OpenAI models, then the server, then 8,192', async () => {
    expect(await contextWindowOf(config({ contextTokens: 32768 }))).toEqual({ tokens: 32768, source: 'config' });
    expect(await contextWindowOf(config({ baseURL: 'https://api.openai.com/v1', model: 'gpt-4o-mini' }))).toEqual({
      tokens: 128000,
      source: 'model',
    });
    expect(
      await contextWindowOf(config(), { fetch: serving('/props', { default_generation_settings: { n_ctx: 4096 } }) }),
    ).toEqual({ tokens: 4096, source: 'server' });
    expect(
      await contextWindowOf(config(), {
        fetch: serving('/api/show', {
          parameters: 'temperature 0.7\nnum_ctx 16384',
          model_info: { 'qwen2.context_length': 32768 },
        }),
      }),
    ).toEqual({ tokens: 16384, source: 'server' });
    // Ollama without num_ctx serves its own default window, whatever the model was trained for.
    expect(
      await contextWindowOf(config(), {
        fetch: serving('/api/show', { model_info: { 'llama.context_length': 131072 } }),
      }),
    ).toEqual({ tokens: 4096, source: 'server' });
    expect(
      await contextWindowOf(config({ model: 'Qwen/Qwen2.5-7B' }), {
        fetch: serving('/v1/models', { data: [{ id: 'Qwen/Qwen2.5-7B', max_model_len: 12288 }] }),
      }),
    ).toEqual({ tokens: 12288, source: 'server' });
    expect(await contextWindowOf(config(), { fetch: serving('/nothing', {}) })).toEqual({
      tokens: 8192,
      source: 'default',
    });
  });

  /** A port nothing listens on (yet). */
  const freePort = () =>
    new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });

  it.each([
    ['the global fetch', undefined],
    ["the batch's light fetch", lightFetch],
  ])('is asked again while its server cannot be reached, then kept (%s)', async (_name, fetch) => {
    const port = await freePort();
    const provider = createOpenAIProvider({
      configs: [config({ baseURL: `http://127.0.0.1:${port}/v1` })],
      ...(fetch ? { fetch } : {}),
    });
    // A worker started before its model's server: the default for now.
    expect(await provider.contextWindow!()).toBe(8192);
    fake = await startFakeOpenAI({ contextTokens: 4096, props: true, port });
    expect(await provider.contextWindow!()).toBe(4096);
    const asked = fake.requests.length;
    expect(await provider.contextWindow!()).toBe(4096);
    expect(fake.requests.length).toBe(asked);
  });

  it('a server that answers nothing in time keeps the default: it is not asked again', async () => {
    let calls = 0;
    const silent: typeof globalThis.fetch = async () => {
      calls++;
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    };
    const provider = createOpenAIProvider({ configs: [config()], fetch: silent });
    expect(await provider.contextWindow!()).toBe(8192);
    expect(await provider.contextWindow!()).toBe(8192);
    expect(calls).toBe(3);
  });

  it('KARYA_CONTEXT_TOKENS and contextTokens are whole numbers of at least 512', () => {
    expect(configFromEnv({ OPENAI_API_KEY: 'k', KARYA_CONTEXT_TOKENS: '3072' })?.contextTokens).toBe(3072);
    expect(() => configFromEnv({ OPENAI_API_KEY: 'k', KARYA_CONTEXT_TOKENS: '4k' })).toThrow(/KARYA_CONTEXT_TOKENS/);
    expect(() =>
      parseConfigFile({
        text: 'providers:\n  - { name: a, baseURL: "http://x/v1", contextTokens: 100 }\n',
        file: 'k.yaml',
        env: {},
      }),
    ).toThrow(/contextTokens/);
    expect(
      parseConfigFile({
        text: 'providers:\n  - { name: a, baseURL: "http://x/v1", contextTokens: 16384 }\n',
        file: 'k.yaml',
        env: {},
      }).configs[0]!.contextTokens,
    ).toBe(16384);
  });

  it('karya test-ai prints it for every provider', async () => {
    fake = await startFakeOpenAI({ contextTokens: 4096, props: true });
    const cwd = tmp();
    writeFileSync(
      path.join(cwd, 'karya.config.yaml'),
      `providers:\n  - { name: llama, baseURL: "${fake.baseURL}", model: qwen }\n  - ` +
        `{ name: set, baseURL: "${fake.baseURL}", model: qwen, contextTokens: 2048 }\n`,
    );
    const run = await runKaryaInProcess(['test-ai'], { cwd, env: {} });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^llama\s+qwen\s+\d+ ms\s+4096 tokens \(server\)\s+ok$/m);
    expect(run.stdout).toMatch(/^set\s+qwen\s+\d+ ms\s+2048 tokens \(config\)\s+ok$/m);
  });
});

describe('a server that refuses a prompt as too long', () => {
  const refusal = (body: object) => new OpenAI.APIError(400, body, 'refused', new Headers());
  it('is context_too_long, naming the window and what to set, in English and Malay, and is not retried', async () => {
    const vllm = toGenerationError(
      refusal({
        message: "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens.",
        type: 'BadRequestError',
      }),
      { contextTokens: 8192 },
    );
    expect(vllm.code).toBe('context_too_long');
    expect(vllm.isRetryable).toBe(false);
    expect(generationMessage(vllm, 'en')).toContain('context window of 4096 tokens');
    expect(generationMessage(vllm, 'ms')).toContain('tetingkap konteks model sebanyak 4096 token');
    expect(generationMessage(vllm, 'ms')).toContain('--max-model-len');
    const openai = toGenerationError(
      refusal({ message: 'Please reduce the length of the messages.', code: 'context_length_exceeded' }),
      { contextTokens: 128000 },
    );
    expect(generationMessage(openai, 'en')).toContain('context window of 128000 tokens');
    // Any other 400 stays what it was.
    expect(toGenerationError(refusal({ message: 'Invalid value for temperature' })).code).toBe('generation_failed');
  });
});
