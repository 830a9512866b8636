// Inside a pool's worker thread (worker-pool.ts): what it answers for a job, its errors as plain data, the word it
// says once loaded, and the language table its starter handed it (so it reads no file of it again).
import { isMainThread, workerData } from 'node:worker_threads';
import type { LanguageSource } from '../languages/index.js';

/** What a worker thread answers for a job: its value, or its error as plain data. */
export type WorkerReply<Value> = { id: number; value: Value } | { id: number; error: SerializedError };

/** An error as it crosses from a worker thread: its class name, message and the data a caller rebuilds it from. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  params?: Readonly<Record<string, string>>;
  detail?: string;
}

/** What a worker thread that announces it posts once its modules are loaded (announceReady). */
export const READY = 'karya-worker-ready';

/**
 * Said by a worker thread of a pool with `announcesReady` once its modules and data are loaded: its jobs' time starts.
 */
export function announceReady(port: { postMessage(value: unknown): void } | null): void {
  port?.postMessage(READY);
}

/** An error thrown in a worker thread, as data for the thread's reply. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, params, detail } = error as Error & Partial<Pick<SerializedError, 'code' | 'params' | 'detail'>>;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(params ? { params: { ...params } } : {}),
    ...(typeof detail === 'string' ? { detail } : {}),
  };
}

/** Where a thread finds the language table its starter read (workerData). */
export const HANDED_LANGUAGES = 'karyaLanguageTable';

/** In a thread started withLanguages, the table it was handed; elsewhere undefined. */
export function handedLanguages(): readonly LanguageSource[] | undefined {
  if (isMainThread || !workerData || typeof workerData !== 'object') return undefined;
  return (workerData as Record<string, readonly LanguageSource[] | undefined>)[HANDED_LANGUAGES];
}
