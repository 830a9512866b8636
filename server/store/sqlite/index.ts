// The SQLite adapter: every repository on one synchronous better-sqlite3 Store (prepared statements,
// one-block transactions), each method answering a Promise like any other adapter's.
import type { Repositories } from '../ports.js';
import { sqliteAuth } from './auth.js';
import { findFinishedBook, listFinishedBooks, loadBook, removeFinishedBook, startNewBook, writeMemory, writePartEdit } from './books.js';
import { sqliteCodes } from './codes.js';
import { sqliteDrafts } from './drafts.js';
import { sqliteCredits } from './credits.js';
import { sqliteGenerations } from './generations.js';
import { sqliteHistory } from './history.js';
import { sqliteApiKeys, sqlitePurchases } from './purchases.js';
import { sqliteIdempotency, sqliteLimits } from './limits.js';
import { findBookId, findPackage, packageZip, savePackage } from './packages.js';
import { Store } from './store.js';
import { sqliteSystem } from './system.js';
import { sqliteUsers } from './users.js';

export { Store } from './store.js';

const built = new WeakMap<Store, Repositories>();

/** The repositories on `store` (the same object for the same store). */
export function sqliteRepositories(store: Store): Repositories {
  let repos = built.get(store);
  if (!repos) {
    repos = {
      books: {
        load: async ({ userId, key }) => loadBook(store, userId, key),
        saveMemory: async ({ userId, key, memory, upTo }) => writeMemory(store, userId, key, { memory, upTo }),
        savePartEdit: async ({ userId, key, position, text, state }) => writePartEdit(store, userId, key, { position, text, state }),
        remove: async ({ userId, key }) => startNewBook(store, userId, key),
        listFinished: async ({ userId }) => listFinishedBooks(store, userId),
        findFinished: async ({ userId, id }) => findFinishedBook(store, userId, id),
        removeFinished: async ({ userId, id }) => removeFinishedBook(store, userId, id),
        findBookId: async ({ userId, key }) => findBookId(store, userId, key),
        savePackage: async ({ userId, bookId, zip, report }) => savePackage(store, { owner: userId, bookId, zip, report }),
        findPackage: async ({ userId, key }) => findPackage(store, userId, key),
        packageZip: async ({ userId, key }) => packageZip(store, userId, key),
      },
      drafts: sqliteDrafts(store),
      users: sqliteUsers(store),
      auth: sqliteAuth(store),
      credits: sqliteCredits(store),
      codes: sqliteCodes(store),
      history: sqliteHistory(store),
      generations: sqliteGenerations(store),
      system: sqliteSystem(store),
      purchases: sqlitePurchases(store),
      apiKeys: sqliteApiKeys(store),
      limits: sqliteLimits(store),
      idempotency: sqliteIdempotency(store),
    };
    built.set(store, repos);
  }
  return repos;
}
