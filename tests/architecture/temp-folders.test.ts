// Tests leave nothing behind: a test makes a temporary folder through tests/temp.ts (tempDir), which removes it
// when the test file ends, never with mkdtemp of its own that it may forget to remove.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Files that may call mkdtemp themselves, and why. */
const ALLOWED: Record<string, string> = {
  'tests/temp.ts': 'the helper itself',
  'tests/postgres.ts':
    "a cluster's folder lives as long as the cluster (the run's " +
    'shared one outlives every file) and its stop() removes it',
};

/** The lines of a source text that make a temporary folder directly (mkdtemp, mkdtempSync, fs.promises.mkdtemp). */
export function directMkdtemps(text: string): number[] {
  return text
    .split('\n')
    .flatMap((line, i) => (/\bmkdtemp(Sync)?\s*\(/.test(line) && !/^\s*(\/\/|\*)/.test(line) ? [i + 1] : []));
}

describe('temporary folders in tests', () => {
  it('are made by tempDir (tests/temp.ts), which removes them, not by mkdtemp in a test or helper', () => {
    const files = sourceFiles(ROOT, ['tests']).filter(
      (f) => !(f in ALLOWED) && f !== 'tests/architecture/temp-folders.test.ts',
    );
    const found = files.flatMap((f) =>
      directMkdtemps(readFileSync(path.join(ROOT, f), 'utf8')).map((line) => `${f}:${line}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });

  it('a direct call is found, whatever its form; a comment naming it is not', () => {
    const text =
      "const a = mkdtempSync(path.join(os.tmpdir(), 'x-'));\nconst b = await " +
      "fs.promises.mkdtemp('y-');\n// mkdtemp( is what tempDir calls\nconst c = tempDir('z-');";
    expect(directMkdtemps(text)).toEqual([1, 2]);
  });

  it('each allowed file still makes one, or it no longer needs the exception', () => {
    for (const file of Object.keys(ALLOWED))
      expect(directMkdtemps(readFileSync(path.join(ROOT, file), 'utf8')), file).not.toEqual([]);
  });
});
