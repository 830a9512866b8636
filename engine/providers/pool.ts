// The active provider config and its client: rotation every 60 s and after an initialisation
// failure, a client cached for 60 s, one shared initialisation (a 1-token test call) at a time.
import type OpenAI from 'openai';
import { GenerationError } from '../errors.js';
import type { ProviderConfig } from './config.js';
import type { ProviderEvent } from './types.js';
import { safeCause, statusOf, toGenerationError } from './failures.js';
import { raceAbort, sleep, startDeadline, type ProviderLimits } from './timing.js';

/** A config with its ready (initialised) client. */
export interface Lease {
  readonly config: ProviderConfig;
  readonly client: OpenAI;
}

export interface PoolOptions {
  configs: readonly ProviderConfig[];
  limits: Pick<ProviderLimits, 'rotationMs' | 'clientCacheMs' | 'initAttempts' | 'initRetryDelayMs' | 'probeTimeoutMs'>;
  createClient: (config: ProviderConfig) => OpenAI;
  /** The initialisation test call; rejects when the config does not work. */
  probe: (lease: Lease, signal: AbortSignal) => Promise<void>;
  onEvent?: (event: ProviderEvent) => void;
}

/**
 * Hands out the client of the active config, initialising it when the cache is stale.
 * @example const { client, config } = await pool.acquire(signal);
 */
export class ClientPool {
  private active = 0;
  private rotatedAt = Date.now();
  private cached: { index: number; client: OpenAI; at: number } | undefined;
  private initializing: Promise<Lease> | undefined;
  private readonly secrets: string[];

  constructor(private readonly options: PoolOptions) {
    if (options.configs.length === 0) throw new GenerationError('config_error');
    this.secrets = options.configs.map((c) => c.apiKey.reveal());
  }

  /** The config in use now (after any rotation that is due). */
  activeConfig(): ProviderConfig {
    this.rotateIfDue();
    return this.options.configs[this.active]!;
  }

  /** The client of the active config; concurrent callers share one initialisation. */
  acquire(signal?: AbortSignal): Promise<Lease> {
    this.rotateIfDue();
    const cached = this.cached;
    if (cached && cached.index === this.active && Date.now() - cached.at < this.options.limits.clientCacheMs) {
      return Promise.resolve({ config: this.options.configs[cached.index]!, client: cached.client });
    }
    if (!this.initializing) {
      this.initializing = this.initialise().finally(() => {
        this.initializing = undefined;
      });
    }
    return raceAbort(this.initializing, signal);
  }

  /** Forget the cached client (the next acquire initialises again). */
  invalidate(): void {
    this.cached = undefined;
  }

  private rotateIfDue(): void {
    const { configs, limits } = this.options;
    const elapsed = Date.now() - this.rotatedAt;
    if (elapsed < limits.rotationMs) return;
    const steps = Math.floor(elapsed / limits.rotationMs);
    this.rotatedAt += steps * limits.rotationMs;
    if (configs.length > 1 && steps % configs.length !== 0) this.moveTo((this.active + steps) % configs.length, 'interval');
  }

  private moveTo(index: number, reason: 'interval' | 'init-failure'): void {
    const { configs, onEvent } = this.options;
    const from = configs[this.active]!.name;
    this.active = index;
    onEvent?.({ type: 'rotate', from, to: configs[index]!.name, reason });
  }

  /**
   * The test call; a 429 answer counts as a working config: the key was accepted and the server is up,
   * and the generation's own 429 policy waits for it (failing here would end a busy batch's books with
   * "Failed to initialize AI service" every time the cache expires while the rate limit is reached).
   */
  private async probeAcceptingRateLimit(lease: Lease, signal: AbortSignal): Promise<void> {
    try {
      await this.options.probe(lease, signal);
    } catch (error) {
      if (statusOf(error) !== 429) throw error;
    }
  }

  private async initialise(): Promise<Lease> {
    const { configs, limits, onEvent } = this.options;
    let lastError: unknown;
    for (let attempt = 1; attempt <= limits.initAttempts; attempt++) {
      const index = this.active;
      const config = configs[index]!;
      const started = Date.now();
      const deadline = startDeadline(limits.probeTimeoutMs);
      try {
        const client = this.options.createClient(config);
        await this.probeAcceptingRateLimit({ config, client }, deadline.signal);
        this.cached = { index, client, at: Date.now() };
        onEvent?.({ type: 'init', config: config.name, attempt, isOk: true, latencyMs: Date.now() - started });
        return { config, client };
      } catch (error) {
        lastError = error;
        const mapped = toGenerationError(error, { isTimedOut: deadline.isTimedOut, secrets: this.secrets });
        const status = statusOf(error);
        onEvent?.({ type: 'init', config: config.name, attempt, isOk: false, latencyMs: Date.now() - started, code: mapped.code, ...(status !== undefined ? { status } : {}) });
        if (configs.length > 1) this.moveTo((this.active + 1) % configs.length, 'init-failure');
        this.rotatedAt = Date.now();
        if (attempt < limits.initAttempts) await sleep(limits.initRetryDelayMs);
      } finally {
        deadline.dispose();
      }
    }
    throw new GenerationError('init_failed', { cause: safeCause(lastError, this.secrets) });
  }
}
