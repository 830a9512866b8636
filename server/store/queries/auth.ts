// Sessions, password hashes and password-reset tokens, once for both databases. The session lookup of
// every signed-in request is each adapter's own (SQLite caches it; Postgres uses a named prepared
// statement), with the deletion of an expired session shared.
import type { User } from '../schema.js';
import type { AuthRepository, SessionInfo } from '../ports.js';
import { nowIso, type Conn } from './conn.js';

/** The session lookup's columns; a row of it is a user with the session's three fields. */
export type LookupRow = User & { session_id: number; session_expires_at: number; session_is_remembered: number };

/** The session lookup with its user, one join by the token's hash (`param`: the dialect's placeholder). */
export function lookupSql(param: '?' | '$1'): string {
  return `SELECT s.id AS session_id, s.expires_at AS session_expires_at, s.is_remembered AS session_is_remembered, u.*
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ${param}`;
}

export const deleteSession = (conn: Conn, sessionId: number) =>
  conn.run(conn.db.deleteFrom('sessions').where('id', '=', sessionId));

/** The session of a lookup row, or null when it has expired (then `expire` deletes it). */
export function sessionOfRow(row: LookupRow | undefined, expire: (sessionId: number) => void): SessionInfo | null {
  if (!row) return null;
  const { session_id, session_expires_at, session_is_remembered, ...user } = row;
  if (session_expires_at <= Date.now()) {
    expire(session_id);
    return null;
  }
  return { sessionId: session_id, expiresAt: session_expires_at, isRemembered: session_is_remembered === 1, user };
}

async function setPasswordHash(conn: Conn, input: { userId: string; hash: string }): Promise<void> {
  await conn.run(
    conn.db
      .updateTable('user_passwords')
      .set({ hash: input.hash, updated_at: nowIso() })
      .where('user_id', '=', input.userId),
  );
}

/** Delete every session of a user, except `keepId` when given. */
async function deleteUserSessions(conn: Conn, input: { userId: string; keepId?: number | undefined }): Promise<void> {
  let query = conn.db.deleteFrom('sessions').where('user_id', '=', input.userId);
  if (input.keepId !== undefined) query = query.where('id', '!=', input.keepId);
  await conn.run(query);
}

export function authRepository(conn: Conn, findSession: AuthRepository['findSession']): AuthRepository {
  return {
    createSession: async (input) => {
      await conn.run(
        conn.db.insertInto('sessions').values({
          token_hash: input.tokenHash,
          user_id: input.userId,
          is_remembered: input.isRemembered ? 1 : 0,
          expires_at: input.expiresAt,
          ip_address: input.ip ?? null,
          user_agent: input.userAgent ?? null,
          created_at: nowIso(),
        }),
      );
    },
    findSession,
    deleteSession: async (sessionId) => {
      await deleteSession(conn, sessionId);
    },
    deleteExpiredSessions: () => conn.run(conn.db.deleteFrom('sessions').where('expires_at', '<=', Date.now())),
    passwordHashOf: async (userId) =>
      (await conn.first(conn.db.selectFrom('user_passwords').select('hash').where('user_id', '=', userId)))?.hash,
    setPasswordHash: (input) => setPasswordHash(conn, input),
    changePassword: ({ userId, hash, keepSessionId }) =>
      conn.transaction(async (conn) => {
        await setPasswordHash(conn, { userId, hash });
        await deleteUserSessions(conn, { userId, keepId: keepSessionId });
        // A reset link sent before the change must not set the password again.
        await conn.run(conn.db.deleteFrom('password_resets').where('user_id', '=', userId));
      }),
    createPasswordReset: async (input) => {
      await conn.run(
        conn.db.insertInto('password_resets').values({
          token_hash: input.tokenHash,
          user_id: input.userId,
          expires_at: input.expiresAt,
          used_at: null,
          created_at: nowIso(),
        }),
      );
    },
    findPasswordReset: async (tokenHash) => {
      const row = await conn.first(
        conn.db
          .selectFrom('password_resets')
          .select(['user_id', 'expires_at', 'used_at'])
          .where('token_hash', '=', tokenHash),
      );
      return row && { userId: row.user_id, expiresAt: row.expires_at, isUsed: row.used_at !== null };
    },
    resetPassword: ({ tokenHash, hash }) =>
      conn.transaction(async (conn) => {
        const row = await conn.first(
          conn.db
            .updateTable('password_resets')
            .set({ used_at: nowIso() })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', Date.now())
            .returning('user_id'),
        );
        if (!row) return null;
        await setPasswordHash(conn, { userId: row.user_id, hash });
        await deleteUserSessions(conn, { userId: row.user_id });
        await conn.run(
          conn.db.deleteFrom('password_resets').where('user_id', '=', row.user_id).where('token_hash', '!=', tokenHash),
        );
        return row.user_id;
      }),
  };
}
