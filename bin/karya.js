#!/usr/bin/env node
// Launcher for the `karya` command. Uses the esbuild bundle in dist/cli/ (built by `npm ci` through the
// prepare script, or `npm run build`) while it is newer than every source file; otherwise runs the
// TypeScript sources through tsx, so an edited checkout never runs stale code. KARYA_NO_BUNDLE=1 forces tsx.
// The only place that ends the process: cli/main.ts's runKarya() returns the exit code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', 'cli', 'build.json');

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

// A reader that closes early (`karya list | head`) is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const isBundleFresh = process.env.KARYA_NO_BUNDLE !== '1' && existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource();
let cli;
if (isBundleFresh) {
  cli = await import(pathToFileURL(path.join(root, 'dist', 'cli', 'main.js')).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../cli/main.ts');
}
// exitCode, not exit(): output still in a pipe's buffer is written before the process ends.
process.exitCode = await cli.runKarya(process.argv.slice(2));
