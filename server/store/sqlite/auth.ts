// Sessions, password hashes and password-reset tokens on SQLite. The session lookup runs on every
// signed-in request, so it is one raw prepared statement (kysely's builder would cost more than the query).
import type SQLite from 'better-sqlite3';
import type { Store } from './store.js';
import type { AuthRepository, SessionInfo } from '../ports.js';
import { authRepository, lookupSql, sessionOfRow, type LookupRow } from '../queries/auth.js';
import { sqliteConn } from './conn.js';
import { openConnections, openConnectionsEpoch } from './connect.js';

const LOOKUP = lookupSql('?');

/**
 * The hot path of every signed-in request, cached safely: an answer is reused only while the database
 * has not changed since it was read, by any connection of this process (SQLite's total_changes() of
 * each: a write through a second connection is seen by the very next lookup) or by another process
 * (PRAGMA data_version: a CLI, a second server on the same file). Any write (a sign-out, a role or
 * credit change, a new generation) empties the cache, so a revoked session or a changed user is seen by
 * the very next request, as without a cache. Expiry is still checked on every use. (The Postgres
 * adapter keeps the plain lookup: with several instances there is no equally cheap "nothing changed
 * anywhere" check, and the lookup is one indexed join.)
 *
 * PRAGMA data_version starts a read transaction (two file locks in WAL mode): 7 µs on a quiet machine
 * and about 26 µs under load, a sixth of a GET /api/me in a CPU profile when read every millisecond. It
 * is read at most once per 5 ms: another process's write shows within 5 ms, as if the request had come
 * 5 ms earlier (a CLI or a second server on the same file cannot write, and a client learn of it and
 * send its next request, within 5 ms).
 * total_changes() reads no file (0.2 µs) and is read on every lookup.
 */
const LOCAL_VERSION = 'SELECT total_changes()';
const OTHER_VERSION = 'PRAGMA data_version';
const OTHER_EVERY_MS = 5;
const MAX_CACHED = 10_000;

interface SessionCache {
  /** The version the sessions below were read at (dbVersion: three numbers, compared without building a string). */
  epoch: number;
  local: number;
  other: number;
  /** Frozen: handed out as they are, without a copy per request. */
  sessions: Map<string, SessionInfo>;
}

const caches = new WeakMap<Store, SessionCache>();
/** The last data_version read on a connection, and when (performance.now()). */
const otherVersions = new WeakMap<Store, { value: number; at: number }>();
/** total_changes() prepared on each connection of the process. */
const localStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

function localChanges(connection: SQLite.Database): number {
  let statement = localStatements.get(connection);
  if (!statement) {
    statement = connection.prepare(LOCAL_VERSION).pluck();
    localStatements.set(connection, statement);
  }
  return statement.get() as number;
}

/** The changes made by every open connection of this process, added up. */
function localVersion(store: Store): number {
  let local = localChanges(store.sqlite);
  for (const connection of openConnections)
    if (connection !== store.sqlite && connection.open) local += localChanges(connection);
  return local;
}

/** The data_version of the store's connection, read again when the last read is 5 ms old. */
function otherVersion(store: Store): number {
  const now = performance.now();
  let other = otherVersions.get(store);
  if (!other || now - other.at >= OTHER_EVERY_MS) {
    other = { value: store.rawValue(OTHER_VERSION).get() as number, at: now };
    otherVersions.set(store, other);
  }
  return other.value;
}

const isCurrent = (cache: SessionCache, epoch: number, local: number, other: number): boolean =>
  cache.epoch === epoch && cache.local === local && cache.other === other;

/**
 * The live session of a token hash, or null (unknown or expired; an expired row is deleted). Answered at
 * once (no promise: the lookup is synchronous on SQLite); the object is frozen and may be shared by requests.
 */
export function findSession(store: Store, tokenHash: string): SessionInfo | null {
  const epoch = openConnectionsEpoch();
  const local = localVersion(store);
  const other = otherVersion(store);
  let cache = caches.get(store);
  if (!cache || !isCurrent(cache, epoch, local, other)) {
    cache = { epoch, local, other, sessions: new Map() };
    caches.set(store, cache);
  }
  const cached = cache.sessions.get(tokenHash);
  if (cached && cached.expiresAt > Date.now()) return cached;
  const found = lookupSession(store, tokenHash);
  if (!found) return null;
  const session = Object.freeze({ ...found, user: Object.freeze({ ...found.user }) });
  // Only an answer read at the version checked above is kept (the lookup itself may have deleted an expired row).
  if (isCurrent(cache, openConnectionsEpoch(), localVersion(store), otherVersion(store))) {
    if (cache.sessions.size >= MAX_CACHED) cache.sessions.clear();
    cache.sessions.set(tokenHash, session);
  }
  return session;
}

function lookupSession(store: Store, tokenHash: string): SessionInfo | null {
  return sessionOfRow(store.raw(LOOKUP).get(tokenHash) as LookupRow | undefined, (sessionId) =>
    store.run(store.db.deleteFrom('sessions').where('id', '=', sessionId)),
  );
}

export function sqliteAuth(store: Store): AuthRepository {
  // At once while nobody holds the connection (nearly always); after the transaction in flight otherwise.
  return authRepository(sqliteConn(store), (tokenHash) =>
    store.mutex.tryLock()
      ? unlocked(store, () => findSession(store, tokenHash))
      : store.exclusive(() => findSession(store, tokenHash)),
  );
}

function unlocked<T>(store: Store, fn: () => T): T {
  try {
    return fn();
  } finally {
    store.mutex.unlock();
  }
}
