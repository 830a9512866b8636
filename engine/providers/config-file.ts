// karya.config.yaml: its schema (each provider an OpenAI-compatible or an Azure OpenAI entry), its parsing into
// provider configs (config.ts: keys read from the environment variables it names, never from the file), and the
// configs in effect: the file named by KARYA_CONFIG or ./karya.config.yaml, else the environment's one provider.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { SpecError, type SpecIssue } from '../errors.js';
import { yamlData } from '../yaml.js';
import {
  CONFIG_FILE_NAME,
  DEFAULT_BASE_URL,
  DEFAULT_IMAGE_MODEL,
  DEFAULT_MODEL,
  MIN_CONTEXT_TOKENS,
  Secret,
  configFromEnv,
  credentialInUrl,
  type ProviderConfig,
} from './config.js';

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const KEY_IN_FILE =
  'keys never go in this file: name the environment variable that holds the key, e.g. apiKeyEnv: OPENAI_API_KEY';

const common = {
  name: z.string().min(1).describe('a short name shown by `karya test-ai`, e.g. openai-main'),
  contextTokens: z
    .number()
    .int()
    .min(MIN_CONTEXT_TOKENS)
    .optional()
    .describe(
      'the context window the server gives the model, in tokens (prompt and ' +
        'answer together), e.g. 16384 (default: found out, see docs/providers.md)',
    ),
  apiKeyEnv: z
    .string()
    .regex(ENV_NAME, 'must be the name of an environment variable, e.g. OPENAI_API_KEY')
    .optional()
    .describe('the environment variable that holds the API key (the key itself never goes in this file)'),
};

const OpenAIEntry = z
  .object({
    ...common,
    type: z.literal('openai').optional().describe('openai (default): OpenAI or any OpenAI-compatible server'),
    baseURL: z
      .url()
      .optional()
      .describe(`the server's base URL, e.g. http://127.0.0.1:11434/v1 (default ${DEFAULT_BASE_URL})`),
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
    imageDeployment: z
      .string()
      .min(1)
      .optional()
      .describe(`the image deployment for covers (default ${DEFAULT_IMAGE_MODEL})`),
    model: z
      .string()
      .min(1)
      .optional()
      .describe('the model behind the deployment, for display (default: the deployment name)'),
  })
  .strict();

