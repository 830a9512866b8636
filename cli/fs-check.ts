// Output paths checked before anything is spent, folders made without Node's recursive mkdir (see
// engine/node/dirs.ts), and file system and SQLite failures told as plain sentences that say what to do.
import { accessSync, closeSync, constants, existsSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fail } from './util.js';
import { errnoError, makeDirs, nearestExisting } from '../engine/node.js';
import type { Lang } from '../engine/index.js';
import { fsWord, hasErrnoWords, type FsWordKey } from './fs-words.js';

export { makeDirs };

/** SQLite failures of the local state file: their words' keys (cli/fs-words.ts). */
const SQLITE_FAILURES: Array<[RegExp, FsWordKey]> = [
  [/SQLITE_BUSY|database is locked/i, 'stateBusy'],
  [/SQLITE_READONLY|readonly database|read-only/i, 'stateReadOnly'],
  [/SQLITE_CANTOPEN|unable to open database/i, 'stateCannotOpen'],
  [/SQLITE_CORRUPT|SQLITE_NOTADB|malformed|not a database|file is encrypted/i, 'stateDamaged'],
  [/SQLITE_FULL|database or disk is full/i, 'stateFull'],
  [/SQLITE_IOERR|disk I\/O error/i, 'stateIo'],
];

/** System calls that only read: a missing path there was looked for, not to be created. */
const READ_CALLS = new Set(['stat', 'lstat', 'access', 'scandir', 'opendir', 'readlink', 'realpath']);

/** The words' key for a file system or SQLite failure, if it has words. */
function failureKey(error: unknown): FsWordKey | undefined {
  const { code, syscall } = (error as NodeJS.ErrnoException | undefined) ?? {};
  if (code === 'ENOENT' && syscall && READ_CALLS.has(syscall)) return 'notFound';
  if (code && hasErrnoWords(code)) return code;
  const message = error instanceof Error ? error.message : String(error);
  return SQLITE_FAILURES.find(([pattern]) => pattern.test(`${code ?? ''} ${message}`))?.[1];
}

/**
 * A file system or SQLite failure as a plain sentence (what happened and what to do) in `lang`, or the error's
 * own message when it is neither.
 * @example plainFsError(Object.assign(new Error('x'), { code: 'EACCES' }), 'en') // 'permission denied: you may not
 * write there; …'
 */
export function plainFsError(error: unknown, lang: Lang): string {
  const key = failureKey(error);
  if (key) return fsWord(key, lang);
  return error instanceof Error ? error.message : String(error);
}

/** True for an error plainFsError() has words for. */
export function isPlainFsError(error: unknown): boolean {
  return failureKey(error) !== undefined;
}

/** Create and remove a probe file in `dir`: the one check that also catches /proc, read-only disks and ACLs. */
function probe(dir: string): void {
  accessSync(dir, constants.W_OK | constants.X_OK);
  const file = path.join(dir, `.karya-probe-${process.pid}-${Math.random().toString(36).slice(2)}`);
  closeSync(openSync(file, 'wx'));
  rmSync(file, { force: true });
}

/**
 * Can a file be written at `file` (creating its missing folders)? Nothing is created. Throws the errno
 * error that writing would meet.
 */
export function assertWritableFile(file: string): void {
  const full = path.resolve(file);
  if (existsSync(full)) {
    const stat = statSync(full);
    if (stat.isDirectory()) throw errnoError('EISDIR', full);
    accessSync(full, constants.W_OK);
    probe(path.dirname(full));
    return;
  }
  const { dir } = nearestExisting(path.dirname(full));
  probe(dir);
}

/** Can files be written in the folder `dir` (creating it and its missing parents)? Nothing is created. */
export function assertWritableDir(dir: string): void {
  const full = path.resolve(dir);
  if (existsSync(full) && !statSync(full).isDirectory()) throw errnoError('ENOTDIR', full);
  probe(nearestExisting(full).dir);
}

/** `--out FILE` must be writable; exit 2 with a plain message in `lang` before anything is spent. */
export function writableFileOrExit(flag: string, file: string, lang: Lang): void {
  try {
    assertWritableFile(file);
  } catch (error) {
    fail(fsWord('cannotWrite', lang, { flag, path: file, reason: plainFsError(error, lang) }));
  }
}

/**
 * `--out DIR` must be a folder files can be written in; exit 2 with a plain message in `lang` before anything is spent.
 */
export function writableDirOrExit(flag: string, dir: string, lang: Lang): void {
  try {
    assertWritableDir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOTDIR' && existsSync(dir) && !statSync(dir).isDirectory()
        ? fsWord('fileNotFolder', lang)
        : plainFsError(error, lang);
    fail(fsWord('cannotWrite', lang, { flag, path: dir, reason }));
  }
}
