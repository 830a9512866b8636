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
  const lines = readingsRun(
    files.map((f) => f.file),
    head,
  );
  return files.map(({ duration }, i) => readingsIn(lines, i, duration));
}

/** The stderr lines of the one FFmpeg run acxReadingsOf reads: each file's header, levels and silence marks. */
function readingsRun(files: readonly string[], head: { start: number; seconds: number }): string[] {
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
  const inputs = files.flatMap((file) => ['-i', file]);
  const args = ['-hide_banner', '-nostats', ...inputs, '-filter_complex', graph, ...outputs];
  return spawnSync('ffmpeg', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }).stderr.split('\n');
}

/**
 * File `i`'s readings in the lines of a readingsRun, `duration` its length (where a silence running to its end ends).
 */
function readingsIn(lines: readonly string[], i: number, duration: number): AcxReadings {
  const linesOf = (name: string) => lines.filter((line) => line.startsWith(`[${name} `)).join('\n');
  return {
    whole: levelsIn(linesOf(`astats@whole${i}`)),
    head: levelsIn(linesOf(`astats@head${i}`)),
    quiet: silencesIn(linesOf(`ametadata@quiet${i}`), duration),
  };
}

export interface AcxReadings {
  whole: Levels;
  head: Levels;
  quiet: Silence[];
}

/**
 * The stream facts streamOf reads (ffprobe), from the header FFmpeg writes of input `index` as it opens it: the same
 * reading of the file (libavformat's), its duration rounded to the hundredth of a second.
 */
function inputFactsIn(lines: readonly string[], index: number, file: string): StreamFacts {
  const start = lines.findIndex((line) => line.startsWith(`Input #${index}, `));
  const end = lines.findIndex((line, i) => i > start && !line.startsWith(' '));
  const header = start < 0 ? [] : lines.slice(start + 1, end < 0 ? undefined : end);
  const time = header.map((l) => /^ {2}Duration: (\d+):(\d+):(\d+\.\d+)/.exec(l)).find(Boolean);
  const stream = header.map((l) =>
    /^ {2}Stream #\d+:\d+.*?: Audio: (\w+)[^,]*, (\d+) Hz, (\w+), \w+, (\d+) kb\/s/.exec(l),
  );
  const audio = stream.find(Boolean);
  // The file's own tags: the lines under "Metadata:" at the input's level, up to the next line less indented.
  const tagStart = header.indexOf('  Metadata:');
  const tagEnd = header.findIndex((l, i) => i > tagStart && !l.startsWith('    '));
  const tags = tagStart < 0 ? [] : header.slice(tagStart + 1, tagEnd < 0 ? undefined : tagEnd);
  const title = tags.map((l) => /^ {4}title\s*: (.*)$/.exec(l)?.[1]).find((t) => t !== undefined) ?? '';
  if (!time || !audio) throw new Error(`no audio stream in FFmpeg's header of ${file}:\n${header.join('\n')}`);
  const channels = audio[3] === 'mono' ? 1 : audio[3] === 'stereo' ? 2 : Number.NaN;
  return {
    codec: audio[1]!,
    sampleRate: Number(audio[2]),
    channels,
    bitRate: Number(audio[4]) * 1000,
    duration: Number(time[1]) * 3600 + Number(time[2]) * 60 + Number(time[3]),
    title,
  };
}

/**
 * An edition's MP3s read in one FFmpeg run: each file's stream facts (as streamOf reads them, from FFmpeg's header of
 * it) and what acxReadingsOf reads, where a file's own ffprobe and then the run would be one process a file more.
 */
export function editionReadingsOf(
  files: readonly string[],
  head: { start: number; seconds: number },
): Array<{ stream: StreamFacts; readings: AcxReadings }> {
  const lines = readingsRun(files, head);
  return files.map((file, i) => {
    const stream = inputFactsIn(lines, i, file);
    return { stream, readings: readingsIn(lines, i, stream.duration) };
  });
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
