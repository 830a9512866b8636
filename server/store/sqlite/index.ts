// The SQLite adapter: every repository on one synchronous better-sqlite3 Store (prepared statements,
// one-block transactions), each method answering a Promise like any other adapter's. The use cases are
// written once for both databases (server/store/queries/) and run synchronously here (./run.ts); this
// folder keeps what is SQLite's own: the session cache, the FTS5 search, a step's prepared statements.
import type { Repositories } from '../ports.js';
import { seriesRepository } from '../queries/series.js';
import { fingerprintRepository } from '../queries/fingerprints.js';
import { editionRepository } from '../queries/editions.js';
import { coverRepository } from '../queries/covers.js';
import { editionLeaseRepository } from '../queries/edition-leases.js';
import { bookRepository } from '../queries/books.js';
import { codeRepository } from '../queries/codes.js';
import { chargePrograms, generationRepository } from '../queries/generations.js';
import { bibleHoldRepository } from '../queries/bible-holds.js';
import { apiKeyRepository, purchaseRepository } from '../queries/purchases.js';
import { systemRepository } from '../queries/system.js';
import { creditRepository, userRepository } from '../queries/users.js';
import { sqliteAuth } from './auth.js';
import { loadBook, writeMemory } from './books.js';
import { sqliteDrafts } from './drafts.js';
import { sqliteHistory } from './history.js';
import { sqliteIdempotency, sqliteLimits } from './limits.js';
import { sqliteExec } from './run.js';
import { Store } from './store.js';
import { sqliteVersions } from './versions.js';

export { Store } from './store.js';

const built = new WeakMap<Store, Repositories>();

/** The repositories on `store` (the same object for the same store). */
export function sqliteRepositories(store: Store): Repositories {
  let repos = built.get(store);
  if (!repos) {
    const { db } = store;
    const exec = sqliteExec(store);
    repos = {
      books: bookRepository(db, exec, {
        load: async ({ userId, key }) => loadBook(store, userId, key),
        saveMemory: async ({ userId, key, memory, upTo }) => writeMemory(store, userId, key, { memory, upTo }),
      }),
      series: (owner) => seriesRepository(db as never, exec, owner),
      fingerprints: (owner) => fingerprintRepository(db as never, exec, owner),
      editions: (owner) => editionRepository(db as never, exec, owner, chargePrograms(db as never)),
      covers: (owner) => coverRepository(db as never, exec, owner),
      editionLeases: editionLeaseRepository(db as never, exec, chargePrograms(db as never)),
      versions: sqliteVersions(store),
      drafts: sqliteDrafts(store),
      users: userRepository(db, exec, async (listener) => store.onUserChange(listener)),
      auth: sqliteAuth(store),
      credits: creditRepository(db, exec),
      codes: codeRepository(db, exec),
      history: sqliteHistory(store),
      generations: generationRepository(db, exec),
      bibleHolds: bibleHoldRepository(db, exec),
      system: systemRepository(db, exec),
      purchases: purchaseRepository(db, exec),
      apiKeys: apiKeyRepository(db, exec),
      limits: sqliteLimits(store),
      idempotency: sqliteIdempotency(store),
    };
    built.set(store, repos);
  }
  return repos;
}
