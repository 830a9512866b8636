// The conclusion rule, in one place: where a book's conclusion goes and so how few chapters a book may
// have. `after-last`: the conclusion is written after the last chapter (position total+1);
// `replaces-last`: the conclusion takes the last chapter's place (position total).

export type ConclusionPlacement = 'after-last' | 'replaces-last';

/** Position of the conclusion in a book of `totalChapters`. */
export function conclusionPosition(flow: { readonly conclusion: ConclusionPlacement }, totalChapters: number): number {
  return flow.conclusion === 'replaces-last' ? totalChapters : totalChapters + 1;
}

/** The fewest chapters a book can have and still reach its conclusion after an introduction. */
export function minChapters(flow: { readonly conclusion: ConclusionPlacement }): number {
  return flow.conclusion === 'replaces-last' ? 2 : 1;
}

/** Chapters actually written between the introduction and the conclusion. */
export function chaptersWritten(flow: { readonly conclusion: ConclusionPlacement }, totalChapters: number): number {
  return conclusionPosition(flow, totalChapters) - 1;
}

/**
 * The book's total chapters when `outlineChapters` chapters are written between the introduction and the conclusion
 * (the inverse of chaptersWritten).
 */
export function totalChaptersFor(flow: { readonly conclusion: ConclusionPlacement }, outlineChapters: number): number {
  return flow.conclusion === 'replaces-last' ? outlineChapters + 1 : outlineChapters;
}
