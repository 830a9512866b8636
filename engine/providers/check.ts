// The AI service check behind `karya test-ai` and the studio's AI test page: the 1-token test call
// on every config, with its latency and what a user sees when it fails, and its context window (context.ts).
import type { Lang } from '../spec/types.js';
import { catalogueMessage, type CatalogueCode } from '../errors.js';
import { chatModelOf, describeTarget, type ProviderConfig } from './config.js';
import { createClient } from './client.js';
import { probeConfig } from './bodies.js';
import { redact, statusOf, toGenerationError } from './failures.js';
import { PROVIDER_LIMITS, startDeadline } from '../timing.js';
import { contextWindowOf, type ContextWindow } from './context.js';

export interface ConfigCheck {
  name: string;
  model: string;
  /** Base URL or Azure endpoint and deployment (never the key). */
  target: string;
  isOk: boolean;
  latencyMs: number;
  /** Catalogue code and message when the check failed. */
  code?: CatalogueCode;
  message?: string;
  status?: number;
  /** The server's own words (keys redacted), e.g. "404 The model `x` does not exist". */
  detail?: string;
  /**
   * The model's context window in tokens and where it came from (the setting, the model table, the server, the
   * default).
   */
  context: ContextWindow;
}

const SHOWN_AS_IS: ReadonlySet<CatalogueCode> = new Set([
  'auth_error',
  'rate_limited',
  'server_error',
  'service_unavailable',
  'timeout',
]);

type CheckOptions = { timeoutMs?: number; fetch?: typeof globalThis.fetch; lang?: Lang };

/** Check one config with the 1-token test call, and find its context window meanwhile. */
export async function checkProviderConfig(config: ProviderConfig, opts: CheckOptions = {}): Promise<ConfigCheck> {
  const timeoutMs = opts.timeoutMs ?? PROVIDER_LIMITS.probeTimeoutMs;
  const [check, context] = await Promise.all([
    probeCheck(config, opts),
    contextWindowOf(config, { ...(opts.fetch ? { fetch: opts.fetch } : {}), timeoutMs }),
  ]);
  return { ...check, context };
}

/** The 1-token test call of one config: latency, and what a user sees when it fails. */
async function probeCheck(config: ProviderConfig, opts: CheckOptions): Promise<Omit<ConfigCheck, 'context'>> {
  const timeoutMs = opts.timeoutMs ?? PROVIDER_LIMITS.probeTimeoutMs;
  const base = { name: config.name, model: config.model, target: describeTarget(config) };
  const secrets = [config.apiKey.reveal()];
  const deadline = startDeadline(timeoutMs);
  const started = performance.now();
  try {
    const client = createClient(config, { requestTimeoutMs: timeoutMs, ...(opts.fetch ? { fetch: opts.fetch } : {}) });
    await probeConfig({ config, client }, deadline.signal);
    return { ...base, isOk: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    const latencyMs = Math.round(performance.now() - started);
    const mapped = toGenerationError(error, { isTimedOut: deadline.isTimedOut, secrets });
    const code: CatalogueCode = SHOWN_AS_IS.has(mapped.code) ? mapped.code : 'init_error';
    const status = statusOf(error);
    const detail = error instanceof Error ? redact(error.message, secrets) : undefined;
    return {
      ...base,
      isOk: false,
      latencyMs,
      code,
      message: catalogueMessage(code, opts.lang ?? 'en'),
      ...(status !== undefined ? { status } : {}),
      ...(detail ? { detail } : {}),
    };
  } finally {
    deadline.dispose();
  }
}

/** Check every config at once (each with its own time-out). */
export function checkProviderConfigs(
  configs: readonly ProviderConfig[],
  opts: CheckOptions = {},
): Promise<ConfigCheck[]> {
  return Promise.all(configs.map((c) => checkProviderConfig(c, opts)));
}
