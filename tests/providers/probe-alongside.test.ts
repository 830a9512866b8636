// `karya batch`'s provider: the 1-token check runs alongside the first requests (not before
// them), once (not every 60 s while requests succeed); a config whose check fails still rotates to the
// next, and the requests sent on it are sent again there. Through the light fetch the batch uses.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { Secret, type ProviderConfig } from '../../engine/providers/config.js';
import { lightFetch } from '../../engine/node/light-fetch.js';
import { textRequest } from './helpers.js';

let fake: FakeOpenAI;
let second: FakeOpenAI;
beforeAll(async () => {
  [fake, second] = await Promise.all([startFakeOpenAI({ latencyMs: 150 }), startFakeOpenAI()]);
});
afterAll(() => Promise.all([fake.close(), second.close()]));
afterEach(() => vi.useRealTimers());

function config(name: string, server: FakeOpenAI): ProviderConfig {
  return {
    type: 'openai',
    name,
    apiKey: new Secret(`key-${name}`),
    baseURL: server.baseURL,
    model: 'gpt-4o-mini',
    imageModel: 'dall-e-3',
  };
}

describe('probeAlongside', () => {
  it('sends the first requests while the check runs, not after it', async () => {
    const p0 = fake.probeRequests().length;
    const g0 = fake.generationRequests().length;
    const provider = createOpenAIProvider({ configs: [config('A', fake)], probeAlongside: true, fetch: lightFetch });
    const results = await Promise.all(Array.from({ length: 5 }, () => provider.generateText(textRequest())));
    expect(results.map((r) => r.config)).toEqual(['A', 'A', 'A', 'A', 'A']);
    const [probe] = fake.probeRequests().slice(p0);
    const generations = fake.generationRequests().slice(g0);
    expect(fake.probeRequests().length - p0).toBe(1);
    expect(generations).toHaveLength(5);
    // Each answer takes 150 ms: a generation sent after the check's answer would arrive ≥ 150 ms after it.
    for (const g of generations) expect(g.at - probe!.at).toBeLessThan(150);
  });

  it('checks once while requests succeed, however long the batch runs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const p0 = fake.probeRequests().length;
    const provider = createOpenAIProvider({ configs: [config('long', fake)], probeAlongside: true, fetch: lightFetch });
    for (const ms of [0, 50_000, 100_000, 150_000, 200_000]) {
      vi.setSystemTime(start + ms);
      await provider.generateText(textRequest());
    }
    expect(fake.probeRequests().length - p0).toBe(1);
  });

  it('a config whose check fails: its requests are sent again on the next config, which is checked first', async () => {
    const [p1, p2, g2] = [
      fake.probeRequests().length,
      second.probeRequests().length,
      second.generationRequests().length,
    ];
    fake.scriptProbes({ status: 401 });
    fake.script({ status: 401 }, { status: 401 });
    const provider = createOpenAIProvider({
      configs: [config('bad', fake), config('good', second)],
      probeAlongside: true,
      fetch: lightFetch,
      limits: { initRetryDelayMs: 10 },
    });
    const results = await Promise.all([provider.generateText(textRequest()), provider.generateText(textRequest())]);
    expect(results.map((r) => r.config)).toEqual(['good', 'good']);
    expect(fake.probeRequests().length - p1).toBe(1);
    expect(second.probeRequests().length - p2).toBe(1);
    expect(second.generationRequests().length - g2).toBe(2);
    expect(provider.activeConfigName()).toBe('good');
  });

  it('the light fetch: streamed answers arrive as deltas, and an abort rejects with an AbortError', async () => {
    const provider = createOpenAIProvider({
      configs: [config('stream', second)],
      probeAlongside: true,
      fetch: lightFetch,
    });
    const deltas: string[] = [];
    const result = await provider.generateText(textRequest({ onDelta: (d) => deltas.push(d) }));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(result.text);
    const controller = new AbortController();
    const pending = lightFetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] }),
      headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
      signal: controller.signal,
    });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it(
    'the light fetch: a whole answer reads as a Response ' + 'does (status, ok, headers, one read of the body)',
    async () => {
      const body = JSON.stringify({ model: 'x', messages: [{ role: 'user', content: 'hi' }] });
      const init = { method: 'POST', body, headers: { 'content-type': 'application/json', authorization: 'Bearer k' } };
      const [light, standard] = await Promise.all([
        lightFetch(`${second.baseURL}/chat/completions`, init),
        fetch(`${second.baseURL}/chat/completions`, init),
      ]);
      expect([light.status, light.ok]).toEqual([standard.status, standard.ok]);
      expect(light.url).toBe(`${second.baseURL}/chat/completions`);
      expect(light.headers.get('Content-Type')).toBe(standard.headers.get('content-type'));
      expect(light.headers.get('x-missing')).toBeNull();
      expect(light.bodyUsed).toBe(false);
      const json = (await light.json()) as { choices: Array<{ message: { content: string } }> };
      // Each answer is numbered by the fake: both are whole answers of the same shape.
      const other = (await standard.json()) as typeof json;
      expect(json.choices[0]!.message.content.replace(/\d+/, 'N')).toBe(
        other.choices[0]!.message.content.replace(/\d+/, 'N'),
      );
      expect(light.bodyUsed).toBe(true);
      await expect(light.text()).rejects.toThrow(TypeError);
      const missing = await lightFetch(`${second.baseURL}/no-such-route`);
      expect([missing.status, missing.ok]).toEqual([404, false]);
      expect(await missing.text()).toContain('no route');
    },
  );
});
