// The audio edition's outside programs (FFmpeg, espeak-ng), each run as a separate process of its own
// (child_process, never linked into Karya: GPL code stays out of its bundle), asynchronously: the encoding and the
// measuring happen in those processes, never on the caller's thread. A program that is not installed is named with
// the package that installs it.
import { spawn } from 'node:child_process';
import { AudioError } from '../../audio-error.js';

/** The programs the audio edition runs, and the Debian package of each. */
export const AUDIO_TOOLS = { ffmpeg: 'ffmpeg', 'espeak-ng': 'espeak-ng' } as const;
export type AudioTool = keyof typeof AUDIO_TOOLS;

/**
 * The program a tool runs: KARYA_FFMPEG or KARYA_ESPEAK_NG when set (a build of one's own), else its
 * name on PATH.
 */
function programOf(tool: AudioTool): string {
  const variable = `KARYA_${tool.replace('-', '_').toUpperCase()}`;
  return process.env[variable]?.trim() || tool;
}

export interface ToolRun {
  stdout: Buffer;
  stderr: string;
}

/**
 * Run `tool` with `args` (stdin given, or closed), collecting stdout and stderr; a non-zero exit is audio_tool_failed
 * with its last line of stderr, a missing program audio_tool_missing.
 * @example const { stderr } = await runTool('ffmpeg', ['-i', 'a.wav', '-af', 'astats', '-f', 'null', '-']);
 */
export function runTool(
  tool: AudioTool,
  args: readonly string[],
  opts: { input?: Uint8Array | string; signal?: AbortSignal } = {},
): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(programOf(tool), args, {
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT')
        reject(new AudioError('audio_tool_missing', { tool, package: AUDIO_TOOLS[tool] }, { cause: error }));
      else
        reject(
          error.name === 'AbortError'
            ? error
            : new AudioError('audio_tool_failed', { tool, detail: error.message }, { cause: error }),
        );
    });
    child.on('close', (code) => {
      const stderr = Buffer.concat(err).toString('utf8');
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else if (code !== null || !opts.signal?.aborted)
        reject(new AudioError('audio_tool_failed', { tool, detail: lastLines(stderr) || `exit ${code}` }));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input ?? '');
  });
}

/** The last meaningful lines of a tool's stderr, for a message (no banner, at most 300 characters). */
function lastLines(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  return lines.slice(-2).join(' ').slice(-300);
}
