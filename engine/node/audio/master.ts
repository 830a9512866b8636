// One file of the audio edition made to the numbers stores ask (ACX's, the strictest): its speech laid out with
// pauses between paragraphs and room tone at the head (0.75 s) and the tail (2.5 s), then, in FFmpeg processes,
// measured (pass one), brought to an RMS of −20 dB by one linear gain and held under −4 dBFS by a look-ahead limiter
// (pass two), a pink room tone far under the speech (noise floor about −70 dB) mixed in, and encoded as 44.1 kHz mono
// 192 kbps CBR MP3. The MP3 is decoded and measured again; a level the limiter moved is corrected once.
import { open, readFile, rm } from 'node:fs/promises';
import { runTool } from './tools.js';
import { SAMPLE_RATE, secondsOf } from './pcm.js';

/** The numbers every file is made to (ACX's audio submission requirements). */
export const AUDIO_TARGET = {
  /** The RMS aimed at, and the window a file must be in. */
  rmsDb: -20,
  rmsMinDb: -23,
  rmsMaxDb: -18,
  /** The limiter's ceiling, under the highest peak allowed (−3 dB) by the margin an MP3 encoder may overshoot. */
  limitDb: -4,
  peakMaxDb: -3,
  noiseFloorMaxDb: -60,
  headSeconds: 0.75,
  tailSeconds: 2.5,
  /** Between paragraphs, and after a heading. */
  pauseSeconds: 0.9,
  headingPauseSeconds: 1.3,
  bitrate: '192k',
  maxMinutes: 120,
} as const;

/** Room tone's amplitude (pink noise): an RMS near −70 dB, a noise floor well under −60 dB. */
const ROOM_TONE_AMPLITUDE = 0.0009;

/**
 * A piece of speech, its samples in a file of their own (raw 16-bit mono at 44.1 kHz: a chapter is never held in
 * memory whole), their count and sum of squares (its level), and the pause after it (seconds); the last piece's pause
 * is the tail's room tone.
 */
export interface SpeechPiece {
  readonly file: string;
  readonly samples: number;
  readonly sumSquares: number;
  readonly pauseAfter: number;
}

/** Tags an MP3 carries (ID3): its title, the book's author and title. */
export interface FileTags {
  readonly title: string;
  readonly artist?: string;
  readonly album: string;
  readonly track: number;
  readonly language: string;
}

export interface MasteredFile {
  /** The file's length in seconds (as its speech and room tone were laid out). */
  readonly seconds: number;
  /** Each piece's start and end in the file (seconds), after the head's room tone. */
  readonly timings: ReadonlyArray<{ begin: number; end: number }>;
  /** The decoded MP3's RMS and highest peak (dBFS). */
  readonly rmsDb: number;
  readonly peakDb: number;
  /** Silences longer than SILENCE_SECONDS in the MP3 (below −45 dB): where each starts and how long it is. */
  readonly silences: ReadonlyArray<{ at: number; seconds: number }>;
}

/** The longest silence allowed inside a file (seconds); the room tone at its ends is not counted. */
export const SILENCE_SECONDS = 3.5;
/** The silence detector reading the MP3 in the same pass as its levels. */
const SILENCES = `silencedetect=noise=-45dB:d=${SILENCE_SECONDS},`;

