// The SDK never retries on its own: every client the provider builds (plain, streamed, sent directly, Azure, the
// image client, the initialisation check) sends a failed request once, and the provider's policy alone decides what
// is sent again (engine/providers/retry.ts: a 429 three requests in all, a text's or a picture's; a check: its
// own rule).
// With the SDK's default (maxRetries 2) each request the server saw would be three.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { Secret, type ProviderConfig } from '../../engine/providers/config.js';
import { GenerationError } from '../../engine/errors.js';
import { rejectionOf, textRequest } from './helpers.js';

const RATE_LIMITED = {
  status: 429,
  body: { error: { message: 'Rate limit reached' } },
  headers: { 'retry-after': '0' },
};

let fake: FakeOpenAI;
beforeAll(async () => {
  // Every generation and image refused with 429; the 1-token check answered.
  fake = await startFakeOpenAI({ reply: (body) => (Number(body.max_tokens ?? 2) > 1 ? RATE_LIMITED : undefined) });
});
afterAll(() => fake.close());

const azure = (endpoint = fake.url): ProviderConfig => ({
  type: 'azure',
  name: 'azure',
  apiKey: new Secret('azure-key'),
  endpoint,
  deployment: 'chat-dep',
  apiVersion: '2024-10-21',
  imageDeployment: 'image-dep',
  model: 'gpt-4o-mini',
});

describe('the SDK sends a failed request once; the provider decides the rest', () => {
  it.each([
    ['plain, through the SDK', () => createOpenAIProvider({ apiKey: 'sk-test', baseURL: fake.baseURL }), {}],
    [
      'streamed',
      () => createOpenAIProvider({ apiKey: 'sk-test', baseURL: fake.baseURL }),
      { onDelta: () => undefined },
    ],
    [
      'sent directly (karya batch)',
      () => createOpenAIProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, directChat: true, fetch: lightFetch }),
      {},
    ],
    ['Azure', () => createOpenAIProvider({ configs: [azure()] }), {}],
  ])('%s: a model that always answers 429 is sent 3 requests, each told to the caller', async (_name, make, extra) => {
    const before = fake.generationRequests().length;
    let told = 0;
    const error = await rejectionOf(make().generateText(textRequest({ ...extra, onRequest: () => void told++ })));
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).code).toBe('rate_limited');
    expect(fake.generationRequests().length - before).toBe(3);
    expect(told).toBe(3);
  });

  it.each([
    ['OpenAI', (at: FakeOpenAI) => createOpenAIProvider({ apiKey: 'sk-test', baseURL: at.baseURL })],
    ['Azure', (at: FakeOpenAI) => createOpenAIProvider({ configs: [azure(at.url)] })],
  ])('%s image client: a rate-limited picture is asked 3 times in all, as a text is', async (_, make) => {
    const own = await startFakeOpenAI();
    try {
      own.scriptImages(RATE_LIMITED, RATE_LIMITED, RATE_LIMITED);
      const waits: number[] = [];
      const onRetry = (notice: { attempt: number }) => void waits.push(notice.attempt);
      const error = await rejectionOf(make(own).generateImage({ prompt: 'A harbour', size: '1024x1024', onRetry }));
      expect(error).toBeInstanceOf(GenerationError);
      expect(own.imageRequests()).toHaveLength(3);
      expect(waits).toEqual([1, 2]);
    } finally {
      await own.close();
    }
  });

  it('the initialisation check: a failing one is sent once per try of the pool, three in all', async () => {
    const own = await startFakeOpenAI();
    try {
      const down = { status: 500, body: { error: { message: 'down' } } };
      own.scriptProbes(...Array.from({ length: 9 }, () => down));
      const provider = createOpenAIProvider({
        apiKey: 'sk-test',
        baseURL: own.baseURL,
        limits: { initRetryDelayMs: 1 },
      });
      const error = await rejectionOf(provider.generateText(textRequest()));
      expect((error as GenerationError).code).toBe('init_failed');
      expect(own.probeRequests()).toHaveLength(3);
      expect(own.generationRequests()).toHaveLength(0);
    } finally {
      await own.close();
    }
  });
});
