// The manuscript-reading worker's entry when karya runs from its TypeScript sources (tsx, vitest): a worker
// thread starts with Node's own loader, so it registers tsx before loading parse-worker.ts. The esbuild bundle
// (scripts/build-cli.ts) builds parse-worker.ts into dist/cli/parse-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
