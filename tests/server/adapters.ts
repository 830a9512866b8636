// The store's adapters for the suites that run once on each: SQLite in memory, and Postgres on a
// throw-away cluster (tests/postgres.ts), skipped with the reason when its binaries are not here.
import type { Kysely } from 'kysely';
import { openDatabase } from '../../server/store/sqlite/connect.js';
import type { Repositories } from '../../server/store/ports.js';
import type { Database } from '../../server/store/schema.js';
import { sqliteRepositories, Store } from '../../server/store/sqlite/index.js';
import { openPostgres } from '../../server/store/postgres/connect.js';
import { postgresRepositories } from '../../server/store/postgres/index.js';
import { postgresUnavailable, startPostgres } from '../postgres.js';

export interface OpenedStore {
  repos: Repositories;
  /** For looking at rows the ports do not show. */
  db: Kysely<Database>;
  close(): Promise<void>;
}

export interface StoreAdapter {
  name: 'sqlite' | 'postgres';
  /** Why the adapter cannot run here, or null. */
  skip: string | null;
  open(): Promise<OpenedStore>;
}

const pgSkip = postgresUnavailable();
if (pgSkip) console.warn(pgSkip);

export const storeAdapters: StoreAdapter[] = [
  {
    name: 'sqlite',
    skip: null,
    open: async () => {
      const database = await openDatabase(':memory:');
      return {
        repos: sqliteRepositories(new Store(database.db, database.sqlite)),
        db: database.db,
        close: () => database.close(),
      };
    },
  },
  {
    name: 'postgres',
    skip: pgSkip,
    open: async () => {
      const cluster = await startPostgres();
      const opened = await openPostgres(await cluster.createDatabase());
      const repos = postgresRepositories(opened);
      return {
        repos,
        db: opened.db,
        close: async () => {
          await repos.close();
          await opened.close();
          cluster.stop();
        },
      };
    },
  },
];
