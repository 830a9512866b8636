// Sessions: a random 256-bit token in an httpOnly, SameSite=Lax cookie; only its SHA-256 is stored.
// A new token on every sign-in; sign-out, password change and password reset delete sessions.
import { hash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AuthRepository, SessionInfo } from '../store/ports.js';

export type { SessionInfo } from '../store/ports.js';

export const SESSION_COOKIE = 'karya_session';
/**
 * The cookie's name when KARYA_PUBLIC_URL is https: the `__Host-` prefix makes the browser refuse it
 * unless it is Secure, for path / and without a Domain, so no sibling subdomain can set or shadow it.
 */
export const SECURE_SESSION_COOKIE = '__Host-karya_session';

/** Set by createApp: whether the public URL is https (then the cookie is Secure and __Host- prefixed). */
export const HTTPS_LOCAL = 'karyaHttps';

function isHttps(req: Request): boolean {
  return req.app?.locals?.[HTTPS_LOCAL] === true;
}

/** The session cookie's name for this server (see SECURE_SESSION_COOKIE). */
export function sessionCookieName(req: Request): string {
  return isHttps(req) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}
/** "Remember me": 30 days and a persistent cookie; otherwise a browser-session cookie and 1 day. */
export const REMEMBERED_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 24 * 60 * 60 * 1000;

/** SHA-256 in hex (node:crypto's one-shot hash: no Hash object per request). */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** A new session: a fresh token, whose hash only is stored. */
export async function createSession(
  auth: AuthRepository,
  input: { userId: string; isRemembered: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const expiresAt = Date.now() + (input.isRemembered ? REMEMBERED_MS : SESSION_MS);
  await auth.createSession({
    tokenHash: hashToken(token),
    userId: input.userId,
    isRemembered: input.isRemembered,
    expiresAt,
    ...(input.ip !== undefined ? { ip: input.ip.slice(0, 64) } : {}),
    ...(input.userAgent !== undefined ? { userAgent: input.userAgent.slice(0, 256) } : {}),
  });
  return { token, expiresAt };
}

/** The live session of a token, or null (unknown or expired). */
export function findSession(auth: AuthRepository, token: string): SessionInfo | null | Promise<SessionInfo | null> {
  return auth.findSession(hashToken(token));
}

/** The value of one cookie from the Cookie header. */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function setSessionCookie(
  req: Request,
  res: Response,
  session: { token: string; expiresAt: number },
  isRemembered: boolean,
): void {
  res.cookie(sessionCookieName(req), session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req) || req.secure,
    path: '/',
    ...(isRemembered ? { expires: new Date(session.expiresAt) } : {}),
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(sessionCookieName(req), {
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(req) || req.secure,
    path: '/',
  });
}
