// How an answer ended, as the provider reads it: the provider's filter (finish_reason content_filter,
// Gemini's safety, OpenAI's refusal field) is the named failure `filtered`, streamed or not, never a cut answer
// kept; `length` is cut (continued by the session); a stream stopped by the generation's time-out keeps what came,
// marked as stopped by the time-out; a time-out before any text is `timeout`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { GenerationError, isCutOff } from '../../engine/index.js';
import { rejectionOf, textRequest } from './helpers.js';

let fake: FakeOpenAI;
let delayMs = 0;
beforeAll(async () => {
  fake = await startFakeOpenAI({ streamDelayMs: () => delayMs });
});
afterAll(() => fake.close());

const provider = (timeoutMs?: number) =>
  createOpenAIProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, ...(timeoutMs ? { timeoutMs } : {}) });
const completion = (message: Record<string, unknown>, finishReason: string) => ({
  status: 200,
  body: {
    id: 'x',
    object: 'chat.completion',
    created: 1,
    model: 'fake',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finishReason }],
  },
});

describe("the provider's filter", () => {
  it.each([
    ['content_filter, streamed', true, { text: 'She leaned closer and', finishReason: 'content_filter' as const }],
    ['content_filter, not streamed', false, completion({ content: 'She leaned closer and' }, 'content_filter')],
    ['safety (Gemini), not streamed', false, completion({ content: '' }, 'SAFETY')],
    [
      'a refusal field and no text',
      false,
      completion({ content: null, refusal: "I'm sorry, I can't help with that." }, 'stop'),
    ],
  ])('%s: the named failure `filtered`, the partial text not given back', async (_name, isStreamed, reply) => {
    fake.script(reply);
    const error = await rejectionOf(
      provider().generateText(textRequest(isStreamed ? { onDelta: () => undefined } : {})),
    );
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).code).toBe('filtered');
  });

  it('length is a cut answer, kept to be continued', async () => {
    fake.script({ text: 'She leaned closer and', finishReason: 'length' });
    const result = await provider().generateText(textRequest());
    expect(result.text).toBe('She leaned closer and');
    expect(isCutOff(result)).toBe(true);
  });
});

describe('the time-out', () => {
  it('a stream still arriving when the time-out fires keeps what came, marked as stopped by the time-out', async () => {
    delayMs = 120;
    try {
      fake.script({
        text:
          'The rain kept falling over the harbour while the lights of ' +
          'the town came on one by one and the ferry sounded its horn.',
      });
      const deltas: string[] = [];
      const result = await provider(700).generateText(textRequest({ onDelta: (d) => deltas.push(d) }));
      expect(result.isTimedOut).toBe(true);
      expect(result.finishReason).toBeUndefined();
      expect(result.text).toBe(deltas.join(''));
      expect(result.text.startsWith('The rain')).toBe(true);
      expect(result.text.length).toBeLessThan(100);
      expect(isCutOff(result)).toBe(true);
    } finally {
      delayMs = 0;
    }
  });

  it('a time-out before any text is `timeout`', async () => {
    fake.script({ hang: true });
    const error = await rejectionOf(provider(300).generateText(textRequest({ onDelta: () => undefined })));
    expect((error as GenerationError).code).toBe('timeout');
  });
});
