// The formatter: prettier (.prettierrc.json, lines of 120 characters) over the TypeScript that
// tests/architecture/line-length measures. `npx tsx scripts/format.ts` formats every file prettier may format
// without pushing it near a size limit (a file over 315 lines, a function over 90 that was not, one over 100,
// a long line more); the others are listed in .prettierignore until they are split, and the list only shrinks
// (tests/architecture/formatted holds it). After prettier, long strings are cut into concatenations
// (format-strings.ts, prettier laying them out again) and long comments wrapped (format-comments.ts), where they
// fit; the output is a fixed point, so a second run changes nothing. `--check` prints the files that differ from
// the formatter's output.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as prettier from 'prettier';
import { wrapComments } from './format-comments.js';
import { breakStrings } from './format-strings.js';
import { longFunctionsIn } from './long-functions.js';
import { LINE_DIRS, longLinesIn } from './long-lines.js';
import { sourceFiles } from '../tests/architecture/graph.js';

export const IGNORE_FILE = '.prettierignore';
/** The near-limits rule's thresholds (tests/architecture/near-limits): 90 % of 350 lines a file, 100 a function. */
const NEAR_FILE_LINES = 315;
const NEAR_FUNCTION_LINES = 90;
const MAX_FUNCTION_LINES = 100;
/** Folders whose files count no size limit (tests/architecture/file-size and near-limits count none of them). */
const UNLIMITED = /^tests\//;
const HEADER =
  '# Files the formatter leaves until they are split (scripts/format.ts writes this list; it only shrinks).';

/** The files the formatter holds: every TypeScript file the line-length rule measures. */
export function formattedScope(root: string): string[] {
  return sourceFiles(root, LINE_DIRS);
}

/** The files listed in .prettierignore, as written by this script. */
export function ignoredFiles(root: string): string[] {
  let text = '';
  try {
    text = readFileSync(path.join(root, IGNORE_FILE), 'utf8');
  } catch {
    return [];
  }
  return text.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
}

async function optionsFor(root: string, file: string): Promise<prettier.Options> {
  const config = (await prettier.resolveConfig(path.join(root, file))) ?? {};
  return { ...config, filepath: path.join(root, file) };
}

/** Whether a file's text, formatted, stays clear of the limits the original kept. */
export function fitsLimits(file: string, before: string, after: string): boolean {
  if (longLinesIn(after) > longLinesIn(before)) return false;
  if (UNLIMITED.test(file)) return true;
  const lines = (text: string) => text.split('\n').length - 1;
  if (lines(after) > NEAR_FILE_LINES && lines(after) > lines(before)) return false;
  const nearBefore = new Set(longFunctionsIn(file, before, NEAR_FUNCTION_LINES).map((f) => f.name));
  return longFunctionsIn(file, after, NEAR_FUNCTION_LINES).every(
    (f) => f.lines <= MAX_FUNCTION_LINES && nearBefore.has(f.name),
  );
}

/**
 * The files whose text differs from the formatter's output (prettier's, strings cut, comments wrapped; the ignored ones
 * left out).
 */
export async function unformatted(root: string, files: readonly string[]): Promise<string[]> {
  const ignored = new Set(ignoredFiles(root));
  const differ: string[] = [];
  for (const file of files) {
    if (ignored.has(file)) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    // Text prettier keeps and no long line is as the formatter writes it (its other steps cut only long lines).
    if (!(await prettier.check(text, await optionsFor(root, file)))) differ.push(file);
    else if (longLinesIn(text) > 0 && (await formatted(root, file, text)).text !== text) differ.push(file);
  }
  return differ;
}

/**
 * A file's text as the formatter leaves it: prettier's, with its long strings cut (format-strings.ts) and its long
 * comments wrapped, the first of those that fits the size limits; if prettier's alone does not fit, the file waits
 * (`waits`) and only its comments are wrapped, where that fits.
 */
export async function formatted(root: string, file: string, before: string): Promise<{ text: string; waits: boolean }> {
  const options = await optionsFor(root, file);
  const pretty = await prettier.format(before, options);
  const broken = await breakStrings(file, pretty, (text) => prettier.format(text, options));
  const candidates = broken === pretty ? [pretty] : [broken, pretty];
  for (const text of candidates) {
    const wrapped = await wrapComments(file, text);
    if (fitsLimits(file, before, wrapped)) return { text: wrapped, waits: false };
    if (fitsLimits(file, before, text)) return { text, waits: false };
  }
  const comments = await wrapComments(file, before);
  return { text: fitsLimits(file, before, comments) ? comments : before, waits: true };
}

/** Formats every file; lists in .prettierignore those that wait until they are split. */
async function formatAll(root: string): Promise<{ changed: number; left: string[] }> {
  const left: string[] = [];
  let changed = 0;
  for (const file of formattedScope(root)) {
    const before = readFileSync(path.join(root, file), 'utf8');
    const { text, waits } = await formatted(root, file, before);
    if (waits) left.push(file);
    if (text === before) continue;
    writeFileSync(path.join(root, file), text);
    changed += 1;
  }
  writeFileSync(path.join(root, IGNORE_FILE), `${[HEADER, ...left.sort()].join('\n')}\n`);
  return { changed, left };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (process.argv.includes('--check')) {
    const differ = await unformatted(root, formattedScope(root));
    for (const file of differ) console.log(file);
    console.log(`${differ.length} files differ from the formatter's output`);
    process.exitCode = differ.length > 0 ? 1 : 0;
  } else {
    const { changed, left } = await formatAll(root);
    console.log(`${changed} files changed; ${left.length} wait until split (${IGNORE_FILE})`);
  }
}
