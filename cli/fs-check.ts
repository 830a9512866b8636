// Output paths checked before anything is spent, folders made without Node's recursive mkdir (see
// engine/node/dirs.ts), and file system and SQLite failures told as plain sentences that say what to do.
import { accessSync, closeSync, constants, existsSync, openSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fail } from './util.js';
import { errnoError, makeDirs, nearestExisting } from '../engine/node.js';

export { makeDirs };

/** What an errno means for a path, and what to do about it. */
const ERRNO_SENTENCES: Record<string, string> = {
  EACCES: 'permission denied: you may not write there; choose a folder you own or change its permissions',
  EPERM: 'not permitted: you may not write there; choose a folder you own or change its permissions',
  ENOENT: 'no such file or folder, and it cannot be created there; check the path',
  ENOTDIR: 'a part of this path is a file, not a folder; choose another path',
  EISDIR: 'this is a folder; name a file inside it',
  EROFS: 'the disk is read-only; choose a path on a writable disk',
  ENOSPC: 'the disk is full; free some space or choose another disk',
  EDQUOT: 'your disk quota is used up; free some space or choose another disk',
  EEXIST: 'something with this name exists already; choose another path',
  ENAMETOOLONG: 'the path is too long; choose a shorter one',
  EMFILE: 'too many files are open; close some programs and try again',
  EBUSY: 'the file is in use by another program; close it and try again',
  ELOOP: 'the path has a loop of symbolic links; check the path',
};

/** SQLite failures of the local state file, in words. */
const SQLITE_SENTENCES: Array<[RegExp, string]> = [
  [/SQLITE_BUSY|database is locked/i, 'the state file is in use by another karya command; wait for it to finish, or give this one its own --state file'],
  [/SQLITE_READONLY|readonly database|read-only/i, 'the state file is read-only; make it writable or choose another --state file'],
  [/SQLITE_CANTOPEN|unable to open database/i, 'the state file cannot be opened; check that its folder exists and is writable, or choose another --state file'],
  [/SQLITE_CORRUPT|SQLITE_NOTADB|malformed|not a database|file is encrypted/i, 'the state file is damaged or is not a karya state file; move it away (saved progress in it is lost) or choose another --state file'],
  [/SQLITE_FULL|database or disk is full/i, 'the disk is full; free some space and run the same command again'],
  [/SQLITE_IOERR|disk I\/O error/i, 'the disk failed to read or write the state file; check the disk and run the same command again'],
];

/**
 * A file system or SQLite failure as a plain sentence (what happened and what to do), or the error's own
 * message when it is neither.
 * @example plainFsError(Object.assign(new Error('x'), { code: 'EACCES' })) // 'permission denied: you may not write there; …'
 */
export function plainFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code && ERRNO_SENTENCES[code]) return ERRNO_SENTENCES[code];
  for (const [pattern, sentence] of SQLITE_SENTENCES) if (pattern.test(`${code ?? ''} ${message}`)) return sentence;
  return message;
}

/** True for an error plainFsError() has words for. */
export function isPlainFsError(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && ERRNO_SENTENCES[code]) return true;
  const message = error instanceof Error ? error.message : String(error);
  return SQLITE_SENTENCES.some(([pattern]) => pattern.test(`${code ?? ''} ${message}`));
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

/** `--out FILE` must be writable; exit 2 with a plain message before anything is spent. */
export function writableFileOrExit(flag: string, file: string): void {
  try {
    assertWritableFile(file);
  } catch (error) {
    fail(`${flag} ${file}: cannot write there: ${plainFsError(error)}`);
  }
}

/** `--out DIR` must be a folder files can be written in; exit 2 with a plain message before anything is spent. */
export function writableDirOrExit(flag: string, dir: string): void {
  try {
    assertWritableDir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOTDIR' && existsSync(dir) && !statSync(dir).isDirectory()
      ? 'this is a file, not a folder; name a folder (it is created when missing)'
      : plainFsError(error);
    fail(`${flag} ${dir}: cannot write there: ${reason}`);
  }
}
