// Making a book's audio edition as a job (POST /api/books/:id/audiobook answers 202 at once): its cost reserved
// first (402 when it cannot be paid), then the edition written by engine/node/audio (the voice and FFmpeg run as
// processes of their own, never on the request's thread) into a folder of its own, kept whole or not at all: the
// charge committed once the whole edition is written, given back when any file failed its check (the run ends there:
// no part after it is read) or the run failed (server/core/charged.ts). One run per writer and one at a time in this
// process, the others waiting their turn
// (the shares the route gives: server/http/security.ts FairShares); the job's state lives in this process, the edition
// made on disk.
import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AudioError, type BookDocument, type Lang } from '../../engine/index.js';
import { loadAudiobook, type SpeechVoice } from '../../engine/node.js';
import type { Response } from 'express';
import type { Charge } from '../store/ports.js';
import type { AppContext } from './context.js';
import { ApiError } from '../errors/api-error.js';
import { commitCharged, refundFailed, reserveCharge } from './charged.js';
import { EDITION_FOLDER, EDITION_MANIFEST, bookFolder, type EditionFile, type MadeEdition } from './audiobook.js';

/**
 * A run making an edition: waiting for a turn, running (its files written so far), or failed (its answer's code and
 * words).
 */
export interface AudioJob {
  state: 'waiting' | 'running' | 'failed';
  filesDone: number;
  filesTotal: number;
  error: { code: string; message: string } | null;
  /** Settles when the run has ended (made, or failed and refunded). */
  done: Promise<void>;
}

const JOBS = new WeakMap<AppContext, Map<string, AudioJob>>();

function jobsOf(ctx: AppContext): Map<string, AudioJob> {
  let jobs = JOBS.get(ctx);
  if (!jobs) JOBS.set(ctx, (jobs = new Map()));
  return jobs;
}

const keyOf = (userId: string, bookId: number) => `${userId}:${bookId}`;

/** The run of the book's edition in this process (waiting, running, or the last one failed), if any. */
export const audioJobOf = (ctx: AppContext, userId: string, bookId: number): AudioJob | undefined =>
  jobsOf(ctx).get(keyOf(userId, bookId));

/**
 * The fair shares a run takes (server/http/security.ts FairShares): the writer's for the whole run, then one of the
 * process's turns.
 */
export interface RunShares {
  claim(
    userId: string,
    answer: { set(field: string, value: string): unknown; once(event: 'close', listener: () => void): unknown },
  ): void;
  run<T>(work: () => Promise<T>): Promise<T>;
}

export interface AudioJobInput {
  userId: string;
  shares: RunShares;
  lang: Lang;
  bookId: number;
  generatorId: string;
  doc: BookDocument;
  voice: SpeechVoice;
  plan: { credits: number; files: number; characters: number; textHash: string };
  /** The request starting it: a refusal's Retry-After is set on it. */
  res: Response;
}

/**
 * Start the edition's run: 409 audio_edition_running while one runs for the book, 429 when the writer's share is
 * taken, 402 when the cost cannot be paid; else the job, running on its own (the request answered at once).
 */
export async function startAudioJob(ctx: AppContext, input: AudioJobInput): Promise<AudioJob> {
  const { userId, lang, bookId } = input;
  const jobs = jobsOf(ctx);
  const key = keyOf(userId, bookId);
  const before = jobs.get(key);
  if (before && before.state !== 'failed') throw ApiError.catalogue(409, 'audio_edition_running', lang);
  const { shares } = input;
  // The writer's share is held until the run ends, not until this answer closes.
  const ended = new EventEmitter();
  shares.claim(userId, {
    set: (field, value) => input.res.set(field, value),
    once: (_event, listener) => ended.once('close', listener),
  });
  let charge: Charge;
  try {
    charge = await reserveCharge(ctx, {
      userId,
      lang,
      start: {
        generatorId: input.generatorId,
        step: 'audiobook',
        cost: input.plan.credits,
        reason: `${input.generatorId}: audio edition of book ${bookId}`,
      },
    });
  } catch (error) {
    ended.emit('close');
    throw error;
  }
  const job: AudioJob = {
    state: 'waiting',
    filesDone: 0,
    filesTotal: input.plan.files,
    error: null,
    done: Promise.resolve(),
  };
  jobs.set(key, job);
  job.done = runJob(ctx, { ...input, job, charge }).finally(() => ended.emit('close'));
  return job;
}

