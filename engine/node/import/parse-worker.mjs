// The manuscript-reading worker's entry when karya runs from its TypeScript sources (tsx, vitest): a worker
// thread starts with Node's own loader, so it registers tsx before loading parse-worker.ts. The esbuild bundle
// (scripts/build-cli.ts) builds parse-worker.ts into dist/cli/parse-worker.js and needs no loader.
import { resolveBundleDirectly } from '../../../bin/bundle-resolve.js';
import { bundleDir, freshBundleEntry } from '../../../bin/bundle-fresh.js';
import { pathToFileURL } from 'node:url';

// While the bundle is built from these very sources, the thread runs its parse-worker.js (bin/bundle-fresh.js), as
// bin/karya.js runs the bundle: loading the sources through tsx cost a thread three to four times the CPU.
const bundled = freshBundleEntry('parse-worker');
if (bundled) {
  resolveBundleDirectly(pathToFileURL(bundleDir).href);
  await import(bundled);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./parse-worker.ts');
}
