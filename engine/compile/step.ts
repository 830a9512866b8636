// Step identity, in one place: what a step is, its key (`outline`, `introduction`, `chapter:3`,
// `conclusion:6`, `single`, `image`) and its wire form `{kind, position?}`. The API, the database and
// the studio all name steps through this codec.
import type { ResolvedSection } from '../spec/types.js';

export type Step =
  | { readonly kind: 'outline' }
  | { readonly kind: 'introduction'; readonly position: 0 }
  | { readonly kind: 'chapter'; readonly position: number; readonly section?: ResolvedSection }
  | { readonly kind: 'conclusion'; readonly position: number }
  | { readonly kind: 'single' }
  | { readonly kind: 'image' };

export type StepKind = Step['kind'];

export const STEP_KINDS = [
  'outline',
  'introduction',
  'chapter',
  'conclusion',
  'single',
  'image',
] as const satisfies readonly StepKind[];

/**
 * A step on the wire: the kind and, for parts of a book, the position (0 introduction, 1… chapters, then the
 * conclusion). Its schema is step-ref.ts's (zod stays out of what only names steps).
 */
export interface StepRef {
  kind: StepKind;
  position?: number | undefined;
}

/** The wire form of a step. */
export function stepRef(step: Step): StepRef {
  return 'position' in step ? { kind: step.kind, position: step.position } : { kind: step.kind };
}

/** The stored key of a step: `chapter:3`, `conclusion:6`, `introduction`, `outline`. */
export function stepKey(step: Step | StepRef): string {
  return step.kind === 'chapter' || step.kind === 'conclusion' ? `${step.kind}:${stepPosition(step)}` : step.kind;
}

/** A stored key back to its wire form, or null when it is not a step key. */
export function parseStepKey(key: string): StepRef | null {
  const [kind = '', position, extra] = key.split(':');
  if (extra !== undefined || !(STEP_KINDS as readonly string[]).includes(kind)) return null;
  if (kind === 'chapter' || kind === 'conclusion') {
    const n = Number(position);
    return position !== undefined && Number.isInteger(n) && n >= 0 && String(n) === position
      ? { kind, position: n }
      : null;
  }
  if (position !== undefined) return null;
  return kind === 'introduction' ? { kind, position: 0 } : { kind: kind as StepKind };
}

/** Two steps (or a step and a wire ref) name the same step. */
export function isSameStep(a: Step | StepRef, b: Step | StepRef): boolean {
  return stepKey(a) === stepKey(b);
}

/**
 * Where a step's text sits in a saved book: -1 the outline, 0 the introduction (or a single output), then its position.
 */
export function stepPosition(step: Step | StepRef): number {
  return step.kind === 'outline' ? -1 : 'position' in step ? (step.position ?? 0) : 0;
}
