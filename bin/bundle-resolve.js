// How the bundle's chunks find one another (bin/karya.js, when it runs dist/cli/): each `import './chunk-X.js'` of
// one chunk from another is the file beside it, an ES module, so it is resolved here in one step instead of by Node's
// whole resolution (a URL parsed, the file stat-ed and its real path asked, the package.json above it read for its
// type), which it went through for every import of every chunk: some 400 before a batch's first call, ~20 ms of it.
// Anything else (Node's own modules, packages, a chunk asked for from outside the bundle) is left to Node.
import module from 'node:module';

/** A chunk's import of another chunk or entry of the bundle: a file name beside it (esbuild's `./name-HASH.js`). */
const BESIDE = /^\.\/[\w.-]+\.js$/;

/** From now on in this thread, the bundle at `bundleUrl` (a folder's file: URL) resolves its own imports directly. */
export function resolveBundleDirectly(bundleUrl) {
  const folder = bundleUrl.endsWith('/') ? bundleUrl : `${bundleUrl}/`;
  // module.registerHooks: Node 22.15 and later; an older Node resolves as it always did.
  module.registerHooks?.({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL;
      if (BESIDE.test(specifier) && parent?.startsWith(folder) && !parent.includes('/', folder.length))
        return { url: new URL(specifier, context.parentURL).href, format: 'module', shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}
