// A manuscript-reading thread's entry when karya runs from its TypeScript sources (tsx, vitest): the bundle's parse-
// worker.js while it is fresh, else parse-worker.ts through tsx (bin/thread-entry.js). The esbuild bundle
// (scripts/build-cli.ts) builds parse-worker.ts into dist/cli/parse-worker.js, which a thread of the bundle starts
// directly.
import { runThreadEntry } from '../../../bin/thread-entry.js';

await runThreadEntry(new URL('./parse-worker.ts', import.meta.url));
