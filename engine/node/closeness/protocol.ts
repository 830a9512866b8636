// What the near-duplicate thread (closeness-worker.ts) and its pool (pool.ts) say to each other.
import type { BookMeasure, passagesWith } from '../../publish/index.js';

/**
 * Parts sent ahead kept by the thread (and named by the caller) at most: more than the parts of the books a batch has
 * in flight.
 */
export const PARTS_KEPT = 4096;

export type ClosenessRequest =
  /** Parts read ahead, each kept under its number (`part`) for its book's end: those its caller wrote in one turn. */
  | { id: number; kind: 'parts'; parts: ReadonlyArray<{ part: number; text: string }> }
  /** A book's parts: each its text, or the number of a part sent ahead. */
  | { id: number; kind: 'measure'; key: string; parts: ReadonlyArray<string | number> }
  | {
      id: number;
      kind: 'passages';
      key: string;
      others: readonly string[];
      count: number;
      /** Books this thread does not keep (it said so), as the caller read them: null for one it could not. */
      given?: Readonly<Record<string, readonly string[] | null>>;
    };

/** What a passages request answers: the passages with each other book, or the books it needs sent. */
export type PassagesReply = { passages: ReturnType<typeof passagesWith> } | { missing: string[] };

/**
 * What a measure request answers: the book's measure, or that a part sent ahead is no longer here (a thread started
 * again).
 */
export type MeasureReply = BookMeasure | { missing: true };
