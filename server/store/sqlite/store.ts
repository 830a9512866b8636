// Synchronous execution of kysely-built queries on the better-sqlite3 connection. Queries stay typed
// (kysely builds them) and statements are prepared once. The connection is one: a transaction with awaits
// inside (sqlite/conn.ts) holds `mutex` from BEGIN to COMMIT, and every other use of the connection takes
// it too (`exclusive`), so no other caller's statement lands inside that transaction.
import type SQLite from 'better-sqlite3';
import type { Compilable, Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { durableSync } from './sync-level.js';

const MAX_STATEMENTS = 500;

/**
 * One holder at a time, the others waiting in turn (kysely's SQLite driver guards its one connection the
 * same way). `tryLock` takes it at once when it is free, so an uncontended caller waits for nothing.
 */
export class Mutex {
  private held: Promise<void> | undefined;
  private release: (() => void) | undefined;

  tryLock(): boolean {
    if (this.held) return false;
    this.held = new Promise((resolve) => (this.release = resolve));
    return true;
  }

  async lock(): Promise<void> {
    while (!this.tryLock()) await this.held;
  }

  unlock(): void {
    const release = this.release;
    this.held = undefined;
    this.release = undefined;
    release?.();
  }
}

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
  /** Held by whoever uses the connection now (an async transaction from BEGIN to COMMIT). */
  readonly mutex = new Mutex();

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

  /**
   * The connection's synchronous level, by a PRAGMA prepared once: better-sqlite3's pragma() prepares its statement on
   * every call (13 µs a deferred transaction's pair against 2), and a server's rate limits commit deferred on every
   * request.
   */
  setSync(level: 'NORMAL' | 'FULL'): void {
    this.prepare(`PRAGMA synchronous = ${level}`).run();
  }

  /** BEGIN IMMEDIATE / COMMIT / ROLLBACK of an async transaction (sqlite/conn.ts), prepared once. */
  begin(): void {
    this.prepare('BEGIN IMMEDIATE').run();
  }

  commit(): void {
    this.prepare('COMMIT').run();
  }

  rollback(): void {
    if (this.sqlite.inTransaction) this.prepare('ROLLBACK').run();
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
    this.setSync('NORMAL');
    try {
      return this.runImmediate(fn) as T;
    } finally {
      this.setSync(durableSync());
    }
  }

  /**
   * `fn` (synchronous) on the connection once nobody else holds it: at once when it is free, else after
   * the transaction in flight. Every use of the connection outside a Conn's transaction goes through here.
   */
  exclusive<T>(fn: () => T): Promise<T> {
    if (this.mutex.tryLock()) return this.settle(fn);
    return this.mutex.lock().then(() => this.settle(fn));
  }

  private settle<T>(fn: () => T): Promise<T> {
    try {
      return Promise.resolve(fn());
    } catch (error) {
      return Promise.reject(error);
    } finally {
      this.mutex.unlock();
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

export { nowIso } from '../queries/conn.js';
