// An API key written inside OPENAI_BASE_URL (or a config file's baseURL/endpoint) is refused when the
// configuration is read, with a message that says where the key belongs and never repeats it.
import { describe, expect, it } from 'vitest';
import { configFromEnv, credentialInUrl } from '../../engine/providers/config.js';
import { parseConfigFile } from '../../engine/providers/config-file.js';
import { providerFromEnv } from '../../engine/providers/index.js';
import { runKaryaInProcess } from '../karya-in-process.js';

const KEY = 'sk-proj-abcdefghijklmnop1234567890';

describe('a credential inside the base URL', () => {
  it.each([
    `https://${KEY}@api.example.com/v1`,
    `https://user:${KEY}@api.example.com/v1`,
    `https://api.example.com/v1?api_key=${KEY}`,
    `https://api.example.com/v1?key=${KEY}`,
    `https://api.example.com/v1?access_token=${KEY}`,
    `https://api.example.com/${KEY}/v1`,
  ])('%s is refused at config load, the key never in the message', (url) => {
    let message = '';
    try {
      configFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('OPENAI_BASE_URL holds a credential');
    expect(message).toContain('OPENAI_API_KEY');
    expect(message).not.toContain(KEY);
    // Without OPENAI_API_KEY too: the address alone is the leak.
    expect(() => configFromEnv({ OPENAI_BASE_URL: url })).toThrow(/holds a credential/);
    expect(() => providerFromEnv({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url })).toThrow(/holds a credential/);
  });

  it('plain addresses pass: OpenAI, a local server with a port, Azure-style api-version', () => {
    for (const url of [
      'https://api.openai.com/v1',
      'http://127.0.0.1:11434/v1',
      'https://x.openai.azure.com/openai?api-version=2024-10-21',
    ]) {
      expect(credentialInUrl(url, 'OPENAI_BASE_URL'), url).toBeUndefined();
    }
  });

  it('a config file baseURL with a key is refused the same way', () => {
    const text =
      `providers:\n  - name: local\n    baseURL: ` +
      `https://api.example.com/v1?api_key=${KEY}\n    apiKeyEnv: MY_KEY\n`;
    let message = '';
    try {
      const loaded = parseConfigFile({ text, file: 'karya.config.yaml', env: { MY_KEY: 'x' } });
      message = JSON.stringify(loaded);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('holds a credential');
    expect(message).not.toContain(KEY);
  });

  it('karya test-ai refuses it with exit 2 or 1 and prints no key', async () => {
    const run = await runKaryaInProcess(['test-ai'], {
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: `https://${KEY}@api.example.com/v1` },
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout + run.stderr).toContain('holds a credential');
    expect(run.stdout + run.stderr).not.toContain(KEY);
  });
});
