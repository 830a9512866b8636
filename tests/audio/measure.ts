// What a store's checker reads in an audio file, measured here with FFmpeg and ffprobe directly (not through the code
// under test): the stream's format, the levels of the decoded audio, the room tone at its ends, an M4B's chapters.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const run = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });

/** ffmpeg's stderr for a run over `file` with `filter` (decoded to nothing). */
function filtered(file: string, filter: string): string {
  return spawnSync('ffmpeg', ['-hide_banner', '-nostats', '-i', file, '-af', filter, '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
}

export interface StreamFacts {
  codec: string;
  sampleRate: number;
  channels: number;
  bitRate: number;
  duration: number;
}

/** The first audio stream's codec, sample rate, channels and bit rate, and the file's duration (ffprobe). */
export function streamOf(file: string): StreamFacts {
  const json = JSON.parse(run('ffprobe', ['-v', 'error', '-select_streams', 'a:0', '-show_entries', 'stream=codec_name,sample_rate,channels,bit_rate:format=duration', '-of', 'json', file])) as { streams: Array<{ codec_name: string; sample_rate: string; channels: number; bit_rate: string }>; format: { duration: string } };
  const s = json.streams[0]!;
  return { codec: s.codec_name, sampleRate: Number(s.sample_rate), channels: s.channels, bitRate: Number(s.bit_rate), duration: Number(json.format.duration) };
}

/** True when LAME marked the MP3 constant bit rate: its first frame's tag is "Info" (a VBR file's is "Xing"). */
export function isCbr(file: string): boolean {
  const head = readFileSync(file).subarray(0, 16_384).toString('latin1');
  return head.includes('Info') && !head.includes('Xing');
}

/** The decoded audio's overall RMS and peak level in dBFS (astats), from `start` for `seconds` when given. */
export function levels(file: string, window?: { start: number; seconds: number }): { rms: number; peak: number } {
  const trim = window ? `atrim=start=${window.start}:duration=${window.seconds},` : '';
  const out = filtered(file, `${trim}astats=measure_perchannel=none:measure_overall=RMS_level+Peak_level`);
  const read = (name: string) => {
    const v = [...out.matchAll(new RegExp(`${name} level dB: (-?[\\d.]+|-inf)`, 'g'))].at(-1)?.[1];
    return v === undefined || v === '-inf' ? Number.NEGATIVE_INFINITY : Number(v);
  };
  return { rms: read('RMS'), peak: read('Peak') };
}

/** Stretches quieter than `noiseDb` for at least `minSeconds`: each start and end (the end of the file when it runs to it). */
export function silences(file: string, noiseDb = -50, minSeconds = 0.3): Array<{ start: number; end: number }> {
  const out = filtered(file, `silencedetect=noise=${noiseDb}dB:d=${minSeconds}`);
  const starts = [...out.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]));
  const ends = [...out.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]));
  const duration = streamOf(file).duration;
  return starts.map((start, i) => ({ start: Math.max(0, start), end: ends[i] ?? duration }));
}

/** An M4B's (or any MP4's) chapter marks: title, start and end in seconds. */
export function chaptersOf(file: string): Array<{ title: string; start: number; end: number }> {
  const json = JSON.parse(run('ffprobe', ['-v', 'error', '-show_chapters', '-of', 'json', file])) as { chapters: Array<{ start_time: string; end_time: string; tags?: { title?: string } }> };
  return json.chapters.map((c) => ({ title: c.tags?.title ?? '', start: Number(c.start_time), end: Number(c.end_time) }));
}

/** An MP3's ID3 title tag. */
export function titleTag(file: string): string {
  return run('ffprobe', ['-v', 'error', '-show_entries', 'format_tags=title', '-of', 'default=noprint_wrappers=1:nokey=1', file]).trim();
}
