// Bundle the `karya` command (cli/, engine/, server/, migrations/) into dist/cli/ with esbuild so it
// starts in ~0.1 s instead of compiling TypeScript on every run. Packages stay external. Runs on
// `npm ci` (prepare); bin/karya.js uses the bundle only while it is newer than every source file.
// `--outdir DIR` builds it elsewhere (a test's folder; the catalog's cache is then left alone).
import { build, type Plugin } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../engine/node.js';
import { asciiChunks } from './ascii-chunks.js';
import { shapeBuiltStart } from './shape-start.js';

const DEFAULT_OUTDIR = path.join(ROOT, 'dist', 'cli');
const outdir = path.resolve(parseArgs({ options: { outdir: { type: 'string' } } }).values.outdir ?? DEFAULT_OUTDIR);
// Built beside the bundle under this process's name and swapped in whole (replaceDir): a build running at the same
// time (two test runs' setups, an `npm run build`) never empties the folder this one writes, and a `karya` starting
// meanwhile finds the old bundle, the new one, or none (then it runs from the sources), never half of one.
const building = `${outdir}.building-${process.pid}`;
const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const BUNDLED = new Set([
  'kysely',
  'zod',
  'openai',
  'handlebars',
  'commander',
  'cli-progress',
  'p-queue',
  'yaml',
  'pg',
  'pg-boss',
]);
rmSync(building, { recursive: true, force: true });
// A build that fails leaves no half-built folder behind (one swapped in is no longer there).
process.once('exit', () => rmSync(building, { recursive: true, force: true }));

/**
 * Puts the built folder where the bundle is read from: one rename when none is there, else the bundle there is renamed
 * away first and removed once the new one stands. Another build doing the same meanwhile only makes it try again; the
 * last to rename wins, and either bundle is whole.
 */
function replaceDir(from: string, to: string): void {
  const olds: string[] = [];
  for (let attempt = 0; ; attempt++) {
    try {
      renameSync(from, to);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 50) throw error;
    }
    const old = `${to}.old-${process.pid}-${attempt}`;
    try {
      renameSync(to, old);
      olds.push(old);
    } catch (error) {
      // Another build moved it first: try the rename again.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  for (const old of olds) rmSync(old, { recursive: true, force: true });
}

/**
 * pg (8.x) asks at load whether it runs in a Cloudflare Worker, and when `navigator` is missing (Node 20)
 * does so by building a fetch `Response`: on Node 20 that loads the whole fetch implementation (undici,
 * ~20 ms) into a process that may never fetch, such as a queued `karya batch`, which only talks to
 * Postgres. The CLI runs on Node only, so in its bundle that probe answers "no" at once. If pg's file no
 * longer has the probe, the build says so and leaves the file as it is.
 */
const PG_CLOUDFLARE_PROBE = "typeof Response === 'function'";
const pgOnNode: Plugin = {
  name: 'pg-on-node',
  setup(bundle) {
    bundle.onLoad({ filter: /[\\/]node_modules[\\/]pg[\\/]lib[\\/]stream\.js$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes(PG_CLOUDFLARE_PROBE)) {
        process.stderr.write(`karya: ${args.path} has no Cloudflare probe to skip (pg changed): bundled as it is\n`);
        return undefined;
      }
      return { contents: text.replace(PG_CLOUDFLARE_PROBE, 'false'), loader: 'js' };
    });
  },
};
/**
 * commander and pg-boss import `node:process` as an ES module: its namespace is built by reading every property
 * of `process` (~5 ms of each start, before anything runs). In the bundle it is the global `process` itself.
 */
