// Folders made without Node's recursive mkdir. On Node 20 `mkdirSync(dir, { recursive: true })` never
// returns for a path under /proc (`/proc/x`: mkdir answers ENOENT for a folder whose parent exists, and
// Node's recursive walk tries the same folder again forever); it is synchronous, so the process spins at
// full CPU and never runs its signal handlers either. makeDirs() walks the path itself and stops at the
// first error. Used by the CLI's output checks, the SQLite store and the publish package.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

export function errnoError(code: string, file: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${file}`), { code, path: file });
}

/** The nearest folder of `target` (itself included) that exists; throws ENOTDIR when that is a file. */
export function nearestExisting(target: string): { dir: string; missing: string[] } {
  const missing: string[] = [];
  let at = path.resolve(target);
  for (;;) {
    let isDir: boolean | undefined;
    try {
      isDir = statSync(at).isDirectory();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR') isDir = undefined;
      else if (code !== 'ENOENT') throw error;
    }
    if (isDir === true) return { dir: at, missing };
    if (isDir === false) throw errnoError('ENOTDIR', at);
    const parent = path.dirname(at);
    if (parent === at) throw errnoError('ENOENT', at);
    missing.unshift(path.basename(at));
    at = parent;
  }
}

/**
 * mkdir -p without Node's recursive mkdir (which spins forever under /proc): each missing folder in turn,
 * stopping at the first error.
 */
export function makeDirs(dir: string): void {
  const { dir: base, missing } = nearestExisting(dir);
  let at = base;
  for (const name of missing) {
    at = path.join(at, name);
    try {
      mkdirSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || !statSync(at).isDirectory()) throw error;
    }
  }
}
