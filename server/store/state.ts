// The CLI's state file: saved books only (migrations/state.ts), opened for `karya generate` and
// `karya batch`. Nothing else of the server's storage is reached from the CLI.
import { STATE_MIGRATION_TABLE, stateMigrations } from '../../migrations/state.js';
import { openSqlite } from './sqlite/connect.js';
import { Store } from './sqlite/store.js';
import { bookStore, loadBook } from './sqlite/books.js';
import { sqliteVersions } from './sqlite/versions.js';
import type { BooksDatabase } from './schema.js';
import type { ProgressStore, SavedBook } from '../../engine/index.js';

export interface StateFile {
  /** The saved books of one owner (the CLI writes as "cli"). */
  progress(owner: string): ProgressStore & { remove(key: string): Promise<boolean> };
  /** Read one saved book (batch planning). */
  load(owner: string, key: string): Promise<SavedBook | null>;
  close(): Promise<void>;
}

/**
 * Open (creating it as needed) a state file. `isDurable: false` commits without an fsync per commit
 * (WAL, synchronous=NORMAL): a commit still survives a killed process; only an OS crash or power cut can
 * lose the last few, and those steps are written again. A batch uses it so that an fsync per step does
 * not block the event loop, and with it every other book's calls.
 */
export async function openStateFile(file: string, opts: { isDurable?: boolean } = {}): Promise<StateFile> {
  const opened = await openSqlite<BooksDatabase>(file, { migrations: stateMigrations, tableName: STATE_MIGRATION_TABLE });
  if (opts.isDurable === false) opened.sqlite.pragma('synchronous = NORMAL');
  const runner = new Store(opened.db as never, opened.sqlite);
  return {
    // A book's parts and, for `karya rewrite`, the texts its rewrites replaced.
    progress: (owner) => {
      const versions = sqliteVersions(runner);
      return { ...bookStore(runner, owner), keepVersion: async (key, v) => void (await versions.keep({ userId: owner, key, ...v })) };
    },
    load: async (owner, key) => loadBook(runner, owner, key),
    close: () => opened.close(),
  };
}
