// The server's front door: everything code outside server/ (the `karya` command, cli/) uses of the server.
// Start a server, start a worker, open the local state file, submit a queued batch, read the config; the
// rest of server/ is its own business (tests/architecture/layers.test.ts keeps cli/ to this file).
//
// What every command needs (the state file, the config) is exported as it is. What only `karya serve`,
// `karya worker` or a queued batch needs loads on first call: the server's packages (express, stripe,
// nodemailer, pg-boss…) cost ~0.4 s to load, which `karya generate` or a local batch must not pay.
type Start = typeof import('./start.js');
type Open = typeof import('./store/open.js');
type Queue = typeof import('./queue/index.js');
type Batch = typeof import('./queue/batch.js');
type Metrics = typeof import('./core/metrics.js');

// Read the config.
export {
  ConfigError,
  configFromEnv,
  databaseUrlFrom,
  DEFAULT_DB,
  DEFAULT_PORT,
  type ServerConfig,
} from './core/config.js';

// Where the command line keeps its books: the state file, or the server's Postgres database (one opener).
export { openStateStore, statePlace, type StateBook, type StateFile, type StateRepositories } from './store/state.js';
// What both front ends do with the store, wired once (server/core).
export { scheduleReleases } from './core/release.js';
export { openNearDuplicates, type NearDuplicateBook } from './core/near-duplicates.js';
export { bookSeriesOf, loadEntries, seriesBooksOf, type LoadedEntry } from './core/series-books.js';
export { catchUpWithSession, startSeriesBook } from './core/series-start.js';
export {
  bookOfManuscript,
  importLanguageOf,
  manuscriptProse,
  readImportSettings,
  type SourceWord,
} from './core/import.js';
export { missingSettings, withoutRequired } from './core/import-settings.js';
export { bookVoiceOf } from './core/voice.js';
export type { SeriesEntry, SeriesRepository, StoredSeries } from './store/queries/series.js';
export type { FingerprintRepository } from './store/queries/fingerprints.js';

// Start a server.
export type { RunningServer } from './start.js';
export async function startServer(...args: Parameters<Start['startServer']>) {
  return (await import('./start.js')).startServer(...args);
}

// Start a worker: open the store, a context on it, the queue, and the worker on the queue.
export type { AppContext } from './core/context.js';
export type { OpenedStore } from './store/open.js';
export type { StepQueue, StepWorker } from './queue/index.js';
export async function openStore(...args: Parameters<Open['openStore']>) {
  return (await import('./store/open.js')).openStore(...args);
}
/** Everything a server or a worker needs, on open repositories (server/start.ts's createContext). */
export async function createContext(...args: Parameters<Start['createContext']>) {
  return (await import('./start.js')).createContext(...args);
}
export async function openQueue(...args: Parameters<Queue['openQueue']>) {
  return (await import('./queue/index.js')).openQueue(...args);
}
export async function startStepWorker(...args: Parameters<Queue['startStepWorker']>) {
  return (await import('./queue/index.js')).startStepWorker(...args);
}
/** A worker's /metrics on its own port (`karya worker --metrics-port`). */
export async function serveWorkerMetrics(...args: Parameters<Metrics['serveWorkerMetrics']>) {
  return (await import('./core/metrics.js')).serveWorkerMetrics(...args);
}

// Submit a queued batch: its books' jobs, the channel its progress comes on, where its books are saved.
export { BATCH_OWNER } from './store/postgres/batch-names.js';
export type { BatchBookJob, BatchNotice, StepDoneEvent, StepRetryEvent, StepStartedEvent } from './queue/batch.js';
export { postgresBookStore } from './store/postgres/books.js';
export type { BatchSubmission } from './queue/batch.js';
export type { EndedBatchBook } from './store/postgres/batches.js';
export async function sendBatchStep(...args: Parameters<Batch['sendBatchStep']>) {
  return (await import('./queue/batch.js')).sendBatchStep(...args);
}
export async function submitBatch(...args: Parameters<Batch['submitBatch']>) {
  return (await import('./queue/batch.js')).submitBatch(...args);
}
