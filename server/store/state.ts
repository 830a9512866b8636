// The CLI's state file: saved books only (migrations/state.ts), opened for `karya generate` and
// `karya batch`. Nothing else of the server's storage is reached from the CLI.
import { STATE_MIGRATION_TABLE, stateMigrations } from '../../migrations/state.js';
import { openSqlite } from './sqlite/connect.js';
import { Store } from './sqlite/store.js';
import { bookStore, loadBook, writeMemory } from './sqlite/books.js';
import { sqliteVersions } from './sqlite/versions.js';
import type { BooksDatabase } from './schema.js';
import type { ProgressStore } from '../../engine/index.js';
import { bookRepository } from './queries/books.js';
import { sqliteExec } from './sqlite/run.js';
import type { Repositories, UserBook } from './ports.js';
import { seriesRepository } from './queries/series.js';
import { fingerprintRepository } from './queries/fingerprints.js';

/** A book saved in the state file, by id (`karya books`, `--book ID`): current under its key, or kept. */
export type StateBook = UserBook;

/** The server's repositories that a state file holds: saved books (with their release days), series, near-duplicate fingerprints. */
export type StateRepositories = Pick<Repositories, 'books' | 'series' | 'fingerprints'>;

export interface StateFile {
  /** The same repositories as the server's, on this file (server/store/ports.ts): every read and write but a step's save. */
  repos: StateRepositories;
  /** The engine's saving port for one owner's books (the CLI writes as "cli"): a step's save, uncharged, and the versions a rewrite replaces. */
  progress(owner: string): ProgressStore & { remove(key: string): Promise<boolean> };
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
  const books = bookRepository(runner.db as never, sqliteExec(runner), {
    load: async ({ userId, key }) => loadBook(runner, userId, key),
    saveMemory: async ({ userId, key, memory, upTo }) => writeMemory(runner, userId, key, { memory, upTo }),
  });
  return {
    repos: {
      books,
      series: (owner) => seriesRepository(runner.db as never, sqliteExec(runner), owner),
      fingerprints: (owner) => fingerprintRepository(runner.db as never, sqliteExec(runner), owner),
    },
    // A book's parts and, for `karya rewrite`, the texts its rewrites replaced.
    progress: (owner) => {
      const versions = sqliteVersions(runner);
      return { ...bookStore(runner, owner), keepVersion: async (key, v) => void (await versions.keep({ userId: owner, key, ...v })) };
    },
    close: () => opened.close(),
  };
}
