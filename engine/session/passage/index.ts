// The passage tools: a passage of a written part reworked by one model call, its place checked before anything
// is charged (passage.ts), and what the tools offer, light enough for the contract and the studio (../passage-kinds.ts,
// outside the room so that the contract reads it without the prompts).
export {
  MAX_PASSAGE_CHARS,
  PASSAGE_ACTIONS,
  PASSAGE_TONE_IDS,
  type PassageAction,
  type PassageTone,
} from '../passage-kinds.js';
export { checkPassagePlace, cleanPassage, keepPassage, reworkPassage } from './passage.js';
