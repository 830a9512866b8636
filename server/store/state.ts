// The CLI's books: the server's repositories for books, series and fingerprints, on the state file
// (saved books only: migrations/state.ts) or on the server's Postgres database. Nothing else of the
// server's storage is reached from the CLI.
import { STATE_MIGRATION_TABLE, stateMigrations } from '../../migrations/state.js';
import { bundleCodeHash } from '../../engine/node.js';
import { openSqlite } from './sqlite/connect.js';
import { Store } from './sqlite/store.js';
import { bookStore, loadBook, writeMemory } from './sqlite/books.js';
import { versionRepository } from './queries/versions.js';
import type { BooksDatabase } from './schema.js';
import { bookRepository } from './queries/books.js';
import { sqliteConn } from './sqlite/conn.js';
import type { StateFile } from './ports-state.js';
import { redactUrl } from './redact.js';
import { seriesRepository } from './queries/series.js';
import { fingerprintRepository } from './queries/fingerprints.js';

export type { StateBook, StateFile, StateRepositories } from './ports-state.js';

/** Where the command line's books are, for its messages: the state file, or the Postgres URL without its password. */
export function statePlace(input: { file: string; databaseUrl?: string }): string {
  return input.databaseUrl ? redactUrl(input.databaseUrl) : input.file;
}

/**
 * The command line's books, where the server keeps its own: on the server's Postgres database when
 * `databaseUrl` is given (KARYA_DATABASE_URL: a local batch and `karya batch --queue` then continue each
 * other's books), in the state file at `file` otherwise (an older file is migrated once as it opens).
 * `isDurable` as for openStateFile. Postgres loads only when asked for.
 */
export async function openStateStore(
  input: { file: string; databaseUrl?: string; isDurable?: boolean } | { databaseUrl: string },
): Promise<StateFile> {
  if ('databaseUrl' in input && input.databaseUrl)
    return (await import('./postgres/state.js')).openPostgresState(input.databaseUrl);
  const { file, isDurable } = input as { file: string; isDurable?: boolean };
  return openStateFile(file, isDurable === undefined ? {} : { isDurable });
}

/**
 * A batch's page cache of its state file, KiB (SQLite's own default; better-sqlite3 builds with 16 MB). A batch
 * writes far more than it reads back: its kept answers (~14 KB each) and saved steps go through the cache once and
 * stay there, clean, never read again, until the 16 MB are full. The 400-book prose batch on a quiet 2-core machine,
 * interleaved runs: peak RSS 303-320 MB at 16 MB, 283-294 at 2 MB, CPU a call the same (2.82-2.91 ms either way).
 */
const BATCH_CACHE_KIB = 2000;

/**
 * Open (creating it as needed) a state file. `isDurable: false` commits without an fsync per commit
 * (WAL, synchronous=NORMAL): a commit still survives a killed process; only an OS crash or power cut can
 * lose the last few, and those steps are written again. A batch uses it so that an fsync per step does
 * not block the event loop, and with it every other book's calls.
 */
async function openStateFile(file: string, opts: { isDurable?: boolean } = {}): Promise<StateFile> {
  const schemaCode = bundleCodeHash();
  const opened = await openSqlite<BooksDatabase>(
    file,
    {
      migrations: stateMigrations,
      tableName: STATE_MIGRATION_TABLE,
      // A new state file takes the schema the bundle's migrations made last (server/store/sqlite/kept-schema.ts).
      ...(schemaCode ? { schemaCode } : {}),
    },
    opts.isDurable === false ? { isDurable: false } : {},
  );
  if (opts.isDurable === false) {
    // The WAL copied into the file (a checkpoint, with its two fsyncs) every ~32 MB written rather than SQLite's 4 MB:
    // a 400-book batch's main thread spent ~2 % of its time in checkpoints, and a page written again meanwhile (the
    // books' rows, the tables' inner pages) is copied once. The WAL file keeps its largest size (disk, not memory).
    opened.sqlite.pragma('wal_autocheckpoint = 8000');
    opened.sqlite.pragma(`cache_size = -${BATCH_CACHE_KIB}`);
  }
  const runner = new Store(opened.db as never, opened.sqlite);
  const conn = sqliteConn(runner);
  const books = bookRepository(conn, {
    load: ({ userId, key }) => runner.exclusive(() => loadBook(runner, userId, key)),
    saveMemory: ({ userId, key, memory, upTo }) => writeMemory(runner, userId, key, { memory, upTo }),
  });
  return {
    repos: {
      books,
      series: (owner) => seriesRepository(conn, owner),
      fingerprints: (owner) => fingerprintRepository(conn, owner),
    },
    // A book's parts and, for `karya rewrite`, the texts its rewrites replaced.
    progress: (owner) => {
      const versions = versionRepository(conn);
      return {
        ...bookStore(runner, owner),
        keepVersion: async (key, v) => void (await versions.keep({ userId: owner, key, ...v })),
      };
    },
    close: () => opened.close(),
  };
}
