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
  const nodeModule = (
    globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }
  ).process?.getBuiltinModule?.('node:module') as NodeModule | undefined;
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

/**
 * At most this many alias nodes (`*name`) are expanded in one file; more is refused (yaml's resource-exhaustion guard).
 */
export const MAX_YAML_ALIASES = 100;

/**
 * What a YAML problem is, as data: a code the reader's language words (catalogue cli-yaml). Every code of the yaml
 * library has one; `other` (a code the library adds later) is worded generically, with its line and column.
 */
export type YamlProblemCode =
  | 'duplicateKey'
  | 'badIndent'
  | 'tabIndent'
  | 'missingChar'
  | 'nestedCompact'
  | 'multilineKey'
  | 'unexpected'
  | 'badEscape'
  | 'multipleDocs'
  | 'badScalarStart'
  | 'tooManyAliases'
  | 'aliasProps'
  | 'badAlias'
  | 'badDirective'
  | 'badPropOrder'
  | 'blockInFlow'
  | 'impossible'
  | 'keyTooLong'
  | 'multipleAnchors'
  | 'multipleTags'
  | 'nonStringKey'
  | 'tagUnresolved'
  | 'badCollectionType'
  | 'other';

/** The yaml library's error codes (yaml/dist/errors.d.ts ErrorCode), each worded by a code of ours; else `other`. */
const PARSER_CODES: Readonly<Record<string, YamlProblemCode>> = {
  DUPLICATE_KEY: 'duplicateKey',
  BAD_INDENT: 'badIndent',
  TAB_AS_INDENT: 'tabIndent',
  MISSING_CHAR: 'missingChar',
  BLOCK_AS_IMPLICIT_KEY: 'nestedCompact',
  MULTILINE_IMPLICIT_KEY: 'multilineKey',
  UNEXPECTED_TOKEN: 'unexpected',
  BAD_DQ_ESCAPE: 'badEscape',
  MULTIPLE_DOCS: 'multipleDocs',
  BAD_SCALAR_START: 'badScalarStart',
  ALIAS_PROPS: 'aliasProps',
  BAD_ALIAS: 'badAlias',
  BAD_DIRECTIVE: 'badDirective',
  BAD_PROP_ORDER: 'badPropOrder',
  BLOCK_IN_FLOW: 'blockInFlow',
  IMPOSSIBLE: 'impossible',
  KEY_OVER_1024_CHARS: 'keyTooLong',
  MULTIPLE_ANCHORS: 'multipleAnchors',
  MULTIPLE_TAGS: 'multipleTags',
  NON_STRING_KEY: 'nonStringKey',
  RESOURCE_EXHAUSTION: 'tooManyAliases',
  TAG_RESOLVE_FAILED: 'tagUnresolved',
  BAD_COLLECTION_TYPE: 'badCollectionType',
};

/**
 * A YAML problem as data: its code and params (tooManyAliases: `max`), its 1-based line and column when known, and
 * the parser's own message (English, the library's: for logs only; a reader is shown the code's words).
 */
export interface YamlProblem {
  line?: number;
  column?: number;
  code: YamlProblemCode;
  params: Readonly<Record<string, string | number>>;
  message: string;
}

/** A place in a YAML text, as the library gives it. */
type Place = { line: number; col: number };

/** A yaml library error as a YamlProblem, at `pos` (its line and column) when the error carries none. */
export function yamlProblemOf(
  error: { code?: string; message: string; linePos?: readonly Place[] },
  pos?: Place,
): YamlProblem {
  const at = error.linePos?.[0] ?? pos;
  // The parser's first line without its own English position (" at line 2, column 1:"): the position is data here.
  const message = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
  const code = PARSER_CODES[error.code ?? ''] ?? 'other';
  const params: YamlProblem['params'] = code === 'tooManyAliases' ? { max: MAX_YAML_ALIASES } : {};
  return { ...(at ? { line: at.line, column: at.col } : {}), code, params, message };
}

/**
 * A YAML text as plain data, or its problems (every syntax error with its line and column, a duplicate key, too
 * many aliases), as data.
 * @example yamlData('a: 1\na: 2\n')
 * // { errors: [{ line: 2, column: 1, code: 'duplicateKey', params: {}, message: 'Map keys must be unique' }] }
 */
export function yamlData(text: string): { data?: unknown; errors: YamlProblem[] } {
  const doc = fullYaml().parseDocument(text, { prettyErrors: true, uniqueKeys: true });
  if (doc.errors.length) return { errors: doc.errors.map((e) => yamlProblemOf(e)) };
  try {
    return { data: doc.toJS({ maxAliasCount: MAX_YAML_ALIASES }), errors: [] };
  } catch (error) {
    if (isAliasBomb(error)) return { errors: [tooManyAliases(error as Error)] };
    throw error;
  }
}

/** The refusal of a file asking for more than MAX_YAML_ALIASES alias expansions. */
export function tooManyAliases(error: Error): YamlProblem {
  return { code: 'tooManyAliases', params: { max: MAX_YAML_ALIASES }, message: error.message };
}

/** True for yaml's refusal of an excessive alias expansion. */
export function isAliasBomb(error: unknown): boolean {
  return error instanceof Error && /alias/i.test(error.message) && /resource exhaustion|excessive/i.test(error.message);
}
