// The YAML list thread's entry when karya runs from its TypeScript sources (tsx, vitest): a worker thread starts with
// Node's own loader, so it registers tsx before loading yaml-list-worker.ts. The esbuild bundle (scripts/build-cli.ts)
// builds yaml-list-worker.ts into dist/cli/yaml-list-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./yaml-list-worker.ts');
