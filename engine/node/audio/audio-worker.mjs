// An audio thread's entry when karya runs from its TypeScript sources (tsx, vitest): the bundle's audio-worker.js while
// it is fresh, else audio-worker.ts through tsx (bin/thread-entry.js). The esbuild bundle (scripts/build-cli.ts) builds
// audio-worker.ts into dist/cli/audio-worker.js, which a thread of the bundle starts directly.
import { runThreadEntry } from '../../../bin/thread-entry.js';

await runThreadEntry(new URL('./audio-worker.ts', import.meta.url));
