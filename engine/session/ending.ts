// Whether a book is finished as it stands, and how: the one answer the command line's publish, the server's
// publish and readiness, and the studio (through the book view) all read. A book is finished when every step is
// written (`whole`), or when the writer brought its ending: an imported book with only its conclusion left whose
// last part is the writer's own (a novel that ends with its last chapter, `own-ending`). Such a book is packaged as
// it stands; a conclusion is written for it only when the writer asks (its next step is still the conclusion).
// Derived from the book's saved parts and their provenance (engine/compile/provenance.ts): nothing more is stored.
import { nextStep, type BookState } from '../compile/flow.js';
import { isAuthoredPart } from '../compile/provenance.js';
import type { BookSpec } from '../spec/types.js';

/** How a finished book ends: every step written, or with the writer's own last part; null while it is not finished. */
export type BookEnding = 'whole' | 'own-ending';

/**
 * How the book ends as it stands, or null when a part is still to write before it is finished.
 * @example bookEnding(spec, imported28Chapters) // 'own-ending': its conclusion only when asked
 */
export function bookEnding(spec: BookSpec, state: BookState): BookEnding | null {
  const next = nextStep(spec, state);
  if (next === null) return 'whole';
  if (next.kind !== 'conclusion') return null;
  const last = state.content.length - 1;
  return last >= 1 && state.content[last]!.trim() !== '' && isAuthoredPart(state, last) ? 'own-ending' : null;
}

/** Whether the book is finished as it stands (bookEnding is not null): it is packaged without a part more. */
export function isFinishedBook(spec: BookSpec, state: BookState): boolean {
  return bookEnding(spec, state) !== null;
}
