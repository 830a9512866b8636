// A stopped draft finished: the next step from the writer's draft of it (a part stopped while it streamed), kept as
// it is, continued from where it stops or written again (../part-edits.ts). ../session.ts's finishDraft saves it.
import { applyStep, type BookState } from '../../compile/flow.js';
import type { PromptRenderer } from '../../compile/prompt.js';
import { stepKey, stepPosition, type Step } from '../../compile/step.js';
import { countWords, type Provider } from '../../provider.js';
import type { ResolvedSpec } from '../../spec/types.js';
import { extendPart, rewritePart } from '../part-edits.js';
import type { Clock } from '../ports.js';
import { SessionError, type AdvanceOptions, type StepOutcome } from '../step-types.js';

/**
 * The next step from the writer's draft of it (a part stopped while it streamed): `keep` takes the draft as the
 * part (marked as stopped), `continue` asks for the rest from where it stops (extendPart), `rewrite` writes the
 * part again with the draft as its text and the note (rewritePart). Continue and rewrite are for the next prose
 * part only. Pure of storage: the session saves the outcome as it saves a step.
 */
export async function draftOutcome(
  input: Omit<AdvanceOptions, 'provider' | 'chapterTitle'> & {
    spec: ResolvedSpec;
    renderer: PromptRenderer;
    provider: Provider;
    clock: Clock;
    state: BookState;
    step: Step;
    text: string;
    how: 'keep' | 'continue' | 'rewrite';
    note?: string;
  },
): Promise<StepOutcome> {
  const { spec, state: before, step, text, clock } = input;
  const started = clock.now();
  const position = stepPosition(step);
  if (input.how === 'keep') {
    // Kept as the writer stopped it: the part says so (not "short even after asking for more").
    const kept = applyStep(spec, before, step, text);
    return {
      state: { ...kept, stoppedParts: [...(kept.stoppedParts ?? []), position] },
      step,
      text,
      words: countWords(text),
      seconds: 0,
      isComplete: true,
      continuations: 0,
      extensions: 0,
    };
  }
  const isProse = step.kind === 'introduction' || step.kind === 'chapter' || step.kind === 'conclusion';
  if (!isProse || position !== before.content.length)
    throw new SessionError('step_not_allowed', { next: stepKey(step) });
  // The book with the draft as the part: what "write more" and "rewrite" work on.
  const withDraft: BookState = { ...before, content: [...before.content, text] };
  const call = {
    spec,
    renderer: input.renderer,
    provider: input.provider,
    state: withDraft,
    position,
    ...(input.signal ? { signal: input.signal } : {}),
    ...(input.onDelta ? { onDelta: input.onDelta } : {}),
    ...(input.onRetry ? { onRetry: input.onRetry } : {}),
  };
  if (input.how === 'rewrite')
    return (await rewritePart({ ...call, clock, ...(input.note ? { note: input.note } : {}) })).outcome;
  const more = await extendPart(call);
  const seconds = (clock.now() - started) / 1000;
  return {
    state: applyStep(spec, before, step, more.text),
    step,
    text: more.text,
    words: countWords(more.text),
    seconds,
    isComplete: true,
    continuations: 0,
    extensions: 1,
    ...(more.usage ? { usage: more.usage } : {}),
  };
}