/** Silences silencedetect wrote on stderr, each as its start and length. */
function silencesOf(stderr: string): Array<{ at: number; seconds: number }> {
  const starts = [...stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const lengths = [...stderr.matchAll(/silence_duration: ([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((at, i) => ({ at, seconds: lengths[i] ?? Number.POSITIVE_INFINITY }));
}

/** RMS and peak level (dB) of audio FFmpeg reads with `input` args, measured by astats. */
export async function levelsOf(
  input: readonly string[],
  filter = '',
  signal?: AbortSignal,
): Promise<{ rmsDb: number; peakDb: number; silences: Array<{ at: number; seconds: number }> }> {
  const { stderr } = await runTool(
    'ffmpeg',
    [
      '-hide_banner',
      '-nostats',
      ...input,
      '-af',
      `${filter}astats=measure_perchannel=none:measure_overall=RMS_level+Peak_level`,
      '-f',
      'null',
      '-',
    ],
    signal ? { signal } : {},
  );
  const read = (name: string) => {
    const found = [...stderr.matchAll(new RegExp(`${name} level dB: (-?[\\d.]+|-inf)`, 'g'))].at(-1)?.[1];
    return found === undefined || found === '-inf' ? Number.NEGATIVE_INFINITY : Number(found);
  };
  return { rmsDb: read('RMS'), peakDb: read('Peak'), silences: silencesOf(stderr) };
}

/** Lay the pieces out as raw samples in `raw` (head room, speech, pauses, tail); each piece's place in seconds. */
async function layOut(
  pieces: readonly SpeechPiece[],
  raw: string,
): Promise<{ samples: number; timings: Array<{ begin: number; end: number }> }> {
  const file = await open(raw, 'w');
  let at = 0;
  const silence = async (seconds: number) => {
    const n = Math.round(seconds * SAMPLE_RATE);
    await file.write(new Uint8Array(n * 2));
    at += n;
  };
  const timings: Array<{ begin: number; end: number }> = [];
  try {
    await silence(AUDIO_TARGET.headSeconds);
    for (const piece of pieces) {
      const begin = at;
      await file.write(await readFile(piece.file));
      await rm(piece.file, { force: true });
      at += piece.samples;
      timings.push({ begin: round3(secondsOf(begin)), end: round3(secondsOf(at)) });
      await silence(piece.pauseAfter);
    }
  } finally {
    await file.close();
  }
  return { samples: at, timings };
}

/** The RMS level (dBFS) of the pieces over `samples` samples in all (the silence between them counts as zeros). */
function rmsDbOf(pieces: readonly SpeechPiece[], samples: number): number {
  const sum = pieces.reduce((n, p) => n + p.sumSquares, 0);
  return samples > 0 && sum > 0 ? 10 * Math.log10(sum / samples) : Number.NEGATIVE_INFINITY;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;
const RAW_INPUT = (raw: string) => ['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1', '-i', raw];

/**
 * Encode `raw` with `gainDb` into `out`: the gain, the limiter, the room tone mixed in, 44.1 kHz mono 192 kbps CBR MP3.
 */
async function encode(raw: string, out: string, gainDb: number, tags: FileTags, signal?: AbortSignal): Promise<void> {
  const limit = (10 ** (AUDIO_TARGET.limitDb / 20)).toFixed(4);
  const graph =
    `[0:a]volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit}:level=0:latency=1:attack=5:release=80[v];` +
    `anoisesrc=r=${SAMPLE_RATE}:c=pink:a=${ROOM_TONE_AMPLITUDE}:seed=1187[n];` +
    `[v][n]amix=inputs=2:duration=first:normalize=0,` +
    `aformat=sample_rates=${SAMPLE_RATE}:channel_layouts=mono[out]`;
  const meta = [
    'title',
    tags.title,
    'album',
    tags.album,
    'track',
    String(tags.track),
    'language',
    tags.language,
    ...(tags.artist ? ['artist', tags.artist] : []),
  ];
  const metadata = meta.flatMap((v, i) => (i % 2 === 0 ? ['-metadata', `${v}=${meta[i + 1]}`] : []));
  await runTool(
    'ffmpeg',
    [
      '-y',
      '-hide_banner',
      '-loglevel',
      'error',
      ...RAW_INPUT(raw),
      '-filter_complex',
      graph,
      '-map',
      '[out]',
      '-c:a',
      'libmp3lame',
      '-b:a',
      AUDIO_TARGET.bitrate,
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-id3v2_version',
      '3',
      ...metadata,
      out,
    ],
    signal ? { signal } : {},
  );
}

/**
 * The pieces made into the MP3 `out` (its raw layout in `raw`, removed after): two-pass level, limiter, room tone,
 * measured.
 * @example await masterFile({ pieces, out: 'chapter-01.mp3', raw: '/tmp/x.raw', tags })
 */
export async function masterFile(input: {
  pieces: readonly SpeechPiece[];
  out: string;
  raw: string;
  tags: FileTags;
  signal?: AbortSignal;
}): Promise<MasteredFile> {
  const { pieces, out, raw, tags, signal } = input;
  const last = pieces.length - 1;
  const laid = await layOut(
    pieces.map((p, i) => (i === last ? { ...p, pauseAfter: AUDIO_TARGET.tailSeconds } : p)),
    raw,
  );
  try {
    // Pass one: the laid-out audio's RMS, counted from its samples (its silences included, as a store's checker
    // counts).
    const first = rmsDbOf(pieces, laid.samples);
    let gain = Number.isFinite(first) ? AUDIO_TARGET.rmsDb - first : 0;
    await encode(raw, out, gain, tags, signal);
    let measured = await levelsOf(['-i', out], SILENCES, signal);
    // The limiter takes a little off a voice with strong peaks: one correction brings the RMS back to its aim.
    if (Number.isFinite(measured.rmsDb) && Math.abs(measured.rmsDb - AUDIO_TARGET.rmsDb) > 0.75) {
      gain += AUDIO_TARGET.rmsDb - measured.rmsDb;
      await encode(raw, out, gain, tags, signal);
      measured = await levelsOf(['-i', out], SILENCES, signal);
    }
    return { seconds: round3(secondsOf(laid.samples)), timings: laid.timings, ...measured };
  } finally {
    await rm(raw, { force: true });
  }
}
