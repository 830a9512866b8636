// What a store's checker reads in an audio file, measured here with FFmpeg and ffprobe directly (not through the code
// under test): the stream's format, the levels of the decoded audio, the room tone at its ends, an M4B's chapters.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (tool: string, args: string[]) =>
  execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

/** ffmpeg's stderr for a run over `file` with `filter` (decoded to nothing). */
function filtered(file: string, filter: string): string {
  return spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', filter, '-f', 'null', '-'], {
    encoding: 'utf8',
  }).stderr;
}

/** ffprobe's JSON of `file`'s first audio stream, with `what` asked of it (-show_entries …, -show_chapters). */
const probed = (file: string, what: string[]): unknown =>
  JSON.parse(run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', ...what, '-of', 'json', file]));

export interface StreamFacts {
  codec: string;
  sampleRate: number;
  channels: number;
  bitRate: number;
  duration: number;
  /** The file's title tag (an MP3's ID3 title), '' when it has none. */
  title: string;
}

/** The first audio stream's codec, sample rate, channels and bit rate, the file's duration and title (ffprobe). */
export function streamOf(file: string): StreamFacts {
  const json = probed(file, [
    '-show_entries',
    'stream=codec_name,sample_rate,channels,bit_rate:format=duration:format_tags=title',
  ]) as {
    streams: Array<{ codec_name: string; sample_rate: string; channels: number; bit_rate: string }>;
    format: { duration: string; tags?: { title?: string } };
  };
  const s = json.streams[0]!;
  return {
    codec: s.codec_name,
    sampleRate: Number(s.sample_rate),
    channels: s.channels,
    bitRate: Number(s.bit_rate),
    duration: Number(json.format.duration),
    title: json.format.tags?.title ?? '',
  };
}

/** True when LAME marked the MP3 constant bit rate: its first frame's tag is "Info" (a VBR file's is "Xing"). */
export function isCbr(file: string): boolean {
  const head = readFileSync(file).subarray(0, 16_384).toString('latin1');
  return head.includes('Info') && !head.includes('Xing');
}

/** astats' options: the overall RMS and peak level alone. */
const STATS = 'measure_perchannel=none:measure_overall=RMS_level+Peak_level';

export interface Levels {
  rms: number;
  peak: number;
}

/** The overall RMS and peak level in dBFS of an astats run's report. */
function levelsIn(report: string): Levels {
  const read = (name: string) => {
    const v = [...report.matchAll(new RegExp(`${name} level dB: (-?[\\d.]+|-inf)`, 'g'))].at(-1)?.[1];
    return v === undefined || v === '-inf' ? Number.NEGATIVE_INFINITY : Number(v);
  };
  return { rms: read('RMS'), peak: read('Peak') };
}

/** A stretch quieter than silencedetect's noise level, in seconds (its end the file's when it runs to it). */
type Silence = { start: number; end: number };

/**
 * The stretches of a silencedetect run's report (its log, or its marks as ametadata prints them); one running to the
 * end of the file ends at `duration`.
 */
function silencesIn(report: string, duration: number): Silence[] {
  const starts = [...report.matchAll(/silence_start(?:: |=)(-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...report.matchAll(/silence_end(?:: |=)([\d.]+)/g)].map((m) => Number(m[1]));
  return starts.map((start, i) => ({ start: Math.max(0, start), end: ends[i] ?? duration }));
}

/** The decoded audio's overall RMS and peak level in dBFS (astats), from `start` for `seconds` when given. */
export function levels(file: string, window?: { start: number; seconds: number }): Levels {
  const trim = window ? `atrim=start=${window.start}:duration=${window.seconds},` : '';
  return levelsIn(filtered(file, `${trim}astats=${STATS}`));
}

/** Stretches quieter than `noiseDb` for at least `minSeconds`: each start and end. */
export function silences(file: string, noiseDb = -50, minSeconds = 0.3): Silence[] {
  return silencesIn(filtered(file, `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`), streamOf(file).duration);
}

/**
 * What levels() and silences() read (with silences' defaults) of each of `files`, from one FFmpeg run (an edition's
 * MP3s: one process, not one a file, and one decode of each instead of three): each file's levels, those of `head` (a
 * window in seconds), and its silences. Each file is an input of its own, its samples split between two astats; its
 * filters are named with its index, each reporting under its name. silencedetect logs under its own (the same for
 * every file), so its marks on the samples are printed by an ametadata named for the file; a silence still running at
 * the end has no mark of its end, and ends at the file's `duration` (streamOf).
 */
export function acxReadingsOf(
  files: ReadonlyArray<{ file: string; duration: number }>,
  head: { start: number; seconds: number },
): AcxReadings[] {
  const graph = files
    .map(
      (_, i) =>
        `[${i}:a]asplit=2[a${i}][b${i}];[a${i}]silencedetect=noise=-50dB:d=0.3,ametadata@quiet${i}=mode=print,` +
        `astats@whole${i}=${STATS}[whole${i}];` +
        `[b${i}]atrim=start=${head.start}:duration=${head.seconds},astats@head${i}=${STATS}[head${i}]`,
    )
    .join(';');
  const outputs = files.flatMap((_, i) =>
    ['whole', 'head'].flatMap((name) => ['-map', `[${name}${i}]`, '-f', 'null', '-']),
  );
  const inputs = files.flatMap(({ file }) => ['-i', file]);
  const args = ['-hide_banner', '-nostats', ...inputs, '-filter_complex', graph, ...outputs];
  const lines = spawnSync('ffmpeg', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stderr.split('\n');
  const linesOf = (name: string) => lines.filter((line) => line.startsWith(`[${name} `)).join('\n');
  return files.map(({ duration }, i) => ({
    whole: levelsIn(linesOf(`astats@whole${i}`)),
    head: levelsIn(linesOf(`astats@head${i}`)),
    quiet: silencesIn(linesOf(`ametadata@quiet${i}`), duration),
  }));
}

export interface AcxReadings {
  whole: Levels;
  head: Levels;
  quiet: Silence[];
}

/** An M4B's (or any MP4's) chapter marks: title, start and end in seconds. */
export function chaptersOf(file: string): Array<{ title: string; start: number; end: number }> {
  return m4bOf(file).chapters;
}

/** An M4B's first audio stream's codec and its chapter marks, from one ffprobe. */
export function m4bOf(file: string): { codec: string; chapters: Array<{ title: string; start: number; end: number }> } {
  const json = probed(file, ['-show_entries', 'stream=codec_name', '-show_chapters']) as {
    streams: Array<{ codec_name: string }>;
    chapters: Array<{ start_time: string; end_time: string; tags?: { title?: string } }>;
  };
  const chapters = json.chapters.map((c) => ({
    title: c.tags?.title ?? '',
    start: Number(c.start_time),
    end: Number(c.end_time),
  }));
  return { codec: json.streams[0]?.codec_name ?? '', chapters };
}
