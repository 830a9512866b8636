// The rooms of engine/session are entered by their doors: a folder under engine/session (and a folder under one
// of those) is a room, its index.ts names what the rest of the engine may use of it, and no file outside the room
// imports any other file of it. The root of engine/session stays small (at most MAX_ROOT_FILES files, README.md
// and index.ts counted): a feature of several files gets a room. Tests may reach into a room to test one file.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph, type ImportEdge } from './graph.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIRS = ['engine', 'server', 'cli', 'studio/src', 'migrations', 'bench', 'scripts'];
const SESSION = 'engine/session';
const MAX_ROOT_FILES = 24;

/**
 * Imports past a door allowed for now, each with what keeps it. One that is gone fails too: delete its line.
 */
const KNOWN_DEEP: readonly string[] = [];

/** Every room under a folder: each folder below it, at any depth, that holds a source file. */
export function roomsOf(files: readonly string[], under: string): string[] {
  const rooms = new Set<string>();
  for (const f of files) {
    if (!f.startsWith(`${under}/`)) continue;
    const parts = f.split('/');
    const depth = under.split('/').length;
    for (let i = depth + 1; i < parts.length; i++) rooms.add(parts.slice(0, i).join('/'));
  }
  return [...rooms].sort();
}

/** The imports that go past a room's door, as "from:line → to (room's door: …/index.ts)". */
export function deepImports(edges: readonly ImportEdge[], rooms: readonly string[]): string[] {
  const found: string[] = [];
  for (const e of edges) {
    if (e.from.startsWith('tests/')) continue;
    // The outermost room the target is in and the importer is not: a nested room is entered through its
    // parent's door from outside the parent, and through its own door from the parent.
    const room = rooms
      .filter((r) => e.to.startsWith(`${r}/`) && !e.from.startsWith(`${r}/`))
      .sort((a, b) => a.length - b.length)[0];
    // light.ts is a room's second door: what the contract reads of it, without the prompts its index.ts brings.
    if (room && e.to !== `${room}/index.ts` && e.to !== `${room}/light.ts`)
      found.push(`${e.from}:${e.line} → ${e.to} (through ${room}/index.ts)`);
  }
  return found;
}

const withoutLine = (deep: string) => deep.replace(/:\d+ → /, ' → ').replace(/ \(through .*\)$/, '');

describe('the rooms of engine/session', () => {
  const { files, edges } = importGraph(ROOT, DIRS);
  const rooms = roomsOf(files, SESSION);

  it('each have a door, index.ts', () => {
    expect(rooms.length).toBeGreaterThan(6);
    expect(rooms.filter((r) => !files.includes(`${r}/index.ts`)).map((r) => `${r}: no index.ts`)).toEqual([]);
  });

  it('are entered through their doors only', () => {
    const found = deepImports(edges, rooms);
    const known = new Set(KNOWN_DEEP);
    expect(
      found.filter((d) => !known.has(withoutLine(d))),
      "import these through the room's index.ts (name what is needed there)",
    ).toEqual([]);
    const gone = KNOWN_DEEP.filter((k) => !found.some((d) => withoutLine(d) === k));
    expect(gone, 'these imports are gone: delete them from KNOWN_DEEP').toEqual([]);
  });

  it(`leave at most ${MAX_ROOT_FILES} files at the root`, () => {
    const rootFiles = readdirSync(path.join(ROOT, SESSION), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => e.name);
    expect(rootFiles.length, rootFiles.join(', ')).toBeLessThanOrEqual(MAX_ROOT_FILES);
  });
});

describe('the rooms check itself', () => {
  const edge = (from: string, to: string): ImportEdge => ({ from, to, isTypeOnly: true, isDynamic: false, line: 7 });
  const rooms = roomsOf(
    [
      'e/s/a.ts',
      'e/s/bible/bible.ts',
      'e/s/bible/index.ts',
      'e/s/bible/deep/x.ts',
      'e/s/bible/deep/index.ts',
      'e/s/map/map.ts',
    ],
    'e/s',
  );

  it('finds every folder, nested ones too', () => {
    expect(rooms).toEqual(['e/s/bible', 'e/s/bible/deep', 'e/s/map']);
  });

  it('fails an import past a door, type-only too, naming the file, the line and the door', () => {
    expect(deepImports([edge('e/s/a.ts', 'e/s/bible/bible.ts')], rooms)).toEqual([
      'e/s/a.ts:7 → e/s/bible/bible.ts (through e/s/bible/index.ts)',
    ]);
    // From outside, a nested room is behind its parent's door; from the parent, behind its own.
    expect(deepImports([edge('e/s/map/map.ts', 'e/s/bible/deep/index.ts')], rooms)).toEqual([
      'e/s/map/map.ts:7 → e/s/bible/deep/index.ts (through e/s/bible/index.ts)',
    ]);
    expect(deepImports([edge('e/s/bible/bible.ts', 'e/s/bible/deep/x.ts')], rooms)).toEqual([
      'e/s/bible/bible.ts:7 → e/s/bible/deep/x.ts (through e/s/bible/deep/index.ts)',
    ]);
  });

  it('lets a door, a file of the same room and a test through', () => {
    expect(
      deepImports(
        [
          edge('e/s/a.ts', 'e/s/bible/index.ts'),
          edge('e/s/bible/index.ts', 'e/s/bible/bible.ts'),
          edge('e/s/bible/deep/x.ts', 'e/s/bible/bible.ts'),
          edge('e/s/bible/bible.ts', 'e/s/bible/deep/index.ts'),
          edge('tests/session/bible.test.ts', 'e/s/bible/bible.ts'),
        ],
        rooms,
      ),
    ).toEqual([]);
  });
});
