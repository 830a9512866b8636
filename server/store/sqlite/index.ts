// The SQLite adapter: every repository on one better-sqlite3 Store (prepared statements), each method
// answering a Promise like any other adapter's. The use cases are written once for both databases
// (server/store/queries/) and run here on the SQLite Conn (./conn.ts); this folder keeps what is SQLite's
// own: the session cache, the FTS5 search, the token buckets, loading a book with statements prepared once.
import type { Repositories } from '../ports.js';
import { bookRepository } from '../queries/books.js';
import { userRepository } from '../queries/users.js';
import { sharedRepositories } from '../queries/repositories.js';
import { sqliteAuth } from './auth.js';
import { loadBook, writeMemory } from './books.js';
import { sqliteHistory } from './history.js';
import { sqliteIdempotency, sqliteLimits } from './limits.js';
import { sqliteConn } from './conn.js';
import { Store } from './store.js';

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
      ...sharedRepositories(conn),
      users: userRepository(conn, async (listener) => store.onUserChange(listener)),
      auth: sqliteAuth(store),
      history: sqliteHistory(store),
      limits: sqliteLimits(store),
      idempotency: sqliteIdempotency(store),
    };
    built.set(store, repos);
  }
  return repos;
}
