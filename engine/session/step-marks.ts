// What a batch's step_done says of a part besides its words and tokens, the same from both front ends: a local
// batch (cli/batch/book-run.ts) and a queue's worker (server/queue/batch.ts).
import { REPEATS_RATIO } from './reading/index.js';
import type { StepOutcome } from './step-types.js';
import { voiceMarksOf, type VoiceMarks } from './voice/index.js';

export interface StepMarks extends VoiceMarks {
  /** Still short of its target after its extensions. */
  short?: true;
  /** Repeats the book at REPEATS_RATIO or more. */
  repeats?: true;
  /** The words its prompt asked for. */
  target?: number;
  /** It came back in another language and was asked again once. */
  languageDrift?: { expected: string; found: string; resolved: boolean };
}

/** A step's marks as step_done carries them (only those that apply). */
export function stepMarksOf(
  outcome: Pick<StepOutcome, 'short' | 'repeated' | 'target' | 'languageDrift' | 'voice' | 'overused'>,
): StepMarks {
  const drift = outcome.languageDrift;
  return {
    ...(outcome.short ? { short: true as const } : {}),
    ...((outcome.repeated ?? 0) >= REPEATS_RATIO ? { repeats: true as const } : {}),
    ...(outcome.target ? { target: outcome.target } : {}),
    ...(drift ? { languageDrift: { expected: drift.expected, found: drift.found, resolved: drift.isResolved } } : {}),
    ...voiceMarksOf(outcome),
  };
}
