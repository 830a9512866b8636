// Hardening shared by every route: helmet, a same-origin check on every state-changing request, and
// the rate limiters of the auth routes (429 with the spec's "Too many attempts" message).
import type { Request, RequestHandler } from 'express';
import helmet from 'helmet';
import { rateLimit } from 'express-rate-limit';
import type { RateLimit } from '../config.js';
import { ApiError, errorBody, type MessageCode } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function helmetMiddleware(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      // No upgrade-insecure-requests: a self-hosted server is often reached over plain http on a LAN.
      directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'connect-src': ["'self'"], 'upgrade-insecure-requests': null },
    },
  });
}

/**
 * Refuse a cross-site state-changing request: a browser sends Origin (and Sec-Fetch-Site) on every
 * POST/PUT/PATCH/DELETE, so a mismatch means another site is driving the user's cookies. Clients that
 * are not browsers (curl, the CLI, tests) send neither header and carry no ambient cookies to abuse.
 */
export function sameOriginCheck(trustedOrigins: readonly string[]): RequestHandler {
  const trusted = new Set(trustedOrigins.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const site = req.get('sec-fetch-site');
    if (site && site !== 'same-origin' && site !== 'none') return next(ApiError.of(403, 'cross_origin'));
    const origin = req.get('origin');
    if (origin === undefined) return next();
    const own = `${req.protocol}://${req.get('host') ?? ''}`.toLowerCase();
    const given = origin.toLowerCase();
    return given === own || trusted.has(given) ? next() : next(ApiError.of(403, 'cross_origin'));
  };
}

/** A rate limiter answering in the API's error shape. */
export function limiter(input: RateLimit & { code?: MessageCode; key?: (req: Request) => string | undefined; skipSuccessfulRequests?: boolean }): RequestHandler {
  const error = ApiError.of(429, input.code ?? 'too_many_attempts');
  return rateLimit({
    windowMs: input.windowMs,
    limit: input.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    skipSuccessfulRequests: input.skipSuccessfulRequests ?? false,
    ...(input.key
      ? {
          keyGenerator: (req: Request) => input.key!(req) ?? '',
          skip: (req: Request) => !input.key!(req),
        }
      : {}),
    handler: (_req, res) => {
      res.status(429).json(errorBody(error));
    },
  });
}
