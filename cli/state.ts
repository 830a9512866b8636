// Where the command line keeps its books, for every command: the state file (--state, by default
// .karya/state.sqlite), or the server's Postgres database when KARYA_DATABASE_URL is set and no --state is
// given (a local batch, `karya batch --queue` and every other command then see the same books). Opened through
// the server's one opener (openStateStore); an older state file is migrated once as it opens.
import { existsSync } from 'node:fs';
import type { Lang } from '../engine/index.js';
import { databaseUrlFrom, openStateStore, statePlace, type StateFile } from '../server/index.js';
import { DEFAULT_STATE, fail } from './util.js';
import { writableFileOrExit } from './fs-check.js';

export interface CliState {
  file: string;
  databaseUrl?: string;
  /** Where the books are, for messages: the file, or the Postgres URL without its password. */
  where: string;
}

/**
 * The books' place a command's `--state` (or its absence) names; exit 2 when KARYA_DATABASE_URL is not a Postgres URL.
 */
export function cliStateOf(state: string | undefined): CliState {
  const file = state ?? DEFAULT_STATE;
  let databaseUrl: string | undefined;
  try {
    databaseUrl = state === undefined ? databaseUrlFrom(process.env) : undefined;
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
  return {
    file,
    ...(databaseUrl ? { databaseUrl } : {}),
    where: statePlace({ file, ...(databaseUrl ? { databaseUrl } : {}) }),
  };
}

/** Whether there may be books there (a state file not made yet has none; a database is asked). */
export function hasBooks(state: CliState): boolean {
  return state.databaseUrl !== undefined || existsSync(state.file);
}

/**
 * Exit 2 when the state file could not be written, said in `lang` (nothing is spent before this is known); a database
 * is not checked here.
 */
export function writableStateOrExit(state: CliState, lang: Lang): void {
  if (state.databaseUrl === undefined) writableFileOrExit('--state', state.file, lang);
}

/** The books, opened (`isDurable: false`: a batch's state file commits without an fsync per commit). */
export function openCliState(state: CliState, opts: { isDurable?: boolean } = {}): Promise<StateFile> {
  return openStateStore(
    state.databaseUrl !== undefined ? { databaseUrl: state.databaseUrl } : { file: state.file, ...opts },
  );
}
