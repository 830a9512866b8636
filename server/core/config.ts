// Server settings from the environment (and `karya serve` flags). Every value has a default that works
// on a fresh machine: a SQLite file under .karya/, the offline provider, mail into the outbox table.
import path from 'node:path';
import { ROOT, packageVersion } from '../../engine/node.js';
import { audioConfigFrom, type AudioConfig } from './audio-config.js';
import type { TopUpCredits } from '../../engine/index.js';
import { ConfigError } from './config-error.js';
import {
  adminPasswordFrom,
  allowedHostsFrom,
  databaseUrlFrom,
  dbSyncFrom,
  DEFAULT_SCRYPT_LOG_N,
  intFrom,
  isLoopbackUrl,
  metricsTokenFrom,
  publicUrlFrom,
  stripeFrom,
  topupUrlsFrom,
  trustProxyFrom,
  type StripeConfig,
} from './config-env.js';

export { databaseUrlFrom, DEFAULT_SCRYPT_LOG_N, topupUrlsFrom, type StripeConfig } from './config-env.js';
export { ConfigError, type ConfigErrorCode } from './config-error.js';

/** The sockets' limits (server/http/connections.ts enforces them). */
export interface ConnectionLimits {
  /** The request's headers must arrive within this (ms). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must arrive within this (ms); answers may take as long as they need. */
  requestTimeoutMs: number;
  /** Open connections per remote address; 0: no cap. */
  connectionsPerIp: number;
}

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface ServerConfig {
  dbFile: string;
  /** KARYA_DATABASE_URL: postgres://… switches storage to Postgres (shared by instances and workers). */
  databaseUrl?: string;
  /** With Postgres: whether this server also runs queued steps (`karya serve --no-worker` sets false). */
  runsWorker: boolean;
  /** Steps one worker process runs at once (KARYA_WORKER_CONCURRENCY, default 4). */
  workerConcurrency: number;
  /**
   * With Postgres (the same on every process): a running step's lease this old is a dead worker's, whose step
   * the sweep gives back to the queue; leases are renewed, and swept, every quarter of it (KARYA_LEASE_TIMEOUT_MS;
   * unset: server/queue/jobs.ts's LEASE_TIMEOUT_MS, 20 000). Tests shorten it, not to wait 25 s for a killed worker.
   */
  leaseTimeoutMs?: number;
  /**
   * With Postgres: no worker connected for this long while a step waits to start, and its request gets 503
   * (KARYA_NO_WORKER_MS; unset: NO_WORKER_MS, 15 000).
   */
  noWorkerMs?: number;
  /**
   * With SQLite: how long a start waits for another server holding the file (one draining after SIGTERM) before it
   * refuses (KARYA_DB_WAIT_MS; unset: the generation time-out and 30 s, a drain's longest).
   * server/store/sqlite/owner-lock.ts.
   */
  dbWaitMs?: number;
  port: number;
  host: string;
  /** Origin used in e-mailed links; never taken from a request's Host header. */
  publicUrl: string;
  /** The account with this e-mail is the administrator (role admin, 9999 credits). */
  adminEmail?: string;
  /**
   * KARYA_ADMIN_PASSWORD (or the file KARYA_ADMIN_PASSWORD_FILE names): the administrator's account is made at
   * start with it (stored hashed, never logged), and a sign-up with KARYA_ADMIN_EMAIL is refused as a taken
   * address. Without it, that sign-up is accepted only from the server's own machine.
   */
  adminPassword?: string;
  /**
   * A production server (NODE_ENV=production, or a public address that is not this machine): weak settings are refused
   * at start.
   */
  isProduction: boolean;
  /** scrypt cost as log2(N): 17 (N=2^17, OWASP) by default; tests lower it. */
  scryptLogN: number;
  /** smtp:// or smtps:// URL; without it mail goes to the server log and the mail_outbox table. */
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  /**
   * Express "trust proxy" setting, for the client IP behind a reverse proxy: a hop count or addresses, never `true`.
   */
  trustProxy: false | number | string;
  /** Hosts besides KARYA_PUBLIC_URL's (and loopback) that the API answers for (KARYA_ALLOWED_HOSTS). */
  allowedHosts: string[];
  version: string;
  jsonLimit: number;
  /** Provider time-out of one generation step (180 000 ms). */
  generationTimeoutMs: number;
  /**
   * Sockets (server/http/connections.ts): headers within KARYA_HEADERS_TIMEOUT_MS (10 000), the whole
   * request within KARYA_REQUEST_TIMEOUT_MS (30 000), at most KARYA_CONNECTIONS_PER_IP open connections
   * per address (64; 0 behind a reverse proxy unless set, since every connection is then the proxy's).
   */
  connections: ConnectionLimits;
  studioDir: string;
  /** STRIPE_SECRET_KEY + STRIPE_WEBHOOK_SECRET (+ STRIPE_API_BASE); absent: checkout answers 503. */
  stripe?: StripeConfig;
  /** The top-up page's external payment links by package credits (KARYA_TOPUP_URLS). */
  topupUrls: Partial<Record<TopUpCredits, string>>;
  /**
   * Generation requests per user, a token bucket kept in the database: `burst` at once, then one more
   * every `refillMs` (KARYA_GENERATION_BURST, KARYA_GENERATION_PER_MINUTE).
   */
  generationRate: { burst: number; refillMs: number };
  /**
   * Requests per API key, a token bucket kept in the database: `burst` at once, then one more every
   * `refillMs` (KARYA_API_KEY_BURST, KARYA_API_KEY_PER_MINUTE). Generations also count against generationRate.
   */
  apiKeyRate: { burst: number; refillMs: number };
  /** Unknown API keys per client address (a token bucket in the database): guessing keys is slow. */
  invalidApiKeyRate: { burst: number; refillMs: number };
  /** Credit code and link claims per user (a token bucket in the database): guessing codes is slow. */
  claimRate: { burst: number; refillMs: number };
  /** How long the AI test page's last answer serves users who are not the administrator. */
  testCheckTtlMs: number;
  /** How often a long-lived stream (the admin's live user list) checks that its session still lives. */
  sessionRecheckMs: number;
  /**
   * Failed sign-ins per account and IP (counted in the database): the first `freeAttempts` cost nothing,
   * then each further attempt must wait `baseDelayMs`, doubling per failure up to `maxDelayMs`.
   */
  signInThrottle: { freeAttempts: number; baseDelayMs: number; maxDelayMs: number };
  /** KARYA_METRICS_TOKEN: GET /metrics answers only with `Authorization: Bearer <it>`; unset, /metrics is 404. */
  metricsToken?: string;
  /** Keep-alive comment interval of event streams (15 s; tests shorten it). */
  sseKeepAliveMs?: number;
  /**
   * How long a model may keep a stream waiting before a `waiting` event says so, then again each time as long (5 s;
   * tests shorten it).
   */
  slowModelNoticeMs?: number;
  /**
   * Per-IP and per-address limits, each a token bucket kept in the store (shared by every instance):
   * `limit` at once, refilled evenly over `windowMs`. signIn counts failed sign-ins per IP (far more than
   * one account's 5 free failures, so one person cannot lock out an office behind one address) and
   * password-reset submissions per IP; signUp and resetRequest count requests per IP.
   */
  rateLimits: {
    signIn: RateLimit;
    signInPerEmail: RateLimit;
    signUp: RateLimit;
    resetRequest: RateLimit;
    /** Minimum time between two reset requests for one e-mail address. */
    resetPerEmailMs: number;
  };
  /** Checkout sessions per user (a token bucket in the store): Stripe calls are not free to spam. */
  checkoutRate: { burst: number; refillMs: number };
  /** History searches per user (a token bucket in the store): a full-text search is the costliest read. */
  searchRate: { burst: number; refillMs: number };
  /** The audio edition's price and folder (server/core/audio-config.ts). */ audio: AudioConfig;
}

