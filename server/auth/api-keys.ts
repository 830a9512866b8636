// API keys: `karya_` + 32 random bytes (256 bits, base64url). Only the SHA-256 of a key is stored. A
// fast hash is enough here, unlike for passwords: a password is guessable and needs a slow hash
// (scrypt) to make each guess expensive, while a random 256-bit key cannot be guessed at any speed,
// so a slow hash would only cost time on every API request. The hash is looked up by an index.
import { createHash, randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { API_ROLES } from '../../engine/contract/index.js';
import type { Role } from '../store/ports.js';
import type { AppContext } from '../core/context.js';
import { ApiError, tooMany } from '../errors/api-error.js';
import { hasBearer, useApiKeySession } from './middleware.js';

export const API_KEY_PREFIX = 'karya_';
/** How many characters of a key the list shows. */
const SHOWN = API_KEY_PREFIX.length + 4;

export function hasApiAccess(role: Role): boolean {
  return (API_ROLES as readonly string[]).includes(role);
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key, its hash (stored) and the part of it the list shows. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: `${key.slice(0, SHOWN)}…` };
}

function bearerOf(req: Request): string {
  return (req.get('authorization') ?? '').replace(/^bearer\s+/i, '').trim();
}

/**
 * On the routes that take API keys (generation, progress, history and export): a request with
 * `Authorization: Bearer <key>` is the key's user, without a cookie or an Origin. An unknown or revoked
 * key is 401 `invalid_api_key`; a key whose account is no longer business or admin is 403. Each key has
 * its own rate (config.apiKeyRate, a token bucket in the database, so a restart does not reset it):
 * past it, 429 `rate_limited` with Retry-After.
 */
export function acceptApiKeys(ctx: AppContext): RequestHandler {
  const { repos, config } = ctx;
  return async (req, res, next) => {
    if (!hasBearer(req)) return next();
    const key = bearerOf(req);
    const found =
      key.startsWith(API_KEY_PREFIX) && key.length < 100 ? await repos.apiKeys.authenticate(hashApiKey(key)) : null;
    if (!found) {
      // Guessing keys is slow: every unknown key counts against its sender's address (on every instance).
      const guess = await repos.limits.take({
        key: `apikey-invalid-ip:${req.ip ?? ''}`,
        capacity: config.invalidApiKeyRate.burst,
        refillMs: config.invalidApiKeyRate.refillMs,
      });
      if (!guess.isAllowed) {
        return next(tooMany(res, guess.retryAfterMs, 'rate_limited'));
      }
      return next(ApiError.catalogue(401, 'invalid_api_key'));
    }
    useApiKeySession(req, found);
    if (!hasApiAccess(found.user.role)) return next(ApiError.catalogue(403, 'api_access_required'));
    const take = await repos.limits.take({
      key: `apikey:${found.keyId}`,
      capacity: config.apiKeyRate.burst,
      refillMs: config.apiKeyRate.refillMs,
    });
    if (!take.isAllowed) {
      return next(tooMany(res, take.retryAfterMs, 'rate_limited'));
    }
    return next();
  };
}
