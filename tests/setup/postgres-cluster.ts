// vitest globalSetup: one throw-away Postgres cluster for the whole run (tests/postgres.ts), where Postgres is
// installed. Every test file that asks for a cluster gets a database of its own in this one (initdb, start and
// stop once per run rather than once per file); a file that stops or restarts its database (an outage) starts
// its own with startPostgres({ own: true }).
import type { TestProject } from 'vitest/node';
import { postgresBinDir } from './tools.js';
import { startPostgres } from '../postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user@host:port of the run's shared cluster ('' when there is none). */
    karyaPostgres: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!postgresBinDir()) {
    project.provide('karyaPostgres', '');
    return () => undefined;
  }
  const cluster = await startPostgres({ own: true });
  project.provide('karyaPostgres', cluster.base);
  return () => cluster.stop();
}
