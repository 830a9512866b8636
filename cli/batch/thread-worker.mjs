// A batch thread's entry when karya runs from its TypeScript sources (tsx, vitest): the bundle's thread-worker.js while
// it is fresh, else thread-worker.ts through tsx (bin/thread-entry.js). The esbuild bundle (scripts/build-cli.ts)
// builds thread-worker.ts into dist/cli/thread-worker.js, which a thread of the bundle starts directly.
import { runThreadEntry } from '../../bin/thread-entry.js';

await runThreadEntry(new URL('./thread-worker.ts', import.meta.url));
