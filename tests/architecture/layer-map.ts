// Which layer every source file is in, and which imports between layers are allowed: the data that
// tests/architecture/layers.test.ts checks the import graph against (the checker is layer-check.ts).
// A file no rule covers fails the test; so does an import between layers that ALLOWED_EDGES does not list.
// ALLOWED_EDGES only shrinks: an edge that is gone fails too, until its line is deleted.

/** Folder rules, the first that matches a file wins: an exact file, or a folder ending in '/'. */
export const LAYER_RULES: ReadonlyArray<readonly [string, string]> = [
  ['engine/index.ts', 'engine door'],
  ['engine/node.ts', 'engine node door'],
  ['engine/book-end.ts', 'engine node door'],
  ['engine/contract/index.ts', 'engine contract door'],
  ['engine/session/', 'engine session'],
  ['engine/contract/', 'engine contract'],
  ['engine/publish/', 'engine publish'],
  ['engine/node/', 'engine node'],
  ['engine/providers/', 'engine node'],
  ['engine/', 'engine core'],
  ['migrations/', 'migrations'],
  ['server/index.ts', 'server door'],
  ['server/errors/', 'server errors'],
  ['server/core/', 'server core'],
  ['server/http/', 'server http'],
  ['server/auth/', 'server auth'],
  ['server/routes/', 'server routes'],
  ['server/queue/', 'server queue'],
  ['server/store/', 'server store'],
  ['server/', 'server entrance'],
  ['cli/commands/index.ts', 'cli commands door'],
  ['cli/commands/', 'cli commands'],
  ['cli/batch/', 'cli batch'],
  ['cli/', 'cli'],
  ['studio/src/engine.ts', 'studio door'],
  ['studio/src/', 'studio'],
  ['tests/', 'tests'],
  ['bench/', 'bench'],
  ['scripts/', 'scripts'],
];

/** The engine's layers, lowest first: an engine file imports its own rank or lower. */
export const ENGINE_RANKS: Readonly<Record<string, number>> = {
  'engine core': 0,
  'engine session': 1,
  'engine contract': 2,
  'engine publish': 2,
  'engine contract door': 2,
  'engine door': 2,
  'engine node': 3,
  'engine node door': 4,
};

/**
 * The engine's doors: outside engine/ (tests excepted), code imports only these engine files; inside it, none imports
 * the first two. engine/book-end.ts is a batch's book-end thread's own (what its files and figures use, no more: the
 * thread loads its modules anew).
 */
export const ENGINE_DOORS: readonly string[] = [
  'engine/index.ts',
  'engine/node.ts',
  'engine/contract/index.ts',
  'engine/book-end.ts',
];
/** The engine's doors the studio's own door may take from (browser-safe). */
export const STUDIO_ENGINE_DOORS: readonly string[] = ['engine/index.ts', 'engine/contract/index.ts'];
/** The studio's one file that imports the engine. */
export const STUDIO_DOOR = 'studio/src/engine.ts';
/** The server's front door, the one server file cli/ may import. */
export const SERVER_DOOR = 'server/index.ts';
/** The CLI commands' door: the batch (cli/batch/) runs what a command does through it, never a command's own file. */
export const CLI_COMMANDS_DOOR = 'cli/commands/index.ts';
/** Layers whose imports of other layers are not counted (they may reach anything to test or measure it). */
export const FREE_LAYERS: readonly string[] = ['tests', 'bench', 'scripts'];

/** Every import from one layer into another that is allowed today, as "from → to". */
export const ALLOWED_EDGES: readonly string[] = [
  'cli batch → cli',
  'cli batch → cli commands door',
  'cli batch → engine door',
  'cli batch → engine node door',
  'cli batch → server door',
  'cli commands door → cli commands',
  'cli commands door → engine node door',
  'cli commands → cli',
  'cli commands → cli batch',
  'cli commands → engine door',
  'cli commands → engine node door',
  'cli commands → server door',
  'cli → cli commands',
  'cli → engine door',
  'cli → engine node door',
  'cli → server door',
  'engine contract door → engine contract',
  'engine contract → engine core',
  'engine contract → engine session',
  'engine door → engine contract',
  'engine door → engine core',
  'engine door → engine publish',
  'engine door → engine session',
  'engine node door → engine core',
  'engine node door → engine node',
  'engine node door → engine session',
  'engine node → engine core',
  'engine node → engine publish',
  'engine node → engine session',
  'engine publish → engine core',
  'engine publish → engine session',
  'engine session → engine core',
  'server auth → engine contract door',
  'server auth → engine door',
  'server auth → server core',
  'server auth → server errors',
  'server auth → server http',
  'server auth → server store',
  'server core → engine contract door',
  'server core → engine door',
  'server core → engine node door',
  'server core → server errors',
  'server core → server store',
  'server door → server core',
  'server door → server entrance',
  'server door → server queue',
  'server door → server store',
  'server entrance → engine contract door',
  'server entrance → engine door',
  'server entrance → engine node door',
  'server entrance → migrations',
  'server entrance → server auth',
  'server entrance → server core',
  'server entrance → server errors',
  'server entrance → server http',
  'server entrance → server queue',
  'server entrance → server routes',
  'server entrance → server store',
  'server errors → engine door',
  'server http → engine contract door',
  'server http → engine door',
  'server http → server core',
  'server http → server entrance',
  'server http → server errors',
  'server http → server store',
  'server queue → engine door',
  'server queue → engine node door',
  'server queue → server core',
  'server queue → server errors',
  'server queue → server store',
  'server routes → engine contract door',
  'server routes → engine door',
  'server routes → engine node door',
  'server routes → server auth',
  'server routes → server core',
  'server routes → server errors',
  'server routes → server http',
  'server routes → server store',
  'server store → engine contract door',
  'server store → engine door',
  'server store → engine node door',
  'server store → migrations',
  'studio door → engine contract door',
  'studio door → engine door',
  'studio → studio door',
];
