// The studio's build: whether studio/dist is older than its sources (studio/src, studio/public,
// studio/index.html, the Vite config, the engine, the language table), and the Vite build that makes it. Used by `npm start`
// (ensure-built.mjs) and the browser tests (tests/e2e/helpers.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const STUDIO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.dirname(STUDIO);
const BUILT = path.join(STUDIO, 'dist', 'index.html');
const SOURCES = [path.join(STUDIO, 'src'), path.join(STUDIO, 'public'), path.join(STUDIO, 'index.html'), path.join(STUDIO, 'vite.config.ts'), path.join(ROOT, 'engine'), path.join(ROOT, 'languages')];

/** The newest modification time under `p` (a file or a folder), 0 when it does not exist. */
function newest(p) {
  if (!existsSync(p)) return 0;
  const s = statSync(p);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const name of readdirSync(p)) max = Math.max(max, newest(path.join(p, name)));
  return max;
}

/** When studio/dist was built (0: never), and whether it is at least as new as every source. */
export function studioBuild() {
  const builtAt = newest(BUILT);
  // A build with draft languages (KARYA_DRAFT_LANGUAGES=1) is not the one a run without them wants, nor back.
  const mark = path.join(STUDIO, 'dist', '.karya-drafts');
  const drafts = existsSync(mark) ? readFileSync(mark, 'utf8').trim() : '';
  const sameDrafts = drafts === (process.env.KARYA_DRAFT_LANGUAGES === '1' ? '1' : '0');
  return { builtAt, isFresh: builtAt > 0 && sameDrafts && builtAt >= Math.max(...SOURCES.map(newest)) };
}

/** Build studio/dist with Vite, as a production build (vitest's NODE_ENV=test would give React's development build). */
export function buildWithVite(stdio) {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(STUDIO, 'vite.config.ts'), '--logLevel', 'warn'], { cwd: ROOT, stdio, env: { ...process.env, NODE_ENV: 'production' } });
  return result.status ?? 1;
}
