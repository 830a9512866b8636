// The import graph of the project's TypeScript, read from the sources: every import, export…from and
// import('…') between the project's own files (packages are left out). tests/architecture/layers.test.ts
// checks the layer order and the absence of cycles on it.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

export interface ImportEdge {
  /** Both relative to the root, with forward slashes: "engine/session/step.ts". */
  from: string;
  to: string;
  /** Only types cross it (import type, export type, every name marked type, typeof import('…')): gone at run time. */
  isTypeOnly: boolean;
  /** import('…') at run time: the module loads on first use. */
  isDynamic: boolean;
  line: number;
}

const SKIPPED = new Set(['node_modules', 'dist', '.git', '.karya']);

/** TypeScript sources (not declarations): the files the import graph and the size checks read. */
const TYPESCRIPT = (name: string) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts');

export function sourceFiles(root: string, dirs: readonly string[], isSource = TYPESCRIPT): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (SKIPPED.has(entry.name)) continue;
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (isSource(entry.name)) files.push(rel);
    }
  };
  for (const dir of dirs) walk(dir);
  return files.sort();
}

/** Comments blanked (same length, newlines kept) so that line numbers hold and commented-out imports do not count. */
function withoutComments(source: string): string {
  const blank = (text: string) => text.replace(/[^\n]/g, ' ');
  return source.replace(/^[ \t]*\/\*[\s\S]*?\*\//gm, blank).replace(/^[ \t]*\/\/.*$/gm, blank);
}

interface RawImport {
  specifier: string;
  isTypeOnly: boolean;
  isDynamic: boolean;
  index: number;
}

/** The module specifiers one file's text imports. */
export function importsOf(source: string): RawImport[] {
  const code = withoutComments(source);
  const found: RawImport[] = [];
  // import … from '…' and export … from '…' (at a line's start, over several lines if need be).
  for (const m of code.matchAll(/^[ \t]*(import|export)\s+(type\s+)?([^;'"]*?)\s*from\s*(['"])([^'"\n]+)\4/gm)) {
    const names = m[3] ?? '';
    const braced = /\{([^}]*)\}/.exec(names);
    const beforeBrace = braced ? names.slice(0, braced.index).replace(/,\s*$/, '').trim() : names.trim();
    const allNamesTyped =
      braced !== null &&
      beforeBrace === '' &&
      braced[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    found.push({ specifier: m[5]!, isTypeOnly: m[2] !== undefined || allNamesTyped, isDynamic: false, index: m.index });
  }
  // import '…' (for its effects).
  for (const m of code.matchAll(/^[ \t]*import\s*(['"])([^'"\n]+)\1/gm))
    found.push({ specifier: m[2]!, isTypeOnly: false, isDynamic: false, index: m.index });
  // import('…'), and typeof import('…') in types.
  for (const m of code.matchAll(/(typeof\s+)?\bimport\(\s*(['"])([^'"\n]+)\2\s*\)/g))
    found.push({ specifier: m[3]!, isTypeOnly: m[1] !== undefined, isDynamic: m[1] === undefined, index: m.index });
  return found;
}

/**
 * The project file a relative specifier names ("./step.js" → "engine/session/step.ts"), or null (a package, JSON,
 * CSS…).
 */
export function resolveImport(
  root: string,
  from: string,
  specifier: string,
  exists: (rel: string) => boolean,
): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = target.replace(/\.(m?js|jsx|tsx?)$/, '');
  for (const candidate of [`${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`])
    if (exists(candidate)) return candidate;
  return null;
}

export function importGraph(root: string, dirs: readonly string[]): { files: string[]; edges: ImportEdge[] } {
  const files = sourceFiles(root, dirs);
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const raw of importsOf(source)) {
      const to = resolveImport(root, file, raw.specifier, (rel) => known.has(rel));
      if (!to) continue;
      edges.push({
        from: file,
        to,
        isTypeOnly: raw.isTypeOnly,
        isDynamic: raw.isDynamic,
        line: source.slice(0, raw.index).split('\n').length + (source[raw.index] === '\n' ? 1 : 0),
      });
    }
  }
  return { files, edges };
}

/** Every import cycle, as the strongly connected components of more than one file (or a file importing itself). */
export function importCycles(files: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const e of edges) next.get(e.from)?.push(e.to);
  // Tarjan's algorithm, iterative (deep chains must not overflow the stack).
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  for (const start of files) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; i: number }> = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const targets = next.get(top.node) ?? [];
      if (top.i < targets.length) {
        const to = targets[top.i++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1 || targets.includes(top.node)) cycles.push(component.sort());
      }
    }
  }
  return cycles;
}
