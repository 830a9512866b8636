// The book-end thread's entry when karya runs from its TypeScript sources (tsx, vitest): the bundle's book-end-
// worker.js while it is fresh, else book-end-worker.ts through tsx (bin/thread-entry.js). The esbuild bundle
// (scripts/build-cli.ts) builds book-end-worker.ts into dist/cli/book-end-worker.js, which a thread of the bundle
// starts directly.
import { runThreadEntry } from '../../bin/thread-entry.js';

await runThreadEntry(new URL('./book-end-worker.ts', import.meta.url));
