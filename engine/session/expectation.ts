// What a call of the book session expects back, for askText's verdict (answers/verdict.ts): the kind of
// answer, the book's own texts it may rightly repeat, and the firm note it is asked again with
// (templates/answer-again.hbs, in the book's language).
import type { ResolvedSpec } from '../spec/types.js';
import type { Step } from '../compile/step.js';
import { ANSWER_AGAIN_TEMPLATE, buildContext, type PromptRenderer, type PromptState } from '../compile/prompt.js';
import { type AnswerExpectation, type AnswerKind, shapeOf } from './answers/index.js';

/**
 * The writer's and the book's texts a request carries that an answer may repeat: settings, notes, titles, the outline,
 * the parts.
 */
export function bookMaterial(state: PromptState): string[] {
  const settings = Object.values(state.settings).flatMap((v) =>
    typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [],
  );
  return [
    ...settings,
    ...Object.values(state.chapterNotes ?? {}),
    ...Object.values(state.chapterTitles ?? {}),
    state.outline ?? '',
    state.characterDetails ?? '',
    state.bookContext ?? '',
    ...state.content,
  ].filter((t) => t.trim());
}

/**
 * What a step's request says of the book in the book's own words, as the templates render it: the settings
 * listed ("Cuisine: International"), the premise, the title, the plans, the characters, the previous ending.
 * An answer that restates them (a demo's settings line, a chapter that opens on its plan) does not echo the request.
 */
function requestMaterial(spec: ResolvedSpec, state: PromptState, step: Step): string[] {
  const ctx = buildContext({ spec, state, step });
  return [
    ctx.settingsList.map((l) => `${l.label}: ${l.value}`).join('\n'),
    ctx.premise,
    ctx.writerPremise,
    ctx.workingTitle,
    ctx.chapterPlan,
    ctx.nextChapterPlan,
    ctx.plannedEnding,
    ctx.outlineCharacters,
    ctx.previousEnding,
    ctx.chapterNote,
    ctx.section.label,
    ctx.section.description,
    ...ctx.sections.map((s) => `${s.label}: ${s.description}`),
  ].filter((t) => t.trim());
}

/**
 * The expectation of a call at `step`: `extra()` adds what this call carries beyond the book (the text being
 * rewritten, continued or extended, a passage and its surroundings, the bible for its own update).
 */
export function expectationOf(input: {
  spec: ResolvedSpec;
  renderer: PromptRenderer;
  state: PromptState;
  step: Step;
  kind: AnswerKind;
  extra?: () => readonly string[];
}): AnswerExpectation {
  const { spec, renderer, state, step } = input;
  // A prose part of a book is judged by its shape and against the parts before it (the state a call is rendered
  // with holds those: the text being rewritten or extended is not among them).
  const shape = input.kind === 'prose' ? shapeOf(spec, step) : undefined;
  const ownMaterial = () => [...bookMaterial(state), ...(input.extra?.() ?? [])];
  return {
    kind: input.kind,
    material: () => [...ownMaterial(), ...requestMaterial(spec, state, step)],
    ownMaterial,
    again: (outcome) =>
      renderer.renderTemplate(ANSWER_AGAIN_TEMPLATE, { ...buildContext({ spec, state, step }), againFor: outcome }),
    ...(shape ? { shape, earlier: () => state.content } : {}),
  };
}
