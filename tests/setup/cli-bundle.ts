// vitest globalSetup: the `karya` bundle (dist/cli/, scripts/build-cli.ts) is rebuilt once before the tests when a
// source is newer than it, so every `karya` a test spawns starts from the bundle (about 0.2 s) instead of falling
// back to tsx (1.2–1.6 s a start, bin/karya.js). A fresh clone has it from `npm ci` (the prepare script).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isBundleFresh } from '../../bin/bundle-fresh.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export default function setup(): void {
  if (isBundleFresh()) return;
  const tsx = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const built = spawnSync(process.execPath, [tsx, path.join(ROOT, 'scripts', 'build-cli.ts')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error(`the CLI bundle (npm run build) failed with ${built.status ?? built.signal}`);
}
