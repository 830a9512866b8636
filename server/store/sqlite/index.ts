// The SQLite adapter: every repository on one synchronous better-sqlite3 Store (prepared statements,
// one-block transactions), each method answering a Promise like any other adapter's.
import type { Repositories } from '../ports.js';
import { sqliteAuth } from './auth.js';
import { loadBook, writeMemory } from './books.js';
import { bookRepository } from '../queries/books.js';
import { sqliteCodes } from './codes.js';
import { sqliteCredits } from './credits.js';
import { sqliteGenerations } from './generations.js';
import { sqliteHistory } from './history.js';
import { sqliteIdempotency, sqliteLimits } from './limits.js';
import { Store } from './store.js';
import { apiKeyRepository, purchaseRepository } from '../queries/purchases.js';
import { sqliteExec } from './run.js';
import { sqliteSystem } from './system.js';
import { sqliteUsers } from './users.js';

export { Store } from './store.js';

const built = new WeakMap<Store, Repositories>();

/** The repositories on `store` (the same object for the same store). */
export function sqliteRepositories(store: Store): Repositories {
  let repos = built.get(store);
  if (!repos) {
    const exec = sqliteExec(store);
    repos = {
      books: bookRepository(store.db, exec, {
        load: async ({ userId, key }) => loadBook(store, userId, key),
        saveMemory: async ({ userId, key, memory, upTo }) => writeMemory(store, userId, key, { memory, upTo }),
      }),
      users: sqliteUsers(store),
      auth: sqliteAuth(store),
      credits: sqliteCredits(store),
      codes: sqliteCodes(store),
      history: sqliteHistory(store),
      generations: sqliteGenerations(store),
      system: sqliteSystem(store),
      purchases: purchaseRepository(store.db, exec),
      apiKeys: apiKeyRepository(store.db, exec),
      limits: sqliteLimits(store),
      idempotency: sqliteIdempotency(store),
    };
    built.set(store, repos);
  }
  return repos;
}
