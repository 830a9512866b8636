// Provider configs: which OpenAI-compatible or Azure OpenAI services to use, from the environment
// (OPENAI_API_KEY + OPENAI_BASE_URL) or from karya.config.yaml. Keys are only ever read from
// environment variables and are held in a `Secret` that never prints.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import * as z from 'zod';
import { SpecError, type SpecIssue } from '../errors.js';
import { yamlData } from '../yaml.js';

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

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEY_IN_FILE = 'keys never go in this file: name the environment variable that holds the key, e.g. apiKeyEnv: OPENAI_API_KEY';

/** The smallest context window Karya accepts: below it no book step fits (docs/providers.md). */
export const MIN_CONTEXT_TOKENS = 512;

const common = {
  name: z.string().min(1).describe('a short name shown by `karya test-ai`, e.g. openai-main'),
  contextTokens: z.number().int().min(MIN_CONTEXT_TOKENS).optional()
    .describe('the context window the server gives the model, in tokens (prompt and answer together), e.g. 16384 (default: found out, see docs/providers.md)'),
  apiKeyEnv: z.string().regex(ENV_NAME, 'must be the name of an environment variable, e.g. OPENAI_API_KEY').optional()
    .describe('the environment variable that holds the API key (the key itself never goes in this file)'),
};

const OpenAIEntry = z
  .object({
    ...common,
    type: z.literal('openai').optional().describe('openai (default): OpenAI or any OpenAI-compatible server'),
    baseURL: z.url().optional().describe(`the server's base URL, e.g. http://127.0.0.1:11434/v1 (default ${DEFAULT_BASE_URL})`),
    model: z.string().min(1).optional().describe(`chat model (default ${DEFAULT_MODEL})`),
    imageModel: z.string().min(1).optional().describe(`image model for covers (default ${DEFAULT_IMAGE_MODEL})`),
  })
  .strict();

const AzureEntry = z
  .object({
    ...common,
    type: z.literal('azure'),
    endpoint: z.url().describe('e.g. https://my-resource.openai.azure.com'),
    deployment: z.string().min(1).describe('the chat deployment name'),
    apiVersion: z.string().min(1).describe('e.g. 2024-10-21'),
    imageDeployment: z.string().min(1).optional().describe(`the image deployment for covers (default ${DEFAULT_IMAGE_MODEL})`),
    model: z.string().min(1).optional().describe('the model behind the deployment, for display (default: the deployment name)'),
  })
  .strict();

export const ConfigFileSchema = z
  .object({
    timeoutMs: z.number().int().positive().optional().describe('time-out of one generation in ms (default 180000)'),
    providers: z.array(z.unknown()).min(1, 'list at least one provider'),
    speech: z.unknown().optional().describe('the speech server that reads audio editions (engine/providers/speech-config.ts; default the offline demo voice)'),
  })
  .strict();

export interface LoadedConfigs {
  configs: ProviderConfig[];
  /** The config file used, if any. */
  file?: string;
  /** Generation time-out from the file or KARYA_TIMEOUT_MS. */
  timeoutMs?: number;
}

function zodIssues(file: string, prefix: string, error: z.ZodError): SpecIssue[] {
  return error.issues.map((i) => ({
    file,
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.code === 'unrecognized_keys' ? `unknown key ${i.keys.map((k) => `"${k}"`).join(', ')}` : i.message,
  }));
}

/**
 * Parse the text of a config file into provider configs, reading keys from `env`.
 * Every problem is reported as `file: path: message`; an invalid file never half-loads.
 * @example parseConfigFile({ text, file: 'karya.config.yaml', env: process.env })
 */
