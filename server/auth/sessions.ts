// Sessions: a random 256-bit token in an httpOnly, SameSite=Lax cookie; only its SHA-256 is stored.
// A new token on every sign-in; sign-out, password change and password reset delete sessions.
import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { Store } from '../db/store.js';
import { nowIso } from '../db/store.js';
import type { User } from '../db/types.js';

export const SESSION_COOKIE = 'karya_session';
/** "Remember me": 30 days and a persistent cookie; otherwise a browser-session cookie and 1 day. */
export const REMEMBERED_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_MS = 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export interface SessionInfo {
  sessionId: number;
  expiresAt: number;
  isRemembered: boolean;
  user: User;
}

export function createSession(store: Store, input: { userId: string; isRemembered: boolean; ip?: string; userAgent?: string }): { token: string; expiresAt: number } {
  const token = newToken();
  const expiresAt = Date.now() + (input.isRemembered ? REMEMBERED_MS : SESSION_MS);
  store.run(
    store.db.insertInto('sessions').values({
      token_hash: hashToken(token),
      user_id: input.userId,
      is_remembered: input.isRemembered ? 1 : 0,
      expires_at: expiresAt,
      ip_address: input.ip?.slice(0, 64) ?? null,
      user_agent: input.userAgent?.slice(0, 256) ?? null,
      created_at: nowIso(),
    }),
  );
  return { token, expiresAt };
}

const LOOKUP = `SELECT s.id AS session_id, s.expires_at AS session_expires_at, s.is_remembered AS session_is_remembered, u.*
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`;

type LookupRow = User & { session_id: number; session_expires_at: number; session_is_remembered: number };

/** The live session of a token, or null (unknown or expired; an expired row is deleted). */
export function findSession(store: Store, token: string): SessionInfo | null {
  const row = store.raw(LOOKUP).get(hashToken(token)) as LookupRow | undefined;
  if (!row) return null;
  const { session_id, session_expires_at, session_is_remembered, ...user } = row;
  if (session_expires_at <= Date.now()) {
    deleteSession(store, session_id);
    return null;
  }
  return { sessionId: session_id, expiresAt: session_expires_at, isRemembered: session_is_remembered === 1, user };
}

export function deleteSession(store: Store, sessionId: number): void {
  store.run(store.db.deleteFrom('sessions').where('id', '=', sessionId));
}

/** Delete every session of a user, except `keepId` when given. */
export function deleteUserSessions(store: Store, input: { userId: string; keepId?: number }): void {
  let query = store.db.deleteFrom('sessions').where('user_id', '=', input.userId);
  if (input.keepId !== undefined) query = query.where('id', '!=', input.keepId);
  store.run(query);
}

export function deleteExpiredSessions(store: Store): void {
  store.run(store.db.deleteFrom('sessions').where('expires_at', '<=', Date.now()));
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

export function setSessionCookie(req: Request, res: Response, session: { token: string; expiresAt: number }, isRemembered: boolean): void {
  res.cookie(SESSION_COOKIE, session.token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    ...(isRemembered ? { expires: new Date(session.expiresAt) } : {}),
  });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: req.secure, path: '/' });
}
