// Build the set of compiled generators from file sources (no file system here: see engine/node/load.ts).
// Every problem in every file is collected and reported together; nothing starts with an invalid spec.
import type { ResolvedSpec } from './spec/types.js';
import type { SharedFile } from './spec/format.js';
import { deepFreeze, parseShared, resolveSpec } from './spec/resolve.js';
import { SpecError, type SpecIssue } from './errors.js';
import { yamlData, type YamlProblem } from './yaml.js';
import { withLanguageTexts } from './generator-texts.js';
import { checkTemplates, PromptRenderer, type PrecompiledTemplates, type TemplateSources } from './compile/prompt.js';
import { compileForm, type FormModel } from './compile/form.js';
import { compileSettingsSchema } from './compile/schema.js';

export interface Sources {
  /** generators/*.yaml by display path, e.g. "generators/romance.yaml" (files starting with _ excluded). */
  generators: Readonly<Record<string, string>>;
  shared: { file: string; text: string };
  templates: TemplateSources;
  /** Display path of a template name, e.g. "templates/book/chapter.hbs". */
  templateFile: (name: string) => string;
}

export interface Catalog {
  readonly specs: readonly ResolvedSpec[];
  readonly renderer: PromptRenderer;
  get(id: string): ResolvedSpec | undefined;
  form(id: string): FormModel | undefined;
}

/** Parsed YAML by file text: an unchanged file is not parsed again when the catalog is rebuilt. */
const yamlCache = new Map<string, { data?: unknown; errors: YamlProblem[] }>();

function parseYaml(file: string, text: string): { data?: unknown; issues: SpecIssue[] } {
  let parsed = yamlCache.get(text);
  if (!parsed) {
    // One parser (`yaml`, YAML 1.2 core schema): every error with its line, duplicate keys refused,
    // alias expansion bounded. The catalog's disk cache (engine/node/load.ts) spares most starts the parse.
    parsed = yamlData(text);
    yamlCache.set(text, parsed);
  }
  // The problem's place and words are data (`yaml`), said in the reader's language; `path` and `message` are the log's.
  const issues = parsed.errors.map((e) => ({
    file,
    path: e.line ? `${e.line}:${e.column ?? 1}` : '',
    message: e.message,
    yaml: e,
  }));
  // Callers get their own copy: resolving must never see another build's objects.
  return issues.length ? { issues } : { data: structuredClone(parsed.data), issues };
}

/** Parse, resolve and check every generator; throws one SpecError listing every problem. */
export function buildCatalog(sources: Sources, opts: { now?: Date } = {}): Catalog {
  const issues: SpecIssue[] = [];
  const sharedYaml = parseYaml(sources.shared.file, sources.shared.text);
  issues.push(...sharedYaml.issues);
  let shared: SharedFile | undefined;
  if (!sharedYaml.issues.length) {
    try {
      shared = parseShared(sources.shared.file, withLanguageTexts(sharedYaml.data, '_shared'));
    } catch (e) {
      if (e instanceof SpecError) issues.push(...e.issues);
      else throw e;
    }
  }
  if (!shared) throw new SpecError(issues);

  const specs: ResolvedSpec[] = [];
  for (const [file, text] of Object.entries(sources.generators).sort(([a], [b]) => a.localeCompare(b))) {
    const parsed = parseYaml(file, text);
    if (parsed.issues.length) {
      issues.push(...parsed.issues);
      continue;
    }
    const base = file
      .split('/')
      .pop()!
      .replace(/\.ya?ml$/, '');
    try {
      const spec = resolveSpec({ file, data: withLanguageTexts(parsed.data, base), shared, now: opts.now });
      if (spec.id !== base)
        issues.push({ file, path: 'id', message: `"${spec.id}" must match the file name "${base}"` });
      issues.push(...checkTemplates(spec, sources.templates, sources.templateFile));
      specs.push(spec);
    } catch (e) {
      if (e instanceof SpecError) issues.push(...e.issues);
      else throw e;
    }
  }
  const seen = new Map<string, string>();
  for (const s of specs.filter((x) => x.kind === 'book')) {
    const other = seen.get(s.bookType);
    if (other) issues.push({ file: s.file, path: 'bookType', message: `"${s.bookType}" is already used by ${other}` });
    seen.set(s.bookType, s.file);
  }
  if (issues.length) throw new SpecError(issues);

  return catalogFromSpecs(specs, sources.templates);
}

/**
 * A catalog over already resolved (and checked) specs, e.g. built from the sources (with their templates compiled
 * ahead).
 */
export function catalogFromSpecs(
  specs: readonly ResolvedSpec[],
  templates: TemplateSources,
  precompiled?: PrecompiledTemplates,
): Catalog {
  const byId = new Map(specs.map((s) => [s.id, s]));
  return catalogOf(
    (id) => byId.get(id),
    () => specs,
    new PromptRenderer(templates, precompiled),
  );
}

/**
 * A catalog over resolved specs read by id when first asked for (the catalog cache, engine/node/load.ts: each
 * generator kept apart, read and parsed at its first use), each frozen then: a batch uses one generator of some
 * forty, and reading, parsing and freezing them all was part of every start. `specs` reads the rest in `ids`' order.
 */
export function catalogFromSpecLoader(
  ids: readonly string[],
  load: (id: string) => ResolvedSpec | undefined,
  templates: TemplateSources,
  precompiled?: PrecompiledTemplates,
): Catalog {
  const known = new Set(ids);
  const parsed = new Map<string, ResolvedSpec>();
  const specOf = (id: string): ResolvedSpec | undefined => {
    let spec = parsed.get(id);
    if (!spec && known.has(id)) {
      spec = load(id);
      if (spec) parsed.set(id, deepFreeze(spec));
    }
    return spec;
  };
  let all: readonly ResolvedSpec[] | undefined;
  const specs = () => (all ??= Object.freeze(ids.map((id) => specOf(id)!)));
  return catalogOf(specOf, specs, new PromptRenderer(templates, precompiled));
}

function catalogOf(
  get: (id: string) => ResolvedSpec | undefined,
  specs: () => readonly ResolvedSpec[],
  renderer: PromptRenderer,
): Catalog {
  const forms = new Map<string, FormModel>();
  return {
    get specs() {
      return specs();
    },
    renderer,
    get,
    form(id) {
      const spec = get(id);
      if (!spec) return undefined;
      let form = forms.get(id);
      if (!form) {
        form = compileForm(spec);
        forms.set(id, form);
      }
      return form;
    },
  };
}

/** Compile every artefact of every generator (schema, form) once, e.g. to warm caches or to benchmark. */
export function compileAll(catalog: Catalog): void {
  for (const spec of catalog.specs) {
    compileSettingsSchema(spec);
    catalog.form(spec.id);
  }
}
