// One step's prompt: the system and user prompts rendered from the step's context, with the spec's model
// settings, the answer's token budget and the facts a provider that reads no prompt (offline) needs.

import type { FieldRole, Lang, ResolvedSpec } from '../spec/types.js';
import { wordIn } from '../languages/index.js';
import type { Step } from './flow.js';
import { maxTokensOf, outlineWords } from './budget.js';
import { buildContext } from './prompt-context.js';
import type { PromptContext, PromptState } from './prompt-context-shape.js';
import type { PromptRenderer } from './prompt-renderer.js';
import { templateFor } from './prompt-templates.js';

export interface RenderedPrompt {
  system: string;
  user: string;
  maxTokens: number;
  temperature: number;
  presencePenalty: number;
  frequencyPenalty: number;
  /** Structured facts for providers that do not read prompts (the offline provider). */
  meta: PromptMeta;
}

export interface PromptMeta {
  generatorId: string;
  family: string;
  kind: string;
  /** `memory`: the call that updates the story so far after a part. */
  stepKind: Step['kind'] | 'memory' | 'audit' | 'import-settings';
  stepLabel: string;
  lang: Lang;
  title: string;
  /** The settings as the prompt lists them; `role` lets the offline cover find its title, by-line and colours. */
  settingsSummary: Array<{ label: string; value: string; role?: FieldRole }>;
  wordTarget: number;
  outline?: string;
  /** Chapters written between the introduction and the conclusion (books). */
  chapterCount?: number;
  /** The introduction is asked to end with a chapter plan (a book without an outline step or sections). */
  asksChapterPlan?: boolean;
  isFiction: boolean;
  /** What the offline demo writes for the chapters (the generator's prompts.demo). */
  demo?: 'story' | 'guide' | 'recipe';
}

/**
 * Render the system and user prompts of one step, with the model settings of the spec.
 * @example renderPrompt({ spec, renderer, state, step: nextStep(spec, state)! })
 */
export function renderPrompt(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: PromptState;
  step: Step;
  chapterTitle?: string;
}): RenderedPrompt {
  return stepPrompt(input).prompt;
}

/** A step's prompt and the context it was rendered from (for the prompts built on it). */
export function stepPrompt(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: PromptState;
  step: Step;
  chapterTitle?: string;
  wordTarget?: number;
}): { ctx: PromptContext; prompt: RenderedPrompt } {
  const built = buildContext(input);
  // A request for less than the part (a passage) says its own length, in one piece (no scenes of the part's size).
  const ctx =
    input.wordTarget !== undefined ? { ...built, wordTarget: input.wordTarget, beats: 0, beatWords: 0 } : built;
  return { ctx, prompt: promptOf(input, ctx, input.renderer.renderTemplate(templateFor(input.spec, input.step), ctx)) };
}

/**
 * A step's prompt around a user prompt already rendered from `ctx` (the step's context, as buildContext made it from
 * `input`): the system prompt, the model settings and the meta, whose settings, labels and counts are the context's
 * own.
 */
export function promptOf(
  input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step },
  ctx: PromptContext,
  user: string,
): RenderedPrompt {
  const { spec, renderer, state, step } = input;
  const system = spec.kind === 'image' ? '' : renderer.renderTemplate(spec.prompts.system, ctx);
  return {
    system,
    user,
    maxTokens: maxTokensOf({
      spec,
      settings: state.settings,
      lang: state.lang,
      step,
      words: step.kind === 'outline' ? outlineWords(ctx.chapterCount) : ctx.wordTarget,
    }),
    temperature: spec.model.temperature,
    presencePenalty: spec.model.presencePenalty,
    frequencyPenalty: spec.model.frequencyPenalty,
    meta: {
      generatorId: spec.id,
      family: spec.family,
      kind: spec.kind,
      stepKind: step.kind,
      stepLabel: ctx.step.label,
      lang: state.lang,
      title: ctx.generator.title,
      settingsSummary: spec.fields
        .filter((f) => f.inPrompt && Object.hasOwn(ctx.labels, f.name))
        .map((f) => ({
          label: wordIn(f.label, state.lang, spec.file),
          value: ctx.labels[f.name]!,
          ...(f.role ? { role: f.role } : {}),
        }))
        .filter((s) => s.value !== ''),
      wordTarget: step.kind === 'outline' ? 400 : ctx.wordTarget,
      ...(spec.kind === 'book' ? { chapterCount: ctx.chapterCount } : {}),
      ...(step.kind === 'introduction' && spec.flow.outline === 'none' && !spec.flow.sections
        ? { asksChapterPlan: true }
        : {}),
      ...(state.outline ? { outline: state.outline } : {}),
      isFiction: spec.family === 'fiction' || spec.flow.outline === 'story',
      ...(spec.prompts.demo ? { demo: spec.prompts.demo } : {}),
    },
  };
}
