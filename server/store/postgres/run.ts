// Runs the shared use cases (server/store/queries/) on Postgres: each query awaited on the pool, or on
// the transaction the program opened; row locks as SELECT … FOR UPDATE, user changes as NOTIFY (sent at
// the commit), an exclusive section as a transaction-scoped advisory lock.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { Op, Program } from '../queries/run.js';
import { inTransaction, writeStep } from './books.js';

export const USERS_CHANNEL = 'karya_users';

export async function runAsync<T>(conn: Kysely<Database>, program: Program<T>): Promise<T> {
  let step = program.next();
  while (!step.done) {
    let answer: unknown;
    try {
      answer = await perform(conn, step.value);
    } catch (error) {
      step = program.throw(error);
      continue;
    }
    step = program.next(answer);
  }
  return step.value;
}

async function perform(conn: Kysely<Database>, op: Op): Promise<unknown> {
  switch (op.kind) {
    case 'all':
      return (await conn.executeQuery(op.query)).rows;
    case 'first':
      return (await conn.executeQuery(op.query)).rows[0];
    case 'firstLocked':
      return (await conn.executeQuery(op.query.forUpdate())).rows[0];
    case 'run':
      return Number((await conn.executeQuery(op.query)).numAffectedRows ?? 0n);
    case 'transaction':
      return inTransaction(conn, (trx) => runAsync(trx, op.program()));
    case 'userChanged':
      return sql`SELECT pg_notify(${USERS_CHANNEL}, ${op.userId})`.execute(conn);
    case 'serialize':
      return sql`SELECT pg_advisory_xact_lock(hashtext(${op.name}))`.execute(conn);
    case 'saveStep':
      return writeStep(conn as never, op.owner, op.key, op.save);
  }
}

export function postgresExec(db: Kysely<Database>) {
  return <T>(program: Program<T>): Promise<T> => runAsync(db, program);
}
