#!/usr/bin/env node
// `npm start` runs this first: builds the studio (vite) when studio/dist is missing or older than its
// sources (studio/src, studio/index.html, the Vite config, the engine), so a clean clone serves a studio.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const studio = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.dirname(studio);
const built = path.join(studio, 'dist', 'index.html');

function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

const sources = [path.join(studio, 'src'), path.join(studio, 'public'), path.join(studio, 'index.html'), path.join(studio, 'vite.config.ts'), path.join(root, 'engine')];
const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map(newest));
if (builtAt > 0 && builtAt >= changedAt && process.env.KARYA_REBUILD_STUDIO !== '1') process.exit(0);

process.stderr.write(builtAt ? 'karya: the studio sources changed; rebuilding studio/dist…\n' : 'karya: building the studio (studio/dist)…\n');
const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(studio, 'vite.config.ts'), '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
if (result.status !== 0) {
  process.stderr.write('karya: the studio build failed; the server still starts and serves the API.\n');
}
