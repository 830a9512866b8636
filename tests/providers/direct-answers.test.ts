// `karya batch`'s answers read whole: sent directly on the light fetch, an answer of any length comes back as the
// model wrote it, every character (curly quotes, Malay, a line break), whether its bytes came in the light fetch's
// shared small buffer or in a buffer of their own (which the answer's reader is handed instead of a copy). The AI
// API is tests/fake-openai.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

describe('an answer whose body opens with a byte-order mark', () => {
  it('is read as the model wrote it, as a standard response reads it (the mark is no part of the JSON)', async () => {
    const answer = 'Lampu-lampu pekan menyala — satu demi satu.';
    const completion = {
      id: 'chatcmpl-bom',
      object: 'chat.completion',
      created: 0,
      model: 'gpt-4o-mini',
      choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: answer } }],
      usage: { prompt_tokens: 5, completion_tokens: 9, total_tokens: 14 },
    };
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(`\uFEFF${JSON.stringify(completion)}`);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const p = createOpenAIProvider({
        apiKey: 'sk-test-key',
        baseURL: `http://127.0.0.1:${port}/v1`,
        directChat: true,
        fetch: lightFetch,
      });
      const result = await p.generateText(textRequest({ user: 'Tulis satu ayat.' }));
      expect(result.text).toBe(answer);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
