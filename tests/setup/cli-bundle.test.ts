// Two test runs started at once in one checkout both find the `karya` bundle stale: one builds it and the other
// waits and then finds it current (before, both rebuilt dist/cli and one failed with ENOTEMPTY or ran half a bundle).
// A lock left by a build that was killed does not stop the next run.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBundle } from './cli-bundle.js';
import { tempDir } from '../temp.js';

/** The files a `karya` start loads first: the command and each worker thread's entry. */
const ENTRIES = [
  'main.js',
  'render-worker.js',
  'parse-worker.js',
  'closeness-worker.js',
  'thread-worker.js',
  'book-end-worker.js',
];

describe("the tests' CLI bundle", () => {
  it('is built once when two runs set up at once, past a lock a killed build left, and whole', async () => {
    const parent = tempDir('karya-bundle-');
    const outdir = path.join(parent, 'cli');
    // A build killed mid-way (its process gone) left its lock.
    const gone = spawnSync(process.execPath, ['-e', '']).pid!;
    writeFileSync(`${outdir}.lock`, String(gone));

    const results = await Promise.all([ensureBundle(outdir), ensureBundle(outdir)]);
    expect(results.sort()).toEqual(['built', 'fresh']);

    // Whole: every entry is there and the stamp's code hash is the hash of the code files as they are.
    const files = readdirSync(outdir);
    expect(files).toEqual(expect.arrayContaining([...ENTRIES, 'build.json']));
    const hash = createHash('sha256');
    for (const file of files.filter((f) => f.endsWith('.js')).sort())
      hash.update(`${file}\n`).update(readFileSync(path.join(outdir, file)));
    expect(JSON.parse(readFileSync(path.join(outdir, 'build.json'), 'utf8'))).toMatchObject({
      codeHash: hash.digest('hex'),
    });
    // Nothing left beside it: no lock, no half-built or swapped-out folder.
    expect(readdirSync(parent)).toEqual(['cli']);

    // Current now: a later run builds nothing.
    expect(await ensureBundle(outdir)).toBe('fresh');
    expect(existsSync(`${outdir}.lock`)).toBe(false);
  }, 600_000);
});
