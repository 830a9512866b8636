// Whether the esbuild bundle of the `karya` command (dist/cli/, scripts/build-cli.ts) is newer than every
// TypeScript source it was built from: bin/karya.js runs it only then, and the tests' globalSetup
// (tests/setup/cli-bundle.ts) rebuilds it once before a run when it is not.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bundleDir = path.join(root, 'dist', 'cli');

function newestSource() {
  let newest = 0;
  for (const dir of ['cli', 'engine', 'server', 'migrations']) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** A build stamp's contents (undefined when it cannot be read as an object). */
function stampOf(stamp) {
  try {
    const read = JSON.parse(readFileSync(stamp, 'utf8'));
    return read && typeof read === 'object' ? read : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether every file the build listed (build.json's `sources`, from esbuild's metafile) is still there and not newer
 * than `builtAt`: a look at the few hundred files the bundle holds instead of a walk of every source folder, at every
 * start of every command. Undefined for a stamp without the list (a bundle built before it was kept).
 */
function listedSourcesFresh(stamp, builtAt) {
  const read = stampOf(stamp);
  if (read === undefined) return false;
  const sources = read.sources;
  if (!Array.isArray(sources) || !sources.length) return undefined;
  for (const file of sources) {
    const stat = statSync(`${root}/${file}`, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > builtAt) return false;
  }
  return true;
}

/** The bundle in `dir` (dist/cli/ unless a test names another) exists and no source file is newer than its build stamp. */
export function isBundleFresh(dir = bundleDir) {
  const stamp = path.join(dir, 'build.json');
  const builtAt = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined) return false;
  return listedSourcesFresh(stamp, builtAt) ?? builtAt >= newestSource();
}

/** The build of the bundle in `dir`: its code's hash (build.json's codeHash), or undefined without one. */
export function bundleBuild(dir = bundleDir) {
  const hash = stampOf(path.join(dir, 'build.json'))?.codeHash;
  return typeof hash === 'string' && /^[0-9a-f]+$/.test(hash) ? hash.slice(0, 16) : undefined;
}
