// Shared CLI helpers: exit codes, loading the catalog with readable errors, stderr output.
import path from 'node:path';
import { loadCatalog } from '../engine/node.js';
import { type Catalog, type Lang } from '../engine/index.js';
import { optionWord } from './option-words.js';
import { exitOnFailure, fail } from './errors.js';
import { writerLang } from './langs.js';

/** The owner of the command line's books in the state file, and the state file's default place. */
export const CLI_USER = 'cli';
export const DEFAULT_STATE = path.join('.karya', 'state.sqlite');

// The exit codes, the exit and --json's failure line live with the CLI's one renderer of errors.
export { EXIT, CliExit, fail, printJsonError } from './errors.js';

/**
 * A plain decimal whole number as typed (`3`, `12`), or undefined for anything else: no sign, spaces,
 * hex (`0x3`), exponent (`1e1`), fraction (`3.0`) or empty text, which Number() would all accept.
 */
export function wholeNumber(text: string): number | undefined {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * A line a long command keeps at the bottom of a terminal (cli/run-meter.ts): cleared before a line is written, drawn
 * again after it.
 */
let statusLine: { clear(): void; redraw(): void } | undefined;

/** Keep `line` under every line written to stderr until the returned function is called. */
export function holdStatusLine(line: { clear(): void; redraw(): void }): () => void {
  statusLine = line;
  return () => {
    if (statusLine === line) statusLine = undefined;
  };
}

export function info(message: string): void {
  statusLine?.clear();
  process.stderr.write(`${message}\n`);
  statusLine?.redraw();
}

/** Load every generator, or print `file: path: message` lines and exit 1. */
export function catalogOrExit(
  opts: { generatorsDir?: string; templatesDir?: string; isValidating?: boolean } = {},
): Catalog {
  try {
    return loadCatalog({
      generatorsDir: opts.generatorsDir,
      templatesDir: opts.templatesDir,
      useDiskCache: opts.isValidating ? 'read' : true,
    });
  } catch (error) {
    // A generator's file refused (a YAML problem: its place and what it is) in the writer's language.
    exitOnFailure(error, writerLang(), { expects: ['spec'] });
    throw error;
  }
}

/** The generator named `id`, or exit 2 saying so in `lang` (the command's messages' language). */
export function specOrExit(catalog: Catalog, id: string, lang: Lang) {
  const spec = catalog.get(id);
  if (!spec) fail(optionWord('unknownGenerator', lang, { id, n: catalog.specs.length }));
  return spec;
}
