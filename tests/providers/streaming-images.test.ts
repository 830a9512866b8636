// Streaming (deltas in order, usage recorded), cover images (the publishing requirements, §7
// "Image generation", §8, §9), and one request in flight per book.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, TINY_PNG, type FakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { RequestsByKey } from '../../engine/providers/inflight.js';
import { Secret, type ProviderConfig } from '../../engine/providers/config.js';
import type { ProviderEvent } from '../../engine/provider.js';
import { parseSettings, runStep, startBook } from '../../engine/index.js';
import { rejectionOf, textRequest, until } from './helpers.js';
import { repoCatalog } from '../catalog.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const provider = (onEvent?: (e: ProviderEvent) => void) =>
  createOpenAIProvider({ apiKey: 'sk-test', baseURL: fake.baseURL, ...(onEvent ? { onEvent } : {}) });

describe('streaming', () => {
  it('yields the text deltas in order, asks for usage and records it', async () => {
    const events: ProviderEvent[] = [];
    fake.script({ text: 'Once upon a time in Melaka' });
    const deltas: string[] = [];
    const result = await provider((e) => events.push(e)).generateText(textRequest({ onDelta: (d) => deltas.push(d) }));
    expect(deltas).toEqual(['Once ', 'upon ', 'a ', 'time ', 'in ', 'Melaka']);
    expect(result.text).toBe('Once upon a time in Melaka');
    expect(fake.generationRequests().at(-1)!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(result.usage).toEqual({ promptTokens: 10, completionTokens: 6, totalTokens: 16 });
    expect(events.filter((e) => e.type === 'usage')).toEqual([
      { type: 'usage', config: '127.0.0.1:' + fake.port, model: 'gpt-4o-mini', usage: result.usage },
    ]);
  });

  it('a 429 before the stream starts is retried and the deltas arrive once', async () => {
    fake.script({ status: 429, headers: { 'retry-after-ms': '10' } }, { text: 'only once' });
    const deltas: string[] = [];
    await provider().generateText(textRequest({ onDelta: (d) => deltas.push(d) }));
    expect(deltas.join('')).toBe('only once');
  });

  it('an empty stream is "No content generated"', async () => {
    fake.script({ text: '' });
    expect((await rejectionOf(provider().generateText(textRequest({ onDelta: () => undefined })))).message).toBe(
      'No content generated',
    );
  });
});

describe('cover images', () => {
  const imageRequest = { prompt: 'A book cover for "Sang Kancil"', size: '1024x1792' as const };

  it(
    'calls images.generate with prompt, n 1, the size, quality ' +
      'standard, style vivid, response_format url, then downloads the PNG',
    async () => {
      const result = await provider().generateImage(imageRequest);
      const sent = fake.imageRequests().at(-1)!;
      expect(sent.body).toEqual({
        model: 'dall-e-3',
        prompt: imageRequest.prompt,
        n: 1,
        size: '1024x1792',
        quality: 'standard',
        style: 'vivid',
        response_format: 'url',
      });
      expect(Buffer.from(result.png).equals(TINY_PNG)).toBe(true);
      expect(result.url).toBe(`${fake.url}/images/cover.png`);
      expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/images/cover.png' });
    },
  );

  const failures: Array<{ name: string; reply: Parameters<FakeOpenAI['scriptImages']>[0]; message: string }> = [
    {
      name: "the server's error message",
      reply: {
        status: 400,
        body: { error: { message: 'Your request was rejected as a result of our safety system.' } },
      },
      message: 'Failed to generate image: Your request was rejected as a result of our safety system.',
    },
    {
      name: 'the status text when there is no message',
      reply: { status: 500, body: {} },
      message: 'Failed to generate image: Internal Server Error',
    },
    {
      name: 'a missing URL',
      reply: { status: 200, body: { created: 1, data: [{}] } },
      message: 'No image URL in response',
    },
    {
      name: 'an empty data list',
      reply: { status: 200, body: { created: 1, data: [] } },
      message: 'No image URL in response',
    },
  ];
  it.each(failures)('failure: $name → "$message"', async ({ reply, message }) => {
    fake.scriptImages(reply);
    const before = fake.imageRequests().length;
    expect((await rejectionOf(provider().generateImage(imageRequest))).message).toBe(message);
    expect(fake.imageRequests().length - before).toBe(1);
  });

  it('a failed download is "Failed to generate image: Not Found"', async () => {
    fake.scriptImages({ status: 200, body: { created: 1, data: [{ url: `${fake.url}/nowhere.png` }] } });
    expect((await rejectionOf(provider().generateImage(imageRequest))).message).toBe(
      'Failed to generate image: Not Found',
    );
  });

  it('kids-book-cover asks for 1024x1024 and book-cover for 1024x1792 (spec §9)', async () => {
    const catalog = repoCatalog();
    const sizes: string[] = [];
    for (const [id, settings] of [
      ['kids-book-cover', { title: 'Sang Kancil', mainCharacter: 'a mouse deer' }],
      ['book-cover', { title: 'The Last Dragon' }],
    ] as const) {
      const spec = catalog.get(id)!;
      const state = startBook({ spec, settings: parseSettings(spec, settings) });
      const outcome = await runStep({
        spec,
        renderer: catalog.renderer,
        provider: provider(),
        state,
        step: { kind: 'image' },
      });
      expect(outcome.png && Buffer.from(outcome.png).equals(TINY_PNG)).toBe(true);
      sizes.push(String(fake.imageRequests().at(-1)!.body!.size));
      expect(String(fake.imageRequests().at(-1)!.body!.prompt)).toContain(settings.title);
    }
    expect(sizes).toEqual(['1024x1024', '1024x1792']);
  });

  it('Azure: chat and images go to their deployments with the api-key header and api-version', async () => {
    const azure: ProviderConfig = {
      type: 'azure',
      name: 'azure',
      apiKey: new Secret('azure-key-123'),
      endpoint: fake.url,
      deployment: 'chat-dep',
      apiVersion: '2024-10-21',
      imageDeployment: 'image-dep',
      model: 'gpt-4o-mini',
    };
    const p = createOpenAIProvider({ configs: [azure] });
    fake.script({ text: 'Azure says hi.' });
    const text = await p.generateText(textRequest());
    expect(text).toMatchObject({ text: 'Azure says hi.', model: 'gpt-4o-mini', config: 'azure' });
    const chat = fake.generationRequests().at(-1)!;
    expect(chat.path).toBe('/openai/deployments/chat-dep/chat/completions');
    expect(chat.search).toBe('?api-version=2024-10-21');
    expect(chat.headers['api-key']).toBe('azure-key-123');
    expect(chat.headers.authorization).toBeUndefined();
    await p.generateImage(imageRequest);
    expect(fake.imageRequests().at(-1)!.path).toBe('/openai/deployments/image-dep/images/generations');
  });
});

describe('one request in flight per book', () => {
  it('a new request for the same book aborts the one in flight; other books go on', async () => {
    const running = new RequestsByKey();
    const p = provider();
    await p.generateText(textRequest()); // initialised, so the next requests go straight out
    const abandoned = fake.abandoned();
    const before = fake.generationRequests().length;
    fake.script({ hang: true }, { text: 'other book' }, { text: 'second try' });
    const first = running.start('user-1:romance');
    const firstResult = p.generateText(textRequest({ signal: first.signal }));
    await until(() => fake.generationRequests().length === before + 1, 'the first request');
    const other = running.start('user-1:sci_fi');
    const otherResult = p.generateText(textRequest({ signal: other.signal }));
    await until(() => fake.generationRequests().length === before + 2, 'the other book');
    const second = running.start('user-1:romance');
    expect((await rejectionOf(firstResult)).message).toBe('Generation timed out. Please try again.');
    await until(() => fake.abandoned() === abandoned + 1, 'the first request to be closed');
    expect((await p.generateText(textRequest({ signal: second.signal }))).text).toBe('second try');
    expect((await otherResult).text).toBe('other book');
    second.done();
    other.done();
    first.done();
    expect(running.size).toBe(0);
  });
});
