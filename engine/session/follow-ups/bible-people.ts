// Keep the bible's people: a story's chapter that names none of the book's main characters while it brings in
// new named people (bible/people.ts) is asked again once, whole, with the names (templates/answer-again.hbs,
// ignores_bible); the second answer is kept whatever it does, and the continuity check names it on the part if
// it still ignores them (continuity/continuity.ts). Not streamed, like every answer asked again.
import { ANSWER_AGAIN_TEMPLATE, buildContext, type RenderedPrompt } from '../../compile/prompt.js';
import { takeLeadingHeading } from '../../compile/heading.js';
import { hasPeople, ignoredBible, mainNames } from '../bible/index.js';
import type { Answer, Draft, FollowUpContext } from './answer.js';

/**
 * The draft, or the chapter asked again with the book's people when it ignored them; `isAskedAgain` when it was.
 * `write` asks a request as the step's first answer is asked (language-checked, continued when cut).
 */
export async function keepBiblePeople(
  ctx: FollowUpContext,
  input: {
    draft: Draft;
    prompt: RenderedPrompt;
    ownTitle: string | undefined;
    write: (request: RenderedPrompt) => Promise<Answer>;
  },
): Promise<{ draft: Draft; isAskedAgain: boolean }> {
  const { spec, state, step, draft } = { ...ctx, draft: input.draft };
  if (step.kind !== 'chapter' || !hasPeople(spec) || ctx.signal?.aborted) return { draft, isAskedAgain: false };
  const names = mainNames(spec, state);
  if (!ignoredBible(draft.text, names, state.content)) return { draft, isAskedAgain: false };
  const note = ctx.renderer.renderTemplate(ANSWER_AGAIN_TEMPLATE, {
    ...buildContext({ spec, state, step, ...ctx.title }),
    againFor: 'ignores_bible',
    againNames: names.join(', '),
  });
  const again = await input.write({ ...input.prompt, user: `${input.prompt.user}\n\n${note}` });
  const text = takeLeadingHeading(again.text, step, input.ownTitle).text.trim();
  return { draft: text ? { text, isComplete: again.isComplete } : draft, isAskedAgain: true };
}
