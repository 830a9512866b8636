// A body cut mid-way is a cut stream, through the SDK (the server, `karya generate`), through the SDK on the
// light fetch, and sent directly as `karya batch` sends: a plain answer whose connection drops after half its
// declared Content-Length, or whose JSON ends half-way on a clean close, is a dropped connection, asked again
// within the retry budget ("Connection error. Retrying... (1/3)"), and the answer after it is kept whole; a
// streamed answer whose connection drops after part of its text keeps that text, marked cut (the session continues
// it from there), asking nothing again. The AI API is tests/fake-openai.ts (its cutBody habit).
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type CutBody, type FakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { isCutOff, type RetryNotice } from '../../engine/provider.js';
import { textRequest } from './helpers.js';

const ANSWER = 'Rain fell on the harbour while the lights of the town came on one by one. '.repeat(30).trim();
const MODES = [
  { name: 'through the SDK', options: {} },
  { name: 'through the SDK on the light fetch', options: { fetch: lightFetch } },
  { name: 'sent directly, as karya batch does', options: { directChat: true, fetch: lightFetch } },
] as const;

let fake: FakeOpenAI | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A fake whose first generation answer is cut `how`, then answers whole; a provider on it (retries 10 ms apart). */
async function cutFirst(how: CutBody, options: (typeof MODES)[number]['options']) {
  fake = await startFakeOpenAI({ answer: () => ANSWER, cutBody: (_body, index) => (index === 0 ? how : undefined) });
  const notices: RetryNotice[] = [];
  const p = createOpenAIProvider({
    apiKey: 'sk-test-key',
    baseURL: fake.baseURL,
    limits: { networkRetryDelayMs: 10 },
    ...options,
  });
  return { p, notices, onRetry: (n: RetryNotice) => notices.push(n) };
}

describe.each(MODES)('$name', ({ options }) => {
  it.each(['declared', 'unframed'] as const)(
    'a plain answer cut mid-body (%s): asked again once as a dropped connection, the answer kept whole',
    async (how) => {
      const { p, notices, onRetry } = await cutFirst(how, options);
      const result = await p.generateText(textRequest({ maxTokens: 800, onRetry }));
      expect(result.text).toBe(ANSWER);
      expect(isCutOff(result)).toBe(false);
      expect(fake!.generationRequests()).toHaveLength(2);
      expect(notices.map((n) => n.message)).toEqual(['Connection error. Retrying... (1/3)']);
    },
  );

  it(
    'a streamed answer whose connection drops after part of ' +
      'its text: that text kept, marked cut, nothing asked again',
    async () => {
      const { p, notices, onRetry } = await cutFirst('declared', options);
      const deltas: string[] = [];
      const result = await p.generateText(textRequest({ maxTokens: 800, onRetry, onDelta: (d) => deltas.push(d) }));
      expect(result.text.length).toBeGreaterThan(0.5 * ANSWER.length);
      expect(ANSWER.startsWith(result.text.trim())).toBe(true);
      expect(deltas.join('')).toBe(result.text);
      expect(isCutOff(result)).toBe(true);
      expect(fake!.generationRequests()).toHaveLength(1);
      expect(notices).toEqual([]);
    },
  );

  it('every answer cut: the retry budget ends it with "Maximum retry attempts reached", after 4 requests', async () => {
    fake = await startFakeOpenAI({ answer: () => ANSWER, cutBody: () => 'declared' });
    const p = createOpenAIProvider({
      apiKey: 'sk-test-key',
      baseURL: fake.baseURL,
      limits: { networkRetryDelayMs: 10 },
      ...options,
    });
    await expect(p.generateText(textRequest({ maxTokens: 800 }))).rejects.toMatchObject({
      code: 'max_retries',
      message: 'Maximum retry attempts reached. Please try again later.',
    });
    expect(fake.generationRequests()).toHaveLength(4);
  });
});

describe('a cut body on the light fetch', () => {
  it('an HTML page served whole with 200 is still not a dropped connection: no retry', async () => {
    fake = await startFakeOpenAI({ habits: ['html'] });
    const p = createOpenAIProvider({
      apiKey: 'sk-test-key',
      baseURL: fake.baseURL,
      limits: { networkRetryDelayMs: 10 },
      directChat: true,
      fetch: lightFetch,
    });
    await expect(p.generateText(textRequest())).rejects.toBeDefined();
    expect(fake.generationRequests()).toHaveLength(1);
  });
});
