// Whether the esbuild bundle of the `karya` command (dist/cli/, scripts/build-cli.ts) is newer than every
// TypeScript source it was built from: bin/karya.js runs it only then, and the tests' globalSetup
// (tests/setup/cli-bundle.ts) rebuilds it once before a run when it is not.
import { existsSync, readdirSync, statSync } from 'node:fs';
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

/** The bundle in `dir` (dist/cli/ unless a test names another) exists and no source file is newer than its build stamp. */
export function isBundleFresh(dir = bundleDir) {
  const stamp = path.join(dir, 'build.json');
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource();
}
