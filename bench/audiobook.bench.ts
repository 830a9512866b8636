// `npm run bench:audiobook`: what a 30-chapter book's audio edition costs in time and memory. The built CLI
// (`karya audiobook`, its own process) reads the book with a fake OpenAI-compatible speech server
// (tests/fake-speech.ts,
// in this process: real WAV of speech-shaped audio, 150 words a minute, as long as the words take to say) and, once,
// with the offline voice (espeak-ng). While it runs, its process tree is read from /proc every 50 ms: the CLI's own
// resident memory, the sum over its children (FFmpeg, espeak-ng), and how many FFmpeg processes run at once (the
// audio threads encode several files side by side: engine/node/audio/audio-pool.ts). Each figure is the median of
// BENCH_ROUNDS runs (default 3) with the machine's load beside it, against a reference measured in the same run: one
// plain FFmpeg encode (44.1 kHz mono 192 kbps MP3) of as many minutes of audio as the edition has. Memory must not
// grow with the book: the same edition of a 10-chapter book is measured too (BENCH_AUDIO_HEAP_MB caps the CLI's
// heap: an edition that completes under it holds no more alive). BENCH_AUDIO_CHAPTERS, BENCH_AUDIO_PARAGRAPHS (a
// chapter's, default 4) and BENCH_AUDIO_OFFLINE=0 change the sizes. epubcheck (a JVM the run starts to check the
// read-along EPUB: ~200 MB and seconds of its own) and Ace are left out (epubcheck off the PATH, FFmpeg and espeak-ng
// named by KARYA_FFMPEG…; KARYA_ACE=off) unless BENCH_CHECKS=1. Linux only (/proc).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from '../engine/node.js';
import { startFakeSpeech } from '../tests/fake-speech.js';
import { chapterSaves, saveInState } from '../tests/audio/book.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHAPTERS = Number(process.env.BENCH_AUDIO_CHAPTERS ?? 30);
const PARAGRAPHS = Number(process.env.BENCH_AUDIO_PARAGRAPHS ?? 4);
const CHECKS = process.env.BENCH_CHECKS === '1';
/** The CLI's main heap capped (MB): an edition that still completes holds no more than that alive, whatever its RSS. */
const HEAP_MB = process.env.BENCH_AUDIO_HEAP_MB;
const OFFLINE = process.env.BENCH_AUDIO_OFFLINE !== '0';
const SAMPLE_MS = 50;

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

// Forty-odd words a paragraph, each chapter's own (a number in it), so no two requests are alike.
const WORDS =
  'The rain came down over the hills and the river rose fast in the night while Aisha ' +
  'held the lantern high and walked to the old bridge calling for her brother who had ' +
  'gone to bring the goats home before the water reached the lower fields of the valley';
const paragraph = (c: number, p: number) => `${WORDS} in the ${p + 1}th hour of night ${c + 1}.`;

/** The book saved in a new state file: its id. */
function saveBook(state: string, chapters: number): Promise<number> {
  const texts = Array.from({ length: chapters }, (_, c) => ({
    title: `Night ${c + 1}`,
    text: Array.from({ length: PARAGRAPHS }, (_, p) => paragraph(c, p)).join('\n\n'),
  }));
  return saveInState(state, 'romance:bench-audio', chapterSaves('en', 'The Long Flood', texts));
}

/** Every process's parent and resident memory (kB) and name, from /proc. */
function processes(): Array<{ pid: number; ppid: number; rssKb: number; name: string }> {
  const all = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const field = (name: string) => new RegExp(`^${name}:\\s+(\\S+)`, 'm').exec(status)?.[1];
      all.push({
        pid: Number(entry),
        ppid: Number(field('PPid')),
        rssKb: Number(field('VmRSS') ?? 0),
        name: field('Name') ?? '',
      });
    } catch {
      // Gone while read.
    }
  }
  return all;
}

/** A program's whole path on PATH. */
const which = (name: string) =>
  (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));

