// A near-duplicate thread's entry when karya runs from its TypeScript sources (tsx, vitest): the bundle's closeness-
// worker.js while it is fresh, else closeness-worker.ts through tsx (bin/thread-entry.js). The esbuild bundle
// (scripts/build-cli.ts) builds closeness-worker.ts into dist/cli/closeness-worker.js, which a thread of the bundle
// starts directly.
import { runThreadEntry } from '../../../bin/thread-entry.js';

await runThreadEntry(new URL('./closeness-worker.ts', import.meta.url));
