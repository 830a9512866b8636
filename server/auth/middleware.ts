// Who is calling: the session behind the cookie, looked up once per request. requireUser answers 401
// ("Session expired. Please sign in again." when a cookie was sent but its session is gone),
// requireAdmin answers 403 to every signed-in user who is not the administrator.
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Store } from '../db/store.js';
import { ApiError } from '../http/errors.js';
import { clearSessionCookie, findSession, readCookie, SESSION_COOKIE, type SessionInfo } from './sessions.js';

interface RequestAuth {
  hasCookie: boolean;
  session: SessionInfo | null;
}

const cache = new WeakMap<Request, RequestAuth>();

export function authOf(store: Store, req: Request): RequestAuth {
  let auth = cache.get(req);
  if (!auth) {
    const token = readCookie(req, SESSION_COOKIE);
    auth = { hasCookie: token !== undefined, session: token ? findSession(store, token) : null };
    cache.set(req, auth);
  }
  return auth;
}

/** The session of a request that passed requireUser. */
export function sessionOf(req: Request): SessionInfo {
  const session = cache.get(req)?.session;
  if (!session) throw new Error('sessionOf() called on a route without requireUser');
  return session;
}

/** Forget the cached session of this request (after sign-out or a password change). */
export function forgetSession(req: Request): void {
  cache.delete(req);
}

export function requireUser(store: Store, unauthenticatedCode: 'unauthenticated' | 'not_signed_in' = 'unauthenticated'): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const auth = authOf(store, req);
    if (auth.session) return next();
    if (auth.hasCookie) {
      clearSessionCookie(req, res);
      return next(ApiError.of(401, 'session_expired'));
    }
    return next(unauthenticatedCode === 'not_signed_in' ? ApiError.catalogue(401, 'not_signed_in') : ApiError.of(401, 'unauthenticated'));
  };
}

export function requireAdmin(store: Store): RequestHandler {
  const signedIn = requireUser(store);
  return (req, res, next) =>
    signedIn(req, res, (error?: unknown) => {
      if (error) return next(error);
      return sessionOf(req).user.role === 'admin' ? next() : next(ApiError.of(403, 'forbidden'));
    });
}