/**
 * The run's PATH and tools: without the folders that hold epubcheck, FFmpeg and espeak-ng named by their whole paths
 * (tools.ts).
 */
function toolsEnv(): Record<string, string> {
  if (CHECKS) return { PATH: process.env.PATH ?? '' };
  const tools = Object.fromEntries(
    [
      ['KARYA_FFMPEG', 'ffmpeg'],
      ['KARYA_FFPROBE', 'ffprobe'],
      ['KARYA_ESPEAK_NG', 'espeak-ng'],
    ].flatMap(([variable, name]) => {
      const found = which(name!);
      return found ? [[variable!, found]] : [];
    }),
  );
  return {
    PATH: (process.env.PATH ?? '')
      .split(path.delimiter)
      .filter((dir) => !existsSync(path.join(dir, 'epubcheck')))
      .join(path.delimiter),
    ...tools,
  };
}

interface Run {
  seconds: number;
  audioMinutes: number;
  files: number;
  ownPeakKb: number;
  childrenPeakKb: number;
  treePeakKb: number;
  ffmpegAtOnce: number;
}

/** One `karya audiobook` run (the built bundle) with its process tree watched. */
async function runEdition(input: { chapters: number; env: Record<string, string> }): Promise<Run> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-audio-'));
  try {
    const state = path.join(dir, 'state.sqlite');
    const id = await saveBook(state, input.chapters);
    const out = path.join(dir, 'audio');
    const env: Record<string, string> = {
      ...toolsEnv(),
      HOME: process.env.HOME ?? dir,
      KARYA_ACE: 'off',
      NO_COLOR: '1',
      ...(HEAP_MB ? { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` } : {}),
      ...input.env,
    };
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [path.join(ROOT, 'bin', 'karya.js'), 'audiobook', '--book', String(id), '--out', out, '--state', state, '--json'],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => stdout.push(c));
    child.stderr.on('data', (c: Buffer) => stderr.push(c));
    const peaks = { own: 0, children: 0, tree: 0, ffmpeg: 0 };
    const timer = setInterval(() => {
      const all = processes();
      const own = all.find((p) => p.pid === child.pid);
      if (!own) return;
      const tree = new Set([child.pid!]);
      for (let grew = true; grew;) {
        grew = false;
        for (const p of all) if (!tree.has(p.pid) && tree.has(p.ppid)) grew = tree.add(p.pid) !== undefined;
      }
      const kids = all.filter((p) => tree.has(p.pid) && p.pid !== child.pid);
      const kidsKb = kids.reduce((n, p) => n + p.rssKb, 0);
      peaks.own = Math.max(peaks.own, own.rssKb);
      peaks.children = Math.max(peaks.children, kidsKb);
      peaks.tree = Math.max(peaks.tree, own.rssKb + kidsKb);
      peaks.ffmpeg = Math.max(peaks.ffmpeg, kids.filter((p) => p.name === 'ffmpeg').length);
    }, SAMPLE_MS);
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    if (code !== 0)
      throw new Error(`karya audiobook exited ${code}: ${Buffer.concat(stderr).toString('utf8').slice(-2000)}`);
    const json = JSON.parse(Buffer.concat(stdout).toString('utf8')) as {
      audiobook: { seconds: number; files: string[] };
    };
    return {
      seconds,
      audioMinutes: json.audiobook.seconds / 60,
      files: json.audiobook.files.filter((f) => f.endsWith('.mp3')).length,
      ownPeakKb: peaks.own,
      childrenPeakKb: peaks.children,
      treePeakKb: peaks.tree,
      ffmpegAtOnce: peaks.ffmpeg,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The reference: one plain FFmpeg encode of `minutes` of a voiced tone to a 44.1 kHz mono 192 kbps MP3 (seconds). */
function referenceEncode(minutes: number): number {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'karya-bench-ref-'));
  try {
    const started = performance.now();
    const r = spawnSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=180:sample_rate=44100:duration=${(minutes * 60).toFixed(1)}`,
      '-ac',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '192k',
      path.join(dir, 'ref.mp3'),
    ]);
    if (r.status !== 0) throw new Error(`ffmpeg: ${r.stderr.toString()}`);
    return (performance.now() - started) / 1000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function line(label: string, runs: Run[], reference: number[]): void {
  const m = (f: (r: Run) => number) => median(runs.map(f));
  const seconds = m((r) => r.seconds);
  const ref = median(reference);
  process.stdout.write(
    `  ${label}: ${seconds.toFixed(1)} s wall (${(seconds / CHAPTERS).toFixed(2)} ` +
      `s a chapter; runs ${runs.map((r) => r.seconds.toFixed(1)).join(', ')}), ` +
      `${m((r) => r.audioMinutes).toFixed(1)} min of audio in ${m((r) => r.files)} ` +
      `MP3s = ${((m((r) => r.audioMinutes) * 60) / seconds).toFixed(1)}× real time; ` +
      `reference (one plain FFmpeg encode of as many minutes) ${ref.toFixed(1)} ` +
      `s → ${(seconds / ref).toFixed(1)}× the reference; ` +
      `peak RSS: CLI ${mb(m((r) => r.ownPeakKb))}, its ` +
      `children ${mb(m((r) => r.childrenPeakKb))}, tree ${mb(m((r) => r.treePeakKb))}; ` +
      `FFmpeg processes at once ${m((r) => r.ffmpegAtOnce)} (load ${load()})\n`,
  );
}

async function main(): Promise<void> {
  const fake = await startFakeSpeech();
  const server = { KARYA_SPEECH_URL: fake.baseURL, KARYA_SPEECH_FORMAT: 'wav' };
  process.stdout.write(
    `Audio edition: ${CHAPTERS} chapters × ${PARAGRAPHS} paragraphs (~50 words each), the built CLI, ${ROUNDS} ` +
      `runs, epubcheck ${CHECKS ? 'run' : 'left out (BENCH_CHECKS=1 runs it)'}, ${os.availableParallelism()} ` +
      `cores (audio threads: KARYA_AUDIO_THREADS or one a core), load ${load()}\n`,
  );
  try {
    const runs: Run[] = [];
    const reference: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const run = await runEdition({ chapters: CHAPTERS, env: server });
      runs.push(run);
      reference.push(referenceEncode(run.audioMinutes));
      process.stdout.write(
        `    run ${i + 1}: ${run.seconds.toFixed(1)} s, tree peak ${mb(run.treePeakKb)}, ` +
          `FFmpeg at once ${run.ffmpegAtOnce} (load ${load()})\n`,
      );
    }
    line(`speech server, ${CHAPTERS} chapters`, runs, reference);
    // One audio thread: what the pool's side-by-side encoding saves.
    const single = await runEdition({ chapters: CHAPTERS, env: { ...server, KARYA_AUDIO_THREADS: '1' } });
    line(`speech server, ${CHAPTERS} chapters, one audio thread`, [single], [referenceEncode(single.audioMinutes)]);
    // Memory does not grow with the book: a third of it.
    const third = Math.max(1, Math.round(CHAPTERS / 3));
    const small = await runEdition({ chapters: third, env: server });
    process.stdout.write(
      `  memory against the book's length: ${third} chapters tree peak ${mb(small.treePeakKb)} ` +
        `(CLI ${mb(small.ownPeakKb)}), ${CHAPTERS} chapters ${mb(median(runs.map((r) => r.treePeakKb)))} ` +
        `(CLI ${mb(median(runs.map((r) => r.ownPeakKb)))})\n`,
    );
    if (OFFLINE) {
      const offline = await runEdition({ chapters: CHAPTERS, env: {} });
      line(`offline voice (espeak-ng), ${CHAPTERS} chapters`, [offline], [referenceEncode(offline.audioMinutes)]);
    }
  } finally {
    await fake.close();
  }
}

await main();
