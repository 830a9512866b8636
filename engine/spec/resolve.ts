// resolveSpec(): authored YAML data → frozen ResolvedSpec (shared fields, presets and defaults applied).
// Every problem is reported as file + path + message; an invalid spec never resolves. The fields are
// resolved in resolve-fields.ts, the budget and publishing parts in resolve-publish.ts.
import type * as z from 'zod';
import { AuthoredSpec, SharedFile, type AuthoredBrief } from './format.js';
import type { AnswerShape, Bilingual, Family, Kind, Lang, PublishPart, ResolvedBudget, ResolvedField, ResolvedSpec, ResolvedFlow, ResolvedPrompts, ResolvedModel, ResolvedPublish, ResolvedPublishPart } from './types.js';
import { SpecError, type SpecIssue } from '../errors.js';
import { findOption, listValues, quote } from '../fields/options.js';
import { minChapters } from './conclusion.js';
import { resolveBudget, resolvePublish } from './resolve-publish.js';
import { checkConditions, checkRoles, mergeFields, resolveFields } from './resolve-fields.js';
import { withLanguages } from './resolve-languages.js';
import { catalogue, langs, wordIn } from '../languages/index.js';

/** What a single output is called when its generator does not say (`prompts.outputName`). */
const GENERATOR_WORDS = catalogue('generator-words', [
  'outputName',
]);

/** Engine-wide defaults; presets in _shared.yaml override them. */
const MODEL_DEFAULTS = { tokens: 'default', temperature: 0.8, presencePenalty: 0.3, frequencyPenalty: 0.3 } as const;
const PROMPT_DEFAULTS = {
  system: 'system',
  outline: 'book/outline',
  introduction: 'book/introduction',
  chapter: 'book/chapter',
  conclusion: 'book/conclusion',
  single: 'single',
  image: 'image',
} as const;

export function zodIssues(file: string, error: z.ZodError, prefix = ''): SpecIssue[] {
  return error.issues.map((i) => ({ file, path: [prefix, ...i.path.map(String)].filter(Boolean).join('.'), message: i.message }));
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

  // 1. Preset: the authored file's values win. Fields: the generator's own first, then the preset's it does
  //    not name (the book brief), and the per-chapter title last, next to the button it goes with.
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
  const kind = merged.kind ?? 'single';
  const family = merged.family;
  if (!family) issue('family', 'is required (fiction, nonfiction, creative, publishing, covers, test)');

  // 2. Fields: shared definitions under `use`, then the file's own keys. 3. Their conditions. 4. Roles.
  const fields = resolveFields({ merged: merged.fields, own: authored.fields, fromPreset: p.fields, shared, ...(input.now ? { now: input.now } : {}), issue });
  const byName = checkConditions(fields, issue);
  const { languageField, chaptersField } = checkRoles(fields, kind, issue);

  // 5. Flow. 6. Prompts and model.
  const flow = resolveFlow({ kind, own: authored.flow, f: merged.flow, chaptersField, issue });
  if (kind === 'image' && !merged.image) issue('image', 'an image generator needs image.size');
  const offered: Lang[] = languageField ? (languageField.options ?? []).map((o) => String(o.value)) : [merged.language ?? 'en'];
  const prompts = resolvePrompts({ kind, prompts: merged.prompts, sections: merged.flow.sections ?? [], byName, shared, issue });
  const model = resolveModel({ kind, model: merged.model, shared, byName, issue });

  // 7. Publishing (books only): shared default, then the family's block, then the file's own.
  const publish = resolvePublish({ kind, family, own: authored.publish, shared, fieldNames: new Set(fields.map((x) => x.name)), issue });
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
    ...(merged.image ? { image: { size: merged.image.size, ...(publishSize ? { publishSize: { width: publishSize[0], height: publishSize[1] } } : {}) } } : {}),
    ...(publish ? { publish } : {}),
  };
  return deepFreeze(withLanguages(resolved, offered, merged.prompts.brief !== undefined));
}

type Issue = (path: string, message: string) => void;

type AuthoredFlow = NonNullable<AuthoredSpec['flow']>;
type AuthoredPrompts = NonNullable<AuthoredSpec['prompts']>;
type AuthoredModel = NonNullable<AuthoredSpec['model']>;

/** A generator's flow: the preset's and the file's values over the defaults, checked against its kind. */
function resolveFlow(input: { kind: Kind; own: AuthoredSpec['flow']; f: AuthoredFlow; chaptersField: ResolvedField | undefined; issue: Issue }): ResolvedFlow {
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
    if (!chaptersField && !flow.sections) issue('flow.sections', 'a book needs fixed sections or a field with role chapters');
    if (chaptersField && flow.sections) issue('flow.sections', 'a book has either fixed sections or a chapter-count field, not both');
    if (flow.sections && flow.conclusion === 'replaces-last') issue('flow.conclusion', 'fixed sections cannot be replaced by the conclusion');
    const fewest = minChapters(flow);
    for (const o of chaptersField?.options ?? []) {
      if (typeof o.value === 'number' && o.value < fewest) issue(`fields.${chaptersField!.name}.options`, `${o.value} chapters cannot reach a conclusion that replaces the last chapter`);
    }
  } else if (input.own?.sections || input.own?.outline) {
    issue('flow', `a ${kind} generator has no outline or sections`);
  }
  return flow;
}

