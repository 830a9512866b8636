// The OpenAI-compatible provider sends exactly the payload spec/ describes (platform §7, §9).
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { nextStep, parseSettings, renderPrompt, startBook, GenerationError } from '../../engine/index.js';
import { repoCatalog } from '../catalog.js';

const fake = await startFakeOpenAI();
afterAll(() => fake.close());

describe('OpenAI-compatible provider', () => {
  it(
    'sends model, [system, user] messages, max_tokens, temperature ' +
      'and both penalties, and reads choices[0].message.content',
    async () => {
      const catalog = repoCatalog();
      const spec = catalog.get('romance')!;
      const state = startBook({ spec, settings: parseSettings(spec, { heatLevel: 'mild' }) });
      const prompt = renderPrompt({ spec, renderer: catalog.renderer, state, step: nextStep(spec, state)! });
      const provider = createOpenAIProvider({ apiKey: 'sk-test', baseURL: fake.baseURL });
      fake.script({ text: 'An outline.' });
      const result = await provider.generateText({ ...prompt, system: prompt.system, user: prompt.user });
      expect(result.text).toBe('An outline.');
      const sent = fake.chatRequests().at(-1)!;
      expect(sent.headers.authorization).toBe('Bearer sk-test');
      expect(sent.body).toEqual({
        model: 'gpt-4o-mini',
        messages: [
          { role: 'system', content: prompt.system },
          { role: 'user', content: prompt.user },
        ],
        max_tokens: 3000,
        temperature: 0.8,
        presence_penalty: 0.3,
        frequency_penalty: 0.3,
      });
      expect(prompt.system).toMatch(/expert writer/);
      expect(prompt.user).toContain('Mild');
    },
  );

  it('uses KARYA_MODEL-style model names when given', async () => {
    const provider = createOpenAIProvider({ apiKey: 'k', baseURL: fake.baseURL, model: 'llama3' });
    await provider.generateText({
      system: 's',
      user: 'u',
      maxTokens: 5,
      temperature: 0.1,
      presencePenalty: 0,
      frequencyPenalty: 0,
    });
    expect(fake.chatRequests().at(-1)!.body!.model).toBe('llama3');
  });

  it('an empty answer is "No content generated"', async () => {
    const provider = createOpenAIProvider({ apiKey: 'k', baseURL: fake.baseURL });
    fake.script({ text: '   ' });
    await expect(
      provider.generateText({
        system: 's',
        user: 'u',
        maxTokens: 5,
        temperature: 0.1,
        presencePenalty: 0,
        frequencyPenalty: 0,
      }),
    ).rejects.toThrow('No content generated');
  });

  it('maps 401 to the catalogue message', async () => {
    const provider = createOpenAIProvider({ apiKey: 'k', baseURL: fake.baseURL });
    fake.script({ status: 401 });
    const error = await provider
      .generateText({ system: 's', user: 'u', maxTokens: 5, temperature: 0.1, presencePenalty: 0, frequencyPenalty: 0 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).message).toBe('Authentication error. Please refresh the page and try again.');
  });

  it('streams deltas in order when asked', async () => {
    const provider = createOpenAIProvider({ apiKey: 'k', baseURL: fake.baseURL });
    fake.script({ text: 'one two three four' });
    const deltas: string[] = [];
    const result = await provider.generateText({
      system: 's',
      user: 'u',
      maxTokens: 5,
      temperature: 0.1,
      presencePenalty: 0,
      frequencyPenalty: 0,
      onDelta: (d) => deltas.push(d),
    });
    expect(deltas.join('')).toBe('one two three four');
    expect(result.text).toBe('one two three four');
    expect(result.usage?.completionTokens).toBe(4);
    expect(fake.chatRequests().at(-1)!.body).toMatchObject({ stream: true, stream_options: { include_usage: true } });
  });
});