export const DEFAULT_DB = path.join('.karya', 'karya.sqlite');
export const DEFAULT_PORT = 3000;

/** The queue's settings: this process runs steps, so many at once, and the leases' and waits' times when set. */
function queueSettingsFrom(env: NodeJS.ProcessEnv) {
  return {
    runsWorker: true,
    workerConcurrency: intFrom(env.KARYA_WORKER_CONCURRENCY, 4, 1, 256, 'KARYA_WORKER_CONCURRENCY'),
    ...(env.KARYA_LEASE_TIMEOUT_MS?.trim()
      ? { leaseTimeoutMs: intFrom(env.KARYA_LEASE_TIMEOUT_MS, 0, 2_000, 3_600_000, 'KARYA_LEASE_TIMEOUT_MS') }
      : {}),
    ...(env.KARYA_NO_WORKER_MS?.trim()
      ? { noWorkerMs: intFrom(env.KARYA_NO_WORKER_MS, 0, 1_000, 3_600_000, 'KARYA_NO_WORKER_MS') }
      : {}),
    ...(env.KARYA_DB_WAIT_MS?.trim()
      ? { dbWaitMs: intFrom(env.KARYA_DB_WAIT_MS, 0, 0, 3_600_000, 'KARYA_DB_WAIT_MS') }
      : {}),
  };
}

/** The sockets' limits from the environment (ServerConfig.connections). */
function connectionsFrom(env: NodeJS.ProcessEnv): ConnectionLimits {
  return {
    headersTimeoutMs: intFrom(env.KARYA_HEADERS_TIMEOUT_MS, 10_000, 1_000, 600_000, 'KARYA_HEADERS_TIMEOUT_MS'),
    requestTimeoutMs: intFrom(env.KARYA_REQUEST_TIMEOUT_MS, 30_000, 1_000, 3_600_000, 'KARYA_REQUEST_TIMEOUT_MS'),
    connectionsPerIp: intFrom(
      env.KARYA_CONNECTIONS_PER_IP,
      env.KARYA_TRUST_PROXY ? 0 : 64,
      0,
      100_000,
      'KARYA_CONNECTIONS_PER_IP',
    ),
  };
}

