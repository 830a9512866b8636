// `karya batch`'s answers read whole: sent directly on the light fetch, an answer of any length comes back as the
// model wrote it, every character (curly quotes, Malay, a line break), whether its bytes came in the light fetch's
// shared small buffer or in a buffer of their own (which the answer's reader is handed instead of a copy). The AI
// API is tests/fake-openai.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { textRequest } from './helpers.js';

const LINE = 'Hujan turun di pelabuhan — “lampu-lampu pekan menyala satu demi satu,” katanya.\n';
const ANSWERS = [
  { name: 'a short answer', text: 'Ya’.' },
  { name: 'an answer of some 20 KB', text: LINE.repeat(240).trim() },
];

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI({ answer: (body) => String((body.messages as { content: string }[]).at(-1)!.content) });
});
afterAll(() => fake.close());

describe('an answer sent directly on the light fetch', () => {
  it.each(ANSWERS)('$name comes back as the model wrote it', async ({ text }) => {
    const p = createOpenAIProvider({
      apiKey: 'sk-test-key',
      baseURL: fake.baseURL,
      directChat: true,
      fetch: lightFetch,
    });
    const result = await p.generateText(textRequest({ user: text }));
    expect(result.text).toBe(text);
  });
});
