// Shared CLI helpers: exit codes, loading the catalog with readable errors, stderr output.
import path from 'node:path';
import { loadCatalog } from '../engine/node.js';
import { KaryaError, SpecError, formatSpecIssue, type Catalog } from '../engine/index.js';

/** The owner of the command line's books in the state file, and the state file's default place. */
export const CLI_USER = 'cli';
export const DEFAULT_STATE = path.join('.karya', 'state.sqlite');

export const EXIT = { ok: 0, failed: 1, badInput: 2, interrupted: 130 } as const;

/** Thrown to end the command with an exit code after its message was printed. */
export class CliExit extends KaryaError {
  readonly code = 'cli_exit';
  constructor(readonly exitCode: number) {
    super(`exit ${exitCode}`);
    this.name = 'CliExit';
  }
}

export function fail(message: string, code: number = EXIT.badInput): never {
  process.stderr.write(`karya: ${message}\n`);
  throw new CliExit(code);
}

/**
 * A plain decimal whole number as typed (`3`, `12`), or undefined for anything else: no sign, spaces,
 * hex (`0x3`), exponent (`1e1`), fraction (`3.0`) or empty text, which Number() would all accept.
 */
export function wholeNumber(text: string): number | undefined {
  return /^[0-9]{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * What a `--json` run that fails part-way prints on stdout, so a script reading it learns why (the exit code
 * is the same as without --json): one line, `{"error": {"code", "message", "part"}}`, where `code` is the
 * catalogue's, `message` the text the writer reads on stderr and `part` the step that failed (`outline`,
 * `chapter:2`, `conclusion:6`, a package part such as `description`) or null.
 */
export function printJsonError(error: { code: string; message: string; part: string | null }): void {
  process.stdout.write(`${JSON.stringify({ error })}\n`);
}

export function info(message: string): void {
  process.stderr.write(`${message}\n`);
}

/** Load every generator, or print `file: path: message` lines and exit 1. */
export function catalogOrExit(opts: { generatorsDir?: string; templatesDir?: string; isValidating?: boolean } = {}): Catalog {
  try {
    return loadCatalog({ generatorsDir: opts.generatorsDir, templatesDir: opts.templatesDir, useDiskCache: !opts.isValidating });
  } catch (error) {
    if (error instanceof SpecError) {
      for (const issue of error.issues) process.stderr.write(`${formatSpecIssue(issue)}\n`);
      throw new CliExit(EXIT.failed);
    }
    throw error;
  }
}

export function specOrExit(catalog: Catalog, id: string) {
  const spec = catalog.get(id);
  if (!spec) fail(`unknown generator "${id}"; run "karya list" to see the ${catalog.specs.length} generators`);
  return spec;
}
