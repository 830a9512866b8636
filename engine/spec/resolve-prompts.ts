// A generator's prompts and model settings resolved (resolveSpec's step 6, resolve.ts): the templates' defaults,
// the word target (one number or one per value of a select field), the parts' formats and answer shapes, the brief
// in each language, and the model settings over the engine's defaults with their token limit and budget.
import type { AnswerShape, Kind, Lang, ResolvedField, ResolvedModel, ResolvedPrompts } from './types.js';
import type { AuthoredBrief, AuthoredSpec, SharedFile } from './format.js';
import { findOption, listValues, quote } from '../fields/options.js';
import { resolveBudget } from './resolve-publish.js';
import { catalogue, langs, wordIn } from '../languages/index.js';

type Issue = (path: string, message: string) => void;
type AuthoredFlow = NonNullable<AuthoredSpec['flow']>;
type AuthoredPrompts = NonNullable<AuthoredSpec['prompts']>;
type AuthoredModel = NonNullable<AuthoredSpec['model']>;

/** What a single output is called when its generator does not say (`prompts.outputName`). */
const GENERATOR_WORDS = catalogue('generator-words', ['outputName']);

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

/** The words a part is asked for: one number, or one per value of a select field (its default's first). */
function resolveWordTarget(
  kind: Kind,
  wt: AuthoredPrompts['wordTarget'],
  byName: ReadonlyMap<string, ResolvedField>,
  issue: Issue,
): Pick<ResolvedPrompts, 'wordTarget' | 'wordTargetBy'> {
  const fallbackWords = kind === 'book' ? 1500 : 400;
  if (wt === undefined || typeof wt === 'number') return { wordTarget: wt ?? fallbackWords };
  const target = byName.get(wt.field);
  if (!target || target.type !== 'select') {
    issue('prompts.wordTarget.field', `"${wt.field}" is not a select field of this generator`);
    return { wordTarget: fallbackWords };
  }
  for (const o of target.options ?? []) {
    if (wt.values[String(o.value)] === undefined)
      issue(`prompts.wordTarget.values`, `no word target for ${wt.field} "${o.value}"`);
  }
  for (const v of Object.keys(wt.values)) {
    if (!findOption(target, v))
      issue(`prompts.wordTarget.values.${v}`, `${quote(v)} is not one of ${listValues(target)}`);
  }
  return {
    wordTarget: wt.values[String(target.default)] ?? fallbackWords,
    wordTargetBy: { field: wt.field, values: wt.values },
  };
}

/** A generator's prompts: the templates' defaults, the word target, the parts' formats and shapes, the brief. */
export function resolvePrompts(input: {
  kind: Kind;
  prompts: AuthoredPrompts;
  sections: NonNullable<AuthoredFlow['sections']>;
  byName: ReadonlyMap<string, ResolvedField>;
  shared: SharedFile;
  issue: Issue;
}): ResolvedPrompts {
  const { kind, prompts: own, sections, issue } = input;
  const { wordTarget, wordTargetBy } = resolveWordTarget(kind, own.wordTarget, input.byName, issue);
  const sectionFormats = Object.fromEntries(sections.filter((s) => s.format).map((s) => [s.id, s.format!]));
  if (kind !== 'book') {
    for (const key of ['format', 'chapterFormat'] as const) {
      if (own[key])
        issue(
          `prompts.${key}`,
          `only the parts of a book have a format; a ${kind} generator says its layout in prompts.brief`,
        );
    }
    for (const key of ['shape', 'chapterShape'] as const) {
      if (own[key])
        issue(`prompts.${key}`, `only the parts of a book have an answer shape; a ${kind} generator has none`);
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
export function resolveModel(input: {
  kind: Kind;
  model: AuthoredModel;
  shared: SharedFile;
  byName: ReadonlyMap<string, ResolvedField>;
  issue: Issue;
}): ResolvedModel {
  const { kind, shared, byName, issue } = input;
  const m = {
    ...MODEL_DEFAULTS,
    ...Object.fromEntries(Object.entries(input.model).filter(([, v]) => v !== undefined)),
  };
  let tokens = 0;
  let tokenPreset: string | undefined;
  if (typeof m.tokens === 'number') tokens = m.tokens;
  else if (shared.tokenPresets[m.tokens] !== undefined) {
    tokens = shared.tokenPresets[m.tokens]!;
    tokenPreset = m.tokens;
  } else
    issue('model.tokens', `"${m.tokens}" is not one of ${Object.keys(shared.tokenPresets).join(', ')} (or a number)`);
  const budget = input.model.budget
    ? resolveBudget({ budget: input.model.budget, kind, shared, byName, issue })
    : undefined;
  return {
    tokens,
    tokenPreset,
    ...(budget ? { budget } : {}),
    temperature: m.temperature,
    presencePenalty: m.presencePenalty,
    frequencyPenalty: m.frequencyPenalty,
  };
}

/** A book's answer shapes by name from _shared.yaml answerShapes: every part's, the chapters', each section's. */
function resolveShapes(input: {
  prompts: { shape?: string | undefined; chapterShape?: string | undefined };
  sections: ReadonlyArray<{ id: string; shape?: string | undefined }>;
  shared: SharedFile;
  issue: Issue;
}): Pick<ResolvedPrompts, 'shape' | 'chapterShape' | 'sectionShapes'> {
  const known = input.shared.answerShapes ?? {};
  const named = (name: string | undefined, at: string): AnswerShape | undefined => {
    if (name === undefined) return undefined;
    const found = known[name];
    if (!found)
      input.issue(
        at,
        `"${name}" is not one of ${Object.keys(known).join(', ') || '(none)'} ` +
          `(answerShapes in generators/_shared.yaml)`,
      );
    return found ? { name, ...found } : undefined;
  };
  const shape = named(input.prompts.shape, 'prompts.shape');
  const chapterShape = named(input.prompts.chapterShape, 'prompts.chapterShape');
  const sectionShapes = Object.fromEntries(
    input.sections.flatMap((s, i) => {
      const found = named(s.shape, `flow.sections.${i}.shape`);
      return found ? [[s.id, found] as const] : [];
    }),
  );
  return {
    ...(shape ? { shape } : {}),
    ...(chapterShape ? { chapterShape } : {}),
    ...(Object.keys(sectionShapes).length ? { sectionShapes } : {}),
  };
}

/**
 * The brief in each language of the table ('' where the generator has none): a plain string is the English
 * brief of a generator that writes English only. A language the generator offers without a brief is refused
 * for that language (resolve-languages.ts).
 */
function resolveBrief(authored: AuthoredBrief | undefined): Record<Lang, string> {
  const texts: Readonly<Record<Lang, string>> =
    authored === undefined ? {} : typeof authored === 'string' ? { en: authored } : authored;
  return Object.fromEntries(langs().map((l) => [l, texts[l] ?? '']));
}
