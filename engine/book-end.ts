// The engine's door for a batch's book-end thread (cli/batch/book-end-worker.ts): only what writing a finished book's
// files, reading its continuity and marks, and the near-duplicate reading use. The thread is an isolate of its own
// that loads its modules anew: through node.ts (and with it index.ts, every compiler, zod and the providers' code) its
// start cost ~450 ms of CPU and ~5,700 page faults more than a bare thread, in the middle of a batch's run. The
// language table's source is set here as node.ts sets it (a book's files are written in its language's words).
import './node/languages.js';
export { closenessReply } from './node/closeness/reply.js';
export type { ClosenessRequest } from './node/closeness/protocol.js';
export { serializeError, type WorkerReply } from './node/worker-thread.js';
export { bookDocument, bookMarkdown } from './session/book.js';
export { bookContinuity, bookMarks } from './session/view/light.js';
export { REPEATS_RATIO } from './session/reading/index.js';
export { countWords } from './words.js';
export { ExportLimitError } from './errors.js';
export type { BookState } from './compile/flow.js';
export type { BookSpec, ResolvedSpec } from './spec/types.js';

/** The export pool, loaded at a book's first export (engine/node.ts loadExportPool). */
export const loadExportPool = () => import('./node/export/pool.js');