const processGlobal: Plugin = {
  name: 'process-global',
  setup(bundle) {
    bundle.onResolve({ filter: /^(node:)?process$/ }, () => ({ path: 'process', namespace: 'process-global' }));
    // As CommonJS: a default import is `process`, a namespace import reads its properties when they are used.
    bundle.onLoad({ filter: /.*/, namespace: 'process-global' }, () => ({
      contents: 'module.exports = globalThis.process;',
      loader: 'js',
    }));
  },
};
/**
 * The openai SDK (7.x) reads `Response.prototype` and `Headers.prototype` when its modules load, to keep the
 * native methods before anyone could replace them: touching either global makes Node load its whole fetch
 * implementation (undici, ~40 ms here) at every start, though `karya batch` sends its calls with node:http
 * (engine/node/light-fetch.ts). In the bundle they are read at their first use instead (nothing in Karya
 * replaces them in between). If the SDK's files no longer read them so, the build says so and bundles them
 * as they are.
 */
const SDK_EAGER_GLOBALS: Array<{ file: RegExp; from: string; to: string; names: Array<[RegExp, string]> }> = [
  {
    file: /[\\/]node_modules[\\/]openai[\\/]auth[\\/]workload-identity-auth\.mjs$/,
    from:
      'const NATIVE_RESPONSE_PROTOTYPE = Response.prototype;\nconst ' +
      'READ_NATIVE_RESPONSE_BODY = NATIVE_RESPONSE_PROTOTYPE.arrayBuffer;',
    to:
      'let karyaNativeResponse;\nconst karyaNativeResponseOf = () => (karyaNativeResponse ' +
      '??= { prototype: Response.prototype, read: Response.prototype.arrayBuffer });',
    names: [
      [/\bNATIVE_RESPONSE_PROTOTYPE\b/g, 'karyaNativeResponseOf().prototype'],
      [/\bREAD_NATIVE_RESPONSE_BODY\b/g, 'karyaNativeResponseOf().read'],
    ],
  },
  {
    file: /[\\/]node_modules[\\/]openai[\\/]lib[\\/]EventStream\.mjs$/,
    from:
      "const headersEntriesDescriptor = typeof Headers === 'function' ? " +
      "Object.getOwnPropertyDescriptor(Headers.prototype, 'entries') : undefined;",
    to:
      'let karyaHeadersEntries;\nconst karyaHeadersEntriesOf = () => (karyaHeadersEntries ' +
      "??= { descriptor: typeof Headers === 'function' ? (rememberTrustedIntrinsic(Headers), " +
      "Object.getOwnPropertyDescriptor(Headers.prototype, 'entries')) : undefined });",
    // Its trusted globals are read by descriptor, which loads fetch as well: Headers is remembered at the first read
    // of its entries instead.
    names: [
      [/\bheadersEntriesDescriptor\b/g, 'karyaHeadersEntriesOf().descriptor'],
      [/^const headersEntries = /m, 'const headersEntriesOf = () => '],
      [/\bheadersEntries\b(?!Of)/g, 'headersEntriesOf()'],
      [/'File',\n\s*'Headers',\n\]\) \{/, "'File',\n]) {"],
    ],
  },
];
const sdkLazyGlobals: Plugin = {
  name: 'sdk-lazy-globals',
  setup(bundle) {
    for (const patch of SDK_EAGER_GLOBALS) {
      bundle.onLoad({ filter: patch.file }, (args) => {
        const text = readFileSync(args.path, 'utf8');
        const unchanged = () => {
          process.stderr.write(
            `karya: ${args.path} no longer reads its globals as it did (openai changed): bundled as it is\n`,
          );
          return undefined;
        };
        if (!text.includes(patch.from)) return unchanged();
        let out = text.replace(patch.from, patch.to);
        // Every use is renamed, or none: a half-patched file could read a name that is no longer there.
        for (const [name, use] of patch.names) {
          if (!name.test(out)) return unchanged();
          name.lastIndex = 0;
          out = out.replace(name, use);
        }
        return { contents: out, loader: 'js' };
      });
    }
  },
};
/**
 * sanitize-html (with postcss, source-map-js and launder: some sixty files) is only called when a package's
 * description is written (engine/publish/html.ts), but that module is in every command's graph through the engine's
 * door, so each start loaded it before anything ran (a batch's first call waited ~15 ms for it). In the bundle its
 * default import is a function that requires the package at its first call. A named or property use of it would
 * find nothing there: html.ts only calls it.
 */
