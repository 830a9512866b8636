// The request of the optional continuity audit: the chapter just written and the story bible as it stood
// before it, asking for one line per contradiction. Small, not streamed, in the book's language.
import type { ResolvedSpec } from '../spec/types.js';
import type { Step } from './step.js';
import {
  AUDIT_TEMPLATE,
  buildContext,
  promptOf,
  type PromptRenderer,
  type PromptState,
  type RenderedPrompt,
} from './prompt.js';

/** Words the audit's answer may take (eight short lines and some slack). */
export const AUDIT_WORDS = 250;

/**
 * A small structured request (a few lines or a JSON object, not prose): the step's system prompt, `template`
 * rendered with the step's context and `extra`, its answer bounded to `words`, cool and unpenalised. The
 * continuity audit and the reading of an imported book's settings are both asked this way.
 */
export function renderStructured(
  input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step },
  ask: { template: string; extra: Record<string, unknown>; words: number; stepKind: 'audit' | 'import-settings' },
): RenderedPrompt {
  const stepCtx = buildContext(input);
  const first = promptOf(input, stepCtx, '');
  const ctx = Object.assign(stepCtx, { ...ask.extra, wordTarget: ask.words });
  return {
    ...first,
    user: input.renderer.renderTemplate(ask.template, ctx),
    maxTokens: Math.round(ask.words * 3),
    temperature: 0.2,
    presencePenalty: 0,
    frequencyPenalty: 0,
    meta: { ...first.meta, stepKind: ask.stepKind, wordTarget: ask.words },
  };
}

export function renderContinuityAudit(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: PromptState;
  step: Step;
  text: string;
}): RenderedPrompt {
  return renderStructured(input, {
    template: AUDIT_TEMPLATE,
    extra: { newPart: input.text },
    words: AUDIT_WORDS,
    stepKind: 'audit',
  });
}
