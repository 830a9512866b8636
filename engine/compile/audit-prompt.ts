// The request of the optional continuity audit: the chapter just written and the story bible as it stood
// before it, asking for one line per contradiction. Small, not streamed, in the book's language.
import type { ResolvedSpec } from '../spec/types.js';
import type { Step } from './step.js';
import { AUDIT_TEMPLATE, buildContext, promptOf, type PromptRenderer, type PromptState, type RenderedPrompt } from './prompt.js';

/** Words the audit's answer may take (eight short lines and some slack). */
export const AUDIT_WORDS = 250;

export function renderContinuityAudit(input: { spec: ResolvedSpec; renderer: PromptRenderer; state: PromptState; step: Step; text: string }): RenderedPrompt {
  const stepCtx = buildContext(input);
  const first = promptOf(input, stepCtx, '');
  const ctx = Object.assign(stepCtx, { newPart: input.text, wordTarget: AUDIT_WORDS });
  return {
    ...first,
    user: input.renderer.renderTemplate(AUDIT_TEMPLATE, ctx),
    maxTokens: Math.round(AUDIT_WORDS * 3),
    temperature: 0.2,
    presencePenalty: 0,
    frequencyPenalty: 0,
    meta: { ...first.meta, stepKind: 'audit', wordTarget: AUDIT_WORDS },
  };
}
