// A batch thread's entry when karya runs from its TypeScript sources (tsx, vitest): a worker thread starts with
// Node's own loader, so it registers tsx before loading thread-worker.ts. The esbuild bundle (scripts/build-cli.ts)
// builds thread-worker.ts into dist/cli/thread-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./thread-worker.ts');
