// The passage tools: a passage of a written part reworked by one model call, its place checked before anything
// is charged (passage.ts), and what the tools offer, light enough for the contract and the studio (kinds.ts).
export { MAX_PASSAGE_CHARS, PASSAGE_ACTIONS, PASSAGE_TONE_IDS, type PassageAction, type PassageTone } from './kinds.js';
export { checkPassagePlace, cleanPassage, keepPassage, reworkPassage } from './passage.js';
