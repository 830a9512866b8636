// A written part written again and saved: the text it replaces kept as a version, the new text saved as the part,
// and the story bible, if it had taken the part in, brought up to date. ../session.ts's BookSession.rewrite.
import { stepLabel } from '../../compile/labels.js';
import { partProvenance } from '../../compile/provenance.js';
import { nextStep } from '../../compile/flow.js';
import { stepKey } from '../../compile/step.js';
import type { ResolvedSpec } from '../../spec/types.js';
import { updateBible } from '../bible/index.js';
import { rewritePart } from '../part-edits.js';
import type { HeldBook } from './memory.js';
import type { SessionPorts } from './open.js';
import type { AdvanceOptions, StepResult } from '../step-types.js';
import { towardVoiceNote } from '../voice/index.js';

export type RewriteOptions = Omit<AdvanceOptions, 'chapterTitle'> & { note?: string; towardVoice?: boolean };

/** Rewrite the part at `position` and save it (see BookSession.rewrite). */
export async function rewriteSaved(
  ctx: { spec: ResolvedSpec; ports: SessionPorts; key: string; book: HeldBook },
  position: number,
  opts: RewriteOptions,
): Promise<StepResult & { previous: string; bibleCalls: number }> {
  const { spec, ports, key, book } = ctx;
  const current = book.get();
  // "Rewrite toward my voice": the writing step's voice guidance, with what drifted named in the note.
  if (opts.towardVoice) opts = { ...opts, note: towardVoiceNote(current, position, opts.note) };
  const provider = opts.provider ?? ports.provider;
  const signal = opts.signal ? { signal: opts.signal } : {};
  const done = await rewritePart({
    spec,
    renderer: ports.renderer,
    provider,
    state: current,
    position,
    clock: ports.clock,
    ...signal,
    ...(opts.note ? { note: opts.note } : {}),
    ...(opts.onDelta ? { onDelta: opts.onDelta } : {}),
    ...(opts.onRetry ? { onRetry: opts.onRetry } : {}),
  });
  const label = stepLabel(done.step, current.lang, spec);
  // The text replaced is kept with how it came to be (the writer's, the model's): restored, it is that again.
  await ports.store.keepVersion?.(key, {
    position,
    text: done.previous,
    provenance: partProvenance(current, position),
    ...(opts.note ? { note: opts.note } : {}),
  });
  const { outcome } = done;
  await ports.store.saveStep(key, {
    generatorId: spec.id,
    bookType: spec.bookType,
    state: done.state,
    step: done.step,
    stepKey: stepKey(done.step),
    position,
    text: done.text,
    isComplete: outcome.isComplete,
    continuations: outcome.continuations,
    isFirst: false,
    isFinished: nextStep(spec, done.state) === null,
    keepsProgress: true,
    label,
    words: outcome.words,
    seconds: outcome.seconds,
    ...(outcome.usage ? { usage: outcome.usage } : {}),
    ...(done.state.chapterTitles?.[position] ? { title: done.state.chapterTitles[position] } : {}),
  });
  book.set(done.state);
  let bibleCalls = 0;
  if ((done.state.memoryUpTo ?? -1) >= position) {
    const updated = await updateBible({
      spec,
      renderer: ports.renderer,
      provider,
      state: done.state,
      position,
      isRewrite: true,
      ...signal,
    });
    bibleCalls = updated.calls;
    await ports.store.saveMemory(key, { memory: updated.memory, upTo: done.state.memoryUpTo! });
    book.set({ ...book.get(), memory: updated.memory });
  }
  return { ...outcome, state: book.get(), label, previous: done.previous, bibleCalls };
}
