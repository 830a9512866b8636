// The texts tests/architecture/formatted has seen equal the formatter's output, remembered by their hash under
// node_modules/.cache (never committed): a file whose text, path, prettier version and options, and the formatter's
// own scripts (scripts/format*.ts: the string and comment steps after prettier) are unchanged since a run found it
// formatted is not formatted again (about 30 s of CPU for the whole tree). A fresh clone has no such
// folder, so every file is checked there; a file that differs is never remembered, so it fails every run until fixed.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as prettier from 'prettier';

/** Hashes kept at most: the newest, so a cache shared by several checkouts stays small. */
const MAX_KEPT = 20_000;

const cacheFile = (root: string) => path.join(root, 'node_modules', '.cache', 'karya', 'formatted.json');

function load(root: string): string[] {
  try {
    const kept = JSON.parse(readFileSync(cacheFile(root), 'utf8')) as unknown;
    return Array.isArray(kept) ? kept.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

let formatterHash: string | undefined;

/** The hash of the formatter's own steps (scripts/format*.ts), read once a run. */
function formatterOf(root: string): string {
  if (formatterHash) return formatterHash;
  const scripts = readdirSync(path.join(root, 'scripts'))
    .filter((f) => /^format.*\.ts$/.test(f))
    .sort();
  const hash = createHash('sha256');
  for (const f of scripts)
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(path.join(root, 'scripts', f)));
  return (formatterHash = hash.digest('hex'));
}

/**
 * The hash of a file's text with everything the formatter's output depends on: its path, prettier's version and
 * options, the formatter's own scripts.
 */
export async function formatKey(root: string, file: string): Promise<string> {
  const text = readFileSync(path.join(root, file), 'utf8');
  const options = (await prettier.resolveConfig(path.join(root, file))) ?? {};
  return createHash('sha256')
    .update(JSON.stringify([prettier.version, options, file, formatterOf(root)]))
    .update('\0')
    .update(text)
    .digest('hex');
}

/** The keys found formatted before, in this checkout or another sharing its node_modules. */
export function formattedBefore(root: string): Set<string> {
  return new Set(load(root));
}

/** Remembers keys found formatted (written whole then renamed, so a run beside this one reads all of it or none). */
export function rememberFormatted(root: string, keys: readonly string[]): void {
  if (keys.length === 0) return;
  const all = [...new Set([...load(root), ...keys])].slice(-MAX_KEPT);
  const file = cacheFile(root);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(all));
    renameSync(temp, file);
  } catch {
    // A read-only node_modules: the next run checks every file again.
  }
}
