#!/usr/bin/env node
// Launcher for the `karya` command. Uses the esbuild bundle in dist/cli/ (built by `npm ci` through the
// prepare script, or `npm run build`) while it is newer than every source file; otherwise runs the
// TypeScript sources through tsx, so an edited checkout never runs stale code. KARYA_NO_BUNDLE=1 forces tsx.
// The only place that ends the process: cli/main.ts's runKarya() returns the exit code (and node-version.js,
// on a Node too old to run it).
// First, alone: imports run in the order written, so an older Node stops here, before anything it cannot load.
import './node-version.js';
// Then, for `karya serve` on Linux: glibc's malloc settings for a server (bin/serve-memory.js), which start the
// process again.
import './serve-memory.js';
// And for `karya batch`: its young generation held small while its modules load (bin/batch-heap.js).
import './batch-heap.js';
import module from 'node:module';
import { pathToFileURL } from 'node:url';
import { bundleBuild, bundleDir, isBundleFresh } from './bundle-fresh.js';
import { compileCacheFolder } from './compile-cache.js';
import { resolveBundleDirectly } from './bundle-resolve.js';

// A reader that closes early (`karya list | head`) is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

const useBundle = process.env.KARYA_NO_BUNDLE !== '1' && isBundleFresh();

// V8's compiled code kept on disk between runs (Node 22.1 and later): a batch or a worker starts a tenth of a second
// sooner. In karya's own folder for this build (bin/compile-cache.js: Node never prunes a cache, and its default
// folder in os.tmpdir() is every program's), unless NODE_COMPILE_CACHE names one. A folder that cannot be written
// only costs that tenth. Named in the environment, the worker threads a command starts (a batch's threads) use it too.
if (!process.env.NODE_COMPILE_CACHE && !process.env.NODE_DISABLE_COMPILE_CACHE) {
  const folder = compileCacheFolder((useBundle && bundleBuild()) || 'sources');
  // Older builds' folders go while the command runs (the process ends once that is done, as for any work left).
  folder?.pruned?.catch(() => undefined);
  const compileCache = folder ? module.enableCompileCache?.(folder.dir) : undefined;
  if (compileCache?.directory) process.env.NODE_COMPILE_CACHE = compileCache.directory;
} else module.enableCompileCache?.();

// \`karya validate\` names every text a language lacks: the table, read as the modules load, does not stop at the
// first (engine/languages/table.ts whileWordsUnchecked; validate reads it whole once none is missing).
if (process.argv[2] === 'validate') globalThis[Symbol.for('karya.languages.listingGaps')] = true;
let cli;
try {
  if (useBundle) {
    resolveBundleDirectly(pathToFileURL(bundleDir).href);
    cli = await import(pathToFileURL(`${bundleDir}/main.js`).href);
  } else {
    const { register } = await import('tsx/esm/api');
    register();
    cli = await import('../cli/main.ts');
  }
  // exitCode, not exit(): output still in a pipe's buffer is written before the process ends.
  process.exitCode = await cli.runKarya(process.argv.slice(2));
} catch (e) {
  // The language table is read as the command's modules load (or at its first word): a file or key it refuses is
  // named, with no stack, in the locale's language from its own file where it can be read (bin/language-refusal.js).
  if (e?.code !== 'language_words_missing') throw e;
  const { languageRefusal } = await import('./language-refusal.js');
  process.stderr.write(`karya: ${languageRefusal(e)}\n`);
  process.exit(1);
}
// Once nothing is left to do (every output written, every thread, socket and file closed: the loop is empty), the
// process ends through exit(), with that code: left to end by itself, Node first takes its whole heap apart, a tenth
// of a second after a batch's last book on a loaded machine (more for a larger heap), before the shell gets it back.
process.once('beforeExit', () => process.exit());
