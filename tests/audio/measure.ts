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
  const json = JSON.parse(
    run('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a:0',
      '-show_entries',
      'stream=codec_name,sample_rate,channels,bit_rate:format=duration:format_tags=title',
      '-of',
      'json',
      file,
    ]),
  ) as {
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

/** The stretches of a silencedetect run's report; one running to the end of the file ends at `duration`. */
function silencesIn(report: string, duration: number): Silence[] {
  const starts = [...report.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...report.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
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
 * What levels() and silences() read (with silences' defaults), from one decode instead of three: the whole file's
 * levels, those of `head` (a window in seconds), and its silences. The samples are split between two astats named
 * apart (each reports under its name); silencedetect passes them on unchanged. `duration` is the file's (streamOf).
 */
export function acxReadings(file: string, duration: number, head: { start: number; seconds: number }): AcxReadings {
  const graph =
    `[0:a]asplit=2[a][b];[a]silencedetect=noise=-50dB:d=0.3,astats@whole=${STATS}[whole];` +
    `[b]atrim=start=${head.start}:duration=${head.seconds},astats@head=${STATS}[head]`;
  const outputs = ['-map', '[whole]', '-f', 'null', '-', '-map', '[head]', '-f', 'null', '-'];
  const args = ['-hide_banner', '-nostats', '-i', file, '-filter_complex', graph, ...outputs];
  const report = spawnSync('ffmpeg', args, { encoding: 'utf8' }).stderr;
  const linesOf = (name: string) =>
    report
      .split('\n')
      .filter((line) => line.startsWith(`[astats@${name} `))
      .join('\n');
  return { whole: levelsIn(linesOf('whole')), head: levelsIn(linesOf('head')), quiet: silencesIn(report, duration) };
}

export interface AcxReadings {
  whole: Levels;
  head: Levels;
  quiet: Silence[];
}

/** An M4B's (or any MP4's) chapter marks: title, start and end in seconds. */
export function chaptersOf(file: string): Array<{ title: string; start: number; end: number }> {
  const json = JSON.parse(run('ffprobe', ['-v', 'error', '-show_chapters', '-of', 'json', file])) as {
    chapters: Array<{ start_time: string; end_time: string; tags?: { title?: string } }>;
  };
  return json.chapters.map((c) => ({
    title: c.tags?.title ?? '',
    start: Number(c.start_time),
    end: Number(c.end_time),
  }));
}
