// One query, two databases: every use case of the stores is a plain async function over a Conn, written
// once (server/store/queries/). A Conn answers the kysely-built queries on its database and holds what
// the databases do differently, the way kysely's own dialects do: a row lock (FOR UPDATE on Postgres;
// SQLite's IMMEDIATE transaction already holds the write lock), a transaction (nested: inside the
// caller's), the notice of a changed user, a named exclusive section, two dependent statements saved as one
// (one statement on Postgres, a transaction on SQLite). Two implementations:
// server/store/sqlite/conn.ts and server/store/postgres/conn.ts. Queries are built on `conn.db`, the
// adapter's own Kysely, so each dialect compiles them.
import {
  createQueryId,
  sql,
  type Compilable,
  type CompiledQuery,
  type Kysely,
  type RawBuilder,
  type RootOperationNode,
  type SelectQueryBuilder,
} from 'kysely';
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
  /**
   * Only one transaction at a time past this point, in every process (Postgres: an advisory lock; SQLite has one
   * writer).
   */
  serialize(name: string): Promise<void>;
  /**
   * Two statements saved as one, the second given `column` of the first's row (an upsert's RETURNING id), where `then`
   * puts the value it is given; answers the rows the second changed. Postgres runs them as one statement (the first
   * in a WITH: one round trip where a transaction of the two takes four, BEGIN, both, COMMIT), SQLite in a transaction
   * (it has no INSERT in a WITH). Both are fixedQuery statements; the first answers one row (none: the value is null)
   * and `column` is a plain column name of it. `after`: a third statement that needs neither's row (a saved step's
   * drop of its kept answers), in the same transaction on SQLite (one commit, not two), its own statement after the
   * pair on Postgres.
   */
  runChained<R, K extends keyof R & string>(
    first: FixedQuery<R>,
    column: K,
    then: (value: R[K]) => FixedQuery<unknown>,
    after?: Compilable<unknown>,
  ): Promise<number>;
  /**
   * A statement too large for the request loop (a 10 MB picture), run in a transaction of its own off it: SQLite's on a
   * second connection in a worker thread (sqlite/aside.ts). Absent where every statement is off the loop already
   * (Postgres).
   */
  runAside?(query: Compilable<unknown>): Promise<number>;
}

/** Raw SQL (kysely's sql tag) as a query a Conn takes, compiled by `db`'s dialect. */
export function rawQuery<R>(db: Kysely<unknown> | Db, raw: RawBuilder<R>): Compilable<R> {
  return { compile: () => raw.compile(db as Db) };
}

/** The text a statement's template compiled to on a database, by the template (its call site's strings: one object). */
const fixedTexts = new WeakMap<object, WeakMap<TemplateStringsArray, { sql: string; query: RootOperationNode }>>();

/** A value `sql` takes as a parameter as it is (not a kysely expression, which it compiles into the text). */
const isPlain = (value: unknown): boolean =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'bigint' ||
  typeof value === 'boolean';

/**
 * A fixedQuery statement: its template's pieces (one object a call site) and its values, which Conn.runChained joins.
 */
export interface FixedQuery<R> extends Compilable<R> {
  readonly strings: TemplateStringsArray;
  readonly values: readonly unknown[];
}

/**
 * Raw SQL as rawQuery takes it, for a statement whose text never changes and that runs at every step (a step's
 * header and part): `fixedQuery<R>(db)\`… ${value} …\``. Its text is compiled by `db`'s dialect once, the first
 * time, and its values are its parameters in the order written, as `sql` makes them: compiling the same text again
 * and looking its statement up by that new text (1.5 KB, hashed anew) took ~8 µs a step's header, 1.5 µs now.
 * A template with a value that is not plain (an expression) is compiled as `sql` compiles it, every time.
 */
export function fixedQuery<R>(
  db: Kysely<unknown> | Db,
): (strings: TemplateStringsArray, ...values: unknown[]) => FixedQuery<R> {
  return (strings, ...values) => ({
    strings,
    values,
    compile: (): CompiledQuery<R> => {
      let texts = fixedTexts.get(db);
      const known = texts?.get(strings);
      if (known && values.every(isPlain))
        return { query: known.query, queryId: createQueryId(), sql: known.sql, parameters: values };
      const compiled = sql<R>(strings, ...values).compile(db as Db);
      const isFixed =
        compiled.parameters.length === values.length &&
        compiled.parameters.every((p, i) => p === values[i] && isPlain(p));
      if (isFixed) {
        if (!texts) fixedTexts.set(db, (texts = new WeakMap()));
        texts.set(strings, { sql: compiled.sql, query: compiled.query });
      }
      return compiled;
    },
  });
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
