// Saved books of the CLI (`karya batch` with KARYA_DATABASE_URL) on Postgres: the StateFile port of
// server/store/state.ts on the server's database, so a local batch and `karya batch --queue` save
// under the same owner and keys and continue each other's books.
import type { StateFile } from '../ports-state.js';
import { openPostgres } from './connect.js';
import { loadBook, postgresBookStore, writeMemory } from './books.js';
import { bookRepository } from '../queries/books.js';
import { postgresExec } from './run.js';
import { seriesRepository } from '../queries/series.js';
import { fingerprintRepository } from '../queries/fingerprints.js';

export async function openPostgresState(url: string): Promise<StateFile> {
  const opened = await openPostgres(url);
  const exec = postgresExec(opened.db);
  return {
    repos: {
      books: bookRepository(opened.db, exec, { load: ({ userId, key }) => loadBook(opened.db as never, userId, key), saveMemory: ({ userId, key, memory, upTo }) => writeMemory(opened.db as never, userId, key, { memory, upTo }) }),
      series: (owner) => seriesRepository(opened.db as never, exec, owner),
      fingerprints: (owner) => fingerprintRepository(opened.db as never, exec, owner),
    },
    progress: (owner) => postgresBookStore(opened.db, owner),
    close: () => opened.close(),
  };
}
