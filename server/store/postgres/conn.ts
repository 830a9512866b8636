// The Conn of the shared use cases (server/store/queries/conn.ts) on Postgres: each query awaited on the
// pool, or on the transaction the use case opened; row locks as SELECT … FOR UPDATE, user changes as
// NOTIFY (sent at the commit), an exclusive section as a transaction-scoped advisory lock, two dependent
// statements as one (the first in a WITH).
import { sql, type Kysely } from 'kysely';
import { fixedQuery, type Conn, type FixedQuery } from '../queries/conn.js';
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
    runChained: async (first, column, then, after) => {
      const earlier = new Earlier(column);
      const changed = await conn.run(chainedQuery(db, first, then(earlier as never), earlier));
      if (after) await conn.run(after);
      return changed;
    },
  };
  return conn;
}

/**
 * What runChained gives the second statement on Postgres: where it stands, the first's row is read (`(SELECT id FROM
 * earlier)`).
 */
class Earlier {
  constructor(readonly column: string) {}
}

/**
 * The pieces of `WITH earlier AS (first) then`, joined once a pair of templates (and the places of the first's value in
 * the second).
 */
const joinedPieces = new WeakMap<
  TemplateStringsArray,
  WeakMap<TemplateStringsArray, Map<string, TemplateStringsArray>>
>();

/**
 * `first` in a WITH and `then` after it as one fixedQuery statement: their pieces joined (the text compiled once, as
 * fixedQuery does), their values in the order written, and `earlier` in `then` replaced by a read of the first's row.
 */
function chainedQuery(
  db: Kysely<Database>,
  first: FixedQuery<unknown>,
  then: FixedQuery<unknown>,
  earlier: Earlier,
): FixedQuery<unknown> {
  const places = then.values.flatMap((value, i) => (value === earlier ? [i] : []));
  const key = `${earlier.column} ${places.join(' ')}`;
  let byThen = joinedPieces.get(first.strings);
  if (!byThen) joinedPieces.set(first.strings, (byThen = new WeakMap()));
  let byPlaces = byThen.get(then.strings);
  if (!byPlaces) byThen.set(then.strings, (byPlaces = new Map()));
  let strings = byPlaces.get(key);
  if (!strings)
    byPlaces.set(
      key,
      (strings = joinPieces(first.strings, then.strings, new Set(places), `(SELECT ${earlier.column} FROM earlier)`)),
    );
  return fixedQuery(db)(strings, ...first.values, ...then.values.filter((value) => value !== earlier));
}

function joinPieces(
  first: TemplateStringsArray,
  then: TemplateStringsArray,
  places: ReadonlySet<number>,
  read: string,
): TemplateStringsArray {
  const pieces = [`WITH earlier AS (${first[0]}`, ...first.slice(1)];
  pieces[pieces.length - 1] += `) ${then[0]}`;
  for (let i = 1; i < then.length; i++) {
    if (places.has(i - 1)) pieces[pieces.length - 1] += read + then[i];
    else pieces.push(then[i]!);
  }
  return Object.freeze(Object.assign(pieces, { raw: Object.freeze([...pieces]) }));
}
