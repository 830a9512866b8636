// vitest globalSetup: one throw-away Postgres cluster for the whole run (tests/postgres.ts), where Postgres is
// installed. Every test file that asks for a cluster gets a database of its own in this one (initdb, start and
// stop once per run rather than once per file); a file that stops or restarts its database (an outage) starts
// its own with startPostgres({ own: true }). Both are copies of the run's one initdb (makeTemplate).
import type { TestProject } from 'vitest/node';
import { postgresBinDir } from './tools.js';
import { makeTemplate, startPostgres } from '../postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://user@host:port of the run's shared cluster ('' when there is none). */
    karyaPostgres: string;
    /** The data folder of the run's initdb, never started, that a file's own cluster copies ('' when there is none). */
    karyaPostgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  if (!postgresBinDir()) {
    project.provide('karyaPostgres', '');
    project.provide('karyaPostgresTemplate', '');
    return () => undefined;
  }
  const template = makeTemplate();
  const cluster = await startPostgres({ own: true, template: template.data }).catch((error: unknown) => {
    template.remove();
    throw error;
  });
  project.provide('karyaPostgres', cluster.base);
  project.provide('karyaPostgresTemplate', template.data);
  return () => {
    cluster.stop();
    template.remove();
  };
}
