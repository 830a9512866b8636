// The near-duplicate reading worker's entry when karya runs from its TypeScript sources (tsx, vitest): a worker
// thread starts with Node's own loader, so it registers tsx before loading closeness-worker.ts. The esbuild bundle
// (scripts/build-cli.ts) builds closeness-worker.ts into dist/cli/closeness-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./closeness-worker.ts');
