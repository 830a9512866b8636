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

/** The language folders KARYA_LANGUAGES names beside languages/ (a path list), as absolute paths. */
export function extraLanguageFolders(env = process.env) {
  return (env.KARYA_LANGUAGES ?? '').split(path.delimiter).filter(Boolean).map((d) => path.resolve(d));
}

/**
 * What a build's language table was read with, as the mark beside it says it (studio/scripts/language-table.ts):
 * "1" or "0" for draft languages, then KARYA_LANGUAGES's folders on a line of their own when there were any.
 */
export function languageMark(env = process.env) {
  const extra = extraLanguageFolders(env).join(path.delimiter);
  return `${env.KARYA_DRAFT_LANGUAGES === '1' ? '1' : '0'}${extra ? `\n${extra}` : ''}`;
}

/** When studio/dist was built (0: never), and whether it is at least as new as every source. */
export function studioBuild(env = process.env) {
  const builtAt = newest(BUILT);
  // A build with draft languages (KARYA_DRAFT_LANGUAGES=1), or with a language folder of KARYA_LANGUAGES, is not the
  // one a run without them wants, nor back: the studio's switch lists the languages its bundle was built with.
  const mark = path.join(STUDIO, 'dist', '.karya-drafts');
  const built = existsSync(mark) ? readFileSync(mark, 'utf8').trim() : '';
  const sources = [...SOURCES, ...extraLanguageFolders(env)];
  return { builtAt, isFresh: builtAt > 0 && built === languageMark(env) && builtAt >= Math.max(...sources.map(newest)) };
}

/** Build studio/dist with Vite, as a production build (vitest's NODE_ENV=test would give React's development build). */
export function buildWithVite(stdio) {
  const vite = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  // KARYA_LANGUAGES's folders as absolute paths: the build runs from the repository, the caller anywhere.
  const extra = extraLanguageFolders().join(path.delimiter);
  const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(STUDIO, 'vite.config.ts'), '--logLevel', 'warn'], { cwd: ROOT, stdio, env: { ...process.env, NODE_ENV: 'production', ...(extra ? { KARYA_LANGUAGES: extra } : {}) } });
  return result.status ?? 1;
}
