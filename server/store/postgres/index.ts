// The Postgres adapter (KARYA_DATABASE_URL): every repository of server/store/ports.ts on a `pg` pool.
// The use cases are written once for both databases (server/store/queries/) and awaited here on the
// Postgres Conn (./conn.ts): each is one transaction like on SQLite; what SQLite gets from running a transaction as
// one synchronous block, Postgres gets from row locks (SELECT … FOR UPDATE) and unique constraints.
// Changes of users rows are told to every instance through LISTEN/NOTIFY (channel karya_users), so
// the admin's live list follows writes made anywhere.
import pg from 'pg';
import { sql } from 'kysely';
import type { AuthRepository, HistoryRepository, Repositories } from '../ports.js';
import { authRepository, deleteSession, lookupSql, sessionOfRow, type LookupRow } from '../queries/auth.js';
import { bookRepository } from '../queries/books.js';
import { historyPage, historyRepository, searchWords } from '../queries/history.js';
import type { Conn } from '../queries/conn.js';
import { userRepository } from '../queries/users.js';
import { sharedRepositories } from '../queries/repositories.js';
import { loadBook, writeMemory } from './books.js';
import type { OpenedPostgres } from './connect.js';
import { postgresIdempotency, postgresLimits } from './limits.js';
import { listenConnection, type ListenConnection } from './listen.js';
import { USERS_CHANNEL, postgresConn } from './conn.js';

export { USERS_CHANNEL } from './conn.js';

/** The application_name of the users feed's listening connection (seen in pg_stat_activity). */
export const USERS_FEED_APPLICATION = 'karya-users-feed';

interface UserChangeListener {
  changed(userId: string): void;
  missed?: () => void;
}

/**
 * Local listeners of users changes, fed by one LISTEN connection per adapter (opened on first use, kept by
 * listenConnection for as long as anyone listens); notices sent while it was away are lost, so every listener is
 * then told it may have missed changes (the admin's live list reads the list again).
 */
class UserChangeFeed {
  private readonly listeners = new Set<UserChangeListener>();
  private readonly pending = new Set<string>();
  private readonly listening: ListenConnection;

  constructor(url: string) {
    this.listening = listenConnection({
      url,
      channels: new Set([USERS_CHANNEL]),
      applicationName: USERS_FEED_APPLICATION,
      onNotify: (message) => this.notified(message),
      onBack: () => {
        for (const listener of this.listeners) listener.missed?.();
      },
      keepListening: () => this.listeners.size > 0,
    });
  }

  async subscribe(changed: (userId: string) => void, missed?: () => void): Promise<() => void> {
    await this.listening.start();
    const listener: UserChangeListener = { changed, ...(missed ? { missed } : {}) };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notified(message: pg.Notification): void {
    if (message.channel !== USERS_CHANNEL || !message.payload) return;
    // Once per user for the notices that arrive together (one transaction's, or several close together).
    if (this.pending.size === 0) {
      setImmediate(() => {
        const ids = [...this.pending];
        this.pending.clear();
        for (const id of ids) for (const listener of this.listeners) listener.changed(id);
      });
    }
    this.pending.add(message.payload);
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await this.listening.close();
  }
}

const LOOKUP = lookupSql('$1');

function postgresAuth(conn: Conn, pool: pg.Pool): AuthRepository {
  // The hot path: one named (server-side prepared) statement.
  return authRepository(conn, async (tokenHash) => {
    const { rows } = await pool.query<LookupRow>({ name: 'karya_find_session', text: LOOKUP, values: [tokenHash] });
    let expired: number | undefined;
    const session = sessionOfRow(rows[0], (sessionId) => (expired = sessionId));
    if (expired !== undefined) await deleteSession(conn, expired);
    return session;
  });
}

/**
 * History on Postgres (queries/history.ts), with the search on the generated tsvector column
 * `search_vector` and its GIN index (migrations/0014): every word of the search as a prefix (`word:*`),
 * 'simple' configuration (no stemming; not accent-insensitive, as the unaccent extension needs
 * privileges the server may not have).
 */
function postgresHistory(conn: Conn): HistoryRepository {
  return historyRepository(conn, {
    search: ({ search, ...page }) => {
      const words = searchWords(search);
      const query = words?.map((w) => `${w}:*`).join(' & ');
      return query === undefined
        ? undefined
        : historyPage(conn, page).where(sql<boolean>`search_vector @@ to_tsquery('simple', ${query})`);
    },
  });
}

/** Every repository on an open Postgres database, and `close` for its listener connection. */
export function postgresRepositories(opened: OpenedPostgres): Repositories & { close(): Promise<void> } {
  const { db, pool, url } = opened;
  const feed = new UserChangeFeed(url);
  const conn = postgresConn(db);
  return {
    books: bookRepository(conn, {
      load: ({ userId, key }) => loadBook(db, userId, key),
      saveMemory: ({ userId, key, memory, upTo }) => writeMemory(db, userId, key, { memory, upTo }),
    }),
    ...sharedRepositories(conn),
    users: userRepository(conn, (listener, missed) => feed.subscribe(listener, missed)),
    auth: postgresAuth(conn, pool),
    history: postgresHistory(conn),
    limits: postgresLimits(db),
    idempotency: postgresIdempotency(db),
    close: () => feed.close(),
  };
}
