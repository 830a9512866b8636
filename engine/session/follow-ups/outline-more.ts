// Outline more: an outline that left chapters without an entry (cut at its budget, or a model that stopped
// early) is asked for the missing ones, at most MAX_EXTENSIONS times, so every chapter gets its plan. One still
// cut after its continuations is taken back to its last whole sentence first: the entries asked for follow a
// whole one, never a sentence the limit cut.
import { parsedOutlineOf, renderOutlineMore } from '../../compile/prompt.js';
import { conclusionPosition } from '../../spec/conclusion.js';
import type { FollowUp } from './answer.js';
import { MAX_EXTENSIONS } from './extend-short.js';
import { outlineFromJson } from '../outline/index.js';
import { cutToWholeEnd } from './whole-end.js';

export const outlineMore: FollowUp = async (ctx, draft) => {
  const { spec, state, step } = ctx;
  if (step.kind !== 'outline' || spec.kind !== 'book' || spec.flow.sections) return draft;
  const chapters = conclusionPosition(spec.flow, state.totalChapters) - 1;
  let { text, isComplete } = draft;
  if (!isComplete) text = cutToWholeEnd(text, state.lang).text.trimEnd();
  for (let i = 0; i < MAX_EXTENSIONS && !ctx.signal?.aborted; i++) {
    const found = new Set(parsedOutlineOf(spec, { outline: text, lang: state.lang }).entries.map((e: { number: number }) => e.number));
    const missing = Array.from({ length: chapters }, (_, k) => k + 1).filter((n) => !found.has(n));
    if (!missing.length || !found.size) break;
    const more = await ctx.extend(renderOutlineMore({ spec, renderer: ctx.renderer, state, soFar: text, from: missing[0]!, to: chapters }), '\n\n', text);
    if (!more.text) break;
    text = `${text}\n\n${outlineFromJson(more.text, state.lang, missing[0]) ?? more.text}`;
    isComplete = more.isComplete;
  }
  return { text, isComplete };
};
