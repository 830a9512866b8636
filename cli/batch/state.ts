// The local state a batch saves progress in: `karya generate`'s database (same file, table and keys).
import { openDatabase, type OpenedDatabase } from '../../server/db/connect.js';

/**
 * Open the state database for a batch. The connection commits in WAL mode without an fsync per
 * commit (synchronous=NORMAL): every finished step is still committed before the next call on its
 * book, and a commit survives SIGKILL or a crash of the process; only an OS crash or power cut can lose
 * the last few commits (the database stays consistent; those steps are written again). An fsync per
 * step would block the event loop, and with it every other book's calls, for several ms each time.
 */
export async function openBatchState(file: string): Promise<OpenedDatabase> {
  const store = await openDatabase(file);
  store.sqlite.pragma('synchronous = NORMAL');
  return store;
}
