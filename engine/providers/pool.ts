// The active provider config and its client: rotation every 60 s and after an initialisation
// failure, a client cached for 60 s, one shared initialisation (a 1-token test call) at a time.
import type { Client } from './client.js';
import { GenerationError } from '../errors.js';
import type { ProviderConfig } from './config.js';
import type { ProviderEvent } from '../provider.js';
import { safeCause, statusOf, toGenerationError } from './failures.js';
import { raceAbort, startDeadline, type ProviderLimits } from '../timing.js';
import { retry } from '../retry.js';

/** A config with its ready (initialised) client. */
export interface Lease {
  readonly config: ProviderConfig;
  readonly client: Client;
  /**
   * With `probeAlongside`: the client's check, still running while the first requests use it. It
   * rejects when the config does not work; a request that failed on such a client is sent again on a
   * checked one (`acquire(signal, { isChecked: true })`).
   */
  readonly check?: Promise<void>;
}

export interface PoolOptions {
  configs: readonly ProviderConfig[];
  limits: Pick<ProviderLimits, 'rotationMs' | 'clientCacheMs' | 'initAttempts' | 'initRetryDelayMs' | 'probeTimeoutMs'>;
  createClient: (config: ProviderConfig) => Client;
  /** The initialisation test call; rejects when the config does not work. */
  probe: (lease: Lease, signal: AbortSignal) => Promise<void>;
  onEvent?: (event: ProviderEvent) => void;
  /**
   * Batch use (`karya batch`): the 1-token check runs alongside the first real requests instead of
   * before them, and while requests succeed the client stays in use without being checked again every
   * `clientCacheMs` (a successful request proves the config works as well as a check would). Rotation
   * to another config still checks that one (alongside its first requests).
   */
  probeAlongside?: boolean;
}

/**
 * Hands out the client of the active config, initialising it when the cache is stale.
 * @example const { client, config } = await pool.acquire(signal);
 */
export class ClientPool {
  private active = 0;
  private rotatedAt = Date.now();
  private cached: { index: number; client: Client; at: number; check?: Promise<void> } | undefined;
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

  /**
   * The client of the active config; concurrent callers share one initialisation. `isChecked` asks for
   * a client whose check has passed (after a request failed on an unchecked one).
   */
  acquire(signal?: AbortSignal, opts: { isChecked?: boolean } = {}): Promise<Lease> {
    this.rotateIfDue();
    const cached = this.cached;
    if (
      cached &&
      cached.index === this.active &&
      Date.now() - cached.at < this.options.limits.clientCacheMs &&
      !(opts.isChecked && cached.check)
    ) {
      return Promise.resolve({
        config: this.options.configs[cached.index]!,
        client: cached.client,
        ...(cached.check ? { check: cached.check } : {}),
      });
    }
    if (this.options.probeAlongside && !opts.isChecked && !this.initializing)
      return Promise.resolve(this.startAlongside());
    if (!this.initializing) {
      this.initializing = this.initialise().finally(() => {
        this.initializing = undefined;
      });
    }
    return raceAbort(this.initializing, signal);
  }

  /** A request on `lease` succeeded: with probeAlongside, its client needs no new check for another clientCacheMs. */
  markHealthy(lease: Lease): void {
    if (this.options.probeAlongside && this.cached?.client === lease.client) this.cached.at = Date.now();
  }

  /** A new client for the active config, handed out at once while its check runs. */
  private startAlongside(): Lease {
    const { configs, limits, onEvent } = this.options;
    const index = this.active;
    const config = configs[index]!;
    const client = this.options.createClient(config);
    const started = Date.now();
    const deadline = startDeadline(limits.probeTimeoutMs);
    const check = this.probeAcceptingRateLimit({ config, client }, deadline.signal)
      .then(
        () => {
          onEvent?.({ type: 'init', config: config.name, attempt: 1, isOk: true, latencyMs: Date.now() - started });
          if (this.cached?.client === client) this.cached = { index, client, at: Math.max(this.cached.at, Date.now()) };
        },
        (error: unknown) => {
          const mapped = toGenerationError(error, { isTimedOut: deadline.isTimedOut, secrets: this.secrets });
          const status = statusOf(error);
          onEvent?.({
            type: 'init',
            config: config.name,
            attempt: 1,
            isOk: false,
            latencyMs: Date.now() - started,
            code: mapped.code,
            ...(status !== undefined ? { status } : {}),
          });
          if (this.cached?.client === client) {
            this.cached = undefined;
            if (configs.length > 1) this.moveTo((this.active + 1) % configs.length, 'init-failure');
            this.rotatedAt = Date.now();
          }
          throw error;
        },
      )
      .finally(() => deadline.dispose());
    // Observed by the requests that used the client; never an unhandled rejection.
    check.catch(() => undefined);
    this.cached = { index, client, at: Date.now(), check };
    return { config, client, check };
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
    if (configs.length > 1 && steps % configs.length !== 0)
      this.moveTo((this.active + steps) % configs.length, 'interval');
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

  /**
   * The active config's client, checked; a failed check moves to the next config and is tried again (every
   * failure: another config may work), up to `initAttempts` checks in all, then `init_failed`.
   */
  private initialise(): Promise<Lease> {
    const { configs, limits, onEvent } = this.options;
    const check = async (attempt: number): Promise<Lease> => {
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
        const mapped = toGenerationError(error, { isTimedOut: deadline.isTimedOut, secrets: this.secrets });
        const status = statusOf(error);
        onEvent?.({
          type: 'init',
          config: config.name,
          attempt,
          isOk: false,
          latencyMs: Date.now() - started,
          code: mapped.code,
          ...(status !== undefined ? { status } : {}),
        });
        if (configs.length > 1) this.moveTo((this.active + 1) % configs.length, 'init-failure');
        this.rotatedAt = Date.now();
        throw error;
      } finally {
        deadline.dispose();
      }
    };
    return retry(check, {
      retryable: () => 'init',
      attempts: limits.initAttempts,
      delay: { baseMs: limits.initRetryDelayMs, factor: 1 },
      spent: (error) => new GenerationError('init_failed', { cause: safeCause(error, this.secrets) }),
    });
  }
}
