// The repository's generators, for a test that uses them rather than tests their reading from YAML.
import type { Catalog } from '../engine/catalog.js';
import { loadCatalog } from '../engine/node/load.js';

/**
 * The repository's catalogue (generators/, templates/, with the language table now set), read back from .karya/cache
 * as `karya serve` and a batch's threads read it (loadCatalog's useDiskCache), kept per process as loadCatalog keeps
 * it. Building it from the YAML is 0.5–3 s of a worker's CPU, and a worker that shares its module graph built it again
 * after every file that had set a language table of its own (reading a table drops the kept catalogue). The cache is
 * written only by a build that passed every check, under a key of every generator, template and engine file and the
 * table, so a hit is what a build would give (tests/engine/catalog-cache.test.ts checks it); a miss builds and writes.
 * The tests of the building itself call loadCatalog (tests/engine/all-generators's fresh build, the languages tests'
 * tables of their own, a fixture's generatorsDir).
 */
export function repoCatalog(): Catalog {
  return loadCatalog({ useDiskCache: true });
}
