// Code lines longer than 120 characters, per file: `npx tsx scripts/long-lines.ts` prints the count of each file
// that has any, longest count first; `--write` records them as the baseline that tests/architecture/line-length
// holds (a file's count may only go down; a file not in it may have none). Lines are measured in characters
// (code points), the way an editor's ruler counts them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sourceFiles } from '../tests/architecture/graph.js';
import { SOURCE_DIRS } from './long-functions.js';

export const MAX_LINE_CHARS = 120;
export const LINE_DIRS = [...SOURCE_DIRS, 'tests', 'bin'];
/** Every file of code, JavaScript and declarations too (bin/'s launchers are plain JavaScript). */
const CODE_FILE = (name: string) => /\.(?:[cm]?[jt]s|tsx)$/.test(name);
export const BASELINE_FILE = 'tests/architecture/long-lines.json';

/** How many lines of `text` are longer than `max` characters. */
export function longLinesIn(text: string, max = MAX_LINE_CHARS): number {
  return text.split('\n').filter((line) => [...line].length > max).length;
}

/**
 * The lines (1-based) of `text` where a comment was cut into a line of one short word ("// the") after a comment line
 * filled to near the limit and before another of the same indent: a wrapped comment's words run on into the next
 * line instead. (A short line before it is a list's, kept: "// a list:", "// one".)
 */
export function cutCommentsIn(text: string, max = MAX_LINE_CHARS): number[] {
  const lines = text.split('\n');
  const comment = (line: string | undefined, indent: string) =>
    line !== undefined && line.startsWith(`${indent}// `) && line.length > indent.length + 3;
  return lines.flatMap((line, i) => {
    const m = /^(\s*)\/\/ \S{1,6}$/.exec(line);
    const filled = (lines[i - 1]?.length ?? 0) >= max - 20;
    return m && filled && comment(lines[i - 1], m[1]!) && comment(lines[i + 1], m[1]!) ? [i + 1] : [];
  });
}

/** Every source file with comments cut into a one-word line, as file → its lines. */
export function cutComments(root: string, dirs: readonly string[] = LINE_DIRS): Record<string, number[]> {
  const found: Record<string, number[]> = {};
  for (const file of sourceFiles(root, dirs, CODE_FILE)) {
    const lines = cutCommentsIn(readFileSync(path.join(root, file), 'utf8'));
    if (lines.length) found[file] = lines;
  }
  return found;
}

/** Every source file with lines over `max`, as file → count. */
export function longLines(
  root: string,
  dirs: readonly string[] = LINE_DIRS,
  max = MAX_LINE_CHARS,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const file of sourceFiles(root, dirs, CODE_FILE)) {
    const n = longLinesIn(readFileSync(path.join(root, file), 'utf8'), max);
    if (n > 0) counts[file] = n;
  }
  return counts;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const counts = longLines(root);
  if (process.argv.includes('--write')) {
    const sorted = Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
    writeFileSync(path.join(root, BASELINE_FILE), `${JSON.stringify(sorted, null, 1)}\n`);
  }
  const rows = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  for (const [file, n] of rows) console.log(`${n}\t${file}`);
  console.log(`${rows.reduce((s, [, n]) => s + n, 0)} lines over ${MAX_LINE_CHARS} characters in ${rows.length} files`);
}
