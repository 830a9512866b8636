// One throw-away Postgres cluster (tests/postgres.ts) with one new database for a test file: started before
// its cases and stopped after them. Call it before the file's own afterAll: vitest runs after-hooks last
// registered first, so the file's workers, pools and processes are closed before the cluster stops.
// Where postgresUnavailable() says why not, nothing starts (the file's cases are skipped).
import { afterAll, beforeAll } from 'vitest';
import { postgresUnavailable, startPostgres, type PostgresCluster } from '../postgres.js';

export interface PostgresDatabase {
  /** postgres://… of the file's database ('' before it starts). */
  readonly url: string;
  /** The running cluster, for more databases. */
  readonly cluster: PostgresCluster;
}

export function usePostgresDatabase(): PostgresDatabase {
  let cluster: PostgresCluster | undefined;
  let url = '';
  beforeAll(async () => {
    if (postgresUnavailable()) return;
    cluster = await startPostgres();
    url = await cluster.createDatabase();
  }, 60_000);
  afterAll(() => cluster?.stop());
  return {
    get url() {
      return url;
    },
    get cluster() {
      if (!cluster) throw new Error('the Postgres cluster is not running');
      return cluster;
    },
  };
}
