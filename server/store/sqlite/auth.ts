// Sessions, password hashes and password-reset tokens on SQLite. The session lookup runs on every
// signed-in request, so it is one raw prepared statement (kysely's builder would cost more than the query).
import type { Store } from './store.js';
import { nowIso } from './store.js';
import type { User } from '../schema.js';
import type { AuthRepository, SessionInfo } from '../ports.js';

const LOOKUP = `SELECT s.id AS session_id, s.expires_at AS session_expires_at, s.is_remembered AS session_is_remembered, u.*
  FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token_hash = ?`;

type LookupRow = User & { session_id: number; session_expires_at: number; session_is_remembered: number };

/**
 * The hot path of every signed-in request, cached safely: an answer is reused only while the database
 * has not changed at all since it was read, by this connection (SQLite's total_changes()) or by any other
 * connection or process (PRAGMA data_version: a CLI, a second server on the same file). One tiny
 * statement checks both; any write (a sign-out, a role or credit change, a new generation) empties the
 * cache, so a revoked session or a changed user is seen by the very next request, as without a cache.
 * Expiry is still checked on every use. (The Postgres adapter keeps the plain lookup: with several
 * instances there is no equally cheap "nothing changed anywhere" check, and the lookup is one indexed join.)
 */
// Two single-value statements (plucked): about 2.6 µs instead of 4.2 µs for one statement with a
// sub-select on the pragma's table and a row object. total_changes() does not read the database.
const LOCAL_VERSION = 'SELECT total_changes()';
const OTHER_VERSION = 'PRAGMA data_version';
const MAX_CACHED = 10_000;

interface SessionCache {
  version: string;
  sessions: Map<string, SessionInfo>;
}

const caches = new WeakMap<Store, SessionCache>();

function dbVersion(store: Store): string {
  return `${store.rawValue(LOCAL_VERSION).get() as number}:${store.rawValue(OTHER_VERSION).get() as number}`;
}

/** The live session of a token hash, or null (unknown or expired; an expired row is deleted). */
export function findSession(store: Store, tokenHash: string): SessionInfo | null {
  const version = dbVersion(store);
  let cache = caches.get(store);
  if (!cache || cache.version !== version) {
    cache = { version, sessions: new Map() };
    caches.set(store, cache);
  }
  const cached = cache.sessions.get(tokenHash);
  if (cached && cached.expiresAt > Date.now()) return { ...cached, user: { ...cached.user } };
  const found = lookupSession(store, tokenHash);
  // Only an answer read at the version checked above is kept (the lookup itself may have deleted an expired row).
  if (found && dbVersion(store) === version) {
    if (cache.sessions.size >= MAX_CACHED) cache.sessions.clear();
    cache.sessions.set(tokenHash, found);
    return { ...found, user: { ...found.user } };
  }
  return found;
}

function lookupSession(store: Store, tokenHash: string): SessionInfo | null {
  const row = store.raw(LOOKUP).get(tokenHash) as LookupRow | undefined;
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

export function setPasswordHash(store: Store, input: { userId: string; hash: string }): void {
  store.run(store.db.updateTable('user_passwords').set({ hash: input.hash, updated_at: nowIso() }).where('user_id', '=', input.userId));
}

export function sqliteAuth(store: Store): AuthRepository {
  return {
    createSession: async (input) => {
      store.run(
        store.db.insertInto('sessions').values({
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
    findSession: async (tokenHash) => findSession(store, tokenHash),
    deleteSession: async (sessionId) => deleteSession(store, sessionId),
    deleteExpiredSessions: async () => store.run(store.db.deleteFrom('sessions').where('expires_at', '<=', Date.now())),
    passwordHashOf: async (userId) => store.first(store.db.selectFrom('user_passwords').select('hash').where('user_id', '=', userId))?.hash,
    setPasswordHash: async (input) => setPasswordHash(store, input),
    changePassword: async ({ userId, hash, keepSessionId }) => {
      store.transaction(() => {
        setPasswordHash(store, { userId, hash });
        deleteUserSessions(store, { userId, keepId: keepSessionId });
        // A reset link sent before the change must not set the password again.
        store.run(store.db.deleteFrom('password_resets').where('user_id', '=', userId));
      });
    },
    createPasswordReset: async (input) => {
      store.run(store.db.insertInto('password_resets').values({ token_hash: input.tokenHash, user_id: input.userId, expires_at: input.expiresAt, used_at: null, created_at: nowIso() }));
    },
    findPasswordReset: async (tokenHash) => {
      const row = store.first(store.db.selectFrom('password_resets').select(['user_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash));
      return row && { userId: row.user_id, expiresAt: row.expires_at, isUsed: row.used_at !== null };
    },
    resetPassword: async ({ tokenHash, hash }) =>
      store.transaction(() => {
        const row = store.first(
          store.db
            .updateTable('password_resets')
            .set({ used_at: nowIso() })
            .where('token_hash', '=', tokenHash)
            .where('used_at', 'is', null)
            .where('expires_at', '>', Date.now())
            .returning('user_id'),
        );
        if (!row) return null;
        setPasswordHash(store, { userId: row.user_id, hash });
        deleteUserSessions(store, { userId: row.user_id });
        store.run(store.db.deleteFrom('password_resets').where('user_id', '=', row.user_id).where('token_hash', '!=', tokenHash));
        return row.user_id;
      }),
  };
}
