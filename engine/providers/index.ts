// Provider selection for the CLI, the batch runner and the server (Node-side only, never the studio):
// karya.config.yaml (or the file KARYA_CONFIG names) or OPENAI_API_KEY (+ OPENAI_BASE_URL, KARYA_MODEL)
// select the real provider; with neither, the offline provider writes clearly-labelled demo text.
import type { Provider, ProviderEvent } from '../provider.js';
import { createOfflineProvider } from './offline.js';
import { createOpenAIProvider } from './openai.js';
import { loadProviderConfigs } from './config-file.js';
import type { ProviderLimits } from '../timing.js';

export type {
  Provider,
  TextRequest,
  TextResult,
  ImageRequest,
  ImageResult,
  TokenUsage,
  RetryNotice,
  ProviderEvent,
} from '../provider.js';
export { countWords } from '../provider.js';
export { createOfflineProvider } from './offline.js';
export {
  createOpenAIProvider,
  chatBody,
  imageBody,
  probeConfig,
  toGenerationError,
  DEFAULT_MODEL,
  type OpenAIProvider,
  type OpenAIProviderOptions,
} from './openai.js';
export { loadProviderConfigs, parseConfigFile, type LoadedConfigs } from './config-file.js';
export {
  configFromEnv,
  describeTarget,
  Secret,
  CONFIG_FILE_NAME,
  type ProviderConfig,
  type AzureConfig,
  type OpenAICompatibleConfig,
} from './config.js';
export { PROVIDER_LIMITS, type ProviderLimits } from '../timing.js';
export { retryAfterMs } from '../retry.js';
export { checkProviderConfigs, type ConfigCheck } from './check.js';
export { RequestsByKey } from './inflight.js';
export { renderCoverPng, coverSvg, coverFacts, type CoverFacts } from './cover.js';

export interface ProviderFromEnvOptions {
  /** Where karya.config.yaml is looked for (default: the working directory). */
  cwd?: string;
  /** A config file to use instead of ./karya.config.yaml. */
  configFile?: string;
  /** Generation time-out in ms (default: the config file's, KARYA_TIMEOUT_MS, or 180 000). */
  timeoutMs?: number;
  onEvent?: (event: ProviderEvent) => void;
  fetch?: typeof globalThis.fetch;
  /** Check a client alongside its first requests, and not again while requests succeed (`karya batch`). */
  probeAlongside?: boolean;
  /** Plain chat completions straight through `fetch`, not the SDK's request machinery (openai.ts; `karya batch`). */
  directChat?: boolean;
  /** The provider's waits and bounds instead of PROVIDER_LIMITS' (a test's back-off in milliseconds, not seconds). */
  limits?: Partial<ProviderLimits>;
}

/**
 * The provider the environment asks for. Throws SpecError (file: path: message) when the
 * config file is invalid: a broken config never falls back to the offline provider silently.
 */
export function providerFromEnv(env: NodeJS.ProcessEnv = process.env, options: ProviderFromEnvOptions = {}): Provider {
  const loaded = loadProviderConfigs({
    env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.configFile ? { file: options.configFile } : {}),
  });
  if (loaded.configs.length === 0) return createOfflineProvider();
  const timeoutMs = options.timeoutMs ?? loaded.timeoutMs;
  return createOpenAIProvider({
    configs: loaded.configs,
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.probeAlongside ? { probeAlongside: true } : {}),
    ...(options.directChat ? { directChat: true } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
}
