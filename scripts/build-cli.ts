// Bundle the `karya` command (cli/, engine/, server/, migrations/) into dist/cli/ with esbuild so it
// starts in ~0.1 s instead of compiling TypeScript on every run. Packages stay external. Runs on
// `npm ci` (prepare); bin/karya.js uses the bundle only while it is newer than every source file.
import { build } from 'esbuild';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../engine/node/load.js';

const outdir = path.join(ROOT, 'dist', 'cli');
rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: [path.join(ROOT, 'cli', 'main.ts')],
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
writeFileSync(path.join(outdir, 'build.json'), JSON.stringify({ builtAt: new Date().toISOString() }) + '\n');
process.stdout.write(`karya: CLI bundle built in dist/cli/ (${Math.round(performance.now() - started)} ms)\n`);
