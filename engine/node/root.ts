// Where Karya's checkout is (ROOT: generators/, templates/, languages/) and which code runs (its sources or the CLI
// bundle, whose build.json names its code's hash). Apart from load.ts, which builds the catalog (the spec format's
// schemas, the compilers, Handlebars): the language table (languages.ts) and a book-end thread need only these.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (where generators/ and templates/ live), found upwards from this module, so it
 * is the same whether the code runs from source (engine/node/) or from the CLI bundle (dist/cli/). */
export const ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Karya's version, from the package.json at ROOT ('0.0.0' when it cannot be read). */
export function packageVersion(): string {
  try {
    return (
      (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version?: string }).version ?? '0.0.0'
    );
  } catch {
    return '0.0.0';
  }
}

function findRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'generators', '_shared.yaml'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(start, '..', '..');
  }
}

/**
 * The folder of the code that resolves generator files: engine/ when running from source, the bundle's
 * folder when running from the CLI bundle (dist/cli/). Every code file in it is part of the cache key,
 * found by walking the folder, so a new engine file can never be left out.
 */
export const RESOLVING_CODE_DIR = codeDirOf(path.dirname(fileURLToPath(import.meta.url)));

function codeDirOf(here: string): string {
  return path.basename(here) === 'node' && path.basename(path.dirname(here)) === 'engine' ? path.dirname(here) : here;
}

/** The running bundle's code hash (its build.json), or undefined when the code runs from its sources. */
export function bundleCodeHash(): string | undefined {
  return builtCodeHash(RESOLVING_CODE_DIR);
}

/** The code hash scripts/build-cli.ts writes into the bundle's build.json, if `codeDir` is a bundle. */
export function builtCodeHash(codeDir: string): string | undefined {
  try {
    const { codeHash } = JSON.parse(readFileSync(path.join(codeDir, 'build.json'), 'utf8')) as { codeHash?: unknown };
    return typeof codeHash === 'string' && codeHash ? codeHash : undefined;
  } catch {
    return undefined;
  }
}
