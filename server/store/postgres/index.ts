// The Postgres adapter (KARYA_DATABASE_URL): every repository of server/store/ports.ts on a `pg` pool.
// The use cases are written once for both databases (server/store/queries/) and awaited here on the
// Postgres Conn (./conn.ts): each is one transaction like on SQLite; what SQLite gets from running a transaction as
// one synchronous block, Postgres gets from row locks (SELECT … FOR UPDATE) and unique constraints.
// Changes of users rows are told to every instance through LISTEN/NOTIFY (channel karya_users), so
// the admin's live list follows writes made anywhere.
import pg from 'pg';
import { delayFor, RECONNECT } from '../../../engine/index.js';
import { seriesRepository } from '../queries/series.js';
import { fingerprintRepository } from '../queries/fingerprints.js';
import { editionRepository } from '../queries/editions.js';
import { coverRepository } from '../queries/covers.js';
import { editionLeaseRepository } from '../queries/edition-leases.js';
import { postgresVersions } from './versions.js';
import { sql, type Kysely } from 'kysely';
import type { AuthRepository, HistoryRepository, Repositories } from '../ports.js';
import { authRepository, deleteSession, lookupSql, sessionOfRow, type LookupRow } from '../queries/auth.js';
import { bookRepository } from '../queries/books.js';
import { codeRepository } from '../queries/codes.js';
import { charges, generationRepository } from '../queries/generations.js';
import { bibleHoldRepository } from '../queries/bible-holds.js';
import { historyPage, historyRepository, searchWords } from '../queries/history.js';
import { apiKeyRepository, purchaseRepository } from '../queries/purchases.js';
import type { Conn } from '../queries/conn.js';
import { systemRepository } from '../queries/system.js';
import { creditRepository, userRepository } from '../queries/users.js';
import { loadBook, writeMemory } from './books.js';
import { postgresDrafts } from './drafts.js';
import type { OpenedPostgres } from './connect.js';
import { postgresIdempotency, postgresLimits } from './limits.js';
import { USERS_CHANNEL, postgresConn } from './conn.js';

export { USERS_CHANNEL } from './conn.js';

/** Local listeners of users changes, fed by one LISTEN connection per adapter (opened on first use). */
class UserChangeFeed {
  private readonly listeners = new Set<(userId: string) => void>();
  private readonly pending = new Set<string>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private isClosed = false;

  constructor(private readonly url: string) {}

  async subscribe(listener: (userId: string) => void): Promise<() => void> {
    await this.connect();
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private connect(): Promise<void> {
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      let isLost = false;
      client.on('error', () => {
        // The connection dropped (writes are not lost, only their notices): listen again with backoff while
        // anyone listens, else on the next subscription.
        if (isLost) return;
        isLost = true;
        this.client = null;
        this.connecting = null;
        client.end().catch(() => undefined);
        const retry = (attempt: number) => {
          if (this.isClosed || !this.listeners.size) return;
          setTimeout(() => void this.connect().catch(() => retry(attempt + 1)), delayFor(undefined, attempt, RECONNECT)).unref();
        };
        retry(1);
      });
      client.on('notification', (message) => {
        if (message.channel !== USERS_CHANNEL || !message.payload) return;
        // Once per user for the notices that arrive together (one transaction's, or several close together).
        if (this.pending.size === 0) {
          setImmediate(() => {
            const ids = [...this.pending];
            this.pending.clear();
            for (const id of ids) for (const listener of this.listeners) listener(id);
          });
        }
        this.pending.add(message.payload);
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${USERS_CHANNEL}`);
      } catch (error) {
        isLost = true;
        this.connecting = null;
        await client.end().catch(() => undefined);
        throw error;
      }
      if (this.isClosed) await client.end();
      else this.client = client;
    })();
    return this.connecting;
  }

  async close(): Promise<void> {
    this.isClosed = true;
    this.listeners.clear();
    await this.connecting?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
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
      return query === undefined ? undefined : historyPage(conn, page).where(sql<boolean>`search_vector @@ to_tsquery('simple', ${query})`);
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
    series: (owner) => seriesRepository(conn, owner),
    fingerprints: (owner) => fingerprintRepository(conn, owner),
    editions: (owner) => editionRepository(conn, owner, charges),
    covers: (owner) => coverRepository(conn, owner),
    editionLeases: editionLeaseRepository(conn, charges),
    versions: postgresVersions(db as unknown as Kysely<unknown>),
    drafts: postgresDrafts(db as unknown as Kysely<unknown>),
    users: userRepository(conn, (listener) => feed.subscribe(listener)),
    auth: postgresAuth(conn, pool),
    credits: creditRepository(conn),
    codes: codeRepository(conn),
    history: postgresHistory(conn),
    generations: generationRepository(conn),
    bibleHolds: bibleHoldRepository(conn),
    system: systemRepository(conn),
    purchases: purchaseRepository(conn),
    apiKeys: apiKeyRepository(conn),
    limits: postgresLimits(db),
    idempotency: postgresIdempotency(db),
    close: () => feed.close(),
  };
}
