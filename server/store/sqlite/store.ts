// Synchronous execution of kysely-built queries on the better-sqlite3 connection. Queries stay typed
// (kysely builds them), statements are prepared once, and a transaction is one synchronous block, so
// no other request can interleave with it: that is what makes "check and deduct" atomic.
import type SQLite from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
import type { Database } from '../schema.js';

const MAX_STATEMENTS = 500;

export class Store {
  private readonly statements = new Map<string, SQLite.Statement>();
  private readonly plucked = new Map<string, SQLite.Statement>();
  private readonly userListeners = new Set<(userId: string) => void>();
  private readonly changedUsers = new Set<string>();
  /**
   * better-sqlite3's IMMEDIATE transaction (a savepoint when nested) around the function it is given, made once:
   * `sqlite.transaction(fn)` builds four wrapped functions and their properties on every call, and a batch
   * commits a few thousand times.
   */
  private readonly runImmediate: (fn: () => unknown) => unknown;

  constructor(
    readonly db: Kysely<Database>,
    readonly sqlite: SQLite.Database,
  ) {
    this.runImmediate = sqlite.transaction((fn: () => unknown) => fn()).immediate;
  }

  private prepare(sql: string): SQLite.Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_STATEMENTS) this.statements.clear();
      statement = this.sqlite.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Every row of a query. */
  all<R>(query: Compilable<R>): R[] {
    const { sql, parameters } = query.compile();
    return this.prepare(sql).all(...parameters) as R[];
  }

  /** The first row of a query, or undefined. */
  first<R>(query: Compilable<R>): R | undefined {
    const { sql, parameters } = query.compile();
    return this.prepare(sql).get(...parameters) as R | undefined;
  }

  /** Run a statement that returns no rows; answers the number of rows changed. */
  run(query: Compilable<unknown>): number {
    const { sql, parameters } = query.compile();
    return this.prepare(sql).run(...parameters).changes;
  }

  /** Raw SQL for the few hot paths that kysely's builder would slow down (session lookup). */
  raw(sql: string): SQLite.Statement {
    return this.prepare(sql);
  }

  /** A raw statement that answers the first column only (prepared once, kept apart from raw()'s). */
  rawValue(sql: string): SQLite.Statement {
    let statement = this.plucked.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql).pluck();
      this.plucked.set(sql, statement);
    }
    return statement;
  }

  /**
   * Run `fn` in one IMMEDIATE transaction; it must be synchronous (no await inside). The commit is
   * flushed to disk (synchronous=FULL) before this returns, unless `isDeferred`: then it reaches the
   * disk with the next flushed commit. Only for writes that nobody is told about before a later
   * flushed commit (a generation's charge: its answer follows the flushed commit of the result or the
   * refund, and a crash in between loses the charge together with the generation it paid for).
   */
  transaction<T>(fn: () => T, opts: { isDeferred?: boolean } = {}): T {
    if (!opts.isDeferred || this.sqlite.inTransaction) return this.runImmediate(fn) as T;
    this.sqlite.pragma('synchronous = NORMAL');
    try {
      return this.runImmediate(fn) as T;
    } finally {
      this.sqlite.pragma('synchronous = FULL');
    }
  }

  /** Listen to changes of users rows (the admin's live user list); returns the unsubscribe function. */
  onUserChange(listener: (userId: string) => void): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  /**
   * Every function that writes a users row calls this. Listeners run after the current synchronous
   * block (so after its transaction commits), once per user however many writes there were.
   */
  userChanged(userId: string): void {
    if (!this.userListeners.size) return;
    if (this.changedUsers.size === 0) {
      setImmediate(() => {
        const ids = [...this.changedUsers];
        this.changedUsers.clear();
        for (const id of ids) for (const listener of this.userListeners) listener(id);
      });
    }
    this.changedUsers.add(userId);
  }
}

export { nowIso } from '../queries/run.js';
