// Names a queued batch's two sides share: the server's batch worker (server/queue/batch.ts) and the command
// that queues the batch (cli/batch/queued.ts, through server/index.ts). A module of its own, without the
// queue's packages, so the front door can hand them out without loading pg or pg-boss.

/** The LISTEN/NOTIFY channel a batch's progress is announced on. */
export const BATCH_CHANNEL = 'karya_batch';
/** The saved books' owner: the CLI's (cli/util.ts CLI_USER). */
export const BATCH_OWNER = 'cli';
