// One query, two databases: the use cases of the stores are written once, as generator functions that
// yield the kysely-built queries they need (a Program), and each adapter runs them its own way. The
// SQLite adapter (server/store/sqlite/run.ts) answers every step synchronously on better-sqlite3, so a
// transaction stays one synchronous block; the Postgres adapter (server/store/postgres/run.ts) awaits
// each step on the pool or the open transaction. Queries are built on the adapter's own Kysely (its
// dialect compiles them); what differs between the databases is an Op the adapter answers in its way:
// a row lock (FOR UPDATE on Postgres; SQLite's IMMEDIATE transaction already holds the write lock),
// the notice of a changed user, a named exclusive section, a book's step.
import type { Compilable, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { StepSave } from '../../../engine/index.js';
import type { Database } from '../schema.js';

export type Db = Kysely<Database>;

export type Op =
  | { kind: 'all' | 'first' | 'run'; query: Compilable<unknown> }
  /** The first row, locked until the transaction ends (Postgres: FOR UPDATE). */
  | { kind: 'firstLocked'; query: SelectQueryBuilder<any, any, unknown> }
  /** A nested program in one transaction (or inside the caller's); `isDeferred`: SQLite may skip the flush (Store.transaction). */
  | { kind: 'transaction'; program: () => Program<unknown>; isDeferred: boolean }
  /** A users row changed (the admin's live list): SQLite tells its listeners, Postgres NOTIFYs at the commit. */
  | { kind: 'userChanged'; userId: string }
  /** Only one transaction at a time past this point, in every process (Postgres: an advisory lock). */
  | { kind: 'serialize'; name: string }
  /** Save a book's step (each adapter's books code). */
  | { kind: 'saveStep'; owner: string; key: string; save: StepSave };

export type Program<T> = Generator<Op, T, unknown>;

/** Runs a program to its answer (each adapter's runner, as a Promise). */
export type Exec = <T>(program: Program<T>) => Promise<T>;

export function* all<R>(query: Compilable<R>): Program<R[]> {
  return (yield { kind: 'all', query }) as R[];
}

export function* first<R>(query: Compilable<R>): Program<R | undefined> {
  return (yield { kind: 'first', query }) as R | undefined;
}

export function* firstLocked<R>(query: SelectQueryBuilder<any, any, R>): Program<R | undefined> {
  return (yield { kind: 'firstLocked', query }) as R | undefined;
}

/** Run a statement that returns no rows; answers the number of rows it changed. */
export function* run(query: Compilable<unknown>): Program<number> {
  return (yield { kind: 'run', query }) as number;
}

export function* transaction<T>(program: () => Program<T>, opts: { isDeferred?: boolean } = {}): Program<T> {
  return (yield { kind: 'transaction', program, isDeferred: opts.isDeferred ?? false }) as T;
}

export function* userChanged(userId: string): Program<void> {
  yield { kind: 'userChanged', userId };
}

export function* serialize(name: string): Program<void> {
  yield { kind: 'serialize', name };
}

export function* saveStep(owner: string, key: string, save: StepSave): Program<void> {
  yield { kind: 'saveStep', owner, key, save };
}

/** Raw SQL (kysely's sql tag) as a query the runners take, compiled by `db`'s dialect. */
export function rawQuery<R>(db: Db, raw: RawBuilder<R>): Compilable<R> {
  return { compile: () => raw.compile(db) };
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
