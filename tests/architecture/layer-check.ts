// The layer checker: reads each file's layer off the folder rules (layer-map.ts) and returns every import
// that breaks a rule, as "file:line → target: rule", and every import edge between two layers.
// layers.test.ts runs it on the project's import graph, and on small made-up graphs to prove each rule.
import type { ImportEdge } from './graph.js';
import * as MAP from './layer-map.js';

export type LayerMap = typeof MAP;

/** The layer of a file by the first rule that covers it, or null when none does. */
export function layerOf(file: string, rules: LayerMap['LAYER_RULES'] = MAP.LAYER_RULES): string | null {
  for (const [pattern, layer] of rules)
    if (pattern.endsWith('/') ? file.startsWith(pattern) : file === pattern) return layer;
  return null;
}

/** Files no rule gives a layer. */
export function filesWithoutLayer(files: readonly string[], map: LayerMap = MAP): string[] {
  return files
    .filter((f) => layerOf(f, map.LAYER_RULES) === null)
    .map((f) => `${f}: in no layer (add a rule to tests/architecture/layer-map.ts)`);
}

/** The rule an import breaks by going round a door (engine, studio, server), or null. */
function doorProblem(e: ImportEdge, map: LayerMap): string | null {
  if (e.from.startsWith('tests/')) return null;
  if (e.from.startsWith('studio/') && e.to.startsWith('engine/')) {
    if (e.from !== map.STUDIO_DOOR) return `the studio imports the engine through ${map.STUDIO_DOOR} only`;
    if (!map.STUDIO_ENGINE_DOORS.includes(e.to))
      return `${map.STUDIO_DOOR} takes the engine's browser-safe doors only (${map.STUDIO_ENGINE_DOORS.join(', ')})`;
    return null;
  }
  if (!e.from.startsWith('engine/') && e.to.startsWith('engine/') && !map.ENGINE_DOORS.includes(e.to))
    return (
      `outside engine/, code imports the engine through its doors only ` +
      `(${map.ENGINE_DOORS.join(', ')}): re-export what it needs there`
    );
  if (e.from.startsWith('cli/') && e.to.startsWith('server/') && e.to !== map.SERVER_DOOR)
    return `cli/ uses the server through ${map.SERVER_DOOR} only (export what it needs from there)`;
  if (e.from.startsWith('cli/batch/') && e.to.startsWith('cli/commands/') && e.to !== map.CLI_COMMANDS_DOOR)
    return (
      `the batch runs a command through ${map.CLI_COMMANDS_DOOR} ` +
      `only (a small function there), never the command's own file`
    );
  return null;
}

/** The rule an import inside the engine or out of a migration breaks, or null. */
function layerProblem(e: ImportEdge, map: LayerMap): string | null {
  if (e.from.startsWith('migrations/') && !e.to.startsWith('migrations/'))
    return (
      'a migration imports nothing outside migrations/ (freeze the ' +
      'rule it needs inside it, so it never changes after it shipped)'
    );
  if (!e.from.startsWith('engine/')) return null;
  if (!e.to.startsWith('engine/')) return `the engine imports nothing of ${e.to.split('/')[0]}/`;
  if (e.to === map.ENGINE_DOORS[0] || e.to === map.ENGINE_DOORS[1])
    return (
      'inside the engine, files import each other, never the doors ' +
      '(engine/index.ts, engine/node.ts are for callers outside)'
    );
  const from = layerOf(e.from, map.LAYER_RULES)!;
  const to = layerOf(e.to, map.LAYER_RULES)!;
  if ((map.ENGINE_RANKS[to] ?? 0) > (map.ENGINE_RANKS[from] ?? 0))
    return `${from} is below ${to} (layers only look down: core → session → contract, publish → node → the doors)`;
  return null;
}

/** Every import that breaks a rule, as "file:line → target: rule". */
export function layerViolations(edges: readonly ImportEdge[], map: LayerMap = MAP): string[] {
  const problems: string[] = [];
  for (const e of edges) {
    const rule = doorProblem(e, map) ?? layerProblem(e, map);
    if (rule) problems.push(`${e.from}:${e.line} → ${e.to}: ${rule}`);
  }
  return problems;
}

/** The distinct imports between two layers ("from → to"), leaving out the free layers (tests, bench, scripts). */
export function crossLayerEdges(edges: readonly ImportEdge[], map: LayerMap = MAP): string[] {
  const found = new Set<string>();
  for (const e of edges) {
    const from = layerOf(e.from, map.LAYER_RULES);
    const to = layerOf(e.to, map.LAYER_RULES);
    if (from && to && from !== to && !map.FREE_LAYERS.includes(from)) found.add(`${from} → ${to}`);
  }
  return [...found].sort();
}

/** Edges between layers that the baseline does not allow (new), and allowed ones that are gone (delete them). */
export function edgeChanges(edges: readonly ImportEdge[], map: LayerMap = MAP): { added: string[]; gone: string[] } {
  const now = crossLayerEdges(edges, map);
  return {
    added: now.filter((e) => !map.ALLOWED_EDGES.includes(e)),
    gone: map.ALLOWED_EDGES.filter((e) => !now.includes(e)),
  };
}
