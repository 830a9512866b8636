// Saved books of the CLI (every command with KARYA_DATABASE_URL and no --state) on Postgres: the StateFile port of
// server/store/state.ts on the server's database, so a local batch and `karya batch --queue` save
// under the same owner and keys and continue each other's books.
import type { StateFile } from '../ports-state.js';
import { openPostgres } from './connect.js';
import { inTransaction, loadBook, postgresBookStore, writeMemory, writeStep } from './books.js';
import { postgresVersions } from './versions.js';
import { bookRepository } from '../queries/books.js';
import { postgresExec } from './run.js';
import { seriesRepository } from '../queries/series.js';
import { fingerprintRepository } from '../queries/fingerprints.js';

export async function openPostgresState(url: string): Promise<StateFile> {
  const opened = await openPostgres(url);
  const exec = postgresExec(opened.db);
  const versions = postgresVersions(opened.db as never);
  return {
    repos: {
      books: bookRepository(opened.db, exec, { load: ({ userId, key }) => loadBook(opened.db as never, userId, key), saveMemory: ({ userId, key, memory, upTo }) => writeMemory(opened.db as never, userId, key, { memory, upTo }) }),
      series: (owner) => seriesRepository(opened.db as never, exec, owner),
      fingerprints: (owner) => fingerprintRepository(opened.db as never, exec, owner),
    },
    // As the state file's: an imported manuscript's parts in one transaction, and the versions a rewrite replaces.
    progress: (owner) => ({
      ...postgresBookStore(opened.db, owner),
      saveSteps: (key, saves) => inTransaction(opened.db, async (trx) => {
        for (const save of saves) await writeStep(trx, owner, key, save);
      }),
      keepVersion: async (key, v) => void (await versions.keep({ userId: owner, key, ...v })),
    }),
    close: () => opened.close(),
  };
}
