// The parsers of the server's environment variables (config.ts configFromEnv builds the configuration from them):
// each reads one variable, and refuses a value it cannot start with as a ConfigError naming the variable, the value
// given and what is allowed, worded in the operator's language where it is shown.
import { readFileSync } from 'node:fs';
import { TOPUP_CREDITS, type TopUpCredits } from '../../engine/index.js';
import { ConfigError } from './config-error.js';
import { SYNC_SETTINGS } from '../store/sqlite/sync-level.js';

/** Stripe Checkout: on only when both the secret key and the webhook's signing secret are set. */
export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another address for Stripe's API (stripe-mock, a test's fake): `http://127.0.0.1:12111`. */
  apiBase?: string;
}

/** The fewest characters of the administrator's password (KARYA_ADMIN_PASSWORD) and of the metrics token. */
const LEAST_PASSWORD = 8;
const LEAST_TOKEN = 16;

/** A whole number from `min` to `max`, or `fallback` when unset. */
export function intFrom(value: string | undefined, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError('config_whole_number', { name, value, min, max });
  }
  return n;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const IP_OR_SUBNET = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/i;

/**
 * KARYA_TRUST_PROXY: the number of proxies in front of the server, or their addresses/subnets. `true`
 * (trust every hop) is refused: any client could then pick its own IP in X-Forwarded-For and escape
 * every per-IP limit.
 */
export function trustProxyFrom(value: string | undefined): false | number | string {
  const text = value?.trim();
  if (!text || text === 'false' || text === '0') return false;
  if (text === 'true') {
    throw new ConfigError('config_trust_any', { name: 'KARYA_TRUST_PROXY', value: text });
  }
  if (/^\d+$/.test(text)) return intFrom(text, 0, 0, 10, 'KARYA_TRUST_PROXY');
  const entries = text
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !PROXY_NAMES.has(e) && !IP_OR_SUBNET.test(e));
  if (bad !== undefined || !entries.length) {
    const names = [...PROXY_NAMES].join(', ');
    throw new ConfigError('config_trust_proxy', { name: 'KARYA_TRUST_PROXY', value: bad ?? text, names });
  }
  return entries.join(',');
}

/** KARYA_PUBLIC_URL: an http(s) origin. */
export function publicUrlFrom(value: string | undefined, port: number): string {
  const text = (value?.trim() || `http://localhost:${port}`).replace(/\/+$/, '');
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new ConfigError('config_public_url', { name: 'KARYA_PUBLIC_URL', value: text });
  }
  return text;
}

/** KARYA_ALLOWED_HOSTS: more host names (any port) or host:port pairs the server answers for, comma-separated. */
export function allowedHostsFrom(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.find((e) => !/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/.test(e));
  if (bad !== undefined) throw new ConfigError('config_allowed_hosts', { name: 'KARYA_ALLOWED_HOSTS', value: bad });
  return entries;
}

/** KARYA_DB_SYNC: how the SQLite file's commits reach the disk (server/store/sqlite/sync-level.ts), when set. */
export function dbSyncFrom(value: string | undefined): void {
  const text = value?.trim() ?? '';
  if (text && !Object.hasOwn(SYNC_SETTINGS, text.toLowerCase())) {
    throw new ConfigError('config_one_of', {
      name: 'KARYA_DB_SYNC',
      value: text,
      allowed: Object.keys(SYNC_SETTINGS).join(', '),
    });
  }
}

/** KARYA_DATABASE_URL when set: a postgres:// (or postgresql://) URL, anything else is an error naming the variable. */
export function databaseUrlFrom(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env.KARYA_DATABASE_URL?.trim();
  if (!value) return undefined;
  // (The value is not quoted back: a URL holds its password.)
  if (!/^postgres(ql)?:\/\/[^\s]+$/i.test(value)) {
    throw new ConfigError('config_database_url', { name: 'KARYA_DATABASE_URL' });
  }
  return value;
}

function httpUrl(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError('config_not_url', { name, value });
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ConfigError('config_not_http', { name, value });
  return url.toString();
}

/** `150=https://pay.example/a,300=https://…,600=https://…` → the link of each top-up package. */
export function topupUrlsFrom(value: string | undefined): Partial<Record<TopUpCredits, string>> {
  const urls: Partial<Record<TopUpCredits, string>> = {};
  for (const entry of (value ?? '').split(/[,\s]+/).filter(Boolean)) {
    const at = entry.indexOf('=');
    const credits = Number(entry.slice(0, at));
    if (at < 0 || !TOPUP_CREDITS.includes(credits as TopUpCredits)) {
      const credits = TOPUP_CREDITS.join(', ');
      throw new ConfigError('config_topup_entry', { name: 'KARYA_TOPUP_URLS', value: entry, credits });
    }
    urls[credits as TopUpCredits] = httpUrl(entry.slice(at + 1), `KARYA_TOPUP_URLS (${credits})`);
  }
  return urls;
}

export function stripeFrom(env: NodeJS.ProcessEnv): StripeConfig | undefined {
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim();
  if (!secretKey && !webhookSecret) return undefined;
  // Taking payments that could never be granted (or granting without checkout) is worse than no checkout.
  if (!secretKey || !webhookSecret) {
    const names = { secret: 'STRIPE_SECRET_KEY', webhook: 'STRIPE_WEBHOOK_SECRET' };
    throw new ConfigError('config_stripe_half', { missing: secretKey ? names.webhook : names.secret, ...names });
  }
  const apiBase = env.STRIPE_API_BASE?.trim();
  return { secretKey, webhookSecret, ...(apiBase ? { apiBase: httpUrl(apiBase, 'STRIPE_API_BASE') } : {}) };
}

/** scrypt's cost (N = 2^17, OWASP): the least a production server may use. */
export const DEFAULT_SCRYPT_LOG_N = 17;

/**
 * The administrator's password at start: KARYA_ADMIN_PASSWORD, or the first line of the file
 * KARYA_ADMIN_PASSWORD_FILE names; at least 8 characters.
 */
export function adminPasswordFrom(env: NodeJS.ProcessEnv): string | undefined {
  let password = env.KARYA_ADMIN_PASSWORD;
  const file = env.KARYA_ADMIN_PASSWORD_FILE?.trim();
  if (!password && file) {
    try {
      password = readFileSync(file, 'utf8').split(/\r?\n/)[0];
    } catch (error) {
      const reason = (error as NodeJS.ErrnoException).code ?? 'EIO';
      throw new ConfigError('config_password_file', { name: 'KARYA_ADMIN_PASSWORD_FILE', file, reason });
    }
  }
  if (!password) return undefined;
  const name = 'KARYA_ADMIN_PASSWORD';
  if (!env.KARYA_ADMIN_EMAIL?.trim()) {
    throw new ConfigError('config_password_email', { name, email: 'KARYA_ADMIN_EMAIL' });
  }
  if ([...password].length < LEAST_PASSWORD) {
    throw new ConfigError('config_password_short', { name, min: LEAST_PASSWORD });
  }
  return password;
}

/** True for a URL on this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1';
  } catch {
    return false;
  }
}

/** KARYA_METRICS_TOKEN: at least 16 characters when set (a scraper's secret, not a password to guess). */
export function metricsTokenFrom(value: string | undefined): string | undefined {
  const token = value?.trim();
  if (!token) return undefined;
  if (token.length < LEAST_TOKEN || /\s/.test(token)) {
    throw new ConfigError('config_metrics_token', { name: 'KARYA_METRICS_TOKEN', min: LEAST_TOKEN });
  }
  return token;
}
