// Where karya keeps V8's compiled code between runs (Node's compile cache): a folder of its own per build of the
// bundle, under the user's cache (beside epubcheck's class archives: $XDG_CACHE_HOME or ~/.cache, karya/), else
// in the temporary folder. Node never removes an entry from a compile cache, and its default folder is shared by
// every program on the machine: each build keyed apart, the folders of builds no run has used for a while are
// removed when a new build first runs (a readdir then, never on every start), off the start's path.
import { mkdirSync, statSync, utimesSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A build's folder unused for this long is an older build's: another checkout's runs (a reference build measured beside
 * this one) keep theirs.
 */
export const UNUSED_MS = 10 * 60 * 1000;

/** The folder of every build's compile cache, for this user. */
export function compileCacheRoot(env = process.env) {
  const home = os.homedir();
  const base = env.XDG_CACHE_HOME || (home ? path.join(home, '.cache') : '');
  return base
    ? path.join(base, 'karya', 'node-compile')
    : path.join(os.tmpdir(), `karya-node-compile-${process.getuid?.() ?? 'user'}`);
}

/**
 * The compile cache folder of a build (`build`: the bundle's code hash, or `sources` when karya runs its sources),
 * made when missing and marked used now; when it was new, `pruned` removes the folders of builds unused for
 * UNUSED_MS (undefined otherwise). Undefined when no folder can be made there: the run goes on without the cache.
 * @example compileCacheFolder('8b6b00a3…') // { dir: '~/.cache/karya/node-compile/8b6b00a3…', pruned: Promise }
 */
export function compileCacheFolder(build, { env = process.env, now = Date.now() } = {}) {
  const root = compileCacheRoot(env);
  const dir = path.join(root, build);
  try {
    const isNew = statSync(dir, { throwIfNoEntry: false }) === undefined;
    if (isNew) mkdirSync(dir, { recursive: true, mode: 0o700 });
    else utimesSync(dir, now / 1000, now / 1000);
    return { dir, pruned: isNew ? pruneOlderBuilds(root, build, now) : undefined };
  } catch {
    return undefined;
  }
}

/** Remove the folders in `root` other than `keep` that no run has marked used for UNUSED_MS; never fails. */
export async function pruneOlderBuilds(root, keep, now = Date.now()) {
  try {
    for (const name of await readdir(root)) {
      if (name === keep) continue;
      const folder = path.join(root, name);
      const info = await stat(folder).catch(() => undefined);
      if (info?.isDirectory() && now - info.mtimeMs > UNUSED_MS)
        await rm(folder, { recursive: true, force: true }).catch(() => undefined);
    }
  } catch {
    // the root went away, or cannot be read: nothing to remove
  }
}
