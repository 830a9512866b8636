// One query, two databases: every use case of the stores is a plain async function over a Conn, written
// once (server/store/queries/). A Conn answers the kysely-built queries on its database and holds what
// the databases do differently, the way kysely's own dialects do: a row lock (FOR UPDATE on Postgres;
// SQLite's IMMEDIATE transaction already holds the write lock), a transaction (nested: inside the
// caller's), the notice of a changed user, a named exclusive section. Two implementations:
// server/store/sqlite/conn.ts and server/store/postgres/conn.ts. Queries are built on `conn.db`, the
// adapter's own Kysely, so each dialect compiles them.
import type { Compilable, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.js';

export type Db = Kysely<Database>;

export interface Conn {
  /** Builds the queries (never runs them: a query runs through the Conn, inside its transaction). */
  readonly db: Db;
  all<R>(query: Compilable<R>): Promise<R[]>;
  first<R>(query: Compilable<R>): Promise<R | undefined>;
  /** The first row, locked until the transaction ends (Postgres: FOR UPDATE). */
  firstLocked<R>(query: SelectQueryBuilder<any, any, R>): Promise<R | undefined>;
  /** Run a statement that returns no rows; answers the number of rows it changed. */
  run(query: Compilable<unknown>): Promise<number>;
  /**
   * `fn` in one transaction, given the Conn to run in it (inside the caller's when this Conn is one already).
   * `isDeferred`: SQLite may commit without flushing to disk (sqlite/conn.ts); Postgres ignores it.
   */
  transaction<T>(fn: (conn: Conn) => Promise<T>, opts?: { isDeferred?: boolean }): Promise<T>;
  /** A users row changed (the admin's live list): SQLite tells its listeners, Postgres NOTIFYs at the commit. */
  userChanged(userId: string): Promise<void>;
  /** Only one transaction at a time past this point, in every process (Postgres: an advisory lock; SQLite has one writer). */
  serialize(name: string): Promise<void>;
}

/** Raw SQL (kysely's sql tag) as a query a Conn takes, compiled by `db`'s dialect. */
export function rawQuery<R>(db: Kysely<unknown> | Db, raw: RawBuilder<R>): Compilable<R> {
  return { compile: () => raw.compile(db as Db) };
}

/** A unique or primary-key constraint refused a row (SQLite's and Postgres's codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/** Current time as stored in text columns (ISO 8601, UTC): sorts like time. */
export function nowIso(): string {
  return new Date().toISOString();
}
