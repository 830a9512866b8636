// The Conn of the shared use cases (server/store/queries/conn.ts) on Postgres: each query awaited on the
// pool, or on the transaction the use case opened; row locks as SELECT … FOR UPDATE, user changes as
// NOTIFY (sent at the commit), an exclusive section as a transaction-scoped advisory lock.
import { sql, type Kysely } from 'kysely';
import type { Conn } from '../queries/conn.js';
import type { Database } from '../schema.js';

export const USERS_CHANNEL = 'karya_users';

/** Run `fn` in a transaction, or inside the caller's when `db` is one already. */
export function inTransaction<DB, T>(db: Kysely<DB>, fn: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** The Conn on `db`: the pool's Kysely, or a transaction's. */
export function postgresConn(db: Kysely<Database>): Conn {
  const conn: Conn = {
    db,
    all: async (query) => [...(await db.executeQuery(query)).rows],
    first: async (query) => (await db.executeQuery(query)).rows[0],
    firstLocked: async (query) => (await db.executeQuery(query.forUpdate())).rows[0],
    run: async (query) => Number((await db.executeQuery(query)).numAffectedRows ?? 0n),
    transaction: (fn) => (db.isTransaction ? fn(conn) : db.transaction().execute((trx) => fn(postgresConn(trx)))),
    userChanged: async (userId) => void (await sql`SELECT pg_notify(${USERS_CHANNEL}, ${userId})`.execute(db)),
    serialize: async (name) => void (await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(db)),
  };
  return conn;
}
