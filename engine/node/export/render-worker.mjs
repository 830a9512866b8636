// The export worker's entry when karya runs from its TypeScript sources (tsx, vitest): a worker thread
// starts with Node's own loader, so it registers tsx before loading render-worker.ts. The esbuild bundle
// (scripts/build-cli.ts) builds render-worker.ts into dist/cli/render-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./render-worker.ts');
