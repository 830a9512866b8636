// vitest globalSetup: the `karya` bundle (dist/cli/, scripts/build-cli.ts) is rebuilt once before the tests when a
// source is newer than it, so every `karya` a test spawns starts from the bundle (about 0.2 s) instead of falling
// back to tsx (1.2–1.6 s a start, bin/karya.js). A fresh clone has it from `npm ci` (the prepare script).
// Several runs may start at once in one checkout (engineers side by side): one of them builds, holding a lock file
// beside the bundle, and the others wait for it and then find the bundle current; the build itself swaps the new
// bundle in whole, so no run starts `karya` from half of one, and two builds at once (a stale lock broken by two
// waiters, an `npm run build` beside a run) cost time but break nothing.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statSync, watch, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDir, isBundleFresh } from '../../bin/bundle-fresh.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Longer than a build takes on a loaded machine: a lock held longer is a build that hangs. */
const LOCK_WAIT_MS = 10 * 60_000;
/** How often a waiter looks again even if it was not told the lock went (a watch can miss a removal). */
const LOCK_LOOK_MS = 1000;

/** An empty lock older than this lost its holder between creating it and writing its pid. */
const EMPTY_LOCK_MS = 10_000;

/** True when the process that wrote the lock file is gone (killed mid-build): its lock is stale. */
function holderGone(lock: string): boolean {
  let text: string;
  let age: number;
  try {
    text = readFileSync(lock, 'utf8');
    age = Date.now() - statSync(lock).mtimeMs;
  } catch {
    return false;
  }
  // Empty: its holder is writing its pid now, or died before it could.
  if (!text) return age > EMPTY_LOCK_MS;
  const pid = Number(text);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Resolves when the lock file is removed, or after LOCK_LOOK_MS, whichever is first. */
function lockChange(lock: string): Promise<void> {
  return new Promise((resolve) => {
    let watcher: ReturnType<typeof watch> | undefined;
    const done = (): void => {
      clearTimeout(timer);
      watcher?.close();
      resolve();
    };
    const timer = setTimeout(done, LOCK_LOOK_MS);
    try {
      watcher = watch(lock, done);
      watcher.on('error', done);
    } catch {
      done();
    }
  });
}

/** Takes the lock file (created exclusively, holding this pid), waiting for another holder to let it go. */
async function takeLock(lock: string): Promise<void> {
  const until = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (holderGone(lock)) rmSync(lock, { force: true });
    else if (Date.now() > until)
      throw new Error(
        `the CLI bundle's lock ${lock} was held for ${LOCK_WAIT_MS / 60_000} min: remove it if no build runs`,
      );
    else await lockChange(lock);
  }
}

function runBuild(outdir: string): Promise<void> {
  const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const args = [tsx, path.join(ROOT, 'scripts', 'build-cli.ts'), ...(outdir === bundleDir ? [] : ['--outdir', outdir])];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the CLI bundle (npm run build) failed with ${code ?? signal}`)),
    );
  });
}

/**
 * Makes the bundle in `outdir` current: 'fresh' when it already was (or another run made it so while this one
 * waited), 'built' when this call built it.
 */
export async function ensureBundle(outdir: string = bundleDir): Promise<'fresh' | 'built'> {
  if (isBundleFresh(outdir)) return 'fresh';
  const lock = `${outdir}.lock`;
  mkdirSync(path.dirname(outdir), { recursive: true });
  await takeLock(lock);
  try {
    if (isBundleFresh(outdir)) return 'fresh';
    await runBuild(outdir);
    return 'built';
  } finally {
    rmSync(lock, { force: true });
  }
}

export default async function setup(): Promise<void> {
  await ensureBundle();
}
