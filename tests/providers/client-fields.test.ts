// A call sent directly (engine/providers/direct.ts, `karya batch`) goes where the SDK's client would send it, with the
// same key, organization and project: createClient reads OPENAI_ORG_ID, OPENAI_PROJECT_ID and the default address
// itself, as the SDK does. Each case builds both from one config and one environment and compares what they resolved,
// so a change in how the SDK reads them fails here rather than sending the batch's calls elsewhere.
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from '../../engine/providers/client.js';
import { DEFAULT_BASE_URL, Secret, type ProviderConfig } from '../../engine/providers/config.js';

const NAMES = ['OPENAI_ORG_ID', 'OPENAI_PROJECT_ID', 'OPENAI_BASE_URL'] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const openai = (baseURL: string): ProviderConfig => ({
  type: 'openai',
  name: 'openai',
  apiKey: new Secret('sk-test'),
  baseURL,
  model: 'gpt-4o-mini',
  imageModel: 'dall-e-3',
});
const azure: ProviderConfig = {
  type: 'azure',
  name: 'azure',
  apiKey: new Secret('azure-key'),
  endpoint: 'https://example.openai.azure.com',
  deployment: 'chat-dep',
  apiVersion: '2024-10-21',
  imageDeployment: 'image-dep',
  model: 'gpt-4o-mini',
};

const ENVS: Array<[string, Partial<Record<(typeof NAMES)[number], string>>]> = [
  ['none set', {}],
  ['organization and project', { OPENAI_ORG_ID: 'org-1', OPENAI_PROJECT_ID: 'proj-1' }],
  ['padded with spaces', { OPENAI_ORG_ID: '  org-2 ', OPENAI_PROJECT_ID: '\tproj-2\n' }],
  ['empty or blank', { OPENAI_ORG_ID: '', OPENAI_PROJECT_ID: '   ' }],
  ['another address in OPENAI_BASE_URL', { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', OPENAI_ORG_ID: 'org-3' }],
];
const CONFIGS: Array<[string, ProviderConfig]> = [
  ['an OpenAI-compatible server', openai('http://127.0.0.1:11434/v1')],
  ['OpenAI itself', openai(DEFAULT_BASE_URL)],
  ['Azure', azure],
];

describe("createClient resolves what the SDK's client resolves", () => {
  for (const [configName, config] of CONFIGS) {
    it.each(ENVS)(`${configName}, environment: %s`, async (_name, env) => {
      for (const name of NAMES) delete process.env[name];
      Object.assign(process.env, env);
      const client = createClient(config, { requestTimeoutMs: 1000 });
      const sdk = await client.sdk();
      expect({
        baseURL: client.baseURL,
        apiKey: client.apiKey,
        organization: client.organization,
        project: client.project,
      }).toEqual({ baseURL: sdk.baseURL, apiKey: sdk.apiKey, organization: sdk.organization, project: sdk.project });
    });
  }
});
