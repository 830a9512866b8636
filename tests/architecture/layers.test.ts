// The project's layers, read off the import graph (graph.ts) and checked against the data in
// layer-map.ts (by layer-check.ts): every file has a layer; imports only look down (engine core → session
// → contract, publish → node → the doors); outside engine/ code comes in through the engine's three doors,
// the studio through studio/src/engine.ts only, cli/ through server/index.ts only; migrations import
// nothing outside migrations/; an import between two layers that the baseline does not list fails, and
// the baseline only shrinks. No import cycles anywhere.
// A new import that breaks this fails here, naming the file, the line and the rule.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsOf, type ImportEdge } from './graph.js';
import { edgeChanges, filesWithoutLayer, layerViolations, type LayerMap } from './layer-check.js';
import * as MAP from './layer-map.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['engine', 'server', 'cli', 'studio/src', 'migrations', 'tests', 'bench', 'scripts'];

/**
 * Cycles allowed for now, each with the work that opens it. An allowed cycle that is gone fails too: delete its line.
 */
const KNOWN_CYCLES: ReadonlyArray<{ files: string[]; why: string }> = [];

describe('the import graph', () => {
  const { files, edges } = importGraph(ROOT, DIRS);

  it('is read from every TypeScript file of the project', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain('server/index.ts');
    expect(edges.length).toBeGreaterThan(1000);
    // Type-only and dynamic imports count too.
    expect(edges.some((e) => e.from === 'server/core/context.ts' && e.isTypeOnly)).toBe(true);
    expect(edges.some((e) => e.from === 'cli/main.ts' && e.isDynamic && e.to === 'cli/commands/batch.ts')).toBe(true);
  });

  it('gives every source file a layer', () => {
    expect(filesWithoutLayer(files)).toEqual([]);
  });

  it('has no import that looks up a layer or goes round a door', () => {
    expect(layerViolations(edges)).toEqual([]);
  });

  it('has no import between layers that the baseline does not list, and the baseline lists none that is gone', () => {
    const { added, gone } = edgeChanges(edges);
    expect(added, 'new imports between layers (import through a door or a lower layer instead)').toEqual([]);
    expect(gone, 'these edges are gone: delete them from ALLOWED_EDGES in layer-map.ts').toEqual([]);
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
    expect(layerViolations([edge('engine/publish/step-settings.ts', 'engine/providers/pool.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/providers/pool.ts', 'engine/index.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/providers/pool.ts', 'engine/node.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/node/load.ts', 'server/config.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/compile/flow.ts', 'studio/src/engine.ts')])).toHaveLength(1);
    // Looking down or sideways is fine.
    expect(
      layerViolations([
        edge('engine/session/view.ts', 'engine/compile/flow.ts'),
        edge('engine/contract/books.ts', 'engine/publish/step-settings.ts'),
        edge('engine/node/load.ts', 'engine/providers/pool.ts'),
        edge('engine/node.ts', 'engine/node/load.ts'),
      ]),
    ).toEqual([]);
    // The pure door reaches nothing Node-only.
    expect(layerViolations([edge('engine/index.ts', 'engine/node/load.ts')])).toHaveLength(1);
    expect(layerViolations([edge('engine/index.ts', 'engine/session/view.ts')])).toEqual([]);
  });

  it('fail on a source file with no layer', () => {
    expect(filesWithoutLayer(['engine/compile/flow.ts', 'lib/stray.ts', 'studio/src/App.tsx'])).toEqual([
      expect.stringContaining('lib/stray.ts: in no layer'),
    ]);
  });

  it('fail when code outside the engine goes round its doors', () => {
    expect(layerViolations([edge('cli/commands/generate.ts', 'engine/session/view.ts')])).toHaveLength(1);
    expect(layerViolations([edge('server/routes/books.ts', 'engine/node/export/pool.ts')])).toHaveLength(1);
    expect(layerViolations([edge('bench/eval.ts', 'engine/providers/index.ts')])).toHaveLength(1);
    expect(
      layerViolations([
        edge('server/routes/books.ts', 'engine/index.ts'),
        edge('cli/util.ts', 'engine/node.ts'),
        edge('server/routes/me.ts', 'engine/contract/index.ts'),
      ]),
    ).toEqual([]);
    // Tests may reach any engine file.
    expect(layerViolations([edge('tests/session/view.test.ts', 'engine/session/view.ts')])).toEqual([]);
  });

  it('fail when a studio file but studio/src/engine.ts imports the engine, or that file takes a Node door', () => {
    expect(layerViolations([edge('studio/src/pages/Profile.tsx', 'engine/contract/index.ts')])).toHaveLength(1);
    expect(layerViolations([edge('studio/src/pages/Profile.tsx', 'engine/index.ts')])).toHaveLength(1);
    expect(layerViolations([edge('studio/src/engine.ts', 'engine/node.ts')])).toHaveLength(1);
    expect(layerViolations([edge('studio/src/engine.ts', 'engine/session/view.ts')])).toHaveLength(1);
    expect(
      layerViolations([
        edge('studio/src/engine.ts', 'engine/index.ts'),
        edge('studio/src/engine.ts', 'engine/contract/index.ts'),
        edge('studio/src/pages/Profile.tsx', 'studio/src/engine.ts'),
      ]),
    ).toEqual([]);
  });

  it('fail on a new import between layers, and on an allowed one that is gone', () => {
    const map: LayerMap = { ...MAP, ALLOWED_EDGES: ['cli → engine door', 'cli → engine node door'] };
    const edges = [
      edge('cli/util.ts', 'engine/index.ts'),
      edge('cli/main.ts', 'server/index.ts'),
      edge('cli/util.ts', 'cli/fs-check.ts'),
      edge('tests/x.test.ts', 'server/app.ts'),
    ];
    expect(edgeChanges(edges, map)).toEqual({ added: ['cli → server door'], gone: ['cli → engine node door'] });
  });

  it('fail when cli/ reaches past the server front door', () => {
    expect(layerViolations([edge('cli/commands/worker.ts', 'server/queue/index.ts')])).toHaveLength(1);
    expect(layerViolations([edge('cli/commands/worker.ts', 'server/index.ts')])).toEqual([]);
  });

  it("fail when the batch runs a command by its own file, not through the commands' door", () => {
    expect(layerViolations([edge('cli/batch/thread-worker.ts', 'cli/commands/generate.ts')])).toHaveLength(1);
    expect(
      layerViolations([{ ...edge('cli/batch/translate-jobs.ts', 'cli/commands/translate.ts'), isDynamic: true }]),
    ).toHaveLength(1);
    expect(
      layerViolations([
        edge('cli/batch/translate-jobs.ts', 'cli/commands/index.ts'),
        edge('cli/commands/batch.ts', 'cli/batch/jobs.ts'),
        edge('cli/main.ts', 'cli/commands/generate.ts'),
      ]),
    ).toEqual([]);
  });

  it('fail when a migration imports live code', () => {
    expect(
      layerViolations([edge('migrations/0014_history_search.ts', 'engine/session/history-title.ts')]),
    ).toHaveLength(1);
    expect(layerViolations([edge('migrations/0014_history_search.ts', 'migrations/dialect.ts')])).toEqual([]);
  });

  it('find a cycle, however long', () => {
    const files = ['a.ts', 'b.ts', 'c.ts', 'd.ts'];
    expect(
      importCycles(files, [edge('a.ts', 'b.ts'), edge('b.ts', 'c.ts'), edge('c.ts', 'a.ts'), edge('c.ts', 'd.ts')]),
    ).toEqual([['a.ts', 'b.ts', 'c.ts']]);
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
    expect(
      importsOf(source)
        .map((i) => [i.specifier, i.isTypeOnly, i.isDynamic])
        .sort(),
    ).toEqual(
      [
        ['./a.js', false, false],
        ['./b.js', true, false],
        ['./c.js', true, false],
        ['./e.js', false, false],
        ['./g.js', false, false],
        ['./x.js', false, false],
        ['./y.js', true, false],
        ['./effects.js', false, false],
        ['./lazy.js', false, true],
        ['./t.js', true, false],
      ].sort(),
    );
  });
});
