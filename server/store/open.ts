// Open the server's storage: Postgres when KARYA_DATABASE_URL is set (shared by every server instance and
// worker), the embedded SQLite file otherwise (one process).
import type { Repositories } from './ports.js';
import { openDatabase } from './sqlite/connect.js';
import { sqliteRepositories, Store } from './sqlite/index.js';
import { openPostgres, type OpenedPostgres } from './postgres/connect.js';
import { postgresRepositories } from './postgres/index.js';
import { redactUrl } from './redact.js';

export { redactUrl } from './redact.js';

export interface OpenedStore {
  kind: 'sqlite' | 'postgres';
  repos: Repositories;
  /** Where the data is, for humans: the file, or the Postgres URL without its password. */
  location: string;
  /** The Postgres connection (the job queue and the shared counters use it); undefined on SQLite. */
  postgres?: OpenedPostgres;
  close(): Promise<void>;
}

export async function openStore(input: { dbFile: string; databaseUrl?: string }): Promise<OpenedStore> {
  if (input.databaseUrl) {
    const postgres = await openPostgres(input.databaseUrl);
    const repos = postgresRepositories(postgres);
    return {
      kind: 'postgres',
      repos,
      location: redactUrl(input.databaseUrl),
      postgres,
      close: async () => {
        await repos.close();
        await postgres.close();
      },
    };
  }
  const database = await openDatabase(input.dbFile);
  return {
    kind: 'sqlite',
    repos: sqliteRepositories(new Store(database.db, database.sqlite)),
    location: input.dbFile,
    close: () => database.close(),
  };
}
