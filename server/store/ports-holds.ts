// The port of the credits held for imported books' story bibles (server/store/queries/bible-holds.ts). Part of
// the store's ports (ports.ts names them all).
import type { StepSave } from '../../engine/index.js';

/**
 * Why a build ended before the hold's last part: the credits ran out, the model failed twice on a part, the book was
 * set aside.
 */
export type BibleStopReason = 'credits' | 'failed' | 'set_aside';

/** An imported book's hold as kept. */
export interface BibleHold {
  bookId: number;
  userId: string;
  generatorId: string;
  /** Credits a part. */
  cost: number;
  /** Credits still held. */
  held: number;
  /** The last position read into the bible and paid for (-1: none). */
  paidUpTo: number;
  /** The last position the hold pays for. */
  lastPart: number;
  stopReason: BibleStopReason | null;
}

/**
 * A part's charge: from the hold, from the balance (`mayCharge`), or none needed (`free`: outside the hold, or paid
 * already).
 */
export type BibleTake =
  | { status: 'charged'; charge: { generationId: string; credits: number; isHeld?: boolean } }
  | { status: 'free' }
  /** Another process reads this part now. */
  | { status: 'busy' }
  /** Nothing held for it and the balance may not (or cannot) pay. */
  | { status: 'short' };

export interface BibleHoldRepository {
  /**
   * An import accepted, in one transaction: the user's balance checked, the book saved as the current book under
   * `key` (the one before kept, its own hold settled), `parts × cost` deducted and held for its bible. Null (nothing
   * saved) when the user is missing or the balance is short; the administrator always passes (nothing held when short).
   * Answers the book's id, the balance after and the credits held.
   */
  accept(input: {
    userId: string;
    key: string;
    saves: readonly StepSave[];
    generatorId: string;
    promptType: string;
    cost: number;
    parts: number;
    lastPart: number;
    reason: string;
  }): Promise<{ bookId: number; balance: number; held: number } | null>;
  find(bookId: number): Promise<BibleHold | undefined>;
  /**
   * The charge of reading the part at `position` into the book's bible, with its running generation: the part's cost
   * from the hold, else (`mayCharge`) from the balance as a step's (the administrator: 0 when short).
   */
  take(input: { bookId: number; position: number; mayCharge: boolean; reason: string }): Promise<BibleTake>;
  /**
   * Parts the bible took in beyond those paid for, paid from the hold; `isFinal`: the rest given back to the balance
   * and `stopReason` kept (null: the build reached the end). Answers the credits paid and given back.
   */
  settle(input: {
    bookId: number;
    isFinal: boolean;
    stopReason?: BibleStopReason | null;
  }): Promise<{ paid: number; released: number }>;
  /**
   * Holds with credits still held (of one user, or all), with the key their book is saved under now (null: deleted).
   */
  open(userId?: string): Promise<Array<{ bookId: number; userId: string; key: string | null }>>;
}
