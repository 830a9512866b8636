// What the near-duplicate thread (closeness-worker.ts) and its pool (pool.ts) say to each other.
import type { BookMeasure, passagesWith } from '../../publish/index.js';

/**
 * Parts sent ahead whose prints the thread keeps (and the caller names) at most: more than the parts of the books a
 * batch has in flight.
 */
export const PARTS_KEPT = 4096;

export type ClosenessRequest =
  /**
   * Parts read ahead, each one's print (not its text) kept under its number (`part`) for its book's end: those its
   * caller wrote in one turn.
   */
  | { id: number; kind: 'parts'; parts: ReadonlyArray<{ part: number; text: string }> }
  /** A book's parts, and each one's number when it was sent ahead (`sent`; 0 when not): its print is kept there. */
  | { id: number; kind: 'measure'; key: string; parts: readonly string[]; sent: readonly number[] }
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

/** What a measure request answers: the book's measure (a part's print no longer there is read from its text). */
export type MeasureReply = BookMeasure;
