// A written step kept: the model's continuity audit of a chapter just written (part of the step, no extra credit)
// and the step saved through the progress port with its label, its title and its header (the commit point of
// ../session.ts's advance and finishDraft).
import { nextStep, type BookState } from '../../compile/flow.js';
import { stepLabel } from '../../compile/labels.js';
import { chapterTitleOf } from '../../compile/prompt.js';
import { stepKey, stepPosition, type Step } from '../../compile/step.js';
import type { ResolvedSpec } from '../../spec/types.js';
import { auditPart, withAuditFindings } from '../continuity/index.js';
import { addUsage, type AdvanceOptions, type StepOutcome, type StepResult } from '../step-types.js';
import type { SessionPorts } from './open.js';

/** Whether a step's save keeps it: books, and single tools that save (else its file is its progress). */
export const keepsProgress = (spec: ResolvedSpec): boolean =>
  spec.kind === 'book' || (spec.flow.savesProgress && spec.kind !== 'image');

/**
 * The model's continuity audit of the chapter just written, kept on its part with the step (part of the step: no
 * extra credit).
 */
export async function auditOutcome(
  ctx: { spec: ResolvedSpec; ports: SessionPorts },
  outcome: StepOutcome,
  opts: AdvanceOptions,
): Promise<void> {
  const { spec, ports } = ctx;
  const position = stepPosition(outcome.step);
  // An audit that fails leaves the chapter without its findings: the chapter itself is kept.
  const audited = await auditPart({
    spec,
    renderer: ports.renderer,
    provider: opts.provider ?? ports.provider,
    state: outcome.state,
    position,
    ...(opts.signal ? { signal: opts.signal } : {}),
  }).catch((error: unknown) => {
    if (opts.signal?.aborted) throw error;
    return { findings: [], usage: undefined };
  });
  outcome.state = withAuditFindings(outcome.state, position, audited.findings);
  const usage = addUsage(outcome.usage, audited.usage);
  if (usage) outcome.usage = usage;
}

/**
 * Save a written step (its part, the book's header, and the drop of its kept answers: `keptScope`); the caller moves
 * the session on to `outcome.state`.
 */
export async function saveOutcome(
  ctx: { spec: ResolvedSpec; ports: SessionPorts; key: string; isFirst: boolean },
  step: Step,
  before: BookState,
  outcome: StepOutcome,
  chapterTitle: string | undefined,
  keptScope?: string,
): Promise<StepResult> {
  const { spec } = ctx;
  const label = stepLabel(step, before.lang, spec);
  // The user's title of this chapter is kept with the book: it becomes its heading and survives resume.
  // Without one (and none in the outline), a title the model's own heading named is kept the same way.
  const title =
    step.kind === 'chapter'
      ? chapterTitle?.trim() || (!chapterTitleOf(spec, before, step) ? outcome.title : undefined)
      : undefined;
  if (title) {
    const chapterTitles = { ...outcome.state.chapterTitles, [stepPosition(step)]: title };
    outcome.state = { ...outcome.state, chapterTitles };
  }
  await ctx.ports.store.saveStep(ctx.key, {
    generatorId: spec.id,
    bookType: spec.bookType,
    state: outcome.state,
    step,
    stepKey: stepKey(step),
    position: stepPosition(step),
    text: outcome.text,
    isComplete: outcome.isComplete,
    continuations: outcome.continuations,
    ...(title ? { title } : {}),
    isFirst: ctx.isFirst,
    isFinished: nextStep(spec, outcome.state) === null,
    keepsProgress: keepsProgress(spec),
    label,
    words: outcome.words,
    seconds: outcome.seconds,
    ...(outcome.usage ? { usage: outcome.usage } : {}),
    ...(outcome.png ? { png: outcome.png } : {}),
    ...(keptScope !== undefined ? { keptScope } : {}),
  });
  return { ...outcome, label };
}