export function parseConfigFile(input: { text: string; file: string; env: Record<string, string | undefined> }): LoadedConfigs {
  const { file, env } = input;
  // A YAML problem is data (its line, column and code: `yaml`), said in the reader's language; `message` is the log's.
  const { data, errors } = yamlData(input.text);
  const yaml = errors[0];
  if (yaml) throw new SpecError([{ file, path: '', message: `not valid YAML: ${yaml.message}`, yaml }]);
  const top = ConfigFileSchema.safeParse(data ?? {});
  if (!top.success) throw new SpecError(zodIssues(file, '', top.error));
  const issues: SpecIssue[] = [];
  const configs: ProviderConfig[] = [];
  const names = new Set<string>();
  top.data.providers.forEach((raw, index) => {
    const where = `providers.${index}`;
    const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
    const literalKey = ['apiKey', 'key'].find((k) => k in record);
    if (literalKey) {
      issues.push({ file, path: `${where}.${literalKey}`, message: KEY_IN_FILE });
      return;
    }
    const isAzure = record.type === 'azure';
    const parsed = isAzure ? AzureEntry.safeParse(raw) : OpenAIEntry.safeParse(raw);
    if (!parsed.success) {
      issues.push(...zodIssues(file, where, parsed.error));
      return;
    }
    const entry = parsed.data;
    if (names.has(entry.name)) issues.push({ file, path: `${where}.name`, message: `"${entry.name}" is used twice; give each provider its own name` });
    names.add(entry.name);
    let key: string | undefined;
    if (entry.apiKeyEnv) {
      key = env[entry.apiKeyEnv]?.trim();
      if (!key) {
        issues.push({ file, path: `${where}.apiKeyEnv`, message: `environment variable ${entry.apiKeyEnv} is not set; set it or remove this provider` });
        return;
      }
    } else if (entry.type === 'azure' || !entry.baseURL) {
      issues.push({ file, path: `${where}.apiKeyEnv`, message: 'is required: name the environment variable that holds the API key' });
      return;
    }
    const address = entry.type === 'azure' ? entry.endpoint : entry.baseURL;
    const leak = address ? credentialInUrl(address, entry.type === 'azure' ? 'endpoint' : 'baseURL') : undefined;
    if (leak) {
      issues.push({ file, path: `${where}.${entry.type === 'azure' ? 'endpoint' : 'baseURL'}`, message: leak });
      return;
    }
    const apiKey = new Secret(key ?? 'no-key');
    const base = { name: entry.name, apiKey, ...(entry.apiKeyEnv ? { apiKeyEnv: entry.apiKeyEnv } : {}), ...(entry.contextTokens ? { contextTokens: entry.contextTokens } : {}) };
    if (entry.type === 'azure') {
      configs.push({
        ...base,
        type: 'azure',
        endpoint: entry.endpoint.replace(/\/+$/, ''),
        deployment: entry.deployment,
        apiVersion: entry.apiVersion,
        imageDeployment: entry.imageDeployment ?? DEFAULT_IMAGE_MODEL,
        model: entry.model ?? entry.deployment,
      });
    } else {
      configs.push({
        ...base,
        type: 'openai',
        baseURL: (entry.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
        model: entry.model ?? DEFAULT_MODEL,
        imageModel: entry.imageModel ?? DEFAULT_IMAGE_MODEL,
      });
    }
  });
  if (issues.length > 0) throw new SpecError(issues);
  return { configs, file, ...(top.data.timeoutMs !== undefined ? { timeoutMs: top.data.timeoutMs } : {}) };
}

/** Query parameters and path segments that carry a secret: `?api_key=`, `?token=`, `/sk-…/`. */
const SECRET_PARAM = /(^|[_-])(key|api[_-]?key|apikey|token|secret|password|passwd|auth|authorization|sig|signature|access[_-]?token)$/i;
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
    return /\bsk-[A-Za-z0-9_-]{8,}|@/.test(value) ? `${variable} is not a URL and seems to hold a credential; write the key in OPENAI_API_KEY (or a provider's apiKeyEnv) and only the address in ${variable}, e.g. https://api.example.com/v1` : undefined;
  }
  const where =
    url.username || url.password ? 'a user name or password before @'
    : [...url.searchParams.keys()].some((name) => SECRET_PARAM.test(name)) ? 'a key parameter in the query'
    : url.pathname.split('/').some((segment) => SECRET_SEGMENT.test(decodeURIComponent(segment))) ? 'an API key in the path'
    : undefined;
  return where ? `${variable} holds a credential (${where}); it is refused so it is never sent as part of a URL or printed. Put the key in OPENAI_API_KEY (or a provider's apiKeyEnv) and only the address in ${variable}, e.g. https://api.example.com/v1` : undefined;
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
    throw new SpecError([{ file: 'environment', path: 'OPENAI_BASE_URL', message: `"${baseURL}" is not a URL, e.g. http://127.0.0.1:11434/v1` }]);
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
    throw new SpecError([{ file: 'environment', path: 'KARYA_CONTEXT_TOKENS', message: `"${raw}" must be a whole number of tokens of at least ${MIN_CONTEXT_TOKENS}, e.g. 8192` }]);
  }
  return n;
}

function timeoutFromEnv(env: Record<string, string | undefined>): number | undefined {
  const raw = env.KARYA_TIMEOUT_MS?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    throw new SpecError([{ file: 'environment', path: 'KARYA_TIMEOUT_MS', message: `"${raw}" must be a whole number of milliseconds, e.g. 180000` }]);
  }
  return n;
}

/**
 * The provider configs in effect: the file named by KARYA_CONFIG, else ./karya.config.yaml when it
 * exists, else OPENAI_API_KEY (+ OPENAI_BASE_URL, KARYA_MODEL). No configs means the offline provider.
 */
export function loadProviderConfigs(opts: { env?: Record<string, string | undefined>; cwd?: string; file?: string } = {}): LoadedConfigs {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const named = opts.file ?? env.KARYA_CONFIG?.trim();
  const file = named ? path.resolve(cwd, named) : path.join(cwd, CONFIG_FILE_NAME);
  const envTimeout = timeoutFromEnv(env);
  if (named || existsSync(file)) {
    const shown = path.relative(cwd, file) || file;
    if (!existsSync(file)) throw new SpecError([{ file: shown, path: '', message: 'no such file (named by KARYA_CONFIG)' }]);
    const loaded = parseConfigFile({ text: readFileSync(file, 'utf8'), file: shown.startsWith('..') ? file : shown, env });
    const timeoutMs = envTimeout ?? loaded.timeoutMs;
    return { ...loaded, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
  }
  const config = configFromEnv(env);
  return { configs: config ? [config] : [], ...(envTimeout !== undefined ? { timeoutMs: envTimeout } : {}) };
}
