// What the passage tools offer (passage.ts), apart from the code that runs them, so the
// contract and the studio read them without the prompt renderer.
import { catalogue } from '../languages/index.js';

export const PASSAGE_ACTIONS = ['rewrite', 'expand', 'shorten', 'describe'] as const;
export type PassageAction = (typeof PASSAGE_ACTIONS)[number];
/** The tones a passage can be rewritten in, named in the book's language for the prompt (catalogue `passage-tones`). */
export const PASSAGE_TONES = catalogue('passage-tones', ['warmer', 'tenser', 'lighter', 'formal', 'lyrical']);
export type PassageTone = keyof typeof PASSAGE_TONES;
export const PASSAGE_TONE_IDS = Object.keys(PASSAGE_TONES) as [PassageTone, ...PassageTone[]];
/** At most this many characters are reworked at once (about a page). */
export const MAX_PASSAGE_CHARS = 6000;
