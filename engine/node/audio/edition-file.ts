// One item of the audio edition (a credit or a part) made into its file, or its files: each text read by the voice
// (its request counted in the run's budget) and measured on an audio thread (audio-pool.ts), the pieces laid out,
// and a part whose audio would pass the longest file allowed (ACX: 120 minutes) split at paragraph boundaries into
// files of at most that length, named in order (`05-chapter-01.mp3`, `05-chapter-02.mp3`), each its own M4B mark;
// each file mastered on an audio thread and judged (judge.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BookDocument } from '../../session/book.js';
import type { CallBudget } from '../../budget.js';
import { GenerationError } from '../../errors.js';
import { isBudgetStop } from '../../budget.js';
import type { SpeechVoice } from '../../providers/speech-voice.js';
import { partTitle } from './credits.js';
import { AUDIO_TARGET, type MasteredFile, type SpeechPiece } from './master.js';
import { secondsOf } from './pcm.js';
import { judgeAudio, type AudioProblem } from './judge.js';
import { runAudioJob } from './audio-pool.js';
import type { PieceMeasured } from './audio-jobs.js';
import { countLetteredWords } from '../../words.js';

/** One item of the edition: a credit or a part, its title and the texts read in it (a part's heading first). */
export interface EditionItem {
  readonly kind: 'opening' | 'chapter' | 'closing';
  readonly title: string;
  readonly texts: readonly string[];
  readonly file: string;
}

/**
 * One file an item was made into: its name, its title (its M4B mark's), which of the item's texts it reads, as
 * mastered.
 */
export interface MadeFile {
  readonly file: string;
  readonly title: string;
  /** Indices into the item's texts, in order. */
  readonly texts: readonly number[];
  readonly mastered: MasteredFile;
}

