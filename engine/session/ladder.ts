// The one ladder every windowed job climbs down when an answer cannot be kept (a translation's windows, a
// story bible read in pieces): the same window asked again with its problem named, then cut in halves, each
// half asked (and asked again) on its own, down to one item; an item that still cannot be had is given up
// alone, and the job goes on with the next. Models merge, drop or garble mostly on long windows, so a shorter
// one usually succeeds. Generic over what is asked (paragraphs, blocks of a part). It counts answers that
// could not be kept, never a provider's failures: those are retried by the provider (engine/retry.ts) and
// thrown through the ladder.

/**
 * What one ask answered: what it had for the items (a translation: one per item, in order; a bible: one update over
 * them), or why the answer was not kept.
 */
export type LadderAnswer<A, P> = { readonly answer: readonly A[] } | { readonly problem: P };

export interface Ladder<I, A, P> {
  /**
   * Ask for `items` (starting at `from` in the whole run); `again` is the problem of the answer before, for these same
   * items.
   */
  ask(items: readonly I[], from: number, again: P | undefined): Promise<LadderAnswer<A, P>>;
  /** A run of items had: called in order, before anything after it is asked (a caller saves and carries context on). */
  onHad(from: number, answers: readonly A[]): Promise<void> | void;
  /** One item that could not be had even alone, asked twice: the caller keeps its source and marks it. */
  onLeft(index: number, problem: P): Promise<void> | void;
}

/** How many times one window is asked before it is cut in halves (the first ask and one with the problem named). */
export const ASKS_PER_RUNG = 2;

/**
 * Ask `items` down the ladder: each run asked up to ASKS_PER_RUNG times, then cut in halves (the first half the
 * longer), recursively; `onHad` and `onLeft` called in the items' order.
 * @example await climbDown(paragraphs, { ask, onHad: (from, out) => save(from, out), onLeft: (i, why) => mark(i, why)
 * });
 */
export async function climbDown<I, A, P>(items: readonly I[], ladder: Ladder<I, A, P>, from = 0): Promise<void> {
  if (!items.length) return;
  // Asked, then asked again with the problem named (ASKS_PER_RUNG): an answer kept, not a failure retried.
  const first = await ladder.ask(items, from, undefined);
  if ('answer' in first) return void (await ladder.onHad(from, first.answer));
  const again = await ladder.ask(items, from, first.problem);
  if ('answer' in again) return void (await ladder.onHad(from, again.answer));
  if (items.length === 1) return void (await ladder.onLeft(from, again.problem));
  const half = Math.ceil(items.length / 2);
  await climbDown(items.slice(0, half), ladder, from);
  await climbDown(items.slice(half), ladder, from + half);
}
