// Spawn the real `karya` command (bin/karya.js, what `npx karya` runs) and collect what it prints: for the
// tests where the process is the point (signals, kills, the launcher, several processes at once). Every
// other CLI test runs the command in the test's own process (tests/karya-in-process.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT } from '../../engine/node/load.js';

export const KARYA = path.join(ROOT, 'bin', 'karya.js');

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Environment without any real provider key, so tests never reach a network. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.OPENAI_API_KEY;
  delete env.OPENAI_BASE_URL;
  delete env.KARYA_MODEL;
  // The server's own memory settings (bin/serve-memory.js), as a user's `karya serve` gets them.
  delete env.MALLOC_ARENA_MAX;
  delete env.GLIBC_TUNABLES;
  delete env.KARYA_MALLOC;
  return { ...env, NO_COLOR: '1', ...extra };
}

export function startCli(
  args: string[],
  opts: { env?: Record<string, string>; cwd?: string } = {},
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [KARYA, ...args], {
    cwd: opts.cwd ?? ROOT,
    env: cleanEnv(opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliResult>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export function runCli(args: string[], opts: { env?: Record<string, string>; cwd?: string } = {}): Promise<CliResult> {
  return startCli(args, opts).done;
}
