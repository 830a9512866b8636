// When `karya` may run its bundle (bin/bundle-fresh.js): only while no file the bundle was made from is newer than its
// build stamp. Those files are not TypeScript alone: a worker's .mjs entry, a JSON or YAML file the code reads in, the
// build script and package.json (which packages are bundled) change what a build makes, so each makes the bundle stale.
import { mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { bundleDir, freshBundleEntry, isBundleFresh } from '../../bin/bundle-fresh.js';
import { tempDir } from '../temp.js';

/** The checkout's files, and the time of the build (a minute after them). */
const FILES = [
  'cli/main.ts',
  'engine/node/export/render-worker.mjs',
  'engine/spec/shared.schema.json',
  'server/routes/words.yaml',
  'scripts/build-cli.ts',
  'scripts/ascii-chunks.ts',
  'scripts/shape-start.ts',
  'scripts/start-training.mjs',
  'package.json',
];
const SOURCES = FILES.slice(0, 4);
const BUILT = new Date('2026-01-01T12:00:00Z');
const BEFORE = new Date('2026-01-01T11:59:00Z');
const AFTER = new Date('2026-01-01T12:01:00Z');

/** A checkout with FILES saved before its bundle's build; `listed`: the stamp lists its sources (as builds do). */
function checkout(listed: boolean): { root: string; dir: string } {
  const root = tempDir('karya-bundle-fresh-');
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), '');
    utimesSync(path.join(root, file), BEFORE, BEFORE);
  }
  const dir = path.join(root, 'dist', 'cli');
  mkdirSync(dir, { recursive: true });
  const stamp = path.join(dir, 'build.json');
  writeFileSync(stamp, JSON.stringify({ codeHash: 'ab12', ...(listed ? { sources: SOURCES } : {}) }));
  utimesSync(stamp, BUILT, BUILT);
  return { root, dir };
}

function saveLater(root: string, file: string): void {
  utimesSync(path.join(root, file), AFTER, AFTER);
}

describe.each([
  ['listing its sources', true],
  ['without a list (a bundle built before one was kept)', false],
])('a CLI bundle %s', (_, listed) => {
  it('is current while every file it was made from is older than its build', () => {
    const { root, dir } = checkout(listed);
    expect(isBundleFresh(dir, root)).toBe(true);
  });

  it.each(FILES)('is stale once %s is saved after its build', (file) => {
    const { root, dir } = checkout(listed);
    saveLater(root, file);
    expect(isBundleFresh(dir, root)).toBe(false);
  });

  it('is stale without its build stamp', () => {
    const { root } = checkout(listed);
    expect(isBundleFresh(path.join(root, 'dist', 'none'), root)).toBe(false);
  });
});

describe('a CLI bundle', () => {
  it('listing its sources is stale once one of them is gone', () => {
    const { root, dir } = checkout(true);
    rmSync(path.join(root, 'engine', 'node', 'export', 'render-worker.mjs'));
    expect(isBundleFresh(dir, root)).toBe(false);
  });

  it('is not made stale by a guide or other non-code file saved in the code folders', () => {
    const { root, dir } = checkout(false);
    writeFileSync(path.join(root, 'engine', 'README.md'), '');
    utimesSync(path.join(root, 'engine', 'README.md'), AFTER, AFTER);
    expect(isBundleFresh(dir, root)).toBe(true);
  });

  it('gives a thread started from the sources its bundled entry while fresh, none with KARYA_NO_BUNDLE=1', () => {
    // The run's globalSetup (tests/setup/cli-bundle.ts) built the bundle from these sources.
    expect(freshBundleEntry('thread-worker')).toBe(pathToFileURL(path.join(bundleDir, 'thread-worker.js')).href);
    expect(freshBundleEntry('thread-worker', { KARYA_NO_BUNDLE: '1' })).toBeUndefined();
    expect(freshBundleEntry('no-such-worker')).toBeUndefined();
  });
});
