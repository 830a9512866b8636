// The prompts built on a step's own: the rest of a cut answer, a rewrite, a passage reworked, the words a
// short part still needs, the chapter entries an outline left out, and the update of the story so far.

import { countWords, lastWords } from '../words.js';
import type { ResolvedSpec } from '../spec/types.js';
import type { BookState, Step } from './flow.js';
import { followUpTokensOf, maxTokensOf, outlineWords } from './budget.js';
import { buildContext } from './prompt-context.js';
import type { PromptContext, PromptState } from './prompt-context-shape.js';
import type { PromptRenderer } from './prompt-renderer.js';
import { promptOf, stepPrompt, type RenderedPrompt } from './prompt-step.js';
import {
  CONTINUE_TEMPLATE,
  EXTEND_TEMPLATE,
  FIRM_LANGUAGE_TEMPLATE,
  MEMORY_TEMPLATE,
  OUTLINE_MORE_TEMPLATE,
  PASSAGE_TEMPLATE,
  REWRITE_TEMPLATE,
} from './prompt-templates.js';

const CUT_ENDING_WORDS = 150;

/** How many words a text so far has, and its last CUT_ENDING_WORDS ("…" before them when it has more). */
function endOf(soFar: string): { wordCount: number; cutEnding: string } {
  return { wordCount: countWords(soFar), cutEnding: lastWords(soFar, CUT_ENDING_WORDS) };
}

/**
 * The prompt that asks for the rest of a step's answer after it was cut at the token limit: the step's
 * own prompt, then templates/continue.hbs with the end of what was written so far. With `wordsNeeded` (a part
 * that asks for a length and has fewer words), it asks for those words, and its max_tokens is sized for them.
 */
export function renderContinuation(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
  step: Step;
  chapterTitle?: string;
  soFar: string;
  wordsNeeded?: number;
}): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const asked = continuationOf({
    renderer: input.renderer,
    prompt: first,
    ctx,
    soFar: input.soFar,
    ...(input.wordsNeeded ? { wordsNeeded: input.wordsNeeded } : {}),
  });
  if (!input.wordsNeeded) return asked;
  return {
    ...asked,
    maxTokens: followUpTokensOf({
      spec: input.spec,
      settings: input.state.settings,
      lang: input.state.lang,
      step: input.step,
      words: input.wordsNeeded,
    }),
  };
}

/**
 * Any request's continuation (a step's, a passage's): its prompt, then templates/continue.hbs with the end of the text
 * so far.
 */
export function continuationOf(input: {
  renderer: PromptRenderer;
  prompt: RenderedPrompt;
  ctx: PromptContext;
  soFar: string;
  wordsNeeded?: number;
}): RenderedPrompt {
  const { cutEnding } = endOf(input.soFar);
  const ask = input.renderer.renderTemplate(CONTINUE_TEMPLATE, {
    ...input.ctx,
    cutEnding,
    ...(input.wordsNeeded ? { wordsNeeded: input.wordsNeeded } : {}),
  });
  return { ...input.prompt, user: `${input.prompt.user}\n\n${ask}` };
}

/**
 * The prompt that writes a written part again ("rewrite"): the part's own prompt, as it was written
 * (its plan, the brief, the bible, the previous ending), then templates/rewrite.hbs with its current text and
 * the writer's note.
 */
export function renderRewrite(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
  step: Step;
  chapterTitle?: string;
  currentText: string;
  note?: string;
}): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const ask = input.renderer.renderTemplate(REWRITE_TEMPLATE, {
    ...ctx,
    currentText: input.currentText.trim(),
    rewriteNote: (input.note ?? '').trim(),
  });
  return { ...first, user: `${first.user}\n\n${ask}` };
}

/** What templates/passage.hbs reads besides the step's context. */
export interface PassageAsk {
  passageAsk: 'rewrite' | 'expand' | 'shorten' | 'describe';
  passageBefore: string;
  passageText: string;
  passageAfter: string;
  passageNote: string;
  passageTone: string;
  /** The words an answer came back with when it was far longer than asked: the request asked again says so. */
  passageWordsFound?: number;
}

/**
 * The prompt that reworks a passage of a written part: the part's own prompt (its plan, the brief, the
 * bible), then templates/passage.hbs with the words around the passage, the passage and what to do;
 * `maxTokens` for `words` (the passage's answer, not the part's).
 */