/**
 * The run in one of the process's turns: made and committed (the job forgotten), or failed and refunded (the job says
 * why).
 */
async function runJob(ctx: AppContext, input: AudioJobInput & { job: AudioJob; charge: Charge }): Promise<void> {
  const { job, charge, userId, lang } = input;
  try {
    await input.shares.run(async () => {
      job.state = 'running';
      await makeEdition(ctx, input);
    });
    jobsOf(ctx).delete(keyOf(userId, input.bookId));
  } catch (error) {
    try {
      const log = { message: 'audiobook: the edition failed; its charge refunded', fields: { book: input.bookId } };
      const failure = await refundFailed(
        ctx,
        {
          userId,
          charge,
          lang,
          what: `${input.generatorId} audio edition`,
          isTimeout: false,
          isClientGone: false,
          log,
        },
        error,
      );
      job.error = { code: failure.code, message: failure.message };
    } catch (refundError) {
      ctx.logger.error({ err: refundError, book: input.bookId }, 'audiobook: the refund of a failed edition failed');
      job.error = { code: 'unexpected', message: String((error as Error)?.message ?? error) };
    }
    job.state = 'failed';
  }
}

/**
 * What an edition file is, by its name (engine/node/audio names them: 00-opening-credits.mp3, 01-chapter.mp3,
 * …-closing-credits.mp3).
 */
const kindOf = (file: string): EditionFile['kind'] =>
  file.endsWith('-opening-credits.mp3') ? 'opening' : file.endsWith('-closing-credits.mp3') ? 'closing' : 'chapter';

/** The edition written into a folder of its own, committed, then put in the place of the one before. */
async function makeEdition(ctx: AppContext, input: AudioJobInput & { job: AudioJob; charge: Charge }): Promise<void> {
  const { job, lang } = input;
  const folder = bookFolder(ctx, input.userId, input.bookId);
  await mkdir(folder, { recursive: true });
  const work = await mkdtemp(path.join(folder, 'making-'));
  try {
    const { writeAudiobook } = await loadAudiobook();
    const files: EditionFile[] = [];
    const result = await writeAudiobook({
      doc: input.doc,
      voice: input.voice,
      out: work,
      // Kept whole or not at all: a part that fails ends the run, no speech asked for the parts after it.
      wholeOnly: true,
      onEvent: (e) => {
        if (e.kind !== 'file') return;
        job.filesDone++;
        files.push({ kind: kindOf(e.file), title: e.title, file: e.file, seconds: e.seconds });
      },
    });
    const failed = result.failed[0];
    // Not whole: nothing kept, nothing charged (the run says which file and why).
    if (failed)
      throw new AudioError('audio_chapter_failed', {
        chapter: failed.title,
        reason: new AudioError(failed.problem.code, { ...failed.problem.vars }).messageIn(lang),
      });
    const made: MadeEdition = {
      files,
      downloads: [...result.files],
      seconds: result.seconds,
      credits: input.charge.credits,
      madeAt: new Date().toISOString(),
      textHash: input.plan.textHash,
    };
    await writeFile(path.join(work, EDITION_MANIFEST), `${JSON.stringify(made, null, 2)}\n`);
    await commitCharged(ctx.repos.generations, {
      userId: input.userId,
      charge: input.charge,
      usage: {
        promptType: 'audiobook',
        isPart: false,
        metadata: {
          generator: input.generatorId,
          book: input.bookId,
          characters: result.characters,
          seconds: Math.round(result.seconds),
          files: files.length,
        },
      },
    });
    await rm(path.join(folder, EDITION_FOLDER), { recursive: true, force: true });
    await rename(work, path.join(folder, EDITION_FOLDER));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
