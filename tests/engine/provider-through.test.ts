// providerThrough (engine/provider.ts): what a batch scheduler puts between the books and the model keeps the
// provider's name, kind and window, passes each call through its hook, and lets image calls through untouched
// unless given a hook for them.
import { describe, expect, it } from 'vitest';
import { providerThrough, type Provider } from '../../engine/index.js';

const model: Provider = {
  name: 'openai',
  isOffline: false,
  generateText: async (request) => ({ text: `answer to ${request.user}`, model: 'm', finishReason: 'stop' }),
  generateImage: async () => ({ png: new Uint8Array([1]), model: 'img' }),
  contextWindow: async () => 8192,
};

describe('providerThrough', () => {
  it(
    'passes each text call through the hook, which may ' + 'change the request, and keeps the name, kind and window',
    async () => {
      const seen: string[] = [];
      const through = providerThrough(model, {
        text: async (request, send) => {
          seen.push(request.user);
          return send({ ...request, user: `${request.user}!` });
        },
      });
      expect(through.name).toBe('openai');
      expect(through.isOffline).toBe(false);
      expect(await through.contextWindow!()).toBe(8192);
      expect(
        (
          await through.generateText({
            system: 's',
            user: 'hello',
            maxTokens: 10,
            temperature: 0.7,
            presencePenalty: 0,
            frequencyPenalty: 0,
          })
        ).text,
      ).toBe('answer to hello!');
      expect(seen).toEqual(['hello']);
      expect((await through.generateImage({ prompt: 'a cover', size: '1024x1024' })).model).toBe('img');
    },
  );

  it('has no window when the provider has none, and sends image calls through their own hook when given', async () => {
    const { contextWindow: _none, ...offline } = { ...model, isOffline: true };
    const images: string[] = [];
    const through = providerThrough(offline, {
      text: (request, send) => send(request),
      image: (request, send) => (images.push(request.prompt), send(request)),
    });
    expect(through.contextWindow).toBeUndefined();
    await through.generateImage({ prompt: 'a cover', size: '1024x1024' });
    expect(images).toEqual(['a cover']);
  });
});
