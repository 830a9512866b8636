// Provider configs: which OpenAI-compatible or Azure OpenAI services to use, from the environment
// (OPENAI_API_KEY + OPENAI_BASE_URL) or from karya.config.yaml. Keys are only ever read from
// environment variables and are held in a `Secret` that never prints. The file's schema, its parsing and
// loadProviderConfigs (the file, else the environment) are config-file.ts's.
import { inspect } from 'node:util';
import { SpecError } from '../errors.js';

export const DEFAULT_MODEL = 'gpt-4o-mini';
export const DEFAULT_IMAGE_MODEL = 'dall-e-3';
export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';
/** The config file looked for in the working directory (override with KARYA_CONFIG=path). */
export const CONFIG_FILE_NAME = 'karya.config.yaml';

/** An API key. It prints as "[redacted]" in logs, JSON and `util.inspect`; `reveal()` is for the SDK only. */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toString(): string {
    return '[redacted]';
  }
  toJSON(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return 'Secret([redacted])';
  }
}

interface ConfigBase {
  /** Shown by `karya test-ai` and in events; never secret. */
  readonly name: string;
  readonly apiKey: Secret;
  /** Environment variable the key came from (for messages). */
  readonly apiKeyEnv?: string;
  /** Chat model (for Azure: the model behind the deployment, for display). */
  readonly model: string;
  /**
   * The model's context window in tokens, when the user set it (`contextTokens`, KARYA_CONTEXT_TOKENS); else context.ts
   * finds it.
   */
  readonly contextTokens?: number;
}

/** Any OpenAI-compatible server: OpenAI itself, Ollama, vLLM, LM Studio, llama.cpp… */
export interface OpenAICompatibleConfig extends ConfigBase {
  readonly type: 'openai';
  readonly baseURL: string;
  readonly imageModel: string;
}

/** Azure OpenAI through the SDK's AzureOpenAI client: the deployment names go in the URL. */
export interface AzureConfig extends ConfigBase {
  readonly type: 'azure';
  readonly endpoint: string;
  readonly deployment: string;
  readonly apiVersion: string;
  readonly imageDeployment: string;
}

export type ProviderConfig = OpenAICompatibleConfig | AzureConfig;

/** The model name sent in chat requests (Azure routes by deployment name). */
export function chatModelOf(config: ProviderConfig): string {
  return config.type === 'azure' ? config.deployment : config.model;
}

/** The model name sent in image requests. */
export function imageModelOf(config: ProviderConfig): string {
  return config.type === 'azure' ? config.imageDeployment : config.imageModel;
}

/** Where the config's requests go, for display (no key). */
export function describeTarget(config: ProviderConfig): string {
  return config.type === 'azure' ? `${config.endpoint} (deployment ${config.deployment})` : config.baseURL;
}

/** The smallest context window Karya accepts: below it no book step fits (docs/providers.md). */
export const MIN_CONTEXT_TOKENS = 512;

/** Query parameters and path segments that carry a secret: `?api_key=`, `?token=`, `/sk-…/`. */
const SECRET_PARAM =
  /(^|[_-])(key|api[_-]?key|apikey|token|secret|password|passwd|auth|authorization|sig|signature|access[_-]?token)$/i;
const SECRET_SEGMENT = /^(sk|rk|pk|key)-[A-Za-z0-9_-]{8,}$/;

/**
 * Why a base URL must not be used, when it carries a credential (user:password@, a key parameter, a key
 * in the path), else undefined. The message never repeats the URL: it is printed and logged.
 */
export function credentialInUrl(value: string, variable: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return /\bsk-[A-Za-z0-9_-]{8,}|@/.test(value)
      ? `${variable} is not a URL and seems to hold a credential; write the key in OPENAI_API_KEY (or ` +
          `a provider's apiKeyEnv) and only the address in ${variable}, e.g. https://api.example.com/v1`
      : undefined;
  }
  const where =
    url.username || url.password
      ? 'a user name or password before @'
      : [...url.searchParams.keys()].some((name) => SECRET_PARAM.test(name))
        ? 'a key parameter in the query'
        : url.pathname.split('/').some((segment) => SECRET_SEGMENT.test(decodeURIComponent(segment)))
          ? 'an API key in the path'
          : undefined;
  return where
    ? `${variable} holds a credential (${where}); it is refused so it is never sent ` +
        `as part of a URL or printed. Put the key in OPENAI_API_KEY (or a provider's ` +
        `apiKeyEnv) and only the address in ${variable}, e.g. https://api.example.com/v1`
    : undefined;
}

/** The single config that OPENAI_API_KEY (+ OPENAI_BASE_URL, KARYA_MODEL) describe, or none. */
export function configFromEnv(env: Record<string, string | undefined>): ProviderConfig | undefined {
  const key = env.OPENAI_API_KEY?.trim();
  const baseURL = env.OPENAI_BASE_URL?.trim() || DEFAULT_BASE_URL;
  // Refused with or without a key: a key in the address is a leak waiting for the next log line.
  const leak = credentialInUrl(baseURL, 'OPENAI_BASE_URL');
  if (leak) throw new SpecError([{ file: 'environment', path: 'OPENAI_BASE_URL', message: leak }]);
  if (!key) return undefined;
  let name = 'openai';
  try {
    if (baseURL !== DEFAULT_BASE_URL) name = new URL(baseURL).host;
  } catch {
    throw new SpecError([
      {
        file: 'environment',
        path: 'OPENAI_BASE_URL',
        message: `"${baseURL}" is not a URL, e.g. http://127.0.0.1:11434/v1`,
      },
    ]);
  }
  const contextTokens = contextTokensFromEnv(env);
  return {
    type: 'openai',
    name,
    ...(contextTokens ? { contextTokens } : {}),
    apiKey: new Secret(key),
    apiKeyEnv: 'OPENAI_API_KEY',
    baseURL: baseURL.replace(/\/+$/, ''),
    model: env.KARYA_MODEL?.trim() || DEFAULT_MODEL,
    imageModel: env.KARYA_IMAGE_MODEL?.trim() || DEFAULT_IMAGE_MODEL,
  };
}

/** KARYA_CONTEXT_TOKENS: the environment provider's context window, a whole number of tokens ≥ MIN_CONTEXT_TOKENS. */
function contextTokensFromEnv(env: Record<string, string | undefined>): number | undefined {
  const raw = env.KARYA_CONTEXT_TOKENS?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < MIN_CONTEXT_TOKENS) {
    throw new SpecError([
      {
        file: 'environment',
        path: 'KARYA_CONTEXT_TOKENS',
        message: `"${raw}" must be a whole number of tokens of at least ${MIN_CONTEXT_TOKENS}, e.g. 8192`,
      },
    ]);
  }
  return n;
}
