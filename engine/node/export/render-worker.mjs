// An export thread's entry when karya runs from its TypeScript sources (tsx, vitest): the bundle's render-worker.js
// while it is fresh, else render-worker.ts through tsx (bin/thread-entry.js). The esbuild bundle (scripts/build-cli.ts)
// builds render-worker.ts into dist/cli/render-worker.js, which a thread of the bundle starts directly.
import { runThreadEntry } from '../../../bin/thread-entry.js';

await runThreadEntry(new URL('./render-worker.ts', import.meta.url));
