// The audio edition's encoding off the calling thread: a bounded pool of worker threads (engine/node/worker-pool.ts),
// one per core (KARYA_AUDIO_THREADS to change it), each driving the FFmpeg processes of one job at a time: a voice's
// answer decoded and measured, or a file mastered and encoded (audio-worker.ts). Files of the edition are encoded
// side by side, as many at once as there are threads, each thread's heap bounded (its samples are streamed to files,
// never a chapter held whole); a server's request thread and the CLI's only ask and wait. One pool a process, its
// idle threads ended after a while (worker-pool.ts).
import os from 'node:os';
import { AudioError } from '../../audio-error.js';
import type { AudioErrorCode } from '../../audio-error.js';
import { tableSources } from '../languages.js';
import {
  limitFromEnv,
  WorkerPool,
  withLanguages,
  workerEntry,
  type PoolFailures,
  type PoolLimits,
} from '../worker-pool.js';
import type { AudioJob, AudioJobValue } from './audio-jobs.js';

/** Threads: one per core (at most 8: FFmpeg's encoder is one core a file), KARYA_AUDIO_THREADS when set. */
export function audioThreads(env: Readonly<Record<string, string | undefined>> = process.env): number {
  return limitFromEnv(env, 'KARYA_AUDIO_THREADS', Math.max(1, Math.min(8, os.availableParallelism())), 1, 64);
}

/**
 * A thread's heap: a paragraph's samples at a time (a few MB) and the layout's buffers; a 2-hour file's job takes
 * minutes of FFmpeg (three passes at tens of times real time), so an hour means it is stuck.
 */
const limits = (workers: number): PoolLimits => ({
  workers,
  timeoutMs: 3_600_000,
  memoryMb: 256,
  maxQueued: 1_000_000,
  countsWaiting: false,
  perKey: Infinity,
});

const FAILURES: PoolFailures = {
  busy: () => new AudioError('audio_tool_failed', { tool: 'ffmpeg', detail: 'the audio threads are busy' }),
  tooSlow: () =>
    new AudioError('audio_tool_failed', { tool: 'ffmpeg', detail: 'an audio file took longer than an hour' }),
  tooLarge: () => new AudioError('audio_tool_failed', { tool: 'ffmpeg', detail: 'an audio thread ran out of memory' }),
  revive: (error) =>
    error.name === 'AudioError' && error.code
      ? new AudioError(error.code as AudioErrorCode, { ...error.params })
      : Object.assign(new Error(error.message), { name: error.name }),
};

let shared: WorkerPool<AudioJob, unknown> | undefined;

/** The process's audio pool (made on first use). */
function pool(): WorkerPool<AudioJob, unknown> {
  shared ??= new WorkerPool<AudioJob, unknown>(workerEntry(import.meta.url, 'audio-worker'), limits(audioThreads()), {
    workerData: () => withLanguages(tableSources()),
  });
  return shared;
}

/** Threads the pool runs at most (how many files are encoded at once). */
export const audioPoolSize = (): number => pool().limits.workers;

/**
 * `job` done on an audio thread. An aborted caller stops waiting (the
 * thread finishes the job it is on, a few seconds of FFmpeg, and its files are removed with the run's work folder).
 * @example const [measured] = await runAudioJob({ kind: 'pieces', answers: ['/tmp/x.wav'], files: ['/tmp/x.pcm'] })
 */
export function runAudioJob<J extends AudioJob>(job: J, signal?: AbortSignal): Promise<AudioJobValue<J>> {
  signal?.throwIfAborted();
  const done = pool().run(job, { failures: FAILURES }) as Promise<AudioJobValue<J>>;
  if (!signal) return done;
  return new Promise((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    done.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
