// Provider configs from the environment and karya.config.yaml; keys only by reference to environment
// variables and never in logs or errors; the `karya test-ai` check.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../fake-openai.js';
import { configFromEnv, Secret, type ProviderConfig } from '../../engine/providers/config.js';
import { loadProviderConfigs, parseConfigFile } from '../../engine/providers/config-file.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { checkProviderConfigs } from '../../engine/providers/check.js';
import { createOpenAIProvider } from '../../engine/providers/openai.js';
import { SpecError } from '../../engine/errors.js';
import type { ProviderEvent } from '../../engine/provider.js';
import { rejectionOf, textRequest } from './helpers.js';
import { tempDir } from '../temp.js';

let fake: FakeOpenAI;
beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake.close());

const FILE = 'karya.config.yaml';
const parse = (text: string, env: Record<string, string> = {}) => parseConfigFile({ text, file: FILE, env });
const problem = (text: string, env: Record<string, string> = {}) => {
  try {
    parse(text, env);
  } catch (error) {
    expect(error).toBeInstanceOf(SpecError);
    return (error as Error).message;
  }
  throw new Error('expected a SpecError');
};

describe('configs from the environment', () => {
  it('OPENAI_API_KEY alone makes one OpenAI config with gpt-4o-mini', () => {
    const config = configFromEnv({ OPENAI_API_KEY: 'sk-abc' })!;
    expect(config).toMatchObject({
      type: 'openai',
      name: 'openai',
      baseURL: 'https://api.openai.com/v1',
      model: 'gpt-4o-mini',
    });
    expect(config.apiKey.reveal()).toBe('sk-abc');
  });

  it('OPENAI_BASE_URL and KARYA_MODEL point it at another server', () => {
    expect(
      configFromEnv({ OPENAI_API_KEY: 'x', OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1/', KARYA_MODEL: 'llama3.1' }),
    ).toMatchObject({
      name: '127.0.0.1:11434',
      baseURL: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
    });
  });

  it('no key: no config, and providerFromEnv gives the offline provider', () => {
    const cwd = tempDir('karya-cfg-');
    expect(configFromEnv({})).toBeUndefined();
    expect(providerFromEnv({}, { cwd }).isOffline).toBe(true);
    expect(providerFromEnv({ OPENAI_API_KEY: 'x' }, { cwd }).isOffline).toBe(false);
  });
});

describe('karya.config.yaml', () => {
  const text = `
timeoutMs: 120000
providers:
  - name: openai-main
    apiKeyEnv: OPENAI_API_KEY
  - name: azure-sea
    type: azure
    endpoint: https://my-resource.openai.azure.com/
    deployment: gpt-4o-mini-prod
    apiVersion: 2024-10-21
    apiKeyEnv: AZURE_OPENAI_API_KEY
  - name: ollama
    baseURL: http://127.0.0.1:11434/v1
    model: llama3.1
`;
  const env = { OPENAI_API_KEY: 'sk-one', AZURE_OPENAI_API_KEY: 'az-two' };

  it('makes one config per provider, keys read from the named environment variables', () => {
    const { configs, timeoutMs } = parse(text, env);
    expect(timeoutMs).toBe(120_000);
    expect(configs.map((c) => [c.name, c.type, c.model])).toEqual([
      ['openai-main', 'openai', 'gpt-4o-mini'],
      ['azure-sea', 'azure', 'gpt-4o-mini-prod'],
      ['ollama', 'openai', 'llama3.1'],
    ]);
    expect(configs[0]!.apiKey.reveal()).toBe('sk-one');
    expect(configs[1]).toMatchObject({
      endpoint: 'https://my-resource.openai.azure.com',
      deployment: 'gpt-4o-mini-prod',
      apiVersion: '2024-10-21',
      imageDeployment: 'dall-e-3',
    });
  });

  it('is found in the working directory and wins over OPENAI_API_KEY alone; KARYA_CONFIG names another file', () => {
    const cwd = tempDir('karya-cfg-');
    writeFileSync(path.join(cwd, FILE), text);
    expect(loadProviderConfigs({ cwd, env }).configs).toHaveLength(3);
    writeFileSync(path.join(cwd, 'other.yaml'), 'providers:\n  - { name: only, apiKeyEnv: OPENAI_API_KEY }\n');
    expect(
      loadProviderConfigs({ cwd, env: { ...env, KARYA_CONFIG: 'other.yaml' } }).configs.map((c) => c.name),
    ).toEqual(['only']);
    expect(() => loadProviderConfigs({ cwd, env: { ...env, KARYA_CONFIG: 'missing.yaml' } })).toThrow(
      'missing.yaml: no such file (named by KARYA_CONFIG)',
    );
  });

  const invalid: Array<{ name: string; text: string; env?: Record<string, string>; message: string }> = [
    {
      name: 'a key written in the file',
      text: 'providers:\n  - { name: a, apiKey: sk-live-123456789 }\n',
      message:
        'karya.config.yaml: providers.0.apiKey: keys never go in this file: name ' +
        'the environment variable that holds the key, e.g. apiKeyEnv: OPENAI_API_KEY',
    },
    {
      name: 'an unset key variable',
      text: 'providers:\n  - { name: a, apiKeyEnv: MY_KEY }\n',
      message:
        'karya.config.yaml: providers.0.apiKeyEnv: environment ' +
        'variable MY_KEY is not set; set it or remove this provider',
    },
    {
      name: 'no key for OpenAI itself',
      text: 'providers:\n  - { name: a }\n',
      message:
        'karya.config.yaml: providers.0.apiKeyEnv: is required: name the environment variable that holds the API key',
    },
    {
      name: 'an unknown key',
      text: 'providers:\n  - { name: a, apiKeyEnv: K, modle: x }\n',
      env: { K: 'k' },
      message: 'karya.config.yaml: providers.0: unknown key "modle"',
    },
    {
      name: 'two providers with one name',
      text: 'providers:\n  - { name: a, apiKeyEnv: K }\n  - { name: a, apiKeyEnv: K }\n',
      env: { K: 'k' },
      message: 'karya.config.yaml: providers.1.name: "a" is used twice; give each provider its own name',
    },
    {
      name: 'no providers',
      text: 'providers: []\n',
      message: 'karya.config.yaml: providers: list at least one provider',
    },
    { name: 'broken YAML', text: 'providers: [\n', message: 'karya.config.yaml: not valid YAML' },
  ];
  it.each(invalid)('rejects $name with file: path: message', ({ text: t, env: e, message }) => {
    const got = problem(t, e);
    expect(got.startsWith(message)).toBe(true);
    expect(got).not.toContain('sk-live-123456789');
  });

  it('an Azure entry needs its endpoint, deployment and API version', () => {
    const got = problem('providers:\n  - { name: az, type: azure, apiKeyEnv: K }\n', { K: 'k' });
    expect(got).toContain('providers.0.endpoint');
    expect(got).toContain('providers.0.deployment');
    expect(got).toContain('providers.0.apiVersion');
  });
});

describe('keys never appear in logs or errors', () => {
  const KEY = 'sk-proj-SECRET0123456789abcdef';

  it('a config prints its key as [redacted] in JSON, util.inspect and strings', () => {
    const config = configFromEnv({ OPENAI_API_KEY: KEY })!;
    expect(JSON.stringify(config)).not.toContain(KEY);
    expect(inspect(config, { depth: 5 })).not.toContain(KEY);
    expect(`${config.apiKey}`).toBe('[redacted]');
    expect(inspect(new Secret(KEY))).toBe('Secret([redacted])');
  });

  it(
    'a 401 whose body repeats the key gives the catalogue ' +
      'message; nothing in the error or the events holds the key',
    async () => {
      const events: ProviderEvent[] = [];
      const provider = createOpenAIProvider({ apiKey: KEY, baseURL: fake.baseURL, onEvent: (e) => events.push(e) });
      fake.script({
        status: 401,
        body: {
          error: {
            message:
              `Incorrect API key provided: ${KEY}. You can find your ` +
              `API key at https://platform.openai.com/account/api-keys.`,
          },
        },
      });
      const error = await rejectionOf(provider.generateText(textRequest()));
      expect(error.message).toBe('Authentication error. Please refresh the page and try again.');
      const everything = [
        error.message,
        error.stack,
        String(error.cause),
        (error.cause as Error).stack,
        inspect(error, { depth: 10 }),
        JSON.stringify(events),
      ].join('\n');
      expect(everything).not.toContain(KEY);
      expect(everything).not.toContain('SECRET0123');
    },
  );

  it('a failed initialisation does not carry the key either', async () => {
    const provider = createOpenAIProvider({ apiKey: KEY, baseURL: fake.baseURL, limits: { initRetryDelayMs: 1 } });
    const message = `Incorrect API key provided: ${KEY.slice(0, 8)}****************cdef`;
    fake.scriptProbes(...Array.from({ length: 3 }, () => ({ status: 401, body: { error: { message } } })));
    const error = await rejectionOf(provider.generateText(textRequest()));
    expect(error.message).toBe('Failed to initialize AI service after multiple attempts. Please try again.');
    expect(inspect(error, { depth: 10 })).not.toMatch(/sk-proj|cdef/);
  });
});

describe('the AI service check (karya test-ai)', () => {
  it('checks every config with a 1-token call: name, model, latency, ok or the error a user sees', async () => {
    const configs: ProviderConfig[] = [
      {
        type: 'openai',
        name: 'good',
        apiKey: new Secret('k1'),
        baseURL: fake.baseURL,
        model: 'gpt-4o-mini',
        imageModel: 'dall-e-3',
      },
      {
        type: 'openai',
        name: 'bad-key',
        apiKey: new Secret('sk-wrong-987654321'),
        baseURL: fake.baseURL,
        model: 'gpt-4o-mini',
        imageModel: 'dall-e-3',
      },
      {
        type: 'openai',
        name: 'down',
        apiKey: new Secret('k3'),
        baseURL: 'http://127.0.0.1:1/v1',
        model: 'llama3.1',
        imageModel: 'x',
      },
    ];
    const before = fake.probeRequests().length;
    fake.scriptProbes({ text: 'OK' });
    const results = await (async () => {
      // The fake answers probes in arrival order: send the good one first, then the failing one.
      const good = await checkProviderConfigs([configs[0]!]);
      fake.scriptProbes({
        status: 401,
        body: { error: { message: 'Incorrect API key provided: sk-wrong-987654321' } },
      });
      return [...good, ...(await checkProviderConfigs(configs.slice(1)))];
    })();
    expect(results.map((r) => [r.name, r.model, r.isOk, r.message])).toEqual([
      ['good', 'gpt-4o-mini', true, undefined],
      ['bad-key', 'gpt-4o-mini', false, 'Authentication error. Please refresh the page and try again.'],
      ['down', 'llama3.1', false, 'Failed to initialize AI service. Please try again.'],
    ]);
    expect(results.every((r) => Number.isInteger(r.latencyMs) && r.latencyMs >= 0)).toBe(true);
    expect(results[1]!.status).toBe(401);
    expect(JSON.stringify(results)).not.toContain('sk-wrong-987654321');
    const probes = fake.probeRequests().slice(before);
    expect(probes.map((p) => p.body)).toEqual([
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 1 },
      { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }], max_tokens: 1 },
    ]);
  });
});
