// The project's layers, read off the import graph (tests/architecture/graph.ts): imports only look down.
//   engine core (spec, fields, compile, the root files but index.ts) → engine/session → engine/contract and
//   engine/publish → engine/node and engine/providers → engine/index.ts; server/ and cli/ on top, and cli/
//   uses the server only through its front door, server/index.ts; migrations import nothing outside
//   migrations/ (a shipped migration never changes). No import cycles anywhere.
// A new import that breaks this fails here, naming the file, the line and the rule.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf, type ImportEdge } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['engine', 'server', 'cli', 'studio/src', 'migrations', 'tests', 'bench', 'scripts'];

/** An engine file's layer: higher layers may import lower ones, never the reverse. */
export function engineLayer(file: string): { rank: number; name: string } | null {
  if (!file.startsWith('engine/')) return null;
  const parts = file.split('/');
  if (parts.length === 2) return parts[1] === 'index.ts' || parts[1] === 'node.ts' ? { rank: 4, name: `engine/${parts[1]}` } : { rank: 0, name: 'core' };
  const folder = parts[1]!;
  const rank = ({ spec: 0, fields: 0, compile: 0, session: 1, contract: 2, publish: 2, node: 3, providers: 3 } as Record<string, number>)[folder];
  if (rank === undefined) throw new Error(`${file}: engine/${folder}/ is in no layer; add it to tests/architecture/layers.test.ts (and the README's layer order)`);
  return { rank, name: rank === 0 ? 'core' : folder };
}

/** Every import that breaks a rule, as "file:line → target: rule". */
export function layerViolations(edges: readonly ImportEdge[]): string[] {
  const problems: string[] = [];
  for (const e of edges) {
    const at = `${e.from}:${e.line} → ${e.to}`;
    if (e.from.startsWith('cli/') && e.to.startsWith('server/') && e.to !== 'server/index.ts') problems.push(`${at}: cli/ uses the server through server/index.ts only (export what it needs from there)`);
    if (e.from.startsWith('migrations/') && !e.to.startsWith('migrations/')) problems.push(`${at}: a migration imports nothing outside migrations/ (freeze the rule it needs inside it, so it never changes after it shipped)`);
    const from = engineLayer(e.from);
    if (!from) continue;
    if (!e.to.startsWith('engine/')) {
      problems.push(`${at}: the engine imports nothing of ${e.to.split('/')[0]}/`);
      continue;
    }
    const to = engineLayer(e.to)!;
    if (to.rank > from.rank) problems.push(`${at}: ${from.name} is below ${to.name} (layers only look down: core → session → contract, publish → node, providers)`);
  }
  return problems;
}

/** Cycles allowed for now, each with the work that opens it. An allowed cycle that is gone fails too: delete its line. */
const KNOWN_CYCLES: ReadonlyArray<{ files: string[]; why: string }> = [];

describe('the import graph', () => {
  const { files, edges } = importGraph(ROOT, DIRS);

  it('is read from every TypeScript file of the project', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('server/index.ts');
    expect(edges.length).toBeGreaterThan(1000);
    // Type-only and dynamic imports count too.
    expect(edges.some((e) => e.from === 'server/context.ts' && e.isTypeOnly)).toBe(true);
    expect(edges.some((e) => e.from === 'cli/main.ts' && e.isDynamic && e.to === 'cli/commands/generate.ts')).toBe(true);
  });

  it('has no import that looks up a layer, and cli/ reaches the server through server/index.ts only', () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles = importCycles(files, edges);
    const key = (c: readonly string[]) => [...c].sort().join(' ↔ ');
    const known = new Set(KNOWN_CYCLES.map((c) => key(c.files)));
    expect(cycles.map(key).filter((c) => !known.has(c))).toEqual([]);
    const gone = [...known].filter((k) => !cycles.some((c) => key(c) === k));
    expect(gone, 'these allowed cycles are gone: delete them from KNOWN_CYCLES').toEqual([]);
  });
});

describe('the checks themselves', () => {
  const edge = (from: string, to: string): ImportEdge => ({ from, to, isTypeOnly: false, isDynamic: false, line: 1 });

  it('fail on an upward import in the engine', () => {
    expect(layerViolations([edge('engine/compile/flow.ts', 'engine/session/session.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/i18n.ts', 'engine/contract/books.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/session/view.ts', 'engine/contract/books.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/session/view.ts', 'engine/providers/timing.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/contract/books.ts', 'engine/node/load.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/publish/plan.ts', 'engine/providers/pool.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/providers/pool.ts', 'engine/index.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/node/load.ts', 'server/config.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/compile/flow.ts', 'studio/src/engine.ts')])).toHaveLength(1);
    // Looking down or sideways is fine.
    expect(layerViolations([edge('engine/session/view.ts', 'engine/compile/flow.ts'), edge('engine/contract/books.ts', 'engine/publish/plan.ts'), edge('engine/node/load.ts', 'engine/providers/pool.ts'), edge('engine/index.ts', 'engine/node/load.ts')])).toEqual([]);
  });

  it('fail when cli/ reaches past the server front door', () => {
    expect(layerViolations([edge('cli/commands/worker.ts', 'server/queue/index.ts')])).toHaveLength(1);
    expect(layerViolations([edge('cli/commands/worker.ts', 'server/index.ts')])).toEqual([]);
  });

  it('fail when a migration imports live code', () => {
    expect(layerViolations([edge('migrations/0014_history_search.ts', 'engine/session/history-title.ts')])).toHaveLength(1);
    expect(layerViolations([edge('migrations/0014_history_search.ts', 'migrations/dialect.ts')])).toEqual([]);
  });

  it('find a cycle, however long', () => {
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];
    expect(importCycles(files, [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')])).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importCycles(files, [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('a.ts', 'c.ts')])).toEqual([]);
  });

  it('read every kind of import, and none in comments', () => {
    const source = [
      "import { a } from './a.js';",
      "import type { B } from './b.js';",
      "import { type C, type D } from './c.js';",
      "import E, { type F } from './e.js';",
      'import {',
      '  g,',
      '  h,',
      "} from './g.js';",
      "export * from './x.js';",
      "export type { Y } from './y.js';",
      "import './effects.js';",
      "const lazy = () => import('./lazy.js');",
      "type T = typeof import('./t.js');",
      "// import { old } from './old.js';",
      '/*',
      "import { older } from './older.js';",
      '*/',
    ].join('\n');
    expect(importsOf(source).map((i) => [i.specifier, i.isTypeOnly, i.isDynamic]).sort()).toEqual(
      [
        ['./a.js', false, false], ['./b.js', true, false], ['./c.js', true, false], ['./e.js', false, false], ['./g.js', false, false],
        ['./x.js', false, false], ['./y.js', true, false], ['./effects.js', false, false], ['./lazy.js', false, true], ['./t.js', true, false],
      ].sort(),
    );
  });
});