export const ConfigFileSchema = z
  .object({
    timeoutMs: z.number().int().positive().optional().describe('time-out of one generation in ms (default 180000)'),
    providers: z.array(z.unknown()).min(1, 'list at least one provider'),
    speech: z
      .unknown()
      .optional()
      .describe(
        'the speech server that reads audio editions ' +
          '(engine/providers/speech-config.ts; default the offline demo voice)',
      ),
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
 * One provider entry of the file as a config, its key read from the environment variable it names; undefined when
 * it is refused (its problems added to `issues`).
 */
function entryConfig(
  raw: unknown,
  where: string,
  ctx: { file: string; env: Record<string, string | undefined>; names: Set<string>; issues: SpecIssue[] },
): ProviderConfig | undefined {
  const { file, env, names, issues } = ctx;
  const record = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const literalKey = ['apiKey', 'key'].find((k) => k in record);
  if (literalKey) {
    issues.push({ file, path: `${where}.${literalKey}`, message: KEY_IN_FILE });
    return undefined;
  }
  const isAzure = record.type === 'azure';
  const parsed = isAzure ? AzureEntry.safeParse(raw) : OpenAIEntry.safeParse(raw);
  if (!parsed.success) {
    issues.push(...zodIssues(file, where, parsed.error));
    return undefined;
  }
  const entry = parsed.data;
  if (names.has(entry.name))
    issues.push({
      file,
      path: `${where}.name`,
      message: `"${entry.name}" is used twice; give each provider its own name`,
    });
  names.add(entry.name);
  let key: string | undefined;
  if (entry.apiKeyEnv) {
    key = env[entry.apiKeyEnv]?.trim();
    if (!key) {
      issues.push({
        file,
        path: `${where}.apiKeyEnv`,
        message: `environment variable ${entry.apiKeyEnv} is not set; set it or remove this provider`,
      });
      return undefined;
    }
  } else if (entry.type === 'azure' || !entry.baseURL) {
    issues.push({
      file,
      path: `${where}.apiKeyEnv`,
      message: 'is required: name the environment variable that holds the API key',
    });
    return undefined;
  }
  const address = entry.type === 'azure' ? entry.endpoint : entry.baseURL;
  const leak = address ? credentialInUrl(address, entry.type === 'azure' ? 'endpoint' : 'baseURL') : undefined;
  if (leak) {
    issues.push({ file, path: `${where}.${entry.type === 'azure' ? 'endpoint' : 'baseURL'}`, message: leak });
    return undefined;
  }
  const apiKey = new Secret(key ?? 'no-key');
  const base = {
    name: entry.name,
    apiKey,
    ...(entry.apiKeyEnv ? { apiKeyEnv: entry.apiKeyEnv } : {}),
    ...(entry.contextTokens ? { contextTokens: entry.contextTokens } : {}),
  };
  if (entry.type === 'azure') {
    return {
      ...base,
      type: 'azure',
      endpoint: entry.endpoint.replace(/\/+$/, ''),
      deployment: entry.deployment,
      apiVersion: entry.apiVersion,
      imageDeployment: entry.imageDeployment ?? DEFAULT_IMAGE_MODEL,
      model: entry.model ?? entry.deployment,
    };
  } else {
    return {
      ...base,
      type: 'openai',
      baseURL: (entry.baseURL ?? DEFAULT_BASE_URL).replace(/\/+$/, ''),
      model: entry.model ?? DEFAULT_MODEL,
      imageModel: entry.imageModel ?? DEFAULT_IMAGE_MODEL,
    };
  }
}

/**
 * Parse the text of a config file into provider configs, reading keys from `env`.
 * Every problem is reported as `file: path: message`; an invalid file never half-loads.
 * @example parseConfigFile({ text, file: 'karya.config.yaml', env: process.env })
 */
export function parseConfigFile(input: {
  text: string;
  file: string;
  env: Record<string, string | undefined>;
}): LoadedConfigs {
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
    const config = entryConfig(raw, `providers.${index}`, { file, env, names, issues });
    if (config) configs.push(config);
  });
  if (issues.length > 0) throw new SpecError(issues);
  return { configs, file, ...(top.data.timeoutMs !== undefined ? { timeoutMs: top.data.timeoutMs } : {}) };
}

function timeoutFromEnv(env: Record<string, string | undefined>): number | undefined {
  const raw = env.KARYA_TIMEOUT_MS?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) {
    throw new SpecError([
      {
        file: 'environment',
        path: 'KARYA_TIMEOUT_MS',
        message: `"${raw}" must be a whole number of milliseconds, e.g. 180000`,
      },
    ]);
  }
  return n;
}

/**
 * The provider configs in effect: the file named by KARYA_CONFIG, else ./karya.config.yaml when it
 * exists, else OPENAI_API_KEY (+ OPENAI_BASE_URL, KARYA_MODEL). No configs means the offline provider.
 */
export function loadProviderConfigs(
  opts: { env?: Record<string, string | undefined>; cwd?: string; file?: string } = {},
): LoadedConfigs {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const named = opts.file ?? env.KARYA_CONFIG?.trim();
  const file = named ? path.resolve(cwd, named) : path.join(cwd, CONFIG_FILE_NAME);
  const envTimeout = timeoutFromEnv(env);
  if (named || existsSync(file)) {
    const shown = path.relative(cwd, file) || file;
    if (!existsSync(file))
      throw new SpecError([{ file: shown, path: '', message: 'no such file (named by KARYA_CONFIG)' }]);
    const loaded = parseConfigFile({
      text: readFileSync(file, 'utf8'),
      file: shown.startsWith('..') ? file : shown,
      env,
    });
    const timeoutMs = envTimeout ?? loaded.timeoutMs;
    return { ...loaded, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
  }
  const config = configFromEnv(env);
  return { configs: config ? [config] : [], ...(envTimeout !== undefined ? { timeoutMs: envTimeout } : {}) };
}
