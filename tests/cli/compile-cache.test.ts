// V8's compiled code of the `karya` command is kept in karya's own folder for each build of the bundle (under the
// user's cache, beside epubcheck's class archives), never in Node's shared default, which Node never prunes: a new
// build's first run removes the folders of builds no run has used for a while, and keeps one another checkout's
// runs still use. The last test runs the real launcher, as `npx karya` does.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { compileCacheFolder, compileCacheRoot, UNUSED_MS } from '../../bin/compile-cache.js';
import { bundleBuild, isBundleFresh } from '../../bin/bundle-fresh.js';
import { cleanEnv, KARYA } from './run-cli.js';
import { tempDir } from '../temp.js';

const HOUR = 60 * 60 * 1000;

/** A user whose cache is a fresh folder. */
function user(): { env: { XDG_CACHE_HOME: string }; root: string } {
  const env = { XDG_CACHE_HOME: tempDir('karya-compile-cache-') };
  return { env, root: compileCacheRoot(env) };
}

describe("karya's compile cache", () => {
  it("is a folder of the build under the user's cache, marked used at every start", () => {
    const { env, root } = user();
    expect(root).toBe(path.join(env.XDG_CACHE_HOME, 'karya', 'node-compile'));
    const first = compileCacheFolder('a1b2c3', { env })!;
    expect(first.dir).toBe(path.join(root, 'a1b2c3'));
    expect(existsSync(first.dir)).toBe(true);
    // The same build again: nothing to prune.
    expect(compileCacheFolder('a1b2c3', { env })!.pruned).toBeUndefined();
  });

  it('a second build id leaves one folder: the older build, unused since, is removed', async () => {
    const { env, root } = user();
    const old = compileCacheFolder('0ld0ld', { env })!;
    writeFileSync(path.join(old.dir, 'entry'), 'compiled');
    await old.pruned;
    const later = Date.now() + HOUR;
    await compileCacheFolder('9e09e0', { env, now: later })!.pruned;
    expect(readdirSync(root)).toEqual(['9e09e0']);
  });

  it(
    "keeps a build another checkout's runs used a moment " + 'ago, and the folder of a build run again is not removed',
    async () => {
      const { env, root } = user();
      compileCacheFolder('aaaa', { env });
      const soon = Date.now() + UNUSED_MS / 2;
      await compileCacheFolder('bbbb', { env, now: soon })!.pruned;
      expect(readdirSync(root).sort()).toEqual(['aaaa', 'bbbb']);
      // aaaa runs again later (marked used then); a third build after that keeps it, and removes bbbb, unused since.
      compileCacheFolder('aaaa', { env, now: soon + HOUR });
      await compileCacheFolder('cccc', { env, now: soon + HOUR + 1000 })!.pruned;
      expect(readdirSync(root).sort()).toEqual(['aaaa', 'cccc']);
    },
  );

  it(
    "the launcher keeps its compiled code in its build's " + "folder, and its first run removes an older build's",
    async () => {
      const { env, root } = user();
      const stale = path.join(root, 'f00f00f00f00f00f');
      mkdirSync(stale, { recursive: true });
      writeFileSync(path.join(stale, 'entry'), 'compiled');
      const past = (Date.now() - HOUR) / 1000;
      utimesSync(stale, past, past);
      const build = (isBundleFresh() && bundleBuild()) || 'sources';
      const childEnv: NodeJS.ProcessEnv = { ...cleanEnv(), ...env };
      delete childEnv.NODE_COMPILE_CACHE;
      delete childEnv.NODE_DISABLE_COMPILE_CACHE;
      const { stdout } = await promisify(execFile)(process.execPath, [KARYA, '--version'], { env: childEnv });
      expect(stdout).toMatch(/\d+\.\d+\.\d+/);
      expect(readdirSync(root)).toEqual([build]);
      // Node keeps its entries under a folder of its version inside the build's.
      const [nodeFolder] = readdirSync(path.join(root, build));
      expect(nodeFolder).toMatch(/^v\d+\.\d+\.\d+-/);
      expect(readdirSync(path.join(root, build, nodeFolder!)).length).toBeGreaterThan(0);
    },
  );
});