const LAZY_DEFAULTS = /^sanitize-html$/;
const lazyDefaults: Plugin = {
  name: 'lazy-defaults',
  setup(bundle) {
    // The shim's own require of the package is left to Node (the banner's require), at run time.
    bundle.onResolve({ filter: LAZY_DEFAULTS }, (args) =>
      args.namespace === 'lazy-default'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'lazy-default' },
    );
    bundle.onLoad({ filter: /.*/, namespace: 'lazy-default' }, (args) => ({
      contents:
        `let loaded;\nexport default function lazyDefault(...args) {\n  loaded ??= ` +
        `require(${JSON.stringify(args.path)});\n  return loaded(...args);\n}\n`,
      loader: 'js',
    }));
  },
};
/**
 * marked (engine/markdown.ts, engine/publish/html.ts) and htmlparser2 (with entities and domhandler: reading HTML in
 * imports, a package's description) are only used when a command reads or writes Markdown or HTML, but their modules
 * are in every command's graph through the engine's door: each start loaded and ran them (~25 ms, marked's grammar
 * built at load) before anything else, `karya batch` before its first call. In the bundle each named class the code
 * imports from them is a stand-in that loads the package at its first use (construction, call or property) and is
 * the package's own class from then on. A name missing here fails the build (esbuild: no matching export).
 * The same for functions most commands never call: the `entities` decoder (engine/markup.ts: an import's and a
 * cover's character references; its tables were built at load, before a batch's first call) and @noble/hashes
 * (engine/text-hash.ts: the browser's SHA-256; Node's comes from node:crypto).
 */
const LAZY_CLASSES: Record<string, readonly string[]> = {
  marked: ['Lexer', 'Marked'],
  htmlparser2: ['Parser'],
  entities: ['decodeHTMLStrict'],
  '@noble/hashes/sha2': ['sha256'],
  '@noble/hashes/utils': ['bytesToHex', 'utf8ToBytes'],
};
const lazyClasses: Plugin = {
  name: 'lazy-classes',
  setup(bundle) {
    const filter = new RegExp(`^(?:${Object.keys(LAZY_CLASSES).join('|')})$`);
    bundle.onResolve({ filter }, (args) =>
      args.namespace === 'lazy-class'
        ? { path: args.path, external: true }
        : { path: args.path, namespace: 'lazy-class' },
    );
    bundle.onLoad({ filter: /.*/, namespace: 'lazy-class' }, (args) => ({
      contents: [
        'let loaded;',
        `const real = (name) => (loaded ??= require(${JSON.stringify(args.path)}))[name];`,
        // A function as the target, so `new` reaches the construct trap; everything else is the real class's.
        'const lazy = (name) => new Proxy(function () {}, { construct: (_, args) => ' +
          'Reflect.construct(real(name), args), apply: (_, self, args) => Reflect.apply(real(name), ' +
          'self, args), get: (_, key) => real(name)[key], has: (_, key) => key in real(name) });',
        ...LAZY_CLASSES[args.path]!.map((name) => `export const ${name} = lazy(${JSON.stringify(name)});`),
      ].join('\n'),
      loader: 'js',
    }));
  },
};
const started = performance.now();
// The sources are read from now on: one saved after this is newer than the bundle (the stamp's time, below).
const startedAt = new Date();
const built = await build({
  outdir: building,
  // The worker threads of the export, import and near-duplicate pools (engine/node/{export,import,closeness}/pool.ts),
  // a batch's threads (cli/batch/threads.ts), its book-end thread (cli/batch/book-end.ts) and the audio edition's
  // threads (engine/node/audio/audio-pool.ts) start from their own files beside the chunks.
  entryPoints: {
    main: path.join(ROOT, 'cli', 'main.ts'),
    'render-worker': path.join(ROOT, 'engine', 'node', 'export', 'render-worker.ts'),
    'parse-worker': path.join(ROOT, 'engine', 'node', 'import', 'parse-worker.ts'),
    'closeness-worker': path.join(ROOT, 'engine', 'node', 'closeness', 'closeness-worker.ts'),
    'thread-worker': path.join(ROOT, 'cli', 'batch', 'thread-worker.ts'),
    'book-end-worker': path.join(ROOT, 'cli', 'batch', 'book-end-worker.ts'),
    'audio-worker': path.join(ROOT, 'engine', 'node', 'audio', 'audio-worker.ts'),
  },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Packages stay external (node_modules), except pure-JS ones made of hundreds of small ES modules:
  // Node loads each file on its own, so `import 'kysely'` alone cost ~175 ms of CPU at every start
  // (zod ~70 ms, openai ~90 ms). Bundled, they load as part of a few chunks. Native and CommonJS
  // packages, and everything the server alone uses, stay external.
  external: [...Object.keys(dependencies).filter((name) => !BUNDLED.has(name)), 'pg-native', 'pg-cloudflare'].flatMap(
    (name) => [name, `${name}/*`],
  ),
  // Bundled CommonJS packages (handlebars, commander, cli-progress) require Node's own modules.
  banner: {
    js:
      "import { createRequire as __karyaCreateRequire } from 'node:module'; " +
      'const require = __karyaCreateRequire(import.meta.url);',
  },
  plugins: [pgOnNode, processGlobal, sdkLazyGlobals, lazyDefaults, lazyClasses],
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: true,
});
// Chunks Node reads as one-byte text (scripts/ascii-chunks.ts), before the start is traced: V8's positions are theirs.
const ascii = asciiChunks(building);
// What a batch's start runs, compiled with its chunks: Node's compile cache keeps it (scripts/shape-start.ts).
const shaped = await shapeBuiltStart(building, !path.relative(ROOT, outdir).startsWith('..'));
// The bundle's identity, for the catalog's disk cache (engine/node/load.ts): a start then reads one small
// file instead of hashing 2 MB of bundled code.
const hash = createHash('sha256');
for (const file of readdirSync(building)
  .filter((f) => f.endsWith('.js'))
  .sort())
  hash.update(`${file}\n`).update(readFileSync(path.join(building, file)));
