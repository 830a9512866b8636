// The one way a test makes a temporary folder: under the system's temporary directory, removed when the test
// file ends (tests/setup/temp-cleanup.ts runs removeTempDirs in every file's last after-hook), so a folder one
// describe block writes and another reads survives until the file is done, and nothing is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * Every folder made in this worker, removed again as it exits: a removal can lose to a timed-out test's work still
 * writing into its folder (or making it anew), and the worker's exit is the last moment to catch that.
 */
const everMade: string[] = [];
let isExitHooked = false;

function remove(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  } catch {
    // Left for the worker's exit (everMade).
  }
}

/**
 * A new empty folder under os.tmpdir() whose name starts with `prefix`, removed at the end of the test file.
 * @example const cwd = tempDir('karya-import-save-')
 */
export function tempDir(prefix = 'karya-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  everMade.push(dir);
  if (!isExitHooked) {
    isExitHooked = true;
    process.once('exit', () => everMade.forEach(remove));
  }
  return dir;
}

/** Removes every folder tempDir() made so far (the file's end calls it; a helper may call it sooner). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) remove(dir);
}
