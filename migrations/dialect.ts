// The one place where the migrations differ between SQLite (the embedded default) and Postgres
// (KARYA_DATABASE_URL): every migration writes its columns through these helpers, so the same files
// build the same schema on both.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type RawBuilder } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/**
 * The type and definition of an auto-incrementing integer primary key (`.addColumn('id', ...autoId(db))`):
 * SQLite's `integer primary key autoincrement`, Postgres's `serial primary key`.
 */
export function autoId(
  db: Kysely<unknown>,
): ['serial' | 'integer', (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] {
  return isPostgres(db) ? ['serial', (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()];
}

/** Milliseconds since the epoch: beyond 32 bits, so `bigint` on Postgres (SQLite's integer is 64-bit). */
export function epochMsType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** Binary data: SQLite's blob, Postgres's bytea. */
export function binaryType(db: Kysely<unknown>): 'bytea' | 'blob' {
  return isPostgres(db) ? 'bytea' : 'blob';
}

/**
 * The current UTC time as the text that timestamp columns hold by default, "YYYY-MM-DD HH:MM:SS" (what
 * SQLite's CURRENT_TIMESTAMP gives), so that text columns sort like time on both databases.
 */
export function nowText(db: Kysely<unknown>): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS')`
    : sql<string>`CURRENT_TIMESTAMP`;
}

/** A text column defaulting to the current time (nowText). */
export function defaultNow(db: Kysely<unknown>): (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder {
  const now = nowText(db);
  return (c) => c.notNull().defaultTo(isPostgres(db) ? sql`(${now})` : now);
}
