// The SQLite adapter: every repository on one better-sqlite3 Store (prepared statements), each method
// answering a Promise like any other adapter's. The use cases are written once for both databases
// (server/store/queries/) and run here on the SQLite Conn (./conn.ts); this folder keeps what is SQLite's
// own: the session cache, the FTS5 search, the token buckets, loading a book with statements prepared once.
import type { Repositories } from '../ports.js';
import { seriesRepository } from '../queries/series.js';
import { fingerprintRepository } from '../queries/fingerprints.js';
import { editionRepository } from '../queries/editions.js';
import { coverRepository } from '../queries/covers.js';
import { editionLeaseRepository } from '../queries/edition-leases.js';
import { bookRepository } from '../queries/books.js';
import { codeRepository } from '../queries/codes.js';
import { charges, generationRepository } from '../queries/generations.js';
import { bibleHoldRepository } from '../queries/bible-holds.js';
import { apiKeyRepository, purchaseRepository } from '../queries/purchases.js';
import { systemRepository } from '../queries/system.js';
import { creditRepository, userRepository } from '../queries/users.js';
import { sqliteAuth } from './auth.js';
import { loadBook, writeMemory } from './books.js';
import { sqliteDrafts } from './drafts.js';
import { sqliteHistory } from './history.js';
import { sqliteIdempotency, sqliteLimits } from './limits.js';
import { sqliteConn } from './conn.js';
import { Store } from './store.js';
import { sqliteVersions } from './versions.js';

export { Store } from './store.js';

const built = new WeakMap<Store, Repositories>();

/** The repositories on `store` (the same object for the same store). */
export function sqliteRepositories(store: Store): Repositories {
  let repos = built.get(store);
  if (!repos) {
    const conn = sqliteConn(store);
    repos = {
      books: bookRepository(conn, {
        load: ({ userId, key }) => store.exclusive(() => loadBook(store, userId, key)),
        saveMemory: ({ userId, key, memory, upTo }) => writeMemory(store, userId, key, { memory, upTo }),
      }),
      series: (owner) => seriesRepository(conn, owner),
      fingerprints: (owner) => fingerprintRepository(conn, owner),
      editions: (owner) => editionRepository(conn, owner, charges),
      covers: (owner) => coverRepository(conn, owner),
      editionLeases: editionLeaseRepository(conn, charges),
      versions: sqliteVersions(store),
      drafts: sqliteDrafts(store),
      users: userRepository(conn, async (listener) => store.onUserChange(listener)),
      auth: sqliteAuth(store),
      credits: creditRepository(conn),
      codes: codeRepository(conn),
      history: sqliteHistory(store),
      generations: generationRepository(conn),
      bibleHolds: bibleHoldRepository(conn),
      system: systemRepository(conn),
      purchases: purchaseRepository(conn),
      apiKeys: apiKeyRepository(conn),
      limits: sqliteLimits(store),
      idempotency: sqliteIdempotency(store),
    };
    built.set(store, repos);
  }
  return repos;
}
