// Where a batch saves its books: `karya generate`'s state file (or, with KARYA_DATABASE_URL, the server's
// Postgres database), each job's book under the job's id.
import { openStateStore, type StateFile } from '../../server/index.js';

/**
 * Open the state file for a batch, committing in WAL mode without an fsync per commit: every finished
 * step is still committed before the next call on its book, and a commit survives SIGKILL or a crash of
 * the process; only an OS crash or power cut can lose the last few commits (those steps are written
 * again). An fsync per step would block the event loop, and with it every other book's calls.
 */
export function openBatchState(file: string, databaseUrl?: string): Promise<StateFile> {
  return openStateStore(databaseUrl ? { databaseUrl } : { file, isDurable: false });
}
