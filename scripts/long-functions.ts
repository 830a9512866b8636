// Every function in the project's TypeScript longer than a limit (100 lines unless told), longest first:
// `npx tsx scripts/long-functions.ts [--max 100] [dir…]` prints "file:line name (N lines)" and exits 1 when
// it finds any. Functions are read from the syntax tree (oxc's parser, which vite's bundler rolldown ships;
// the TypeScript 7 compiler has no stable JavaScript API), so strings and comments never count as code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { sourceFiles } from '../tests/architecture/graph.js';

export const MAX_FUNCTION_LINES = 100;
export const SOURCE_DIRS = ['engine', 'server', 'cli', 'studio/src', 'migrations', 'bench', 'scripts'];

export interface LongFunction {
  file: string;
  line: number;
  name: string;
  lines: number;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** The name a function goes by: its own, or the variable, property or method it is the value of. */
function nameOf(fn: Node, parent: Node | undefined): string {
  const own = (fn.id as { name?: string } | null | undefined)?.name;
  if (own) return own;
  const key = (parent?.id ?? parent?.key) as { name?: string; value?: unknown } | undefined;
  return key?.name ?? (typeof key?.value === 'string' ? key.value : '(anonymous)');
}

/** The functions of one file's text longer than `max` lines. */
export function longFunctionsIn(file: string, text: string, max = MAX_FUNCTION_LINES): LongFunction[] {
  const ast = parseAst(text, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }) as unknown as Node;
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const found: LongFunction[] = [];
  const walk = (node: Node, parent: Node | undefined) => {
    if (FUNCTION_TYPES.has(node.type)) {
      const lines = lineAt(node.end) - lineAt(node.start) + 1;
      if (lines > max) found.push({ file, line: lineAt(node.start), name: nameOf(node, parent), lines });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const item of value) if (isNode(item)) walk(item, node);
      if (isNode(value)) walk(value, node);
    }
  };
  walk(ast, undefined);
  return found;
}

/** Every function over `max` lines below `dirs` of `root`, longest first. */
export function longFunctions(
  root: string,
  dirs: readonly string[] = SOURCE_DIRS,
  max = MAX_FUNCTION_LINES,
): LongFunction[] {
  return sourceFiles(root, dirs)
    .flatMap((file) => longFunctionsIn(file, readFileSync(path.join(root, file), 'utf8'), max))
    .sort((a, b) => b.lines - a.lines);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--max');
  const max = at >= 0 ? Number(args.splice(at, 2)[1]) : MAX_FUNCTION_LINES;
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = longFunctions(root, args.length ? args : SOURCE_DIRS, max);
  for (const f of found) console.log(`${f.file}:${f.line} ${f.name} (${f.lines} lines)`);
  process.exitCode = found.length ? 1 : 0;
}
