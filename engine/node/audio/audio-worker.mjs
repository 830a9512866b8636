// The audio worker's entry when karya runs from its TypeScript sources (tsx, vitest): a worker thread starts with
// Node's own loader, so it registers tsx before loading audio-worker.ts. The esbuild bundle (scripts/build-cli.ts)
// builds audio-worker.ts into dist/cli/audio-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./audio-worker.ts');
