// The one YAML library, `yaml` (eemeli/yaml), loaded the first time it is needed: generator files,
// the shared file, jobs files and provider config files. YAML 1.2 core schema everywhere (`yes`/`no`
// stay strings, no timestamps, no `<<` merges); duplicate keys are errors; every error has its line.
// Aliases are expanded with a bound (MAX_YAML_ALIASES), so a small file of nested aliases (an "alias
// bomb") is refused at once instead of growing into gigabytes.
// No static import of a Node module: the file stays loadable in the browser (through engine/index.ts),
// where nothing parses YAML; Node's `require` is taken when the library is first needed.
type Yaml = typeof import('yaml');
type NodeModule = typeof import('node:module');

let yaml: Yaml | undefined;

/** The library, loaded on first use (a `require` from node_modules, unless `preloadYaml` ran first). */
export function fullYaml(): Yaml {
  if (yaml) return yaml;
  const nodeModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:module') as NodeModule | undefined;
  if (!nodeModule) throw new Error('YAML is read in Node only (process.getBuiltinModule is missing)');
  return (yaml = nodeModule.createRequire(import.meta.url)('yaml') as Yaml);
}

/**
 * Load the library ahead of a parse a command knows it will make (a jobs file). Imported, it is part of
 * the CLI bundle: ~9 ms to load where the `require` of its ~60 files from node_modules took ~28 ms at
 * the start of every `karya batch`. (fullYaml's lazy `require` stays for everything else: commands
 * that read no YAML, with the catalog cached, load neither.)
 */
export async function preloadYaml(): Promise<void> {
  if (yaml) return;
  const mod = (await import('yaml')) as Yaml & { default?: Yaml };
  yaml ??= typeof mod.parseDocument === 'function' ? mod : mod.default!;
}

/** At most this many alias nodes (`*name`) are expanded in one file; more is refused (yaml's resource-exhaustion guard). */
export const MAX_YAML_ALIASES = 100;

/** A YAML problem with its 1-based line when known. */
export interface YamlProblem {
  line?: number;
  message: string;
}

/** The message of a refused alias expansion. */
export const TOO_MANY_ALIASES = `uses too many YAML aliases (*name): at most ${MAX_YAML_ALIASES} are expanded; write the values out instead`;

/**
 * A YAML text as plain data, or its problems (every syntax error with its line, a duplicate key, too many
 * aliases).
 * @example yamlData('a: 1\na: 2\n') // { errors: [{ line: 2, message: 'Map keys must be unique' }] }
 */
export function yamlData(text: string): { data?: unknown; errors: YamlProblem[] } {
  const doc = fullYaml().parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) return { errors: doc.errors.map((e) => ({ ...(e.linePos?.[0].line ? { line: e.linePos[0].line } : {}), message: e.message.split('\n')[0]! })) };
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }), errors: [] };
  } catch (error) {
    if (isAliasBomb(error)) return { errors: [{ message: TOO_MANY_ALIASES }] };
    throw error;
  }
}

/** True for yaml's refusal of an excessive alias expansion. */
export function isAliasBomb(error: unknown): boolean {
  return error instanceof Error && /alias/i.test(error.message) && /resource exhaustion|excessive/i.test(error.message);
}
