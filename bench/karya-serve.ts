// `karya serve` as a user starts it, for the benches that measure a server (server.bench.ts,
// publish-memory.bench.ts): the built bundle (bin/karya.js), SQLite in a new folder, the offline provider
// (no OPENAI_API_KEY), an admin named by KARYA_ADMIN_EMAIL, on a free port of 127.0.0.1. Waits until
// /api/health answers; `stop()` ends it and removes its folder.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** This checkout's folder (the one bench/ is in). */
export const KARYA_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface KaryaServer {
  url: string;
  child: ChildProcess;
  dir: string;
  /** End the server (SIGTERM) and remove its folder. */
  stop(): Promise<void>;
}

export interface KaryaServeOptions {
  /** The admin's e-mail (KARYA_ADMIN_EMAIL). */
  adminEmail: string;
  /** Another checkout's folder whose bin/karya.js to run (a build to compare with); default this one. */
  root?: string;
  /** More environment (over this process's, OPENAI_API_KEY emptied, KARYA_LOG_LEVEL info unless set). */
  env?: Record<string, string | undefined>;
  /** The server's standard error shown as it comes ('inherit'), or kept and shown only when it fails to start. */
  stderr?: 'inherit' | 'on-failure';
  /** Folder name prefix under the system's temporary folder. */
  prefix?: string;
  /** Seconds to wait for /api/health (default 60). */
  startSeconds?: number;
}

/** A port free now on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A new `karya serve` answering /api/health; throws with what it wrote last when it exits or does not answer in time.
 */
export async function startKarya(options: KaryaServeOptions): Promise<KaryaServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), options.prefix ?? 'karya-bench-'));
  const keep = options.stderr === 'on-failure';
  const child = spawn(
    process.execPath,
    [path.join(options.root ?? KARYA_ROOT, 'bin', 'karya.js'), 'serve', '--port', String(port)],
    {
      cwd: dir,
      stdio: ['ignore', 'ignore', keep ? 'pipe' : 'inherit'],
      env: {
        ...process.env,
        OPENAI_API_KEY: '',
        KARYA_DB: path.join(dir, 'karya.sqlite'),
        KARYA_ADMIN_EMAIL: options.adminEmail,
        KARYA_LOG_LEVEL: process.env.KARYA_LOG_LEVEL ?? 'info',
        ...options.env,
      },
    },
  );
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-2000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${port}`;
  const seconds = options.startSeconds ?? 60;
  for (let attempt = 0; attempt < seconds * 10; attempt++) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`karya serve exited with ${child.exitCode}${said ? `: ${said}` : ''}`);
    }
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child, dir, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`karya serve did not answer /api/health within ${seconds} s${said ? `: ${said}` : ''}`);
}
