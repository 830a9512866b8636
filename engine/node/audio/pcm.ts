// A voice's audio as samples: decoded by FFmpeg (a process of its own) to 44.1 kHz mono 16-bit PCM, its leading and
// trailing silence cut (so a paragraph's time is its speech), and its clipped stretches counted. Timings are counted
// in samples, so they are exact in the chapter's file.
import { runTool } from './tools.js';

export const SAMPLE_RATE = 44_100;
/** Full scale of a 16-bit sample. */
const FULL = 32_767;

/**
 * Several answers' files decoded by one FFmpeg (its start, ~0.05 s of CPU, paid once instead of once a paragraph),
 * each into the raw 44.1 kHz mono 16-bit file of the same place in `outputs`: any audio a voice answers (WAV, MP3,
 * Opus…), each stream decoded on its own.
 */
export async function decodeFilesToPcm(
  inputs: readonly string[],
  outputs: readonly string[],
  signal?: AbortSignal,
): Promise<void> {
  const args = ['-y', '-hide_banner', '-loglevel', 'error', ...inputs.flatMap((file) => ['-i', file])];
  outputs.forEach((file, i) => {
    args.push('-map', `${i}:a:0`, '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', '-acodec', 'pcm_s16le', file);
  });
  await runTool('ffmpeg', args, signal ? { signal } : {});
}

/**
 * The samples with their silence at both ends cut (below `thresholdDb`), keeping `keepMs` of it each side so a word's
 * first and last sounds are whole.
 */
export function trimSilence(pcm: Int16Array, opts: { thresholdDb?: number; keepMs?: number } = {}): Int16Array {
  const threshold = FULL * 10 ** ((opts.thresholdDb ?? -50) / 20);
  const keep = Math.round(((opts.keepMs ?? 40) / 1000) * SAMPLE_RATE);
  let first = 0;
  while (first < pcm.length && Math.abs(pcm[first]!) < threshold) first++;
  if (first === pcm.length) return pcm.subarray(0, 0);
  let last = pcm.length - 1;
  while (last > first && Math.abs(pcm[last]!) < threshold) last--;
  return pcm.subarray(Math.max(0, first - keep), Math.min(pcm.length, last + 1 + keep));
}

/** Stretches of three or more samples in a row at full scale: the voice's audio clipped. */
export function clippedStretches(pcm: Int16Array): number {
  let stretches = 0;
  let run = 0;
  for (const s of pcm) {
    if (s >= FULL - 1 || s <= -FULL) {
      run++;
      if (run === 3) stretches++;
    } else run = 0;
  }
  return stretches;
}

/** The sum of the samples' squares, each as a share of full scale (what an RMS level is counted from). */
export function sumOfSquares(pcm: Int16Array): number {
  let sum = 0;
  for (const s of pcm) sum += (s / 32_768) ** 2;
  return sum;
}

/** The loudest sample's level, as a share of full scale (what a peak level is counted from). */
export function peakOf(pcm: Int16Array): number {
  let peak = 0;
  for (const s of pcm) peak = Math.max(peak, Math.abs(s));
  return peak / 32_768;
}

/** Seconds of `samples` samples. */
export const secondsOf = (samples: number) => samples / SAMPLE_RATE;
