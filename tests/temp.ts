// The one way a test makes a temporary folder: under the system's temporary directory, removed when the test
// file ends (tests/setup/temp-cleanup.ts runs removeTempDirs in every file's last after-hook), so a folder one
// describe block writes and another reads survives until the file is done, and nothing is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const made: string[] = [];

/**
 * A new empty folder under os.tmpdir() whose name starts with `prefix`, removed at the end of the test file.
 * @example const cwd = tempDir('karya-import-save-')
 */
export function tempDir(prefix = 'karya-test-'): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Removes every folder tempDir() made so far (the file's end calls it; a helper may call it sooner). */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
}
