// The state file a batch saves its books in: `karya generate`'s file, with each job's book saved under
// the job's id (without --state and with KARYA_DATABASE_URL, `karya batch` saves them in Postgres: cli/state.ts).
import type { StateFile } from '../../server/index.js';
import { cliStateOf, openCliState } from '../state.js';

/**
 * Open the state file for a batch, committing in WAL mode without an fsync per commit: every finished
 * step is still committed before the next call on its book, and a commit survives SIGKILL or a crash of
 * the process; only an OS crash or power cut can lose the last few commits (those steps are written
 * again). An fsync per step would block the event loop, and with it every other book's calls.
 */
export function openBatchState(file: string): Promise<StateFile> {
  return openCliState(cliStateOf(file), { isDurable: false });
}
