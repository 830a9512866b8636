// The engine's door for Node callers (CLI, server, worker, batch, bench, scripts): generator files read
// from disk, directories, YAML and the model providers' types. What is heavy to load — the OpenAI SDK
// behind the providers, sharp and resvg behind the publishing files, node:https, the export workers —
// comes through the loaders below, on first use, so a command that needs neither (`karya --help`,
// `karya list`) never pays for it. The pure door is engine/index.ts; HTTP shapes are engine/contract/.
export { errnoError, makeDirs, nearestExisting } from './node/dirs.js';
// The language table is read from languages/ (and KARYA_LANGUAGES) by every Node caller: importing this door sets its
// source.
export { readLanguages, readLanguageFolder, languageFolders, tableSources } from './node/languages.js';
export { coverData, CoverDataError, type CoverIssue } from './node/print/cover-data.js';
export { bundleCodeHash, loadCatalog, packageVersion, readSources, ROOT } from './node/load.js';
export { keptCache, unicodeEscape, type KeptCache } from './node/kept-cache.js';
export {
  fullYaml,
  preloadYaml,
  yamlData,
  yamlProblemOf,
  tooManyAliases,
  isAliasBomb,
  MAX_YAML_ALIASES,
  type YamlProblem,
  type YamlProblemCode,
} from './yaml.js';
export {
  type RenderOptions,
  BILINGUAL_LAYOUTS,
  bilingualDocument,
  type BilingualDocument,
  type BilingualLayout,
} from './node/export/index.js';
export type { ConfigCheck, LoadedConfigs, Provider, TextRequest } from './providers/index.js';
export type { PackageFile, PrintChoice } from './node/publish.js';

/**
 * The import pool (manuscripts and voice samples read in worker threads, bounded in time and memory), loaded
 * on first use. A CLI makes it first with its own limits: `importPool({ maxQueued: Infinity, countsWaiting: false })`.
 */
export const loadImportPool = () => import('./node/import/pool.js');
export type { ImportPool } from './node/import/pool.js';
/**
 * A batch's near-duplicate reading in a worker thread of its own (fingerprints, reuse, passages), off the thread that
 * schedules its calls.
 */
export { ClosenessPool, type ClosenessThread } from './node/closeness/pool.js';
/** Its requests answered in a thread whose entry is another's (a batch's book-end thread answers them too). */
export { closenessReply } from './node/closeness/reply.js';
export type { ClosenessRequest } from './node/closeness/protocol.js';
/** A worker thread's entry module beside the caller's (its .mjs from the sources, its bundled .js from dist/cli). */
export { workerEntry } from './node/worker-pool.js';
/**
 * A thread's workerData with the language table as this process read it (the thread's Node door reads it, not the
 * files).
 */
export { withLanguages } from './node/worker-pool.js';
export { LimitSettingError } from './node/limit-setting-error.js';
/**
 * Work bounded in time and memory in worker threads of the caller's own (a batch's book ends: cli/batch/book-end.ts).
 */
export { WorkerPool, type PoolFailures, type PoolLimits } from './node/worker-pool.js';
export { serializeError, type WorkerReply } from './node/worker-thread.js';
/** A value once the I/O already waiting has been read, a few answers a turn (a batch's call slots: node/turn.ts). */
export { afterWaitingIo } from './node/turn.js';

/**
 * A voice sample's text from its file (text, Markdown, DOCX, EPUB; refused like an import otherwise), read in
 * the process's import pool.
 */
export const readVoiceSample = async (file: string, bytes: Uint8Array, opts: { key?: string } = {}): Promise<string> =>
  (await loadImportPool()).importPool().readVoiceSample(file, bytes, opts);
/**
 * A manuscript file's parts (text, Markdown, DOCX through mammoth, EPUB), read in the process's import pool
 * (a worker thread with a time and a memory limit; at most one file of a `key` at a time).
 * @example const read = await readManuscriptFile('novel.docx', bytes, { key: userId });
 */
export const readManuscriptFile = async (
  file: string,
  bytes: Uint8Array,
  opts: { split?: RegExp; key?: string } = {},
): Promise<import('./import/index.js').ReadManuscript> =>
  (await loadImportPool()).importPool().readManuscript(file, bytes, opts);

let lightFetchModule: typeof import('./node/light-fetch.js') | undefined;
/**
 * fetch through node:http(s) with keep-alive (node/light-fetch.ts), its module loaded on the first request and
 * kept: a dynamic import() of a module already loaded still resolves it through the loader (~0.03 ms), which a
 * batch paid on every call.
 * @example providerFromEnv(process.env, { fetch: lightFetch })
 */
export const lightFetch: typeof globalThis.fetch = (input, init) =>
  lightFetchModule
    ? lightFetchModule.lightFetch(input, init)
    : import('./node/light-fetch.js').then((loaded) => (lightFetchModule = loaded).lightFetch(input, init));

/**
 * The export pool (renderers in worker threads, with limits), loaded on first use.
 * @example const { exportPool } = await loadExportPool(); const bytes = await exportPool().render(doc, 'pdf');
 */
export const loadExportPool = () => import('./node/export/pool.js');

/**
 * One document rendered in the shared pool within its limits (node/export/pool.ts renderBounded), the pool loaded on
 * first use.
 */
export const renderBounded: typeof import('./node/export/pool.js').renderBounded = async (...args) =>
  (await loadExportPool()).renderBounded(...args);

/**
 * A package's covers made in the shared export pool's threads (node/export/pool.ts prepareCoverBounded), the pool
 * loaded on first use.
 */
export const prepareCoverBounded: typeof import('./node/export/pool.js').prepareCoverBounded = async (...args) =>
  (await loadExportPool()).prepareCoverBounded(...args);

/**
 * The model providers (the OpenAI-compatible one, the offline one, config files, failures), loaded on first use.
 * @example const { providerFromEnv } = await loadProviders(); const provider = providerFromEnv(process.env);
 */
export const loadProviders = () => import('./providers/index.js');

/**
 * The publishing package's files (cover and interior rendered with sharp and resvg, epubcheck), loaded on first use.
 * @example const { writeKdpPackage } = await loadPublishFiles();
 */
export const loadPublishFiles = () => import('./node/publish.js');
/** epubcheck's long-lived JVM alone (its KARYA_EPUBCHECK_IDLE_MS setting checked at a server's start). */
export const loadEpubcheckServer = () => import('./node/epubcheck-server.js');

/**
 * The audio edition (voices, FFmpeg mastering, the M4B and read-along.json), loaded on first use.
 * @example const { writeAudiobook, speechVoiceFromEnv } = await loadAudiobook();
 */
export const loadAudiobook = () => import('./node/audio/index.js');
/** The audio threads' pool alone (its KARYA_AUDIO_THREADS setting checked at a server's start). */
export const loadAudioPool = () => import('./node/audio/audio-pool.js');
export type { ReadAlongInput, ReadAlongChapter, ReadAlongParagraph } from './node/audio/read-along-input.js';
export type { SpeechVoice } from './providers/speech-voice.js';
