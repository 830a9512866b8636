// Who is calling: the session behind the cookie, looked up once per request. requireUser answers 401
// ("Session expired. Please sign in again." when a cookie was sent but its session is gone),
// requireAdmin answers 403 to every signed-in user who is not the administrator.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isLang, type Lang } from '../../engine/index.js';
import type { AuthRepository } from '../store/ports.js';
import { ApiError } from '../errors/api-error.js';
import { acceptedLang } from '../http/accept-language.js';
import { clearSessionCookie, findSession, readCookie, sessionCookieName, type SessionInfo } from './sessions.js';

interface RequestAuth {
  hasCookie: boolean;
  session: SessionInfo | null;
}

/**
 * Per request: the lookup while it runs, then its answer (read synchronously by sessionOf), kept on the
 * request itself (a WeakMap keyed by every request made the garbage collector's work grow with the
 * request rate).
 */
const AUTH = Symbol('karya.auth');
type WithAuth = Request & { [AUTH]?: RequestAuth | Promise<RequestAuth> | undefined };
const cache = {
  get: (req: Request) => (req as WithAuth)[AUTH],
  set: (req: Request, auth: RequestAuth | Promise<RequestAuth>) => {
    (req as WithAuth)[AUTH] = auth;
  },
  delete: (req: Request) => {
    (req as WithAuth)[AUTH] = undefined;
  },
};

/** The caller of a request: at once when the store answers at once (SQLite), else when its lookup ends. */
export function authOf(source: AuthRepository, req: Request): RequestAuth | Promise<RequestAuth> {
  const cached = cache.get(req);
  if (cached) return cached;
  const token = readCookie(req, sessionCookieName(req));
  if (!token) {
    const auth = { hasCookie: false, session: null };
    cache.set(req, auth);
    return auth;
  }
  const found = findSession(source, token);
  if (!(found instanceof Promise)) {
    const auth = { hasCookie: true, session: found };
    cache.set(req, auth);
    return auth;
  }
  const lookup = found.then((session) => {
    const auth = { hasCookie: true, session };
    if (cache.get(req) === lookup) cache.set(req, auth);
    return auth;
  });
  cache.set(req, lookup);
  return lookup;
}

/** The session of a request that passed requireUser. */
export function sessionOf(req: Request): SessionInfo {
  const auth = cache.get(req);
  const session = auth instanceof Promise ? undefined : auth?.session;
  if (!session) throw new Error('sessionOf() called on a route without requireUser');
  return session;
}

/**
 * The language to answer a request in: the signed-in account's studio language once the session is
 * known, else the first tag of Accept-Language that is a language of the table (the studio sends its language), else
 * en.
 */
export function requestLang(req: Request): Lang {
  const auth = cache.get(req);
  const user = auth instanceof Promise ? undefined : auth?.session?.user;
  // An account's language the table no longer has (a draft turned off) is answered as a signed-out caller.
  if (user && isLang(user.lang)) return user.lang;
  return acceptedLang(req.headers['accept-language']);
}

/**
 * Authenticate this request with an API key instead of a cookie (server/auth/api-keys.ts, on the routes
 * that accept keys): requireUser and sessionOf then see the key's user.
 */
export function useApiKeySession(req: Request, input: { keyId: number; user: SessionInfo['user'] }): void {
  cache.set(req, {
    hasCookie: false,
    session: {
      sessionId: 0,
      expiresAt: Number.POSITIVE_INFINITY,
      isRemembered: false,
      user: input.user,
      apiKeyId: input.keyId,
    },
  });
}

/** A request that carries `Authorization: Bearer …`. */
export function hasBearer(req: Request): boolean {
  return /^bearer(\s|$)/i.test(req.get('authorization') ?? '');
}

/** Forget the cached session of this request (after sign-out or a password change). */
export function forgetSession(req: Request): void {
  cache.delete(req);
}

export function requireUser(
  source: AuthRepository,
  unauthenticatedCode: 'unauthenticated' | 'not_signed_in' = 'unauthenticated',
): RequestHandler {
  const decide = (auth: RequestAuth, req: Request, res: Response, next: NextFunction): void => {
    if (auth.session) return next();
    if (auth.hasCookie) {
      clearSessionCookie(req, res);
      return next(ApiError.of(401, 'session_expired'));
    }
    // An API key on a route that does not take keys (account, keys, admin, credits): say so.
    if (hasBearer(req)) return next(ApiError.catalogue(401, 'api_key_not_allowed'));
    return next(
      unauthenticatedCode === 'not_signed_in'
        ? ApiError.catalogue(401, 'not_signed_in')
        : ApiError.of(401, 'unauthenticated'),
    );
  };
  // Without a promise when the store answers at once (SQLite): the route then runs in the same turn, with no
  // microtask per step. A promise is returned to Express, which passes its failure to next.
  return (req: Request, res: Response, next: NextFunction) => {
    const auth = authOf(source, req);
    if (auth instanceof Promise) return auth.then((found) => decide(found, req, res, next));
    decide(auth, req, res, next);
    return undefined;
  };
}

export function requireAdmin(source: AuthRepository): RequestHandler {
  const signedIn = requireUser(source);
  return (req, res, next) =>
    signedIn(req, res, (error?: unknown) => {
      if (error) return next(error);
      return sessionOf(req).user.role === 'admin' ? next() : next(ApiError.of(403, 'forbidden'));
    });
}
