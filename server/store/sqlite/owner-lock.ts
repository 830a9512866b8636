// One server writes a SQLite file: it holds the file's owner lock (SQLite's own write lock on a small file beside
// it, `<file>.owner`) for as long as it runs, and says who it is in `<file>.owner.json`. The operating system lets
// go of the lock when the process ends, however it ends (SIGKILL, a crash), so a lock is never stale. A second
// server on the file waits while the first drains after SIGTERM, then starts; it never refunds or ends work that
// another process is still running (prepareStore's recovery runs only once the lock is held). Other processes
// that only read or write the file now and then (karya's commands, tests) take no owner lock.
import { KaryaError } from '../../../engine/index.js';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { makeDirs } from '../../../engine/node.js';

/** Who holds a file's owner lock, as its `.owner.json` says. */
export interface StoreOwner {
  pid: number;
  host: string;
  started: string;
}

/** The lock held: let go of it at close. */
export interface OwnerLock {
  release(): void;
}

/** Another server holds the file past the wait. */
export class StoreInUseError extends KaryaError {
  readonly code = 'store_in_use';
  override readonly params: { file: string; owner: string; seconds: number };
  constructor(
    readonly file: string,
    readonly owner: StoreOwner | undefined,
    waitedMs: number,
  ) {
    const who = owner ? `process ${owner.pid} on ${owner.host}, running since ${owner.started}` : 'another process';
    super(
      `${file} is in use by another Karya server (${who}); waited ${Math.round(waitedMs / 1000)} ` +
        `s for it to stop. One server writes a SQLite file: stop that one first, or give this one ` +
        `another KARYA_DB (KARYA_DB_WAIT_MS sets how long a start waits for a server that is stopping)`,
    );
    this.name = 'StoreInUseError';
    this.params = { file, owner: who, seconds: Math.round(waitedMs / 1000) };
  }
}

const ownerFiles = (file: string) => ({ lock: `${file}.owner`, info: `${file}.owner.json` });

/** Who holds `file` now, when its owner said so (undefined when nobody did, or the note is unreadable). */
export function storeOwner(file: string): StoreOwner | undefined {
  try {
    return JSON.parse(readFileSync(ownerFiles(file).info, 'utf8')) as StoreOwner;
  } catch {
    return undefined;
  }
}

/** Take `file`'s owner lock if it is free: the lock, or undefined while another process holds it. */
export function tryOwnerLock(file: string): OwnerLock | undefined {
  const files = ownerFiles(path.resolve(file));
  makeDirs(path.dirname(files.lock));
  const sqlite = new SQLite(files.lock, { timeout: 0 });
  try {
    sqlite.pragma('busy_timeout = 0');
    // SQLite's write lock on the owner file, held as long as this connection is open with the transaction begun.
    sqlite.exec('BEGIN IMMEDIATE');
  } catch (error) {
    sqlite.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw error;
  }
  const owner: StoreOwner = { pid: process.pid, host: os.hostname(), started: new Date().toISOString() };
  writeFileSync(files.info, `${JSON.stringify(owner)}\n`);
  let isHeld = true;
  return {
    release() {
      if (!isHeld) return;
      isHeld = false;
      // The note goes first: a server that takes the lock next writes its own.
      rmSync(files.info, { force: true });
      sqlite.exec('ROLLBACK');
      sqlite.close();
    },
  };
}

/**
 * Take `file`'s owner lock, waiting up to `waitMs` while another server holds it (one draining after SIGTERM lets
 * go once its running work is done); `onWait` is told once, with who holds it. Throws StoreInUseError past the wait.
 */
export async function holdOwnerLock(
  file: string,
  input: { waitMs: number; pollMs?: number; onWait?: (owner: StoreOwner | undefined) => void },
): Promise<OwnerLock> {
  const started = Date.now();
  let isTold = false;
  for (;;) {
    const lock = tryOwnerLock(file);
    if (lock) return lock;
    const waited = Date.now() - started;
    if (waited >= input.waitMs) throw new StoreInUseError(file, storeOwner(file), waited);
    if (!isTold) input.onWait?.(storeOwner(file));
    isTold = true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(input.pollMs ?? 250, input.waitMs - waited)));
  }
}