/** The configuration the environment asks for; `overrides` win (flags, tests). */
export function configFromEnv(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  const port = overrides.port ?? intFrom(env.PORT, DEFAULT_PORT, 0, 65535, 'PORT');
  const adminEmail = env.KARYA_ADMIN_EMAIL?.trim().toLowerCase() || undefined;
  const adminPassword = adminPasswordFrom(env);
  const publicUrl = publicUrlFrom(env.KARYA_PUBLIC_URL, port);
  const isProduction = env.NODE_ENV === 'production' || !isLoopbackUrl(publicUrl);
  const scryptLogN = intFrom(env.KARYA_SCRYPT_LOG_N, DEFAULT_SCRYPT_LOG_N, 4, 20, 'KARYA_SCRYPT_LOG_N');
  // A weaker password hash is for tests and development machines only.
  if (isProduction && scryptLogN < DEFAULT_SCRYPT_LOG_N) {
    throw new ConfigError('config_scrypt_production', {
      name: 'KARYA_SCRYPT_LOG_N',
      value: scryptLogN,
      least: DEFAULT_SCRYPT_LOG_N,
    });
  }
  const databaseUrl = databaseUrlFrom(env);
  dbSyncFrom(env.KARYA_DB_SYNC);
  const stripe = overrides.stripe ?? stripeFrom(env);
  const config: ServerConfig = {
    dbFile: env.KARYA_DB || DEFAULT_DB,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...queueSettingsFrom(env),
    port,
    host: env.KARYA_HOST || '127.0.0.1',
    publicUrl,
    allowedHosts: allowedHostsFrom(env.KARYA_ALLOWED_HOSTS),
    ...(adminEmail ? { adminEmail } : {}),
    ...(adminEmail && adminPassword ? { adminPassword } : {}),
    isProduction,
    scryptLogN,
    ...(env.KARYA_SMTP_URL ? { smtpUrl: env.KARYA_SMTP_URL } : {}),
    mailFrom: env.KARYA_MAIL_FROM || 'Karya <no-reply@karya.local>',
    logLevel: env.KARYA_LOG_LEVEL || 'info',
    trustProxy: trustProxyFrom(env.KARYA_TRUST_PROXY),
    version: env.KARYA_VERSION || packageVersion(),
    jsonLimit: 100 * 1024, // a JSON body declared longer is refused before it is read (server/app.ts)
    generationTimeoutMs: 180_000,
    audio: audioConfigFrom(env),
    connections: connectionsFrom(env),
    studioDir: path.join(ROOT, 'studio', 'dist'),
    ...(stripe ? { stripe } : {}),
    topupUrls: topupUrlsFrom(env.KARYA_TOPUP_URLS),
    generationRate: {
      burst: intFrom(env.KARYA_GENERATION_BURST, 20, 1, 100_000, 'KARYA_GENERATION_BURST'),
      refillMs: 60_000 / intFrom(env.KARYA_GENERATION_PER_MINUTE, 10, 1, 100_000, 'KARYA_GENERATION_PER_MINUTE'),
    },
    apiKeyRate: {
      burst: intFrom(env.KARYA_API_KEY_BURST, 60, 1, 100_000, 'KARYA_API_KEY_BURST'),
      refillMs: 60_000 / intFrom(env.KARYA_API_KEY_PER_MINUTE, 60, 1, 100_000, 'KARYA_API_KEY_PER_MINUTE'),
    },
    claimRate: { burst: 10, refillMs: 60_000 },
    invalidApiKeyRate: { burst: 20, refillMs: 6_000 },
    ...(metricsTokenFrom(env.KARYA_METRICS_TOKEN) ? { metricsToken: metricsTokenFrom(env.KARYA_METRICS_TOKEN)! } : {}),
    testCheckTtlMs: 5 * 60_000,
    sessionRecheckMs: 10_000,
    signInThrottle: { freeAttempts: 5, baseDelayMs: 1_000, maxDelayMs: 15 * 60_000 },
    rateLimits: {
      signIn: { limit: 200, windowMs: 15 * 60_000 },
      signInPerEmail: { limit: 10, windowMs: 15 * 60_000 },
      signUp: { limit: 20, windowMs: 60 * 60_000 },
      resetRequest: { limit: 10, windowMs: 15 * 60_000 },
      resetPerEmailMs: 60_000,
    },
    checkoutRate: { burst: 10, refillMs: 60_000 },
    searchRate: { burst: 30, refillMs: 2_000 },
    ...overrides,
  };
  return config;
}
