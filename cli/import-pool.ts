// The command line's import pool: a command's files are read in worker threads with the same time and memory
// limits as the server's (engine/node/import/pool.ts), but wait their turn (no queue limit, the time limit
// counting from a thread starting) and are not held to one at a time per writer.
import type { ImportPool } from '../engine/node.js';

export async function cliImportPool(): Promise<ImportPool> {
  const { importPool } = await (await import('../engine/node.js')).loadImportPool();
  return importPool({ maxQueued: Infinity, countsWaiting: false, perKey: Infinity });
}