/** A limit on things running at once, shared by every item of a run (the voice's requests). */
export function limiter(max: number): <T>(run: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (run) => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await run();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export interface ItemInput {
  voice: SpeechVoice;
  lang: BookDocument['lang'];
  out: string;
  work: string;
  book: { title: string; author: string };
  track: number;
  /** The longest file allowed, in minutes (AUDIO_TARGET.maxMinutes unless a caller sets it). */
  maxMinutes: number;
  /** The run's limit on the voice's requests at once. */
  asking: <T>(run: () => Promise<T>) => Promise<T>;
  budget?: CallBudget;
  signal?: AbortSignal;
}

/**
 * A text read by the voice, its answer written to `answer` (decoded with others on an audio thread), its request
 * counted in the run's budget (a retry too); an ask that fails counts as one.
 */
async function spoken(text: string, answer: string, input: ItemInput): Promise<void> {
  const { budget, signal } = input;
  const bytes = await input.asking(async () => {
    // A run stopped while this text waited its turn asks nothing.
    signal?.throwIfAborted();
    budget?.willSend();
    try {
      const said = await input.voice.speak({
        text,
        lang: input.lang,
        ...(signal ? { signal } : {}),
        onRetry: () => budget?.willSend(),
      });
      budget?.kept();
      return said;
    } catch (error) {
      if (!isBudgetStop(error) && !signal?.aborted)
        budget?.failed(error instanceof GenerationError ? error.code : 'other');
      throw error;
    }
  });
  await writeFile(answer, bytes);
}

/** Answers decoded by one FFmpeg at most (its arguments, files open and run length stay small). */
const DECODED_AT_ONCE = 32;

/**
 * An item's texts read by the voice (as the run's limit allows), then decoded on audio threads, DECODED_AT_ONCE
 * answers an FFmpeg, into raw piece files in the run's work folder, measured, in the texts' order.
 */
async function spokenPieces(item: EditionItem, input: ItemInput): Promise<Array<PieceMeasured & { file: string }>> {
  const at = (i: number, end: string) => path.join(input.work, `${item.file}.${i}.${end}`);
  await Promise.all(item.texts.map((text, i) => spoken(text, at(i, 'answer'), input)));
  const starts = Array.from({ length: Math.ceil(item.texts.length / DECODED_AT_ONCE) }, (_, k) => k * DECODED_AT_ONCE);
  const batches = await Promise.all(
    starts.map((start) => {
      const indices = item.texts.slice(start, start + DECODED_AT_ONCE).map((_, j) => start + j);
      const answers = indices.map((i) => at(i, 'answer'));
      return runAudioJob({ kind: 'pieces' as const, answers, files: indices.map((i) => at(i, 'pcm')) }, input.signal);
    }),
  );
  return batches.flat().map((m, i) => ({ ...m, file: at(i, 'pcm') }));
}

/**
 * The pieces in runs a file each, none over `maxSeconds` as laid out (its head's and tail's room tone and the pauses
 * counted), split only between pieces; a piece longer than that alone is a file of its own (and judged too long).
 */
export function filesOfPieces(pieces: readonly SpeechPiece[], maxSeconds: number): number[][] {
  const groups: number[][] = [];
  let current: number[] = [];
  let seconds = AUDIO_TARGET.headSeconds + AUDIO_TARGET.tailSeconds;
  pieces.forEach((piece, i) => {
    const length = secondsOf(piece.samples);
    const pause = current.length ? pieces[current.at(-1)!]!.pauseAfter : 0;
    if (current.length && seconds + pause + length > maxSeconds) {
      groups.push(current);
      current = [];
      seconds = AUDIO_TARGET.headSeconds + AUDIO_TARGET.tailSeconds;
    }
    seconds += (current.length ? pieces[current.at(-1)!]!.pauseAfter : 0) + length;
    current.push(i);
  });
  if (current.length) groups.push(current);
  return groups;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The file name of the `n`th of `count` files of `file` (itself when it is one). */
const fileOf = (file: string, n: number, count: number) =>
  count === 1 ? file : file.replace(/\.mp3$/, `-${pad(n)}.mp3`);

/**
 * An item made into its file (or its files, when it would pass the longest file allowed), mastered and judged:
 * the files and the first problem of any of them, if one has one.
 */
export async function makeItem(
  item: EditionItem,
  input: ItemInput,
): Promise<{ files: MadeFile[]; problem: AudioProblem | undefined }> {
  // The texts asked as the run's limit allows (the voice and FFmpeg are processes of their own), kept in their order.
  const read = await spokenPieces(item, input);
  const pieces: SpeechPiece[] = read.map(({ file, samples, sumSquares, peak }, i) => ({
    file,
    samples,
    sumSquares,
    peak,
    pauseAfter: item.kind === 'chapter' && i === 0 ? AUDIO_TARGET.headingPauseSeconds : AUDIO_TARGET.pauseSeconds,
  }));
  const groups = filesOfPieces(pieces, input.maxMinutes * 60);
  const files = await Promise.all(
    groups.map(async (group, k) => {
      const file = fileOf(item.file, k + 1, groups.length);
      const title = groups.length === 1 ? item.title : partTitle(item.title, k + 1, groups.length, input.lang);
      const tags = {
        title,
        album: input.book.title,
        ...(input.book.author ? { artist: input.book.author } : {}),
        track: input.track,
        language: input.lang,
      };
      const mastered = await runAudioJob(
        {
          kind: 'master',
          pieces: group.map((i) => pieces[i]!),
          out: path.join(input.out, file),
          raw: path.join(input.work, `${file}.raw`),
          tags,
        },
        input.signal,
      );
      const speechSeconds = group.reduce((n, i) => n + secondsOf(pieces[i]!.samples), 0);
      const problem = judgeAudio({
        lang: input.lang,
        words: group.reduce((n, i) => n + countLetteredWords(item.texts[i]!), 0),
        speechSeconds,
        seconds: mastered.seconds,
        maxMinutes: input.maxMinutes,
        clipped: group.reduce((n, i) => n + read[i]!.clipped, 0),
        rmsDb: mastered.rmsDb,
        peakDb: mastered.peakDb,
        silences: mastered.silences,
      });
      return { made: { file, title, texts: group, mastered }, problem };
    }),
  );
  return { files: files.map((f) => f.made), problem: files.find((f) => f.problem)?.problem };
}
