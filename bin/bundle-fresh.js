// Whether the esbuild bundle of the `karya` command (dist/cli/, scripts/build-cli.ts) is newer than every
// file it was built from: bin/karya.js runs it only then, and the tests' globalSetup (tests/setup/cli-bundle.ts)
// rebuilds it once before a run when it is not. The files are the sources esbuild read (any kind: .ts, .mjs, .json,
// .yaml), the build's own recipe (RECIPE) and, for a stamp without the list, every such file under the code folders.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const bundleDir = path.join(repoRoot, 'dist', 'cli');

/** The folders the bundle's code comes from, and the kinds of file a build may read there (not guides or Java). */
const CODE_DIRS = ['cli', 'engine', 'server', 'migrations'];
const SOURCE_FILE = /\.(?:[cm]?[jt]s|json|ya?ml)$/;
/**
 * What makes a build besides its sources: the build script (its plugins rewrite code), the step that makes its chunks
 * ASCII-only (scripts/ascii-chunks.ts), the step that makes a batch's start eager (scripts/shape-start.ts, with the
 * batch it runs) and package.json.
 */
const RECIPE = [
  'scripts/build-cli.ts',
  'scripts/ascii-chunks.ts',
  'scripts/shape-start.ts',
  'scripts/start-training.mjs',
  'package.json',
];

function newestSource(root) {
  let newest = 0;
  for (const dir of CODE_DIRS) {
    const full = path.join(root, dir);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !SOURCE_FILE.test(entry.name)) continue;
      newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
    }
  }
  return newest;
}

/** Whether the build's recipe (RECIPE) is no newer than `builtAt`; a recipe file not there counts as older. */
function recipeFresh(root, builtAt) {
  return RECIPE.every((file) => (statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0) <= builtAt);
}

/** The stamp read last: its file, its time, and what it held (a start asks it for its freshness, then its build). */
let lastStamp;

/** A build stamp's contents (undefined when it cannot be read as an object), read once while its time is the same. */
function stampOf(stamp, at = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs) {
  if (at !== undefined && lastStamp?.file === stamp && lastStamp.at === at) return lastStamp.read;
  let read;
  try {
    read = JSON.parse(readFileSync(stamp, 'utf8'));
    read = read && typeof read === 'object' ? read : undefined;
  } catch {
    read = undefined;
  }
  lastStamp = { file: stamp, at, read };
  return read;
}

/**
 * Whether every file the build listed (build.json's `sources`, from esbuild's metafile) is still there and not newer
 * than `builtAt`: a look at the few hundred files the bundle holds instead of a walk of every source folder, at every
 * start of every command. Undefined for a stamp without the list (a bundle built before it was kept).
 */
function listedSourcesFresh(stamp, builtAt, root) {
  const read = stampOf(stamp, builtAt);
  if (read === undefined) return false;
  const sources = read.sources;
  if (!Array.isArray(sources) || !sources.length) return undefined;
  // Joined by hand: path.join's normalising of ~800 paths was half of this check's time (~6 ms of each start). The
  // listed paths are relative and '/'-separated (scripts/build-cli.ts), which every platform's file calls accept.
  const base = root.endsWith(path.sep) ? root : `${root}${path.sep}`;
  for (const file of sources) {
    const stat = statSync(`${base}${file}`, { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > builtAt) return false;
  }
  return true;
}

/**
 * The bundle in `dir` (dist/cli/ unless a test names another) exists and no file it was built from is newer than its
 * build stamp; `root` is the checkout the sources are read in (a test names a folder of its own).
 */
export function isBundleFresh(dir = bundleDir, root = repoRoot) {
  const stamp = path.join(dir, 'build.json');
  const builtAt = statSync(stamp, { throwIfNoEntry: false })?.mtimeMs;
  if (builtAt === undefined || !recipeFresh(root, builtAt)) return false;
  return listedSourcesFresh(stamp, builtAt, root) ?? builtAt >= newestSource(root);
}

/** The build of the bundle in `dir`: its code's hash (build.json's codeHash), or undefined without one. */
export function bundleBuild(dir = bundleDir) {
  const hash = stampOf(path.join(dir, 'build.json'))?.codeHash;
  return typeof hash === 'string' && /^[0-9a-f]+$/.test(hash) ? hash.slice(0, 16) : undefined;
}

/**
 * The bundle's worker entry `name` (dist/cli/<name>.js) as a file: URL, for a worker thread started from the sources
 * (tsx, vitest: its .mjs entry beside the .ts) while the bundle is built from these very sources, as bin/karya.js runs
 * it; undefined when it is not (or KARYA_NO_BUNDLE=1), and the thread loads the sources through tsx. From the bundle a
 * thread loads in ~0.45 s of CPU, through tsx its ~1,000 modules took ~1.7 s.
 */
export function freshBundleEntry(name, env = process.env) {
  if (env.KARYA_NO_BUNDLE === '1' || !isBundleFresh()) return undefined;
  const file = path.join(bundleDir, `${name}.js`);
  return existsSync(file) ? pathToFileURL(file).href : undefined;
}
