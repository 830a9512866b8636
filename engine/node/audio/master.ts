// One file of the audio edition made to the numbers stores ask (ACX's, the strictest): its speech laid out with
// pauses between paragraphs and room tone at the head (0.75 s) and the tail (2.5 s), then, in FFmpeg processes,
// brought to an RMS of −20 dB by one linear gain (counted from the pieces' samples) and held under −4 dBFS by a
// look-ahead limiter, a pink room tone far under the speech (noise floor about −70 dB) mixed in, and encoded once as
// 44.1 kHz mono 192 kbps CBR MP3. Where the gain would take a peak over the limiter's ceiling, the limited audio is
// measured first (no encoding) and a level the limiter moved corrected once; the MP3 is decoded and measured.
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
  /** The loudest sample's level, as a share of full scale (0–1). */
  readonly peak: number;
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

/** The gain and the limiter every file is made with, as FFmpeg filters (the limiter at AUDIO_TARGET.limitDb). */
function gainAndLimiter(gainDb: number): string {
  const limit = (10 ** (AUDIO_TARGET.limitDb / 20)).toFixed(4);
  return `volume=${gainDb.toFixed(2)}dB,alimiter=limit=${limit}:level=0:latency=1:attack=5:release=80`;
}

/**
 * Encode `raw` with `gainDb` into `out`: the gain, the limiter, the room tone mixed in, 44.1 kHz mono 192 kbps CBR MP3.
 */
async function encode(raw: string, out: string, gainDb: number, tags: FileTags, signal?: AbortSignal): Promise<void> {
  const graph =
    `[0:a]${gainAndLimiter(gainDb)}[v];` +
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
 * The gain that brings the laid-out `raw` (`samples` long) to the RMS aimed at: counted from the pieces' samples (its
 * silences included, as a store's checker counts). The limiter takes a little off a voice with strong peaks: when the
 * loudest sample would pass the limiter's ceiling, the audio as the limiter leaves it is measured (FFmpeg, decoding
 * and encoding nothing; the room tone, 50 dB under, left out) and a level it moved corrected once.
 */
async function gainOf(pieces: readonly SpeechPiece[], raw: string, samples: number, signal?: AbortSignal) {
  const first = rmsDbOf(pieces, samples);
  if (!Number.isFinite(first)) return 0;
  const gain = AUDIO_TARGET.rmsDb - first;
  const peak = pieces.reduce((n, p) => Math.max(n, p.peak), 0);
  if (peak === 0 || 20 * Math.log10(peak) + gain <= AUDIO_TARGET.limitDb) return gain;
  const limited = await levelsOf(RAW_INPUT(raw), `${gainAndLimiter(gain)},`, signal);
  const off = AUDIO_TARGET.rmsDb - limited.rmsDb;
  return Number.isFinite(limited.rmsDb) && Math.abs(off) > 0.75 ? gain + off : gain;
}

/**
 * The pieces made into the MP3 `out` (its raw layout in `raw`, removed after): the level's gain, limiter, room tone,
 * one encoding, measured.
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
    await encode(raw, out, await gainOf(pieces, raw, laid.samples, signal), tags, signal);
    const measured = await levelsOf(['-i', out], SILENCES, signal);
    return { seconds: round3(secondsOf(laid.samples)), timings: laid.timings, ...measured };
  } finally {
    await rm(raw, { force: true });
  }
}