export function renderPassage(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
  step: Step;
  chapterTitle?: string;
  ask: PassageAsk;
  words: number;
}): RenderedPrompt {
  // The part's request says the passage's length ("Write about 60 words."), never the part's 1,500.
  const { ctx, prompt: first } = stepPrompt({ ...input, wordTarget: input.words });
  const ask = input.renderer.renderTemplate(PASSAGE_TEMPLATE, { ...ctx, ...input.ask });
  return {
    ...first,
    user: `${first.user}\n\n${ask}`,
    maxTokens: maxTokensOf({
      spec: input.spec,
      settings: input.state.settings,
      lang: input.state.lang,
      step: input.step,
      words: input.words,
    }),
  };
}

/**
 * The prompt that asks a part that came back short for the words it still needs: the step's own prompt,
 * then templates/extend.hbs with the words written, the words still needed, the end of the text so far
 * and the part's plan. Its answer is joined to the part (engine/session).
 */
export function renderExtension(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
  step: Step;
  chapterTitle?: string;
  soFar: string;
}): RenderedPrompt {
  const { ctx, prompt: first } = stepPrompt(input);
  const { wordCount, cutEnding } = endOf(input.soFar);
  const wordsNeeded = Math.max(50, Math.round((ctx.wordTarget - wordCount) / 10) * 10);
  const ask = input.renderer.renderTemplate(EXTEND_TEMPLATE, {
    ...ctx,
    cutEnding,
    wordsWritten: wordCount,
    wordsNeeded,
  });
  const maxTokens = followUpTokensOf({
    spec: input.spec,
    settings: input.state.settings,
    lang: input.state.lang,
    step: input.step,
    words: wordsNeeded,
  });
  return { ...first, user: `${first.user}\n\n${ask}`, maxTokens };
}

/**
 * The prompt that asks an outline for the chapter entries it left out (`from` to `to`): the outline's own
 * prompt, then templates/outline-more.hbs with the end of the outline so far. Its answer is added to the outline.
 */
export function renderOutlineMore(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: BookState;
  soFar: string;
  from: number;
  to: number;
}): RenderedPrompt {
  const step: Step = { kind: 'outline' };
  const { ctx, prompt: first } = stepPrompt({ ...input, step });
  const { cutEnding } = endOf(input.soFar);
  const ask = input.renderer.renderTemplate(OUTLINE_MORE_TEMPLATE, {
    ...ctx,
    cutEnding,
    missingFrom: input.from,
    missingTo: input.to,
  });
  const maxTokens = maxTokensOf({
    spec: input.spec,
    settings: input.state.settings,
    lang: input.state.lang,
    step,
    words: outlineWords(input.to - input.from + 1),
  });
  return { ...first, user: `${first.user}\n\n${ask}`, maxTokens };
}

/**
 * The bible update is asked for in at most this many words (its sections have their own limits:
 * engine/session/bible/bible.ts).
 */
export const MEMORY_WORDS = 450;

/**
 * The prompt that updates a book's running memory (the story so far) after `step` wrote `text`:
 * templates/memory.hbs with the memory so far and the new part. Not streamed, small budget.
 */
export function renderMemoryUpdate(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: PromptState;
  step: Step;
  text: string;
  foldLines?: string;
  isFirm?: boolean;
}): RenderedPrompt {
  // The step's system prompt and meta, without rendering the step's own user prompt (it is not sent).
  const stepCtx = buildContext(input);
  const first = promptOf(input, stepCtx, '');
  // Not a spread: that would render the step's brief and format, which the memory template never reads.
  const ctx = Object.assign(stepCtx, {
    newPart: input.text,
    wordTarget: MEMORY_WORDS,
    foldLines: input.foldLines ?? '',
  });
  const user = input.renderer.renderTemplate(MEMORY_TEMPLATE, ctx);
  return {
    ...first,
    user: input.isFirm ? `${user}\n\n${input.renderer.renderTemplate(FIRM_LANGUAGE_TEMPLATE, ctx)}` : user,
    maxTokens: Math.round(MEMORY_WORDS * 3),
    temperature: 0.3,
    presencePenalty: 0,
    frequencyPenalty: 0,
    meta: { ...first.meta, stepKind: 'memory', wordTarget: MEMORY_WORDS },
  };
}
