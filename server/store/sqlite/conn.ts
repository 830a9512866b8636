// The Conn of the shared use cases (server/store/queries/conn.ts) on the SQLite Store. better-sqlite3
// answers each statement at once; a transaction is BEGIN IMMEDIATE … COMMIT around an async function,
// holding the Store's mutex throughout, so another caller's statements wait for its end instead of
// landing inside it (kysely's SQLite driver guards its one connection the same way). IMMEDIATE takes
// the write lock at BEGIN, so a read inside it is already a locked read.
import type { Compilable } from 'kysely';
import type { Conn, FixedQuery } from '../queries/conn.js';
import type { Store } from './store.js';
import { asideWriterOf } from './aside.js';
import { durableSync } from './sync-level.js';

const built = new WeakMap<Store, Conn>();

/** The Conn on `store` (the same object for the same store). */
export function sqliteConn(store: Store): Conn {
  let conn = built.get(store);
  if (!conn) {
    const inside = insideConn(store);
    conn = {
      db: store.db,
      all: (query) => store.exclusive(() => store.all(query)),
      first: (query) => store.exclusive(() => store.first(query)),
      firstLocked: (query) => store.exclusive(() => store.first(query)),
      run: (query) => store.exclusive(() => store.run(query)),
      transaction: (fn, opts) => transaction(store, inside, fn, opts?.isDeferred === true),
      userChanged: async (userId) => store.userChanged(userId),
      serialize: async () => undefined,
      runChained: (first, column, then, after) => runChained(conn!, first, column, then, after),
      runAside: (query) => {
        const writer = asideWriterOf(store.sqlite);
        return writer ? writer.run(query.compile()) : store.exclusive(() => store.run(query));
      },
    };
    built.set(store, conn);
  }
  return conn;
}

/** The Conn inside a transaction: it holds the mutex already; a nested transaction runs inside it. */
function insideConn(store: Store): Conn {
  const conn: Conn = {
    db: store.db,
    all: async <R>(query: Compilable<R>) => store.all(query),
    first: async <R>(query: Compilable<R>) => store.first(query),
    firstLocked: async (query) => store.first(query),
    run: async (query) => store.run(query),
    transaction: (fn) => fn(conn),
    userChanged: async (userId) => store.userChanged(userId),
    // One writer at a time already: the IMMEDIATE transaction holds the write lock of every process.
    serialize: async () => undefined,
    runChained: (first, column, then, after) => runChained(conn, first, column, then, after),
  };
  return conn;
}

/**
 * Conn.runChained on SQLite (no INSERT in a WITH): the first statement, then the second given its row's value, then
 * `after` (when given), in one transaction.
 */
function runChained<R, K extends keyof R & string>(
  conn: Conn,
  first: FixedQuery<R>,
  column: K,
  then: (value: R[K]) => FixedQuery<unknown>,
  after: Compilable<unknown> | undefined,
): Promise<number> {
  return conn.transaction(async (conn) => {
    const row = await conn.first(first);
    const changed = await conn.run(then(row ? row[column] : (null as R[K])));
    if (after) await conn.run(after);
    return changed;
  });
}

/**
 * `fn` in one IMMEDIATE transaction. The commit is flushed to disk (synchronous=FULL) before this answers,
 * unless `isDeferred`: then it reaches the disk with the next flushed commit. Only for writes that nobody
 * is told about before a later flushed commit (a generation's charge: its answer follows the flushed
 * commit of the result or the refund, and a crash in between loses the charge together with the
 * generation it paid for; a rate token).
 */
async function transaction<T>(
  store: Store,
  inside: Conn,
  fn: (conn: Conn) => Promise<T>,
  isDeferred: boolean,
): Promise<T> {
  if (!store.mutex.tryLock()) await store.mutex.lock();
  try {
    if (isDeferred) store.setSync('NORMAL');
    store.begin();
    try {
      const result = await fn(inside);
      store.commit();
      return result;
    } catch (error) {
      store.rollback();
      throw error;
    }
  } finally {
    if (isDeferred) store.setSync(durableSync());
    store.mutex.unlock();
  }
}
