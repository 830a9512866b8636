// Extend when short: a prose part that came back under SHORT_RATIO of its target is extended with the
// words it still needs, from where it stopped, with its plan (templates/extend.hbs), at most
// MAX_EXTENSIONS times. An extension that mostly repeats the book is not joined: asked once more with a
// note (templates/no-repeat.hbs), else the part stays short.
import { countWords } from '../../provider.js';
import { splitCharacterDetails, withoutCharacterDetails } from '../../compile/flow.js';
import { buildContext, NO_REPEAT_TEMPLATE, renderExtension } from '../../compile/prompt.js';
import { takeLeadingHeading } from '../../compile/heading.js';
import { SHORT_RATIO, EXTENSION_REPEATS_RATIO, repeatedShare } from '../reading/index.js';
import type { FollowUp, FollowUpContext } from './answer.js';
import { joinCut } from './continue-cut.js';

/** Length extensions (or outline follow-ups) one step makes at most. */
export const MAX_EXTENSIONS = 2;

/** How an extension's text follows the part: a new paragraph after a finished sentence, else the same line. */
export function joinSeparator(before: string): string {
  return /[.!?…"”’)\]*_]\s*$/.test(before) ? '\n\n' : ' ';
}

/** A part and its extension: a stretch the model repeated is dropped, and the two join as joinSeparator says. */
export function joinExtension(before: string, after: string): string {
  const joined = joinCut(before, after);
  if (joined !== `${before} ${after}` && joined !== before + after) return joined;
  return before.trimEnd() + joinSeparator(before) + after.trimStart();
}

/** The part as the book counts it: an introduction without its character list. */
export function proseOf(ctx: Pick<FollowUpContext, 'spec' | 'step'>, text: string): string {
  return ctx.step.kind === 'introduction' && ctx.spec.flow.characterDetails ? withoutCharacterDetails(text) : text;
}

/** The policy for a part that asks for `target` words; `ownTitle` is the heading a model may repeat. */
export function extendShort(target: number, ownTitle: string | undefined): FollowUp {
  return async (ctx, draft) => {
    const { spec, state, step, title } = ctx;
    if (target <= 0) return draft;
    let { text, isComplete } = draft;
    let isNoted = false;
    const hasList = step.kind === 'introduction' && spec.flow.characterDetails;
    for (
      let i = 0;
      i < MAX_EXTENSIONS + (isNoted ? 1 : 0) &&
      countWords(proseOf(ctx, text)) < SHORT_RATIO * target &&
      !ctx.signal?.aborted;
      i++
    ) {
      // An introduction's character list stays at its end: the prose is extended, the list put back after it.
      const split = hasList ? splitCharacterDetails(text) : undefined;
      const prose = split ? [split.before, split.after].filter(Boolean).join('\n\n') : text;
      const request = renderExtension({ spec, renderer: ctx.renderer, state, step, soFar: prose, ...title });
      const note = isNoted
        ? `\n\n${ctx.renderer.renderTemplate(NO_REPEAT_TEMPLATE, buildContext({ spec, state, step, ...title }))}`
        : '';
      const more = await ctx.extend({ ...request, user: request.user + note }, joinSeparator(prose), text);
      // A model that writes the list again with its extension: only the first list is kept.
      const added = takeLeadingHeading(
        split ? withoutCharacterDetails(more.text) : more.text,
        step,
        ownTitle,
      ).text.trim();
      if (!added) break;
      if (repeatedShare(added, [...state.content.map((t) => proseOf(ctx, t)), prose]) >= EXTENSION_REPEATS_RATIO) {
        if (isNoted) break;
        isNoted = true;
        continue;
      }
      text = split ? `${joinExtension(prose, added)}\n\n${split.block}` : joinExtension(text, added);
      isComplete = more.isComplete;
    }
    return { text, isComplete };
  };
}
