// A worker thread's entry when karya runs from its TypeScript sources (tsx, vitest): a thread starts with Node's own
// loader, which reads no TypeScript. While the bundle (dist/cli/) is built from these very sources, the thread runs the
// bundle's build of the same file, as bin/karya.js runs the bundle (through tsx a batch thread loaded ~1,000 modules,
// three to four times the CPU); otherwise, or with KARYA_NO_BUNDLE=1, it registers tsx and loads the source. Each
// `<name>.mjs` entry beside a `<name>.ts` calls this one function.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { bundleDir, freshBundleEntry } from './bundle-fresh.js';
import { resolveBundleDirectly } from './bundle-resolve.js';

/** Runs the thread whose TypeScript source is `source` (a file: URL): the bundle's `<name>.js` when fresh, else tsx. */
export async function runThreadEntry(source) {
  const bundled = freshBundleEntry(path.basename(fileURLToPath(source), '.ts'));
  if (bundled) {
    resolveBundleDirectly(pathToFileURL(bundleDir).href);
    await import(bundled);
    return;
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(source.href);
}
