// Saved books of the CLI (every command with KARYA_DATABASE_URL and no --state) on Postgres: the StateFile port of
// server/store/state.ts on the server's database, so a local batch and `karya batch --queue` save
// under the same owner and keys and continue each other's books.
import type { StateFile } from '../ports-state.js';
import { openPostgres } from './connect.js';
import { loadBook, postgresBookStore, writeMemory } from './books.js';
import { postgresConn } from './conn.js';
import { versionRepository } from '../queries/versions.js';
import { bookRepository } from '../queries/books.js';
import { saveStep } from '../queries/step.js';
import { seriesRepository } from '../queries/series.js';
import { fingerprintRepository } from '../queries/fingerprints.js';

export async function openPostgresState(url: string): Promise<StateFile> {
  const opened = await openPostgres(url);
  const conn = postgresConn(opened.db);
  const versions = versionRepository(conn);
  return {
    repos: {
      books: bookRepository(conn, {
        load: ({ userId, key }) => loadBook(opened.db, userId, key),
        saveMemory: ({ userId, key, memory, upTo }) => writeMemory(opened.db, userId, key, { memory, upTo }),
      }),
      series: (owner) => seriesRepository(conn, owner),
      fingerprints: (owner) => fingerprintRepository(conn, owner),
    },
    // As the state file's: an imported manuscript's parts in one transaction, and the versions a rewrite replaces.
    progress: (owner) => ({
      ...postgresBookStore(opened.db, owner),
      saveSteps: (key, saves) =>
        conn.transaction(async (conn) => {
          for (const save of saves) await saveStep(conn, owner, key, save);
        }),
      keepVersion: async (key, v) => void (await versions.keep({ userId: owner, key, ...v })),
    }),
    close: () => opened.close(),
  };
}
