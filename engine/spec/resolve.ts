// resolveSpec(): authored YAML data → frozen ResolvedSpec (shared fields, presets and defaults applied).
// Every problem is reported as file + path + message; an invalid spec never resolves. The fields are
// resolved in resolve-fields.ts, the prompts and model in resolve-prompts.ts, the budget and publishing parts in
// resolve-publish.ts.
import type * as z from 'zod';
import { AuthoredSpec, SharedFile } from './format.js';
import type { Bilingual, Kind, Lang, ResolvedField, ResolvedSpec, ResolvedFlow } from './types.js';
import { SpecError, type SpecIssue } from '../errors.js';
import { minChapters } from './conclusion.js';
import { resolvePublish } from './resolve-publish.js';
import { resolveModel, resolvePrompts } from './resolve-prompts.js';
import { checkConditions, checkRoles, mergeFields, resolveFields } from './resolve-fields.js';
import { withLanguages } from './resolve-languages.js';

export function zodIssues(file: string, error: z.ZodError, prefix = ''): SpecIssue[] {
  return error.issues.map((i) => ({
    file,
    path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'),
    message: i.message,
  }));
}

/** Validate the parsed _shared.yaml. */
export function parseShared(file: string, data: unknown): SharedFile {
  const parsed = SharedFile.safeParse(data);
  if (!parsed.success) throw new SpecError(zodIssues(file, parsed.error));
  return parsed.data;
}

/** Freeze a resolved spec and everything in it (also used for specs read back from the catalog cache). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/**
 * Resolve one authored generator against the shared file.
 * @example resolveSpec({ file: 'generators/poems.yaml', data: YAML.parse(text), shared })
 */
export function resolveSpec(input: { file: string; data: unknown; shared: SharedFile; now?: Date }): ResolvedSpec {
  const { file, shared } = input;
  const parsed = AuthoredSpec.safeParse(input.data);
  if (!parsed.success) throw new SpecError(zodIssues(file, parsed.error));
  const authored = parsed.data;
  const issues: SpecIssue[] = [];
  const issue = (path: string, message: string) => issues.push({ file, path, message });

  // 1. Preset: the authored file's values win (withPreset).
  const { p, merged } = withPreset(authored, shared, issue);
  const kind = merged.kind ?? 'single';
  const family = merged.family;
  if (!family) issue('family', 'is required (fiction, nonfiction, creative, publishing, covers, test)');

  // 2. Fields: shared definitions under `use`, then the file's own keys. 3. Their conditions. 4. Roles.
  const fields = resolveFields({
    merged: merged.fields,
    own: authored.fields,
    fromPreset: p.fields,
    shared,
    ...(input.now ? { now: input.now } : {}),
    issue,
  });
  const byName = checkConditions(fields, issue);
  const { languageField, chaptersField } = checkRoles(fields, kind, issue);

  // 5. Flow. 6. Prompts and model.
  const flow = resolveFlow({ kind, own: authored.flow, f: merged.flow, chaptersField, issue });
  if (kind === 'image' && !merged.image) issue('image', 'an image generator needs image.size');
  const offered: Lang[] = languageField
    ? (languageField.options ?? []).map((o) => String(o.value))
    : [merged.language ?? 'en'];
  const prompts = resolvePrompts({
    kind,
    prompts: merged.prompts,
    sections: merged.flow.sections ?? [],
    byName,
    shared,
    issue,
  });
  const model = resolveModel({ kind, model: merged.model, shared, byName, issue });

  // 7. Publishing (books only): shared default, then the family's block, then the file's own.
  const publish = resolvePublish({
    kind,
    family,
    own: authored.publish,
    shared,
    fieldNames: new Set(fields.map((x) => x.name)),
    issue,
  });
  const publishSize = merged.image?.publishSize?.split('x').map(Number) as [number, number] | undefined;

  if (issues.length > 0) throw new SpecError(issues);

  const bookType = merged.bookType ?? authored.id.replace(/-/g, '_');
  const resolved: ResolvedSpec = {
    file,
    id: authored.id,
    route: `/${authored.id}`,
    family: family!,
    kind,
    bookType,
    contentType: merged.contentType ?? bookType,
    title: authored.title,
    tagline: authored.tagline,
    typeLabel: (merged.typeLabel ?? authored.title) as Bilingual,
    buttonLabel: merged.buttonLabel,
    fixedLanguage: merged.language ?? 'en',
    fields,
    flow,
    prompts,
    model,
    cost: merged.cost ?? 1,
    ...(merged.image
      ? {
          image: {
            size: merged.image.size,
            ...(publishSize ? { publishSize: { width: publishSize[0], height: publishSize[1] } } : {}),
          },
        }
      : {}),
    ...(publish ? { publish } : {}),
  };
  return deepFreeze(withLanguages(resolved, offered, merged.prompts.brief !== undefined));
}

