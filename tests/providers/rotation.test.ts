// Provider configs, rotation and initialisation (the platform requirements, §4 and §9; the publishing ones,
// §4 "AI provider state", §8): rotate every 60 s and after an initialisation failure, cache a client
// 60 s, share one initialisation, a 1-token test call retried up to 3 times 2 s apart, then the message.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI, type RecordedRequest } from '../fake-openai.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { Secret, type ProviderConfig } from '../../engine/providers/config.js';
import type { ProviderEvent } from '../../engine/provider.js';
import { drive, rejectionOf, textRequest } from './helpers.js';

const INIT_FAILED = 'Failed to initialize AI service after multiple attempts. Please try again.';

let fake: FakeOpenAI;
let second: FakeOpenAI;
beforeAll(async () => {
  [fake, second] = await Promise.all([startFakeOpenAI(), startFakeOpenAI()]);
});
afterAll(() => Promise.all([fake.close(), second.close()]));
afterEach(() => {
  vi.useRealTimers();
});

function config(name: string, server: FakeOpenAI, key = `key-${name}`): ProviderConfig {
  return {
    type: 'openai',
    name,
    apiKey: new Secret(key),
    baseURL: server.baseURL,
    model: 'gpt-4o-mini',
    imageModel: 'dall-e-3',
  };
}

const keyOf = (r: RecordedRequest) => String(r.headers.authorization).replace('Bearer ', '');
const since = (list: RecordedRequest[], n: number) => list.slice(n);

describe('rotation every 60 s and a client cached 60 s', () => {
  it('A, B, C configs: the active one moves on every 60 s, and each new client is initialised once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const g0 = fake.generationRequests().length;
    const p0 = fake.probeRequests().length;
    const provider = createOpenAIProvider({ configs: [config('A', fake), config('B', fake), config('C', fake)] });
    const at = async (ms: number) => {
      vi.setSystemTime(start + ms);
      return (await provider.generateText(textRequest())).config;
    };
    expect(await at(0)).toBe('A');
    expect(await at(30_000)).toBe('A');
    expect(await at(59_999)).toBe('A');
    expect(await at(60_000)).toBe('B');
    expect(await at(119_999)).toBe('B');
    expect(await at(120_000)).toBe('C');
    expect(await at(180_000)).toBe('A');
    expect(since(fake.generationRequests(), g0).map(keyOf)).toEqual([
      'key-A',
      'key-A',
      'key-A',
      'key-B',
      'key-B',
      'key-C',
      'key-A',
    ]);
    expect(since(fake.probeRequests(), p0).map(keyOf)).toEqual(['key-A', 'key-B', 'key-C', 'key-A']);
  });

  it('one config: the client is re-initialised (a new test call) once it is 60 s old', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const p0 = fake.probeRequests().length;
    const provider = createOpenAIProvider({ configs: [config('only', fake)] });
    for (const ms of [0, 10_000, 59_999]) {
      vi.setSystemTime(start + ms);
      await provider.generateText(textRequest());
    }
    expect(fake.probeRequests().length - p0).toBe(1);
    vi.setSystemTime(start + 60_000);
    await provider.generateText(textRequest());
    expect(fake.probeRequests().length - p0).toBe(2);
  });

  it('concurrent generations share one initialisation', async () => {
    const p0 = fake.probeRequests().length;
    const g0 = fake.generationRequests().length;
    const provider = createOpenAIProvider({ configs: [config('shared', fake)] });
    const results = await Promise.all(Array.from({ length: 6 }, () => provider.generateText(textRequest())));
    expect(results).toHaveLength(6);
    expect(fake.probeRequests().length - p0).toBe(1);
    expect(fake.generationRequests().length - g0).toBe(6);
  });
});

describe('initialisation', () => {
  it('an initialisation failure rotates to the next config, 2 s later', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const events: ProviderEvent[] = [];
    const [p1, g1, p2, g2] = [
      fake.probeRequests().length,
      fake.generationRequests().length,
      second.probeRequests().length,
      second.generationRequests().length,
    ];
    fake.scriptProbes({ status: 500 });
    const provider = createOpenAIProvider({
      configs: [config('first', fake), config('second', second)],
      onEvent: (e) => events.push(e),
    });
    const result = await drive(provider.generateText(textRequest()));
    expect(result.config).toBe('second');
    expect(fake.probeRequests().length - p1).toBe(1);
    expect(fake.generationRequests().length - g1).toBe(0);
    expect(second.probeRequests().length - p2).toBe(1);
    expect(second.generationRequests().length - g2).toBe(1);
    const gap = second.probeRequests().at(-1)!.at - fake.probeRequests().at(-1)!.at;
    expect(gap).toBeGreaterThanOrEqual(2_000);
    expect(gap).toBeLessThan(3_000);
    expect(events.filter((e) => e.type === 'rotate')).toEqual([
      { type: 'rotate', from: 'first', to: 'second', reason: 'init-failure' },
    ]);
    expect(provider.activeConfigName()).toBe('second');
  });

  it(
    'three failed test calls, 2 s apart, one per config, then "Failed to ' +
      'initialize AI service after multiple attempts. Please try again."',
    async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      const p0 = fake.probeRequests().length;
      const g0 = fake.generationRequests().length;
      fake.scriptProbes({ status: 401 }, { status: 500 }, { dropConnection: true });
      const provider = createOpenAIProvider({ configs: [config('A', fake), config('B', fake), config('C', fake)] });
      const error = await rejectionOf(drive(provider.generateText(textRequest())));
      expect(error.message).toBe(INIT_FAILED);
      const probes = since(fake.probeRequests(), p0);
      expect(probes.map(keyOf)).toEqual(['key-A', 'key-B', 'key-C']);
      expect(probes[1]!.at - probes[0]!.at).toBeGreaterThanOrEqual(2_000);
      expect(probes[2]!.at - probes[1]!.at).toBeGreaterThanOrEqual(2_000);
      expect(fake.generationRequests().length - g0).toBe(0);
    },
  );

  it('with one config the test call is retried on it: 3 attempts in all', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const p0 = fake.probeRequests().length;
    fake.scriptProbes({ status: 500 }, { status: 500 }, { status: 500 });
    const provider = createOpenAIProvider({ configs: [config('solo', fake)] });
    expect((await rejectionOf(drive(provider.generateText(textRequest())))).message).toBe(INIT_FAILED);
    expect(fake.probeRequests().length - p0).toBe(3);
  });

  it('a later generation starts a fresh initialisation after a failed one', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    fake.scriptProbes({ status: 500 }, { status: 500 }, { status: 500 });
    const provider = createOpenAIProvider({ configs: [config('again', fake)] });
    await rejectionOf(drive(provider.generateText(textRequest())));
    fake.script({ text: 'Recovered.' });
    expect((await drive(provider.generateText(textRequest()))).text).toBe('Recovered.');
  });

  it(
    'a rate-limited test call (429) still counts as a working ' + 'config; the generation then follows the 429 policy',
    async () => {
      const g0 = fake.generationRequests().length;
      fake.scriptProbes({ status: 429 });
      fake.script({ text: 'Went through.' });
      const provider = createOpenAIProvider({ configs: [config('busy', fake)] });
      expect((await provider.generateText(textRequest())).text).toBe('Went through.');
      expect(fake.generationRequests().length - g0).toBe(1);
    },
  );
});
