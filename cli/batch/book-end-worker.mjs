// The book-end worker's entry when karya runs from its TypeScript sources (tsx, vitest): a worker thread starts with
// Node's own loader, so it registers tsx before loading book-end-worker.ts. The esbuild bundle (scripts/build-cli.ts)
// builds book-end-worker.ts into dist/cli/book-end-worker.js and needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('./book-end-worker.ts');
