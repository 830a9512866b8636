// Runs the longest test files first, from the seconds each took in a measured full run (tests/setup/durations.json),
// so that on 2 cores no long file starts last and runs alone. Vitest's own order uses its local results cache, which a
// fresh clone (CI) does not have: it then falls back to file size, which puts short files with long fixtures first.
// A file not in the table (new since the last measure) runs first, as vitest does with unknown files.
// `npx tsx scripts/test-durations.ts` rewrites the table from the last full run's cache.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const TABLE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'durations.json');

/** Seconds per test file (its path from the repository's root, with forward slashes). */
function durations(): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(TABLE, 'utf8')) as Record<string, number>));
  } catch {
    return new Map();
  }
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = durations();
    const root = this.ctx.config.root;
    const seconds = (spec: TestSpecification) =>
      table.get(path.relative(root, spec.moduleId).split(path.sep).join('/')) ?? Number.POSITIVE_INFINITY;
    const byCache = await super.sort(files);
    const place = new Map(byCache.map((spec, i) => [spec, i]));
    return [...files].sort((a, b) => seconds(b) - seconds(a) || place.get(a)! - place.get(b)!);
  }
}
