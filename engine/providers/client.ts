// One SDK client per provider config: OpenAI (or any OpenAI-compatible server) or AzureOpenAI.
// The SDK's own retries are off (maxRetries 0): engine/providers/retry.ts decides every retry (through
// engine/retry.ts).
import OpenAI, { AzureOpenAI } from 'openai';
import type { ProviderConfig } from './config.js';

export interface ClientOptions {
  /** Time-out of one HTTP request in ms. */
  requestTimeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** Build the SDK client of a config. Base URLs are always passed explicitly so OPENAI_BASE_URL never leaks in. */
export function createClient(config: ProviderConfig, options: ClientOptions): OpenAI {
  const common = {
    apiKey: config.apiKey.reveal(),
    maxRetries: 0,
    timeout: options.requestTimeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  if (config.type === 'azure') {
    // No `deployment`: AzureOpenAI routes by the request's model (the chat or the image deployment).
    return new AzureOpenAI({ ...common, baseURL: `${config.endpoint}/openai`, apiVersion: config.apiVersion });
  }
  return new OpenAI({ ...common, baseURL: config.baseURL });
}
