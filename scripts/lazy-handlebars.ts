// The CLI bundle's `handlebars`: the runtime at load, the compiler at its first use (scripts/build-cli.ts).
import type { Plugin } from 'esbuild';
import path from 'node:path';

const CJS = 'handlebars/dist/cjs';
/**
 * Three engine modules import the full package (engine/spec/template-ast.ts, engine/spec/publish-values.ts,
 * engine/compile/prompt-renderer.ts), but a batch's start renders only templates compiled ahead: loading the
 * compiler (parser, AST, JavaScript compiler) at every start cost more CPU than the runtime alone. In the bundle,
 * `import Handlebars from 'handlebars'` is an environment of the runtime (as the package's own `create` builds) with
 * `compile`, `precompile`, `parse` and the compiler's classes that require the compiler's modules at their first use:
 * bundled like the rest (esbuild runs a required CommonJS module's body at its first `require`), one copy of the
 * runtime shared by both. What the engine uses of the package is the same object as before, from the same files.
 */
const SHIM = `
// Each of these modules is its default export (module.exports), the compiler's and base's their named ones.
const runtime = require('${CJS}/handlebars.runtime');
let loaded;
const load = () => (loaded ??= {
  compiler: require('${CJS}/handlebars/compiler/compiler'),
  base: require('${CJS}/handlebars/compiler/base'),
  JavaScriptCompiler: require('${CJS}/handlebars/compiler/javascript-compiler'),
  AST: require('${CJS}/handlebars/compiler/ast'),
  Visitor: require('${CJS}/handlebars/compiler/visitor'),
});
const lazy = (hb, name, get) =>
  Object.defineProperty(hb, name, { get, set(value) { Object.defineProperty(hb, name, { value, writable: true,
    enumerable: true, configurable: true }); }, enumerable: true, configurable: true });
function withCompiler(hb) {
  hb.compile = (input, options) => load().compiler.compile(input, options, hb);
  hb.precompile = (input, options) => load().compiler.precompile(input, options, hb);
  hb.parse = (input, options) => load().base.parse(input, options);
  hb.parseWithoutProcessing = (input, options) => load().base.parseWithoutProcessing(input, options);
  lazy(hb, 'AST', () => load().AST);
  lazy(hb, 'Compiler', () => load().compiler.Compiler);
  lazy(hb, 'JavaScriptCompiler', () => load().JavaScriptCompiler);
  lazy(hb, 'Parser', () => load().base.parser);
  return hb;
}
// As the package's own: its instance a new environment of the runtime's, with the compiler.
const runtimeCreate = runtime.create;
const create = () => withCompiler(runtimeCreate());
const inst = create();
inst.create = create;
lazy(inst, 'Visitor', () => load().Visitor);
inst['default'] = inst;
export default inst;
`;

export function lazyHandlebars(root: string): Plugin {
  return {
    name: 'lazy-handlebars',
    setup(bundle) {
      bundle.onResolve({ filter: /^handlebars$/ }, (args) => ({ path: args.path, namespace: 'lazy-handlebars' }));
      bundle.onLoad({ filter: /.*/, namespace: 'lazy-handlebars' }, () => ({
        contents: SHIM,
        loader: 'js',
        resolveDir: root,
      }));
    },
  };
}