const stamp = path.join(building, 'build.json');
// The checkout's files the bundle was built from (bin/bundle-fresh.js): a start looks at these alone instead of walking
// every source folder. A file added since changes nothing until a listed file imports it, and that file is then newer.
const sources = Object.keys(built.metafile.inputs)
  .filter((file) => !/(^|\/)node_modules\//.test(file) && !file.includes(':'))
  .map((file) => path.relative(ROOT, path.resolve(file)).split(path.sep).join('/'))
  .filter((file) => !file.startsWith('..'))
  .sort();
writeFileSync(
  stamp,
  JSON.stringify({ builtAt: new Date().toISOString(), codeHash: hash.digest('hex'), sources }) + '\n',
);
// Dated when the build started: a source saved while it ran (another engineer's edit) is newer than the stamp, so
// the bundle counts as stale (bin/bundle-fresh.js) instead of passing for a build of it.
utimesSync(stamp, startedAt, startedAt);
replaceDir(building, outdir);
const shown = path.relative(process.cwd(), outdir);
process.stdout.write(
  `karya: CLI bundle built in ${shown && !shown.startsWith('..') ? shown : outdir}/ ` +
    `(${Math.round(performance.now() - started)} ms; ${shaped}; ${ascii})\n`,
);
// Fill the catalog's disk cache for this bundle now (`npm ci` runs this build), so the first command after
// an install or a rebuild does not compile every generator: once for commands run inside the checkout
// and once for those run from any other folder (file names in the catalog are relative inside it,
// absolute outside). A generator that does not compile only leaves the cache empty: the command that
// needs it reports the problem.
if (outdir === DEFAULT_OUTDIR)
  for (const cwd of [ROOT, tmpdir()])
    spawnSync(process.execPath, [path.join(ROOT, 'bin', 'karya.js'), 'list', '--json'], { cwd, stdio: 'ignore' });