type Issue = (path: string, message: string) => void;

type AuthoredFlow = NonNullable<AuthoredSpec['flow']>;

/**
 * The authored file over its preset: the file's values win. Fields: the generator's own first, then the preset's it
 * does not name (the book brief), and the per-chapter title last, next to the button it goes with.
 */
function withPreset(authored: AuthoredSpec, shared: SharedFile, issue: Issue) {
  const preset = authored.preset ? shared.presets[authored.preset] : {};
  if (authored.preset && !preset) {
    issue('preset', `"${authored.preset}" is not one of ${Object.keys(shared.presets).join(', ')}`);
  }
  const p = preset ?? {};
  const merged = {
    ...p,
    ...authored,
    fields: mergeFields(p.fields ?? {}, authored.fields ?? {}, shared.fields),
    flow: { ...(p.flow ?? {}), ...(authored.flow ?? {}) },
    prompts: { ...(p.prompts ?? {}), ...(authored.prompts ?? {}) },
    model: { ...(p.model ?? {}), ...(authored.model ?? {}) },
  };
  return { p, merged };
}

/** A generator's flow: the preset's and the file's values over the defaults, checked against its kind. */
function resolveFlow(input: {
  kind: Kind;
  own: AuthoredSpec['flow'];
  f: AuthoredFlow;
  chaptersField: ResolvedField | undefined;
  issue: Issue;
}): ResolvedFlow {
  const { kind, f, chaptersField, issue } = input;
  const flow: ResolvedFlow = {
    outline: f.outline ?? 'none',
    sections: f.sections?.map((s) => ({ id: s.id, label: s.label, description: s.description })),
    conclusion: f.conclusion ?? 'after-last',
    progressDenominator: f.progressDenominator ?? 'total',
    savesProgress: f.savesProgress ?? kind === 'book',
    characterDetails: f.characterDetails ?? false,
    retry: f.retry ?? false,
    languageCheck: f.languageCheck ?? true,
    ...(f.continuity ? { continuity: f.continuity } : {}),
  };
  if (kind === 'book') {
    if (!chaptersField && !flow.sections)
      issue('flow.sections', 'a book needs fixed sections or a field with role chapters');
    if (chaptersField && flow.sections)
      issue('flow.sections', 'a book has either fixed sections or a chapter-count field, not both');
    if (flow.sections && flow.conclusion === 'replaces-last')
      issue('flow.conclusion', 'fixed sections cannot be replaced by the conclusion');
    const fewest = minChapters(flow);
    for (const o of chaptersField?.options ?? []) {
      if (typeof o.value === 'number' && o.value < fewest)
        issue(
          `fields.${chaptersField!.name}.options`,
          `${o.value} chapters cannot reach a conclusion that replaces the last chapter`,
        );
    }
  } else if (input.own?.sections || input.own?.outline) {
    issue('flow', `a ${kind} generator has no outline or sections`);
  }
  return flow;
}