/** The words a part is asked for: one number, or one per value of a select field (its default's first). */
function resolveWordTarget(kind: Kind, wt: AuthoredPrompts['wordTarget'], byName: ReadonlyMap<string, ResolvedField>, issue: Issue): Pick<ResolvedPrompts, 'wordTarget' | 'wordTargetBy'> {
  const fallbackWords = kind === 'book' ? 1500 : 400;
  if (wt === undefined || typeof wt === 'number') return { wordTarget: wt ?? fallbackWords };
  const target = byName.get(wt.field);
  if (!target || target.type !== 'select') {
    issue('prompts.wordTarget.field', `"${wt.field}" is not a select field of this generator`);
    return { wordTarget: fallbackWords };
  }
  for (const o of target.options ?? []) {
    if (wt.values[String(o.value)] === undefined) issue(`prompts.wordTarget.values`, `no word target for ${wt.field} "${o.value}"`);
  }
  for (const v of Object.keys(wt.values)) {
    if (!findOption(target, v)) issue(`prompts.wordTarget.values.${v}`, `${quote(v)} is not one of ${listValues(target)}`);
  }
  return { wordTarget: wt.values[String(target.default)] ?? fallbackWords, wordTargetBy: { field: wt.field, values: wt.values } };
}

/** A generator's prompts: the templates' defaults, the word target, the parts' formats and shapes, the brief. */
function resolvePrompts(input: { kind: Kind; prompts: AuthoredPrompts; sections: NonNullable<AuthoredFlow['sections']>; byName: ReadonlyMap<string, ResolvedField>; shared: SharedFile; issue: Issue }): ResolvedPrompts {
  const { kind, prompts: own, sections, issue } = input;
  const { wordTarget, wordTargetBy } = resolveWordTarget(kind, own.wordTarget, input.byName, issue);
  const sectionFormats = Object.fromEntries(sections.filter((s) => s.format).map((s) => [s.id, s.format!]));
  if (kind !== 'book') {
    for (const key of ['format', 'chapterFormat'] as const) {
      if (own[key]) issue(`prompts.${key}`, `only the parts of a book have a format; a ${kind} generator says its layout in prompts.brief`);
    }
    for (const key of ['shape', 'chapterShape'] as const) {
      if (own[key]) issue(`prompts.${key}`, `only the parts of a book have an answer shape; a ${kind} generator has none`);
    }
  }
  const shapes = resolveShapes({ prompts: own, sections, shared: input.shared, issue });
  const brief = resolveBrief(own.brief);
  return {
    ...PROMPT_DEFAULTS,
    ...Object.fromEntries(Object.entries(own).filter(([, v]) => v !== undefined)),
    brief,
    wordTarget,
    ...(wordTargetBy ? { wordTargetBy } : {}),
    ...(Object.keys(sectionFormats).length ? { sectionFormats } : {}),
    ...shapes,
    outputName: own.outputName ?? Object.fromEntries(langs().map((l) => [l, wordIn(GENERATOR_WORDS.outputName, l)])),
  } as ResolvedPrompts;
}

/** A generator's model settings over the engine's defaults, its token limit named by a preset or a number. */
function resolveModel(input: { kind: Kind; model: AuthoredModel; shared: SharedFile; byName: ReadonlyMap<string, ResolvedField>; issue: Issue }): ResolvedModel {
  const { kind, shared, byName, issue } = input;
  const m = { ...MODEL_DEFAULTS, ...Object.fromEntries(Object.entries(input.model).filter(([, v]) => v !== undefined)) };
  let tokens = 0;
  let tokenPreset: string | undefined;
  if (typeof m.tokens === 'number') tokens = m.tokens;
  else if (shared.tokenPresets[m.tokens] !== undefined) {
    tokens = shared.tokenPresets[m.tokens]!;
    tokenPreset = m.tokens;
  } else issue('model.tokens', `"${m.tokens}" is not one of ${Object.keys(shared.tokenPresets).join(', ')} (or a number)`);
  const budget = input.model.budget ? resolveBudget({ budget: input.model.budget, kind, shared, byName, issue }) : undefined;
  return { tokens, tokenPreset, ...(budget ? { budget } : {}), temperature: m.temperature, presencePenalty: m.presencePenalty, frequencyPenalty: m.frequencyPenalty };
}

/** A book's answer shapes by name from _shared.yaml answerShapes: every part's, the chapters', each section's. */
function resolveShapes(input: { prompts: { shape?: string | undefined; chapterShape?: string | undefined }; sections: ReadonlyArray<{ id: string; shape?: string | undefined }>; shared: SharedFile; issue: Issue }): Pick<ResolvedPrompts, 'shape' | 'chapterShape' | 'sectionShapes'> {
  const known = input.shared.answerShapes ?? {};
  const named = (name: string | undefined, at: string): AnswerShape | undefined => {
    if (name === undefined) return undefined;
    const found = known[name];
    if (!found) input.issue(at, `"${name}" is not one of ${Object.keys(known).join(', ') || '(none)'} (answerShapes in generators/_shared.yaml)`);
    return found ? { name, ...found } : undefined;
  };
  const shape = named(input.prompts.shape, 'prompts.shape');
  const chapterShape = named(input.prompts.chapterShape, 'prompts.chapterShape');
  const sectionShapes = Object.fromEntries(input.sections.flatMap((s, i) => {
    const found = named(s.shape, `flow.sections.${i}.shape`);
    return found ? [[s.id, found] as const] : [];
  }));
  return { ...(shape ? { shape } : {}), ...(chapterShape ? { chapterShape } : {}), ...(Object.keys(sectionShapes).length ? { sectionShapes } : {}) };
}

/**
 * The brief in each language of the table ('' where the generator has none): a plain string is the English
 * brief of a generator that writes English only. A language the generator offers without a brief is refused
 * for that language (resolve-languages.ts).
 */
function resolveBrief(authored: AuthoredBrief | undefined): Record<Lang, string> {
  const texts: Readonly<Record<Lang, string>> = authored === undefined ? {} : typeof authored === 'string' ? { en: authored } : authored;
  return Object.fromEntries(langs().map((l) => [l, texts[l] ?? '']));
}
