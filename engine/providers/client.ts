// One client per provider config: OpenAI (or any OpenAI-compatible server) or AzureOpenAI. The SDK (~1 MB of
// modules, ~25 ms of a start's CPU) is loaded and its client built at the first call that uses it: a call sent
// directly (direct.ts, `karya batch`) only needs the address, key, organization and project, read here as the SDK
// reads them. The SDK's own retries are off (maxRetries 0): engine/providers/retry.ts decides every retry (through
// engine/retry.ts).
import type OpenAI from 'openai';
import type { ProviderConfig } from './config.js';

export interface ClientOptions {
  /** Time-out of one HTTP request in ms. */
  requestTimeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** A config's client: what a direct call sends with, and the SDK's client, built at its first use. */
export interface Client {
  readonly isAzure: boolean;
  /** The address, key, organization and project the SDK's client sends with (OpenAI-compatible configs). */
  readonly baseURL: string;
  readonly apiKey: string;
  readonly organization: string | null;
  readonly project: string | null;
  sdk(): Promise<OpenAI>;
}

/** An environment variable as the SDK reads it: trimmed, and absent when empty. */
const envOf = (name: string): string | null => process.env[name]?.trim() || null;

/** Build the client of a config. Base URLs are always passed explicitly so OPENAI_BASE_URL never leaks in. */
export function createClient(config: ProviderConfig, options: ClientOptions): Client {
  const common = {
    apiKey: config.apiKey.reveal(),
    maxRetries: 0,
    timeout: options.requestTimeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  let built: Promise<OpenAI> | undefined;
  const sdk = () =>
    (built ??= import('openai').then((loaded) =>
      config.type === 'azure'
        ? // No `deployment`: AzureOpenAI routes by the request's model (the chat or the image deployment).
          new loaded.AzureOpenAI({ ...common, baseURL: `${config.endpoint}/openai`, apiVersion: config.apiVersion })
        : new loaded.OpenAI({ ...common, baseURL: config.baseURL }),
    ));
  return {
    isAzure: config.type === 'azure',
    baseURL: config.type === 'azure' ? `${config.endpoint}/openai` : config.baseURL || 'https://api.openai.com/v1',
    apiKey: common.apiKey,
    organization: envOf('OPENAI_ORG_ID'),
    project: envOf('OPENAI_PROJECT_ID'),
    sdk,
  };
}
